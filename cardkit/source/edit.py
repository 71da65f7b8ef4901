"""Changing a YAML file's round-trip data while keeping everything else as it was."""

from __future__ import annotations

from typing import Any

from ruamel.yaml.comments import CommentedMap

from cardkit.messages import Message
from cardkit.source.yamlfile import Document


class EditRefused(Exception):
    """The file cannot be edited safely (it does not load cleanly); nothing was written."""

    def __init__(self, document: Document):
        self.document = document
        super().__init__(Message("{path}: cannot be edited: {problem}", path=document.path,
                                 problem=document.problems[0].sentence))


def remove_key(mapping: CommentedMap, keys: tuple[str, ...]) -> None:
    """Removes the value at the path `keys`, and each mapping the removal leaves empty;
    what followed the mapping's last entry (trailing comment, blank lines) stays after the
    new last one."""
    trailing = _take_trailing_comment(mapping)
    _remove(mapping, keys)
    if trailing is not None and mapping:
        _put_trailing_comment(mapping, trailing)


def _remove(mapping: CommentedMap, keys: tuple[str, ...]) -> None:
    head, *rest = keys
    if rest:
        _remove(mapping[head], tuple(rest))
        if mapping[head]:
            return
    del mapping[head]


def append_key(mapping: CommentedMap, key: str, value: Any) -> None:
    """Adds `key` at the end of `mapping`, keeping what followed the old last entry (its
    trailing comment and blank lines, which ruamel.yaml files under that entry's deepest
    last key) after the new one, so entries stay separated as they were."""
    trailing = _take_trailing_comment(mapping)
    mapping[key] = value
    if trailing is not None:
        _put_trailing_comment(mapping, trailing)


def _deepest_last(mapping: CommentedMap) -> tuple[CommentedMap, Any] | None:
    if not isinstance(mapping, CommentedMap) or not mapping:
        return None
    last_key = next(reversed(mapping))
    deeper = _deepest_last(mapping[last_key])
    return deeper or (mapping, last_key)


def _take_trailing_comment(mapping: CommentedMap):
    found = _deepest_last(mapping)
    if found is None:
        return None
    owner, key = found
    slots = owner.ca.items.get(key)
    if not slots or len(slots) < 3 or slots[2] is None or "\n\n" not in slots[2].value:
        return None
    comment = slots[2]
    slots[2] = None
    return comment


def _put_trailing_comment(mapping: CommentedMap, comment) -> None:
    owner, key = _deepest_last(mapping)
    slots = owner.ca.items.setdefault(key, [None, None, None, None])
    slots[2] = comment
