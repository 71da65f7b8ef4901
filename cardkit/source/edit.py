"""Changing values in the database's YAML files while keeping everything else as it was."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from ruamel.yaml.comments import CommentedMap

from cardkit.source.transaction import Transaction
from cardkit.source.yamlfile import Document, dump_text, load_yaml


class EditRefused(Exception):
    """The file cannot be edited safely (it does not load cleanly); nothing was written."""

    def __init__(self, document: Document):
        self.document = document
        super().__init__(f"{document.path}: cannot be edited: {document.problems[0].message}")


def edit_files(edits: dict[Path, Callable[[Any], None]], shown: Callable[[Path], Path],
               transaction: Transaction) -> None:
    """Loads every file, applies its edit to the round-trip data, and only when all loaded
    cleanly stages them in `transaction`, which writes them all or none."""
    loaded = {}
    for path, edit in edits.items():
        document = load_yaml(path, shown(path), root=transaction.directory)
        if document.problems:
            raise EditRefused(document)
        if document.data is None:
            document.data = CommentedMap()
        edit(document.data)
        loaded[path] = dump_text(document.data)
    for path, text in loaded.items():
        transaction.write(path, text)


def set_key(mapping: CommentedMap, keys: tuple[str, ...], value: Any) -> None:
    """Sets the value at the path `keys`, creating missing mappings at the end of their
    parents; an existing key keeps its place."""
    head, *rest = keys
    if not rest:
        if head in mapping:
            mapping[head] = value
        else:
            append_key(mapping, head, value)
        return
    if not isinstance(mapping.get(head), CommentedMap):
        nested = CommentedMap()
        _build(nested, tuple(rest), value)
        append_key(mapping, head, nested)
        return
    set_key(mapping[head], tuple(rest), value)


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


def _build(mapping: CommentedMap, keys: tuple[str, ...], value: Any) -> None:
    head, *rest = keys
    if rest:
        mapping[head] = CommentedMap()
        _build(mapping[head], tuple(rest), value)
    else:
        mapping[head] = value


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
