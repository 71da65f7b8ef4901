"""The checks of one text, alone and against its English source; no positions here.

A Finding says what is wrong; the caller knows where the text stands and makes it a
Problem. Every function here returns all it finds and never raises on any text.
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from collections.abc import Collection
from dataclasses import dataclass

from cardkit.checks.text.lexicon import Lexicon
from cardkit.model.icons import ICON_NAMES, icon_tokens
from cardkit.model.placeholders import placeholder_faults, tokens

EMPHASIS = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*", re.S)


@dataclass(frozen=True)
class Finding:
    code: str
    message: str
    suggestion: str | None = None
    is_warning: bool = False


def check_alone(text: str, lexicon: Lexicon, glossary_applies: bool = True) -> list[Finding]:
    """What is wrong with a text whatever its source says: icons, markup, forbidden terms."""
    findings = []
    for name in icon_tokens(text):
        if name not in ICON_NAMES:
            close = difflib.get_close_matches(name.lower(), ICON_NAMES, n=1)
            suggestion = f"[{close[0]}]" if close else None
            message = f"unknown icon [{name}]" + (f"; did you mean {suggestion}?" if suggestion else
                                                   f"; known icons: {', '.join(ICON_NAMES)}")
            findings.append(Finding("icon-unknown", message, suggestion))
    if text.count("**") % 2:
        findings.append(Finding("markup-unbalanced", "an emphasis mark ** is opened but not closed"))
    if glossary_applies:
        for term_id, variant in lexicon.forbidden_in(text):
            approved = lexicon.glossary[term_id].term
            findings.append(Finding("glossary-forbidden",
                                    f"{variant!r} is not the approved term; write {approved!r}",
                                    approved))
    return findings


def check_placeholders(text: str, required: set[str], allowed: set[str],
                       tolerated: Collection[str] = ()) -> list[Finding]:
    """Malformed placeholders (but those written as in `tolerated`), and placeholders
    missing from `required` or not `allowed`."""
    return [Finding(code, message)
            for code, message in placeholder_faults(text, required, allowed, tolerated)]


BRACKETS = {"(": ")", "[": "]", "«": "»"}
END_PUNCTUATION = ".!?:;…"
# Closing quotes and brackets may follow a sentence's end mark: `... (a 42).`, `... «ya».`
CLOSERS = "\"'»«“”„‘’)]"
DOUBLE_SPACE = re.compile(r"(?<=\S)  +(?=\S)")
MARKUP_TAG = re.compile(r"</?[A-Za-z][\w:-]*(?:\s[^<>]*)?/?>")
DOUBLED_WORD = re.compile(r"\b(\w+)\s+\1\b", re.IGNORECASE)


def check_surface(text: str, source: str, is_name: bool) -> list[Finding]:
    """How a translation is set down, against its English source: a copy of the English,
    whitespace at its edges or doubled inside, brackets left open, a different end mark.
    (A text of only whitespace never gets here: the loader refuses it as `blank-text`.)"""
    findings = []
    words = " ".join(text.split())
    if not is_name and words == " ".join(source.split()) and any(c.isalpha() for c in text):
        findings.append(Finding("untranslated-copy", "the text is the English text, untranslated",
                                is_warning=True))
    edges = [(what, mine, theirs) for what, mine, theirs in (
        ("starts", text[:len(text) - len(text.lstrip())], source[:len(source) - len(source.lstrip())]),
        ("ends", text[len(text.rstrip()):], source[len(source.rstrip()):])) if mine != theirs]
    for what, mine, theirs in edges:
        findings.append(Finding("whitespace", f"the text {what} with {mine!r}, the English text "
                                f"with {theirs!r}", is_warning=True))
    if DOUBLE_SPACE.search(text) and not DOUBLE_SPACE.search(source):
        findings.append(Finding("whitespace", "two spaces in a row inside the text",
                                DOUBLE_SPACE.sub(" ", text), is_warning=True))
    for opening, closing in BRACKETS.items():
        if _unbalanced(text, opening, closing) and not _unbalanced(source, opening, closing):
            findings.append(Finding("brackets-unbalanced", f"{opening!r} and {closing!r} do not "
                                    f"pair up: {text.count(opening)} opened, "
                                    f"{text.count(closing)} closed"))
    findings += _layout_findings(text, source)
    end, source_end = _end_mark(text), _end_mark(source)
    if end != source_end:
        findings.append(Finding("end-punctuation", f"the text ends {_described(end)}, the English "
                                f"text {_described(source_end)}", is_warning=True))
    return findings


def _layout_findings(text: str, source: str) -> list[Finding]:
    """What a card would print wrongly or literally, where the English text has none of it:
    an HTML or XML tag (card markup is `**` and `[icon]`; a tag prints as written), a tab or
    line break, a word written twice in a row, a text of punctuation alone."""
    findings = []
    tags, source_tags = MARKUP_TAG.findall(text), MARKUP_TAG.findall(source)
    if tags and sorted(tags) != sorted(source_tags):
        findings.append(Finding("markup-tag", f"{tags[0]!r} would print as written: card texts "
                                "mark emphasis with **, not HTML tags"))
    inside, source_inside = text.strip(), source.strip()  # whitespace at the edges: `whitespace`
    for character, name in (("\t", "a tab"), ("\n", "a line break")):
        if inside.count(character) > source_inside.count(character):
            findings.append(Finding("layout-character", f"{name} the English text does not have; "
                                    "the card sets its own lines", " ".join(text.split()),
                                    is_warning=True))
    doubled = DOUBLED_WORD.search(text)
    if doubled and not DOUBLED_WORD.search(source):
        findings.append(Finding("doubled-word", f"{doubled.group(0)!r}: a word written twice in a row",
                                is_warning=True))
    if text.strip() and not any(character.isalnum() for character in text) \
            and any(character.isalnum() for character in source):
        findings.append(Finding("punctuation-only", "the text is punctuation alone; write the "
                                "words, or leave the field out"))
    return findings


def _unbalanced(text: str, opening: str, closing: str) -> bool:
    if opening not in text and closing not in text:
        return False
    depth = 0
    for character in text:
        if character == opening:
            depth += 1
        elif character == closing:
            depth -= 1
            if depth < 0:
                return True
    return depth != 0


def _end_mark(text: str) -> str:
    stripped = text.rstrip().rstrip(CLOSERS)
    return stripped[-1] if stripped and stripped[-1] in END_PUNCTUATION else ""


def _described(mark: str) -> str:
    return f"with {mark!r}" if mark else "without an end mark"


def check_against_source(text: str, source: str, lexicon: Lexicon, source_lexicon: Lexicon,
                         is_name: bool) -> list[Finding]:
    """What a translation says differently from its English source."""
    # Card texts are printed as written: braces the English text has too are not faults.
    source_tokens = tokens(source)
    source_names = {token.name for token in source_tokens if token.name is not None}
    findings = check_placeholders(text, source_names, source_names,
                                  {token.written for token in source_tokens if token.name is None})
    findings += check_surface(text, source, is_name)
    icons, source_icons = Counter(icon_tokens(text)), Counter(icon_tokens(source))
    if icons != source_icons and all(name in ICON_NAMES for name in icons):
        findings.append(Finding("icon-mismatch", f"icons differ from the English text: "
                                f"{_icon_list(icons)} here, {_icon_list(source_icons)} in English"))
    emphasis, source_emphasis = len(EMPHASIS.findall(text)), len(EMPHASIS.findall(source))
    if emphasis != source_emphasis:
        findings.append(Finding("markup-mismatch", f"emphasized passages differ from the English "
                                f"text: {emphasis} here, {source_emphasis} in English"))
    if is_name:
        return findings
    mine, theirs = lexicon.analyse(text), source_lexicon.analyse(source)
    numbers, source_numbers = mine.numbers, theirs.numbers
    if numbers != source_numbers:
        findings.append(Finding("number-mismatch", f"numbers differ from the English text: "
                                f"{_number_list(numbers)} here, {_number_list(source_numbers)} in English"))
    markers, source_markers = mine.markers, theirs.markers
    if ("optional" in markers) != ("optional" in source_markers):
        if "optional" in source_markers:
            message = (f"the English text is optional ({', '.join(source_markers['optional'])}); "
                       f"this text is not ({_marker_words(lexicon, 'optional')})")
        else:
            message = (f"this text is optional ({', '.join(markers['optional'])}); "
                       "the English text is not")
        findings.append(Finding("optional-mismatch", message))
    timing = {kind: words for kind, words in markers.items() if kind != "optional"}
    source_timing = {kind: words for kind, words in source_markers.items() if kind != "optional"}
    if set(timing) != set(source_timing):
        findings.append(Finding("timing-mismatch", f"timing differs from the English text: "
                                f"{_timing_list(timing)} here, {_timing_list(source_timing)} in English"))
    for term_id in sorted(theirs.terms - mine.terms):
        term = lexicon.glossary.get(term_id)
        if term is None:
            continue  # the language's glossary lacks the term: reported once, on the glossary
        english = source_lexicon.glossary[term_id].term
        findings.append(Finding("glossary-missing",
                                f"the English text uses {english!r}; its approved translation "
                                f"{term.term!r} (or a form of it) is missing here", term.term,
                                is_warning=True))
    return findings


def _icon_list(icons: Counter) -> str:
    return " ".join(f"[{name}]" for name in sorted(icons.elements())) or "none"


def _number_list(numbers: Counter) -> str:
    return ", ".join(str(number) for number in sorted(numbers.elements())) or "none"


def _timing_list(timing: dict[str, list[str]]) -> str:
    return ", ".join(f"{kind} ({', '.join(words)})" for kind, words in sorted(timing.items())) or "none"


def _marker_words(lexicon: Lexicon, kind: str) -> str:
    phrasebook = lexicon.phrasebook
    words = phrasebook.optional if kind == "optional" else phrasebook.timing.get(kind)
    return "expected one of: " + ", ".join(words.words) if words else "its phrasebook names no words for it"
