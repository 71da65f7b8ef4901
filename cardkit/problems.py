"""Problems every layer reports: one finding with its file, line and column.

This module sits below all layers (source, model, checks, render, rules) so each can
report in the same shape; it imports only the other modules below them (the messages, and
through them the placeholders).

A problem's message is a `Message`: stated once by the check as an English template with
named values, shown in English by `message` and in a reader's language by `message_in`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from cardkit.messages import Catalogue, Message


# Every code a problem may carry; docs/problems.md documents each (a test keeps the two equal).
CODES = frozenset({
    # reading files
    "file-too-large", "file-unreadable", "file-binary", "file-encoding", "yaml-syntax",
    "duplicate-key", "yaml-alias", "yaml-too-deep", "unknown-file", "unknown-game",
    "game-declaration",
    "missing-source-locale",
    "yaml-merge-key", "yaml-tag", "yaml-directive", "yaml-number-form", "number-too-large",
    "control-character", "blank-text", "yaml-complex-key",
    # fields of cards and texts
    "schema-type", "schema-range", "schema-unknown-field", "schema-missing-field", "schema-rule",
    "duplicate-id", "wrong-kind", "wrong-game", "untranslatable-kind",
    # references between files
    "unknown-id", "text-without-fact", "unknown-field-path", "source-fingerprint", "missing-text",
    "over-box-count", "missing-source-text", "glossary-term-lost",
    # provenance: facts and texts traced to rulebook lines
    "provenance-missing", "provenance-unknown-fact", "provenance-unknown-file",
    "provenance-line-range", "provenance-language", "provenance-follows",
    "provenance-contradicted", "name-not-provisional", "provenance-unknown-printing",
    "printed-provisional", "printing-unused", "wording-not-marked",
    # citations against the rulebook files and transcriptions (validate --rulebooks)
    "rulebook-missing", "rulebook-lines", "quote-not-found", "transcription-missing",
    "transcription-lines", "transcription-card-unknown", "copied-wording",
    # formatting
    "not-canonical",
    # effect text
    "icon-unknown", "icon-mismatch", "markup-unbalanced", "markup-mismatch", "number-mismatch",
    "optional-mismatch", "timing-mismatch", "marker-words-missing", "glossary-forbidden", "glossary-missing",
    "glossary-incomplete", "effect-wording", "phrase-missing", "phrase-form-missing", "placeholder-malformed",
    "placeholder-mismatch", "untranslated-copy", "whitespace", "brackets-unbalanced",
    "end-punctuation", "markup-tag", "formula-start", "layout-character", "invisible-character",
    "doubled-word", "punctuation-only",
    "catalogue-syntax", "catalogue-control-character", "catalogue-whitespace-only",
    "inconsistent-translation", "stale-translation", "unused-silence",
    # fit of printed text
    "fit-shrunk", "fit-overflow", "fit-budget", "glyph-missing", "template-string-markup",
    # the owner's pictures
    "art-unreadable", "art-crop", "art-no-frame", "art-unknown-back", "art-resolution",
    "art-low-resolution", "art-cropped", "art-svg", "art-too-large",
})


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, order=True)
class Position:
    """Where something stands in a file; line and column count from 1."""

    path: Path
    line: int = 1
    column: int = 1

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}"


@dataclass(frozen=True)
class Problem:
    position: Position
    severity: Severity
    code: str
    sentence: Message
    suggestion: str | None = None
    card_id: str | None = None
    related: tuple[Position, ...] = ()
    # The dotted path of the one field the problem is about, inside its card's entry (or
    # inside its file, for a phrasebook phrase): `powers.punish.text`. Tools find a
    # field's problems by it, never by reading the message.
    field: str | None = None

    @property
    def message(self) -> str:
        """The message in English."""
        return str(self.sentence)

    def message_in(self, catalogue: Catalogue) -> str:
        return catalogue.say(self.sentence)

    def sort_key(self) -> tuple:
        return (str(self.position.path), self.position.line, self.position.column, self.code)

    def as_dict(self, catalogue: Catalogue = Catalogue.ENGLISH) -> dict:
        """The problem as JSON data. `message` is always English, so programs reading it see
        the same text whatever the reader's language; a catalogue of another language adds
        `translation`: {"language": ..., "message": ...}."""
        data = {
            "path": str(self.position.path),
            "line": self.position.line,
            "column": self.position.column,
            "severity": self.severity.value,
            "code": self.code,
            "message": self.message,
        }
        if catalogue.language != Catalogue.ENGLISH.language:
            data["translation"] = {"language": catalogue.language,
                                   "message": self.message_in(catalogue)}
        if self.suggestion is not None:
            data["suggestion"] = self.suggestion
        if self.card_id is not None:
            data["card"] = self.card_id
        if self.field is not None:
            data["field"] = self.field
        if self.related:
            data["related"] = [str(p) for p in self.related]
        return data


def shown_location(location: Sequence[str | int]) -> str:
    """A place in a file's data as messages name it: keys by name, list items numbered from 1,
    as the sheets' columns and docs/data.md number them (`halves.1.icon` is the first half)."""
    return ".".join(str(step + 1) if isinstance(step, int) else str(step) for step in location)


def error(position: Position, code: str, message: Message, **extra) -> Problem:
    return Problem(position, Severity.ERROR, _registered(code), _stated(message), **extra)


def warning(position: Position, code: str, message: Message, **extra) -> Problem:
    return Problem(position, Severity.WARNING, _registered(code), _stated(message), **extra)


def _stated(message: Message) -> Message:
    if not isinstance(message, Message):
        raise TypeError(f"a problem's message is a Message (a template with named values), "
                        f"not {type(message).__name__}: {message!r}")
    return message


def _registered(code: str) -> str:
    if code not in CODES:
        raise ValueError(f"problem code {code!r} is not registered in cardkit.problems.CODES")
    return code
