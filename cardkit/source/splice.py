"""Editing a YAML file's text in place, so that an edit changes only the lines of the keys
it sets, adds or removes, and a file formatted by hand keeps its form everywhere else.

The file is read through libyaml's events, which give where each key and value starts and
ends. A value set where one stands replaces that key's lines, written as `dump_text` would
write it at that indentation, in the quoting style of the value it replaces, keeping an
end-of-line comment; a new key is written before the key it is to precede or after the
last one of its mapping; a removed key takes its lines with it. Whatever the lines alone
cannot do (a file libyaml does not read as the project's reader does, a key in a flow
mapping `{...}`, a block scalar that keeps its trailing blank lines) raises Unsplicable,
and the caller edits the round-trip data instead.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any

from ruamel.yaml.comments import CommentedMap
from ruamel.yaml.scalarstring import (DoubleQuotedScalarString, FoldedScalarString,
                                      LiteralScalarString, SingleQuotedScalarString)
from yaml import YAMLError
from yaml._yaml import CParser
from yaml.events import (AliasEvent, MappingEndEvent, MappingStartEvent, ScalarEvent,
                         SequenceEndEvent, SequenceStartEvent, StreamEndEvent)

from cardkit.source.plain_emitter import plain_entries
from cardkit.source.policy import STR, implicit_tag
from cardkit.source.yamlfile import dump_text

# The ruamel.yaml type that writes a text in the quoting style libyaml reports.
STYLES = {"'": SingleQuotedScalarString, '"': DoubleQuotedScalarString,
          "|": LiteralScalarString, ">": FoldedScalarString}


class Unsplicable(Exception):
    """The edit cannot be made on the lines alone."""


@dataclass
class _Node:
    start: Any  # libyaml marks: index, line, column (from 0)
    end: Any
    style: str | None = None  # a scalar's quoting style; "{" or "[" for a flow collection
    text: str | None = None  # a scalar's
    # A mapping's items: (key, the key's node, the value's node); a list's items: the nodes.
    items: list | None = None
    mapping: bool = False


@dataclass
class Splice:
    """A file's text, edited in place."""

    text: str
    _root: _Node | None = field(default=None, repr=False)

    def value(self, keys: tuple) -> Any:
        """What stands at `keys`: a scalar's text, a mapping's keys as a list, or None."""
        node = self._node(keys)
        if node is None:
            return None
        if node.items is None:
            return node.text
        return [key for key, _, _ in node.items] if node.mapping else None

    def scalars(self, keys: tuple) -> list[str] | None:
        """The texts of the list of scalars at `keys` (`provisional: [name, text]`), or None."""
        node = self._node(keys)
        if node is None or node.items is None or node.mapping \
                or any(item.items is not None for item in node.items):
            return None
        return [item.text for item in node.items]

    def style(self, keys: tuple) -> str | None:
        node = self._node(keys)
        return node.style if node is not None else None

    def put(self, keys: tuple, value: Any, before: Any = None) -> None:
        """Sets `keys` to `value` (a text, or a mapping of them): in place of the value there,
        or as a new key of its mapping, before the key `before` or after its last key."""
        *outer, key = keys
        outer = tuple(outer)
        flow = self._node(outer)
        if outer and flow is not None and flow.mapping and flow.style is not None:
            # A key of a flow mapping (`translated_from: {name: 5c01c327}`): the mapping is
            # written anew, in block style, with the key set.
            self.put(outer, _with_key(self._flow_data(flow), key, value, before))
            return
        mapping = self._mapping(outer)
        found = next((item for item in mapping.items if item[0] == key), None)
        column = mapping.items[0][1].start.column if mapping.items else 0
        if found is not None:
            _, key_node, value_node = found
            style = value_node.style if value_node.items is None else None
            if isinstance(value, str) and style in STYLES:
                value = STYLES[style](value)
            first, last = self._lines(key_node, value_node)
            comment = self._comment_after(value_node, last)
            lines = _rendered(key, value, column)
            lines[-1] = lines[-1].rstrip("\n") + comment + "\n"
            self._replace(first, last + 1, lines)
            return
        following = next((item for item in mapping.items if item[0] == before), None)
        if following is not None:
            at = self._key_line(following[1])
        elif mapping.items:
            _, key_node, value_node = mapping.items[-1]
            at = self._lines(key_node, value_node)[1] + 1
        elif not outer:  # a file of no keys yet
            at = len(self._split())
        else:
            raise Unsplicable("a key of an empty mapping")
        self._replace(at, at, _rendered(key, value, column))

    def _flow_data(self, node: _Node) -> dict:
        """A flow mapping's keys and texts; Unsplicable unless each value is a plain text."""
        data = {}
        for key, _, value in node.items:
            if value.items is not None or (value.style is None and implicit_tag(value.text) != STR):
                raise Unsplicable("a flow mapping holding more than texts")
            data[key] = STYLES[value.style](value.text) if value.style in STYLES else value.text
        return data

    def append_entry(self, key: str, value: Any) -> None:
        """A new top-level key at the end of the file, set off by a blank line."""
        self.append_entries({key: value})

    def append_entries(self, entries: dict[str, Any]) -> None:
        """New top-level keys at the end of the file, each set off by a blank line: one edit
        of the text, however many (a sheet of 500 new cards is one)."""
        lines = []
        for line in _rendered_entries(entries):
            if lines and not line[0].isspace() and line.strip():
                lines.append("\n")
            lines.append(line)
        root = self._mapping(())
        if not root.items:
            self._replace(len(self._split()), len(self._split()), lines)
            return
        _, key_node, value_node = root.items[-1]
        at = self._lines(key_node, value_node)[1] + 1
        self._replace(at, at, ["\n", *lines])

    def remove(self, keys: tuple, keep: int) -> None:
        """Removes the key at `keys`, and each mapping the removal leaves empty, down to the
        first `keep` keys of the path."""
        *outer, key = keys
        outer = tuple(outer)
        node = self._node(outer)
        if node is None or not node.mapping:
            raise Unsplicable(f"no mapping at {outer}")
        if len(node.items) == 1 and len(outer) > keep:
            self.remove(outer, keep)
            return
        if node.style is not None:  # a flow mapping: written anew without the key
            self.put(outer, {name: text for name, text in self._flow_data(node).items()
                             if name != key})
            return
        mapping = node
        _, key_node, value_node = next(item for item in mapping.items if item[0] == key)
        first, last = self._lines(key_node, value_node)
        self._replace(first, last + 1, [])

    # Reading

    def _node(self, keys: tuple) -> _Node | None:
        node = self._parsed()
        for step in keys:
            if not node.mapping:
                return None
            node = next((value for key, _, value in node.items if key == step), None)
            if node is None:
                return None
        return node

    def _mapping(self, keys: tuple) -> _Node:
        node = self._node(keys)
        if node is None or not node.mapping:
            raise Unsplicable(f"no mapping at {keys}")
        if node.style is not None:
            raise Unsplicable("a flow mapping")
        return node

    def _parsed(self) -> _Node:
        if self._root is None:
            self._root = _parse(self.text)
        return self._root

    def _split(self) -> list[str]:
        return self.text.splitlines(keepends=True)

    def _key_line(self, key_node: _Node) -> int:
        lines = self._split()
        line = key_node.start.line
        if lines[line][:key_node.start.column].strip():
            raise Unsplicable("a key that does not start its line")
        return line

    def _lines(self, key_node: _Node, value_node: _Node) -> tuple[int, int]:
        """The first and last line of a key and its value."""
        return self._key_line(key_node), self._last_line(value_node)

    def _last_line(self, node: _Node) -> int:
        if node.items and node.style is None:
            last = node.items[-1]
            return self._last_line(last[2] if node.mapping else last)
        end = node.end
        if node.style not in ("|", ">"):
            return end.line if end.column or end.line == node.start.line else end.line - 1
        header = self.text[node.start.index:].split("\n", 1)[0]
        if "+" in header:
            raise Unsplicable("a block scalar that keeps its trailing blank lines")
        lines = self._split()
        line = end.line - 1 if end.column == 0 else end.line
        while line > node.start.line and not lines[line].strip():
            line -= 1
        return line

    def _comment_after(self, value_node: _Node, last: int) -> str:
        """An end-of-line comment after a value that ends on its line, with the spaces
        before it."""
        if value_node.items is not None and value_node.style is None:
            return ""
        end = value_node.end
        if end.line != last:
            return ""
        rest = self._split()[last][end.column:].rstrip("\n")
        return rest if rest.lstrip().startswith("#") else ""

    # Writing

    def _replace(self, first: int, stop: int, new: list[str]) -> None:
        lines = self._split()
        if lines and not lines[-1].endswith("\n"):
            lines[-1] += "\n"
        lines[first:stop] = new
        self.text = "".join(lines)
        self._root = None


