"""A language's text direction comes from CLDR (Babel), not from a list of cardkit's."""

from __future__ import annotations

from cardkit.model.direction import text_direction


def test_the_languages_cldr_writes_right_to_left_are_rtl():
    assert [text_direction(code) for code in ("he", "ar", "fa", "ur", "yi", "ar_EG", "he-IL")] == ["rtl"] * 7


def test_the_others_and_a_code_babel_does_not_know_are_ltr():
    assert [text_direction(code) for code in ("en", "de", "pl", "ru", "ja", "pt_BR", "xx", "")] == ["ltr"] * 8
