"""A right-to-left language's templates: its direction is a global every template and
imported macro sees, and a signed number in a text or printed by the templates is set left
to right; a left-to-right language's texts are left as they are."""

from __future__ import annotations

import gettext

import pytest

from cardkit.faces.environment import make_environment
from tests.conftest import PROJECT_ROOT

SIGNED = '<span class="number" dir="ltr">{}</span>'


def environment(language: str):
    return make_environment(PROJECT_ROOT / "templates", gettext.NullTranslations(), language=language)


@pytest.mark.parametrize("text, shown", [
    ("קבל -42 נקודות", f"קבל {SIGNED.format('-42')} נקודות"),
    ("+3 ו־−1", f"{SIGNED.format('+3')} ו־{SIGNED.format('−1')}"),
    ("(-2,5)", f"({SIGNED.format('-2,5')})"),
    ("3-5 ו־20", "3-5 ו־20"),  # a range and an unsigned number keep their own order
])
def test_a_signed_number_in_a_right_to_left_text_is_set_left_to_right(text, shown):
    assert environment("he").from_string("{{ text | icons }}").render(text=text) == shown


def test_a_left_to_right_text_is_left_as_it_is():
    assert environment("de").from_string("{{ text | icons }}").render(text="erhalte -42") == "erhalte -42"


@pytest.mark.parametrize("language, shown", [("ar", SIGNED.format("+4") + " " + SIGNED.format("&#8722;2")),
                                             ("en", "+4 &#8722;2")])
def test_the_signed_macro_is_set_left_to_right_in_a_right_to_left_language(language, shown):
    template = '{% from "macros.html" import signed %}{{ signed(4) }} {{ signed(-2) }}'

    assert environment(language).from_string(template).render() == shown
    assert environment(language).from_string("{{ direction }}").render() == \
        ("rtl" if language == "ar" else "ltr")
