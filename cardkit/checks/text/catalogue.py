"""The gettext catalogues of the templates: `locales/<ll>/LC_MESSAGES/cardkit.po`.

The printed sheets' own words (card labels, reference sheets) are translated in these
catalogues, with any PO tool, and read with Babel as the renderer reads them. Each
translation is checked against its English msgid as card texts are: placeholders (`{name}`
and Python's `%(name)s`, `%s`; `%%` and a lone `%` are plain text), control characters and
the other characters no text may hold (`source.characters`), texts of only whitespace or
invisible characters. Every problem stands at the entry's msgid line in that file.
`catalogue_states` gives each entry's state for `cardkit status`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from io import BytesIO
from pathlib import Path

from babel.messages.pofile import PoFileError, read_po

from cardkit.messages import Message
from cardkit.placeholders import tokens
from cardkit.problems import Position, Problem, error
from cardkit.source.boundary import InputRefused, read_input
from cardkit.source.characters import blank_description, first_forbidden, is_control, unsafe_description
from cardkit.source.layout import SOURCE_LANGUAGE

CATALOGUE_FILE = Path("LC_MESSAGES", "cardkit.po")
MAX_CATALOGUE_BYTES = 4 * 1024 * 1024
_PERCENT = re.compile(r"%(?:\([^)]*\))?[#0\- +]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa%]")


@dataclass(frozen=True)
class CatalogueEntry:
    context: str | None
    source: str
    translations: tuple[str, ...]  # one per plural form; "" where there is none
    fuzzy: bool
    position: Position  # the msgid line

    @property
    def state(self) -> str:
        if not any(self.translations):
            return "missing"
        return "stale" if self.fuzzy else "translated"

    @property
    def label(self) -> str:
        shown = self.source if len(self.source) <= 48 else self.source[:47] + "…"
        return (f"[{self.context}] " if self.context else "") + repr(shown)


def catalogue_path(root: Path, language: str) -> Path:
    return root / "locales" / language / CATALOGUE_FILE


def read_catalogue(root: Path, language: str) -> tuple[list[CatalogueEntry], list[Problem]]:
    """The entries of a language's template catalogue; a catalogue that cannot be read is
    one problem; a language without one has no entries."""
    path = catalogue_path(root, language)
    shown = path.relative_to(root)
    if not path.exists() and not path.is_symlink():
        return [], []
    try:
        raw = read_input(path, root=root, limit=MAX_CATALOGUE_BYTES)
    except InputRefused as exc:
        return [], [error(Position(shown), "file-unreadable", Message("{reason}", reason=exc.reason))]
    entries, problems = _parsed(raw, shown)
    return list(entries), list(problems)


@lru_cache(maxsize=16)
def _parsed(raw: bytes, shown: Path) -> tuple[tuple[CatalogueEntry, ...], tuple[Problem, ...]]:
    """A catalogue's entries, parsed once for each content: every check asks (the
    workbench's on each draft), and the catalogues seldom change."""
    try:
        catalogue = read_po(BytesIO(raw), abort_invalid=True)
    except PoFileError as exc:
        line = getattr(exc, "lineno", 0) + 1  # Babel counts lines from 0 here
        reason = re.sub(r" on \d+$", "", str(exc))
        return (), (error(Position(shown, line), "catalogue-syntax",
                          Message("the PO file does not parse: {reason}", reason=reason)),)
    except (UnicodeDecodeError, ValueError) as exc:
        return (), (error(Position(shown), "catalogue-syntax",
                          Message("the PO file does not parse: {reason}", reason=exc)),)
    entries = []
    for message in catalogue:
        if not message.id:
            continue
        source = message.id[0] if isinstance(message.id, (list, tuple)) else message.id
        strings = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
        entries.append(CatalogueEntry(message.context, source, tuple(s or "" for s in strings),
                                      message.fuzzy, Position(shown, message.lineno or 1)))
    return tuple(entries), ()


def catalogue_placeholders(text: str) -> set[str]:
    """The placeholders of a template string, as written: `{name}`, `%(name)s`, `%s`."""
    found = {token.written for token in tokens(text) if token.name is not None}
    found |= {match.group() for match in _PERCENT.finditer(text) if match.group() != "%%"}
    return found


def check_catalogue_file(path: Path, shown: Path) -> list[Problem]:
    """The same checks on any PO file read as it is (cardkit's own message catalogues,
    which ship with the package rather than the project)."""
    entries, unreadable = _parsed(path.read_bytes(), shown)
    return [*unreadable, *(problem for entry in entries for problem in _check_entry(entry))]


def check_catalogues(root: Path, languages: list[str]) -> list[Problem]:
    problems = []
    for language in languages:
        if language == SOURCE_LANGUAGE:
            continue
        entries, unreadable = read_catalogue(root, language)
        problems += unreadable
        for entry in entries:
            problems += _check_entry(entry)
    return problems


def _described(character: str) -> Message:
    if is_control(character):
        return Message("the control character U+{code}; only line breaks and tabs may stand in a "
                       "text", code=f"{ord(character):04X}")
    return unsafe_description(character)


@lru_cache(maxsize=4096)
def _check_entry(entry: CatalogueEntry) -> tuple[Problem, ...]:
    """The problems of one entry, found once: an entry stays the same while its catalogue does."""
    problems = []
    expected = catalogue_placeholders(entry.source)
    malformed_in_source = {token.written for token in tokens(entry.source) if token.name is None}
    for index, text in enumerate(entry.translations):
        if not text:
            continue
        what = (Message("{entry} form [{index}]", entry=entry.label, index=index)
                if len(entry.translations) > 1 else entry.label)
        forbidden = first_forbidden(text)
        if forbidden:
            problems.append(error(entry.position, "catalogue-control-character",
                                  Message("{entry}: the translation holds {character}", entry=what,
                                          character=_described(forbidden.group()))))
        blank = blank_description(text)
        if blank:
            problems.append(error(entry.position, "catalogue-whitespace-only",
                                  Message("{entry}: the translation is only {blank}", entry=what,
                                          blank=blank)))
            continue
        found = catalogue_placeholders(text)
        for written in sorted(found - expected):
            problems.append(error(entry.position, "placeholder-mismatch",
                                  Message("{entry}: unknown placeholder {written}; the English "
                                          "text has {expected}", entry=what, written=written,
                                          expected=", ".join(sorted(expected)) or Message("none"))))
        for written in sorted(expected - found):
            problems.append(error(entry.position, "placeholder-mismatch",
                                  Message("{entry}: the placeholder {written} of the English text "
                                          "is missing", entry=what, written=written)))
        for token in tokens(text):
            if token.name is None and token.written not in malformed_in_source:
                problems.append(error(entry.position, "placeholder-malformed",
                                      Message("{entry}: {written} is not a placeholder",
                                              entry=what, written=token.excerpt)))
    return tuple(problems)


def catalogue_states(root: Path, languages: list[str]) -> list[tuple[str, CatalogueEntry]]:
    """(language, entry) for every entry of every translation's template catalogue."""
    states = []
    for language in languages:
        if language != SOURCE_LANGUAGE:
            states += [(language, entry) for entry in read_catalogue(root, language)[0]]
    return states
