"""The end-mark check reads each script's own end marks, and invisible characters inside a
translation are reported."""

from __future__ import annotations

import unicodedata

import pytest

from cardkit.checks.text.lint import check_surface
from cardkit.checks.text.marks import END_MARKS


def found(text: str, source: str) -> list[tuple[str, str, str | None]]:
    return [(f.code, str(f.message), f.suggestion) for f in check_surface(text, source, is_name=False)]


@pytest.mark.parametrize(("text", "source"), [
    ("هل تريد بطاقة؟", "Do you want a card?"),           # Arabic question mark
    ("اسحب بطاقة؛ ثم العب", "Draw a card; then play"),      # Arabic semicolon
    ("カードを1枚引く。", "Draw 1 card."),                    # ideographic full stop
    ("「カードを引く。」", "\"Draw a card.\""),               # ... before a closing corner bracket
    ("एक कार्ड लें।", "Draw a card."),                      # Devanagari danda
    ("抽一张牌！", "Draw a card!"),                          # fullwidth exclamation mark
    ("选择：", "Choose:"),                                   # fullwidth colon
    ("Բարև։", "Hello."),                                    # Armenian full stop
])
def test_a_scripts_own_end_mark_counts_as_the_english_one(text, source):
    assert found(text, source) == []


def test_a_scripts_end_mark_of_another_meaning_is_still_reported():
    assert found("هل تريد بطاقة؟", "Draw a card.") == [
        ("end-punctuation", "the text ends with '؟', the English text with '.'", None)]


def test_every_end_mark_is_punctuation_named_for_what_it_stands_for():
    words = {".": ("FULL STOP", "DANDA", "KHAN", "SECTION"), "?": ("QUESTION", "INTERROBANG"),
             "!": ("EXCLAMATION",), ":": ("COLON",), ";": ("SEMICOLON",), "…": ("ELLIPSIS",)}
    assert len(END_MARKS) > 60
    for mark, english in END_MARKS.items():
        name = unicodedata.name(mark)
        assert unicodedata.category(mark) in ("Po", "Sm"), name
        # the first word that names a meaning decides: EXCLAMATION QUESTION MARK is a question
        assert any(word in name for word in words[english]), (name, english)
        assert "INVERTED" not in name and "INITIAL" not in name


@pytest.mark.parametrize(("text", "message", "suggestion"), [
    ("Roba\u200b 2 cartas.", "U+200B (ZERO WIDTH SPACE) at character 5: an invisible space: the "
     "line may break there, and a search for the word does not find it", "Roba 2 cartas."),
    ("اسحب بطـــاقة.", "U+0640 (ARABIC TATWEEL) at character 8: a stroke that stretches an Arabic "
     "word to justify a line; the card sets its own lines, so write the word without it",
     "اسحب بطاقة."),
    ("Roba \u200c2 cartas.", "U+200C (ZERO WIDTH NON-JOINER) at character 6: a zero-width joiner "
     "or non-joiner acts only between two letters, and here it does not stand between two",
     "Roba 2 cartas."),
    ("Roba 2 cartas.\u200d", "U+200D (ZERO WIDTH JOINER) at character 15: a zero-width joiner or "
     "non-joiner acts only between two letters, and here it does not stand between two",
     "Roba 2 cartas."),
])
def test_an_invisible_character_is_reported_with_the_text_without_it(text, message, suggestion):
    source = "Draw 2 cards." if text.startswith("Roba") else "Draw a card."
    assert found(text, source) == [("invisible-character", message, suggestion)]


def test_a_joiner_between_two_letters_is_how_the_script_is_written():
    assert found("می\u200cخواهم کارت بکشم.", "I want to draw a card.") == []   # Persian
    assert found("क्\u200dष कार्ड लें।", "Draw a card.") == []                 # Devanagari


def test_each_invisible_character_is_one_finding_and_the_suggestion_drops_only_the_misplaced():
    text = "Ro\u200bba 2\u200b car\u200ctas \u200c."
    findings = found(text, "Draw 2 cards.")

    assert [(code, message.split(" at ")[0]) for code, message, _ in findings] == [
        ("invisible-character", "U+200B (ZERO WIDTH SPACE)"),
        ("invisible-character", "U+200C (ZERO WIDTH NON-JOINER)")]
    assert findings[1][2] == "Ro\u200bba 2\u200b car\u200ctas ."
