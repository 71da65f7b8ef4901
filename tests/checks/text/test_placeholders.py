"""Placeholders are filled by name only and checked for parity; no text makes them fail."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardkit.checks.text.lint import check_placeholders
from cardkit.placeholders import fill, names

# What once crashed, allocated gigabytes or reached attributes through str.format.
HOSTILE = ["{coUnt}", "{count", "{}", "{0}", "{count!z}", "{count[0]}", "{count:x>3000000000}",
           "{count:x>300000000}", "{count.__class__.__mro__}", "}", "{{count}}", "{count}}"]


@pytest.mark.parametrize("text", HOSTILE)
def test_filling_a_hostile_text_changes_only_declared_names(text):
    filled = fill(f"Roba {text} cartas.", {"count": "2"})

    assert len(filled) <= len(text) + 20
    assert "__" not in filled or "__class__" in text


def test_fill_replaces_declared_names_and_unescapes_braces():
    assert fill("Draw {count} card{{s}}; {other} stays", {"count": "3"}) == "Draw 3 card{s}; {other} stays"


def faults_of(text: str, required: set[str], allowed: set[str]) -> list[tuple[str, str]]:
    return [(finding.code, str(finding.message)) for finding in check_placeholders(text, required, allowed)]


@pytest.mark.parametrize(("text", "faults"), [
    ("Roba {count} cartas.", []),
    ("Roba {coUnt} cartas.", [
        ("placeholder-mismatch", "unknown placeholder {coUnt}; this text may use {count}"),
        ("placeholder-mismatch", "the placeholder {count} of the English text is missing")]),
    ("Roba cartas.", [("placeholder-mismatch", "the placeholder {count} of the English text is missing")]),
    ("Roba {count} {count} cartas.", []),
    ("Roba {count} cartas {", [("placeholder-malformed", "a lone '{' at character 21: write '{{' "
                                                         "for a brace, or {name} for a placeholder")]),
    ("Roba {count} {}", [("placeholder-malformed", "'{}' is not a placeholder: write a plain name in "
                                                   "braces such as {count}, without format, index or "
                                                   "attribute")]),
    ("{count} {count.__class__.__mro__.__getitem__}", [
        ("placeholder-malformed", "'{count.__class__.__mro_…' is not a placeholder: write a plain "
                                  "name in braces such as {count}, without format, index or attribute")]),
    ("{count} {{literal}}", []),
])
def test_faults_of_a_translated_phrase(text, faults):
    assert faults_of(text, {"count"}, {"count"}) == faults


def test_a_text_without_placeholders_may_have_none():
    assert faults_of("Descubre {planeta}.", set(), set()) == [
        ("placeholder-mismatch", "unknown placeholder {planeta}; this text has none")]


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(text=st.text(alphabet=st.sampled_from("{}count!:[]._0x>9 "), max_size=40),
       required=st.sets(st.sampled_from(["count", "name"])))
def test_any_text_is_checked_and_filled_without_failing(text, required):
    faults = faults_of(text, required, required | {"count"})
    filled = fill(text, {"count": "7"})

    assert all(code.startswith("placeholder-") for code, _ in faults)  # guard-ok: a sound text has none
    assert len(filled) <= len(text)
    if not faults:
        assert required <= names(text) <= required | {"count"}
