"""The checks of one text, alone and against its English source; no positions here.

A Finding says what is wrong; the caller knows where the text stands and makes it a
Problem. Every function here returns all it finds and never raises on any text.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections import Counter
from collections.abc import Collection
from dataclasses import dataclass

from cardkit.checks.text.lexicon import Lexicon
from cardkit.checks.text.marks import CLOSERS, END_MARKS, INVISIBLE, JOINERS, TATWEEL, ZERO_WIDTH_SPACE
from cardkit.messages import Message
from cardkit.model.icons import ICON_NAMES, icon_tokens
from cardkit.placeholders import tokens
from cardkit.source.characters import FORMULA_CHARACTERS, character_name
from cardkit.source.layout import PHRASEBOOK_FILE

EMPHASIS = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*", re.S)


@dataclass(frozen=True)
class Finding:
    code: str
    message: Message
    suggestion: str | None = None
    is_warning: bool = False


def check_alone(text: str, lexicon: Lexicon, glossary_applies: bool = True) -> list[Finding]:
    """What is wrong with a text whatever its source says: icons, markup, forbidden terms."""
    findings = []
    for name in icon_tokens(text):
        if name not in ICON_NAMES:
            close = difflib.get_close_matches(name.lower(), ICON_NAMES, n=1)
            suggestion = f"[{close[0]}]" if close else None
            message = (Message("unknown icon [{name}]; did you mean {suggestion}?", name=name,
                               suggestion=suggestion) if suggestion
                       else Message("unknown icon [{name}]; known icons: {icons}", name=name,
                                    icons=", ".join(ICON_NAMES)))
            findings.append(Finding("icon-unknown", message, suggestion))
    if text.count("**") % 2:
        findings.append(Finding("markup-unbalanced",
                                Message("an emphasis mark ** is opened but not closed")))
    if glossary_applies:
        for term_id, variant in lexicon.forbidden_in(text):
            approved = lexicon.glossary[term_id].term
            findings.append(Finding("glossary-forbidden",
                                    Message("{variant} is not the approved term; write "
                                            "{approved}", variant=repr(variant),
                                            approved=repr(approved)), approved))
    return findings


def check_english_tags(text: str) -> list[Finding]:
    """An HTML or XML tag in an English text, which would print as written."""
    tags = MARKUP_TAG.findall(text)
    return [Finding("markup-tag", Message(
        "{tag} would print as written: card texts mark emphasis with **, not HTML tags",
        tag=repr(tags[0])))] if tags else []


def check_formula_start(text: str) -> list[Finding]:
    """A text starting with a character that makes a spreadsheet program run the cell as a
    formula: harmless in cardkit (every export writes it as text), but a trap wherever the
    text is pasted into a spreadsheet by hand."""
    if not text or text[0] not in FORMULA_CHARACTERS:
        return []
    return [Finding("formula-start", Message(
        "starts with {character}, which a spreadsheet reads as the start of a formula; cardkit's "
        "sheets write it as text, but pasted into a spreadsheet by hand it runs",
        character=repr(text[0])), is_warning=True)]


def check_placeholders(text: str, required: set[str], allowed: set[str],
                       tolerated: Collection[str] = ()) -> list[Finding]:
    """The faults of the text's placeholders: malformed ones (`placeholder-malformed`)
    unless written as one of `tolerated`, and names missing from `required` or not in
    `allowed` (`placeholder-mismatch`)."""
    faults = []
    seen: set[str] = set()
    for token in tokens(text):
        if token.name is None and token.written in tolerated:
            continue
        if token.name is None:
            if token.written in ("{", "}"):
                message = Message("a lone {brace} at character {offset}: write {doubled} for a "
                                  "brace, or {{name}} for a placeholder",
                                  brace=repr(token.written), offset=token.offset + 1,
                                  doubled=repr(token.written * 2))
            else:
                message = Message("{written} is not a placeholder: write a plain name in braces "
                                  "such as {{count}}, without format, index or attribute",
                                  written=token.excerpt)
            faults.append(Finding("placeholder-malformed", message))
        elif token.name not in allowed and token.name not in seen:
            faults.append(Finding("placeholder-mismatch",
                                  Message("unknown placeholder {placeholder}; this text may use "
                                          "{allowed}", placeholder=f"{{{token.name}}}",
                                          allowed=_listed(allowed)) if allowed
                                  else Message("unknown placeholder {placeholder}; this text has "
                                               "none", placeholder=f"{{{token.name}}}")))
        if token.name is not None:
            seen.add(token.name)
    for name in sorted(required - seen):
        faults.append(Finding("placeholder-mismatch",
                              Message("the placeholder {placeholder} of the English text is "
                                      "missing", placeholder=f"{{{name}}}")))
    return faults


def _listed(allowed: set[str]) -> str:
    return ", ".join(f"{{{name}}}" for name in sorted(allowed))


BRACKETS = {"(": ")", "[": "]", "«": "»"}
DOUBLE_SPACE = re.compile(r"(?<=\S)  +(?=\S)")
# A tag as a browser reads one: `<b>`, `</script>`, `<br/>`, and `<svg/onload=...>` (a `/` for the
# space); "a < b" and "<3" are no tags.
MARKUP_TAG = re.compile(r"</?[A-Za-z][\w:-]*(?:[\s/][^<>]*)?>")
DOUBLED_WORD = re.compile(r"\b(\w+)\s+\1\b", re.IGNORECASE)


def check_surface(text: str, source: str, is_name: bool) -> list[Finding]:
    """How a translation is set down, against its English source: a copy of the English,
    whitespace at its edges or doubled inside, brackets left open, a different end mark.
    (A text of only whitespace never gets here: the loader refuses it as `blank-text`.)"""
    findings = []
    words = " ".join(text.split())
    if not is_name and words == " ".join(source.split()) and any(c.isalpha() for c in text):
        findings.append(Finding("untranslated-copy",
                                Message("the text is the English text, untranslated"),
                                is_warning=True))
    starts = (text[:len(text) - len(text.lstrip())], source[:len(source) - len(source.lstrip())])
    if starts[0] != starts[1]:
        findings.append(Finding("whitespace", Message(
            "the text starts with {mine}, the English text with {theirs}", mine=repr(starts[0]),
            theirs=repr(starts[1])), is_warning=True))
    ends = (text[len(text.rstrip()):], source[len(source.rstrip()):])
    if ends[0] != ends[1]:
        findings.append(Finding("whitespace", Message(
            "the text ends with {mine}, the English text with {theirs}", mine=repr(ends[0]),
            theirs=repr(ends[1])), is_warning=True))
    if DOUBLE_SPACE.search(text) and not DOUBLE_SPACE.search(source):
        findings.append(Finding("whitespace", Message("two spaces in a row inside the text"),
                                DOUBLE_SPACE.sub(" ", text), is_warning=True))
    for opening, closing in BRACKETS.items():
        if _unbalanced(text, opening, closing) and not _unbalanced(source, opening, closing):
            findings.append(Finding("brackets-unbalanced", Message(
                "{opening} and {closing} do not pair up: {opened} opened, {closed} closed",
                opening=repr(opening), closing=repr(closing), opened=text.count(opening),
                closed=text.count(closing))))
    findings += _layout_findings(text, source)
    findings += _invisible_findings(text, source)
    end, source_end = _end_mark(text), _end_mark(source)
    if END_MARKS.get(end) != END_MARKS.get(source_end):
        findings.append(Finding("end-punctuation", Message(
            "the text ends {mine}, the English text {theirs}", mine=_described(end),
            theirs=_described(source_end)), is_warning=True))
    return findings


def _layout_findings(text: str, source: str) -> list[Finding]:
    """What a card would print wrongly or literally, where the English text has none of it:
    an HTML or XML tag (card markup is `**` and `[icon]`; a tag prints as written), a tab or
    line break, a word written twice in a row, a text of punctuation alone."""
    findings = []
    tags, source_tags = MARKUP_TAG.findall(text), MARKUP_TAG.findall(source)
    if tags and sorted(tags) != sorted(source_tags):
        findings.append(Finding("markup-tag", Message(
            "{tag} would print as written: card texts mark emphasis with **, not HTML tags",
            tag=repr(tags[0]))))
    inside, source_inside = text.strip(), source.strip()  # whitespace at the edges: `whitespace`
    for character, message in (
            ("\t", Message("a tab the English text does not have; the card sets its own lines")),
            ("\n", Message("a line break the English text does not have; the card sets its own "
                           "lines"))):
        if inside.count(character) > source_inside.count(character):
            findings.append(Finding("layout-character", message, " ".join(text.split()),
                                    is_warning=True))
    doubled = DOUBLED_WORD.search(text)
    if doubled and not DOUBLED_WORD.search(source):
        findings.append(Finding("doubled-word", Message(
            "{words}: a word written twice in a row", words=repr(doubled.group(0))),
            is_warning=True))
    if text.strip() and not any(character.isalnum() for character in text) \
            and any(character.isalnum() for character in source):
        findings.append(Finding("punctuation-only", Message(
            "the text is punctuation alone; write the words, or leave the field out")))
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
    """The mark that ends a text (`؟` and `。` as well as `?` and `.`), or "": closing quotes
    and brackets after it do not count, nor do invisible characters (reported apart)."""
    stripped = text.rstrip().rstrip(CLOSERS + INVISIBLE)
    return stripped[-1] if stripped and stripped[-1] in END_MARKS else ""


def _invisible_findings(text: str, source: str) -> list[Finding]:
    """Characters that print nothing or only stretch a line, where the English text has none
    of them: a zero-width space, a joiner that joins no two letters, a tatweel. One finding
    per character, at its first misplaced place; the suggestion leaves out each misplaced one."""
    misplaced: dict[str, list[int]] = {}
    for offset, character in enumerate(text):
        if character in (ZERO_WIDTH_SPACE, TATWEEL) or (character in JOINERS and not _joins(text, offset)):
            if character not in source:
                misplaced.setdefault(character, []).append(offset)
    findings = []
    for character, offsets in misplaced.items():
        if character == ZERO_WIDTH_SPACE:
            why = Message("an invisible space: the line may break there, and a search for the "
                          "word does not find it")
        elif character == TATWEEL:
            why = Message("a stroke that stretches an Arabic word to justify a line; the card "
                          "sets its own lines, so write the word without it")
        else:
            why = Message("a zero-width joiner or non-joiner acts only between two letters, and "
                          "here it does not stand between two")
        suggestion = "".join(kept for offset, kept in enumerate(text) if offset not in offsets)
        findings.append(Finding("invisible-character", Message(
            "{character} at character {offset}: {why}", character=character_name(character),
            offset=offsets[0] + 1, why=why), suggestion, is_warning=True))
    return findings


def _joins(text: str, offset: int) -> bool:
    """Whether the joiner at `offset` stands between two letters, marks or symbols (an
    emoji sequence), which it may join or keep apart."""
    joinable = ("L", "M", "So")
    return (0 < offset < len(text) - 1
            and unicodedata.category(text[offset - 1]).startswith(joinable)
            and unicodedata.category(text[offset + 1]).startswith(joinable))


def _described(mark: str) -> Message:
    return Message("with {mark}", mark=repr(mark)) if mark else Message("without an end mark")


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
        findings.append(Finding("icon-mismatch", Message(
            "icons differ from the English text: {here} here, {english} in English",
            here=_icon_list(icons), english=_icon_list(source_icons))))
    emphasis, source_emphasis = len(EMPHASIS.findall(text)), len(EMPHASIS.findall(source))
    if emphasis != source_emphasis:
        findings.append(Finding("markup-mismatch", Message(
            "emphasized passages differ from the English text: {here} here, {english} in English",
            here=emphasis, english=source_emphasis)))
    if is_name:
        return findings
    mine, theirs = lexicon.analyse(text), source_lexicon.analyse(source)
    numbers, source_numbers = mine.numbers, theirs.numbers
    if numbers != source_numbers:
        findings.append(Finding("number-mismatch", Message(
            "numbers differ from the English text: {here} here, {english} in English",
            here=_number_list(numbers), english=_number_list(source_numbers))))
    markers, source_markers = mine.markers, theirs.markers
    # A meaning the language's phrasebook gives no words for yet cannot be compared: say
    # which entry to fill, and compare the others.
    unworded = sorted(set(source_markers) - set(lexicon.markers))
    for kind in unworded:
        entry = kind if kind == "optional" else f"timing.{kind}"
        meaning = (Message("optional") if kind == "optional"
                   else Message("timed {timing}", timing=repr(kind)))
        findings.append(Finding("marker-words-missing", Message(
            "the English text is {meaning} ({words}), and the {language} phrasebook gives no words "
            "for that yet: add them under {entry} in {file}, so the text is checked for it",
            meaning=meaning, words=", ".join(source_markers[kind]), language=lexicon.language,
            entry=repr(entry), file=f"locales/{lexicon.language}/{PHRASEBOOK_FILE}"), is_warning=True))
    source_markers = {kind: words for kind, words in source_markers.items() if kind not in unworded}
    if ("optional" in markers) != ("optional" in source_markers):
        if "optional" in source_markers:
            message = Message("the English text is optional ({words}); this text is not "
                              "({expected})", words=", ".join(source_markers["optional"]),
                              expected=_marker_words(lexicon, "optional"))
        else:
            message = Message("this text is optional ({words}); the English text is not",
                              words=", ".join(markers["optional"]))
        findings.append(Finding("optional-mismatch", message))
    timing = {kind: words for kind, words in markers.items() if kind != "optional"}
    source_timing = {kind: words for kind, words in source_markers.items() if kind != "optional"}
    if set(timing) != set(source_timing):
        findings.append(Finding("timing-mismatch", Message(
            "timing differs from the English text: {here} here, {english} in English",
            here=_timing_list(timing), english=_timing_list(source_timing))))
    for term_id in sorted(theirs.terms - mine.terms):
        term = lexicon.glossary.get(term_id)
        if term is None:
            continue  # the language's glossary lacks the term: reported once, on the glossary
        english = source_lexicon.glossary[term_id].term
        findings.append(Finding("glossary-missing",
                                Message("the English text uses {english}; its approved "
                                        "translation {term} (or a form of it) is missing here",
                                        english=repr(english), term=repr(term.term)),
                                term.term, is_warning=True))
    return findings


def _icon_list(icons: Counter) -> Message | str:
    return " ".join(f"[{name}]" for name in sorted(icons.elements())) or Message("none")


def _number_list(numbers: Counter) -> Message | str:
    return ", ".join(str(number) for number in sorted(numbers.elements())) or Message("none")


def _timing_list(timing: dict[str, list[str]]) -> Message | str:
    return (", ".join(f"{kind} ({', '.join(words)})" for kind, words in sorted(timing.items()))
            or Message("none"))


def _marker_words(lexicon: Lexicon, kind: str) -> Message:
    marker = lexicon.phrasebook.marker(kind)
    return (Message("expected one of: {words}", words=", ".join(marker.words))
            if marker is not None and marker.words
            else Message("its phrasebook names no words for it"))
