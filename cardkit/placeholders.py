"""Placeholders in translatable texts: `{count}` and the other names a text declares.

A placeholder is a plain name in braces; `{{` and `}}` stand for a brace itself, as in
Python's and gettext's python-brace-format. Nothing else in braces is a placeholder:
format specifications, conversions, indexes and attributes (`{count:>9}`, `{count!r}`,
`{count[0]}`, `{count.real}`) are malformed, and so are `{}`, `{0}` and a lone brace.

Texts come from translators, so they are never given to `str.format`: `fill` replaces
the declared names and nothing else, in one pass, and can neither fail, nor reach an
attribute, nor build a string larger than the text and its values.

The grammar sits below every layer: card texts, the phrasebook, the template catalogues
and cardkit's own messages (`cardkit.messages`) share it. Checking a translation's
placeholders against its English text is `checks/text/lint.py`'s.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_TOKEN = re.compile(r"\{\{|\}\}|\{([^{}]*)\}|[{}]")
# How much of a malformed placeholder a message quotes.
EXCERPT_CHARACTERS = 24


@dataclass(frozen=True)
class Token:
    """A placeholder (`name` set) or a malformed brace (`name` None), at `offset`."""

    written: str
    offset: int
    name: str | None

    @property
    def excerpt(self) -> str:
        shown = self.written if len(self.written) <= EXCERPT_CHARACTERS else (
            self.written[:EXCERPT_CHARACTERS - 1] + "…")
        return repr(shown)


def tokens(text: str) -> list[Token]:
    """Every placeholder and every malformed brace of `text`, in reading order."""
    if "{" not in text and "}" not in text:
        return []
    found = []
    for match in _TOKEN.finditer(text):
        written = match.group(0)
        if written in ("{{", "}}"):
            continue
        inner = match.group(1)
        name = inner if inner is not None and NAME.fullmatch(inner) else None
        found.append(Token(written, match.start(), name))
    return found


def names(text: str) -> set[str]:
    """The names of the well-formed placeholders of `text`."""
    return {token.name for token in tokens(text) if token.name is not None}


def fill(text: str, values: Mapping[str, str]) -> str:
    """`text` with each `{name}` of `values` replaced and `{{`, `}}` made single braces;
    anything else is left as written."""

    def replace(match: re.Match) -> str:
        written = match.group(0)
        if written == "{{":
            return "{"
        if written == "}}":
            return "}"
        inner = match.group(1)
        return values[inner] if inner is not None and inner in values else written

    return _TOKEN.sub(replace, text)
