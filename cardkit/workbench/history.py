"""A word diff from the earlier English a stale translation was made from (found by
`i18n.history.earlier_english`) to today's English."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

_WORDS = re.compile(r"\S+|\s+")


@dataclass(frozen=True)
class DiffPart:
    """A run of words: `same`, `removed` (only in the earlier English) or `added`."""

    change: str
    text: str


def word_diff(before: str, after: str) -> list[DiffPart]:
    """The words of `before` and `after`, with what was removed and added between them."""
    old, new = _WORDS.findall(before), _WORDS.findall(after)
    parts = []
    matcher = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
    for operation, old_start, old_end, new_start, new_end in matcher.get_opcodes():
        if operation == "equal":
            parts.append(DiffPart("same", "".join(old[old_start:old_end])))
            continue
        if old_end > old_start:
            parts.append(DiffPart("removed", "".join(old[old_start:old_end])))
        if new_end > new_start:
            parts.append(DiffPart("added", "".join(new[new_start:new_end])))
    return parts