def _with_key(data: dict, key: str, value: Any, before: Any) -> dict:
    if key in data or before not in data:
        return {**data, key: value}
    items = list(data.items())
    index = list(data).index(before)
    return dict(items[:index] + [(key, value)] + items[index:])


def _rendered(key: str, value: Any, column: int) -> list[str]:
    """`key: value` as `dump_text` writes it with the key at `column`: nested under as many
    placeholder keys as put it there, which are then left out."""
    depth, odd = divmod(column, 2)
    nested: Any = CommentedMap({key: _commented(value)})
    for _ in range(depth):
        nested = CommentedMap({"x": nested})
    lines = dump_text(nested).splitlines(keepends=True)[depth:]
    return [" " * odd + line if line.strip() else line for line in lines]


def _rendered_entries(entries: dict[str, Any]) -> list[str]:
    """Top-level `key: value` pairs as `dump_text` writes them: the plain ones by
    `plain_entries`, each other one by ruamel.yaml."""
    return [line for key, lines in plain_entries(entries).items()
            for line in (lines if lines is not None
                         else dump_text(CommentedMap({key: _commented(entries[key])})).splitlines(keepends=True))]


def _commented(value: Any) -> Any:
    if isinstance(value, dict):
        return CommentedMap({key: _commented(item) for key, item in value.items()})
    return value


@functools.lru_cache(maxsize=8)
def _parse(text: str) -> _Node:
    """The node tree of a file with one document, from libyaml's events. Kept for the last
    few texts, which are edited again and again (each draft the workbench checks starts
    from the file as loaded); the trees are never changed once made."""
    parser = CParser(text)
    stack: list[_Node] = []
    root = None
    try:
        while True:
            event = parser.get_event()
            kind = type(event)
            if kind is StreamEndEvent:
                break
            if kind is AliasEvent or getattr(event, "anchor", None) is not None \
                    or getattr(event, "tag", None) is not None:
                raise Unsplicable("anchors, aliases and tags")
            if kind is ScalarEvent:
                node = _Node(event.start_mark, event.end_mark, event.style or None, event.value)
            elif kind is MappingStartEvent or kind is SequenceStartEvent:
                mapping = kind is MappingStartEvent
                stack.append(_Node(event.start_mark, None, ("{" if mapping else "[")
                                   if event.flow_style else None, items=[], mapping=mapping))
                continue
            elif kind is MappingEndEvent or kind is SequenceEndEvent:
                node = stack.pop()
                node.end = event.end_mark
                if node.mapping:
                    flat, node.items = node.items, []
                    for key, value in zip(flat[::2], flat[1::2]):
                        if key.items is not None:
                            raise Unsplicable("a key that is a container")
                        node.items.append((key.text, key, value))
            else:
                continue
            if stack:
                stack[-1].items.append(node)
            elif root is None:
                root = node
            else:
                raise Unsplicable("more than one document")
    except YAMLError as exc:
        raise Unsplicable(str(exc)) from None
    if root is None:
        return _Node(None, None, items=[], mapping=True)
    if not root.mapping:
        raise Unsplicable("a file that is not a mapping")
    return root
