"""Reading a YAML file through libyaml, for the callers that never write it back.

ruamel.yaml's round-trip loader keeps comments and quoting, which `fmt` and every edit
need, but it parses in pure Python at about 125 microseconds a key. Validating, building
and the other readers need only the data and where each value stands, so they read through
libyaml, the C parser that PyYAML ships in its wheels. Its events are read once: each node
meets the one loader policy as it comes (plain scalars tagged by the YAML 1.2 rules, as
ruamel.yaml tags them; `policy.scalar_fault`, `policy.key_fault`, which `policy.check_nodes`
applies to the round-trip loader's tree), and the same containers are built with the same
line and column of every key, value and item, with no node tree in between. The data reads
as the round-trip loader's would; only comments and the quoting style of texts are not
kept.

Whatever the round-trip loader would report in its own words, or place in a way of its
own, is left to it: `read` returns None for a file libyaml does not parse, and for one
with tabs, tags, anchors or aliases, an empty value
(`key:` with nothing after it: the round-trip loader places it by the next token and its
comments), more than one document, or nesting deeper than `max_depth` (the events are
consumed one at a time, so no nesting, however deep, can exhaust the stack first). Card
data has none of these, so the round-trip loader reads only broken or unusual files. A
file nested past libyaml's own limit is the exception: `read` raises `NestingTooDeep`, as
the round-trip loader would take seconds to say the same.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq, LineCol
from yaml import YAMLError
from yaml._yaml import CParser
from yaml.events import (DocumentEndEvent, DocumentStartEvent, MappingEndEvent,
                         MappingStartEvent, ScalarEvent, SequenceEndEvent, SequenceStartEvent,
                         StreamEndEvent)

from cardkit.source.collector import uncollected
from cardkit.source.policy import (BOOL, FLOAT, INT, MERGE, STR, Fault, implicit_tag, key_fault,
                                   scalar_fault)

TRUE_FORMS = {"true", "True", "TRUE"}
# Tabs: ruamel.yaml refuses them in places where libyaml takes them as spaces. (The line
# and paragraph separators, which libyaml counts as line breaks inside quotes and ruamel.yaml
# does not, never get here: `policy` refuses them in the raw text before either reads it.)
AMBIGUOUS_CHARACTERS = ("\t",)
# A comment touching a block scalar's indicators (`key: >#-`): libyaml takes it, ruamel.yaml
# refuses it, as YAML asks for a space before a comment.
COMMENT_IN_BLOCK_HEADER = re.compile(r"[|>][0-9+-]*#")
LIBYAML_NESTING_LIMIT = "exceeded maximum nesting depth"


class ReadMap(CommentedMap):
    """A mapping as the reader makes it: ruamel.yaml's container with its positions, but
    with dict's own methods for reading it and filling it in, in place of those ruamel.yaml
    writes in Python to follow merge keys, which nothing read here has. Every reader of
    the data (pydantic above all, which goes through each mapping's items) then runs at
    the speed of a dict."""

    __getitem__ = dict.__getitem__
    __contains__ = dict.__contains__
    __len__ = dict.__len__
    get = dict.get
    __iter__ = OrderedDict.__iter__
    __setitem__ = OrderedDict.__setitem__
    keys = OrderedDict.keys
    values = OrderedDict.values
    items = OrderedDict.items


class NestingTooDeep(Exception):
    """libyaml's own limit on nesting (1,000 levels) was passed at `line`, `column`. The
    round-trip loader would recurse until Python's stack runs out, which takes it seconds
    for such a file, so the reader says so itself."""

    def __init__(self, line: int, column: int):
        super().__init__(line, column)
        self.line, self.column = line, column


@dataclass
class Read:
    data: Any
    policy_faults: list[Fault] = field(default_factory=list)
    # (key, line, column) of every later duplicate of a key, which is left out.
    duplicate_keys: list[tuple[object, int, int]] = field(default_factory=list)


def read(text: str, max_depth: int) -> Read | None:
    """The data of `text` with its faults, or None where the round-trip loader must read it."""
    if any(character in text for character in AMBIGUOUS_CHARACTERS):
        return None
    with uncollected():  # hundreds of thousands of new objects, none of them in a cycle
        try:
            return _read(CParser(text), text, max_depth)
        except YAMLError as exc:
            if getattr(exc, "problem", None) == LIBYAML_NESTING_LIMIT:
                raise NestingTooDeep(exc.problem_mark.line + 1, exc.problem_mark.column + 1) from None
            return None


class _Open:
    """A mapping or list being read. `container` is None for one that is left out (a key
    that is a container, the value of a refused key): its events are read only to see
    that the round-trip loader need not read the file."""

    __slots__ = ("container", "data", "start", "mapping", "root", "entry", "key", "key_at",
                 "key_entry", "drop_next")

    def __init__(self, container, start, mapping: bool = False, root: bool = False,
                 entry: str | None = None):
        self.container = container
        self.start = start
        self.mapping = mapping
        self.root = root
        self.entry = entry  # the top-level key the faults inside it are attributed to
        self.key = _NO_KEY  # the key whose value comes next, read and accepted
        self.key_at = None
        self.key_entry = entry  # the entry of the value that comes next
        self.drop_next = False  # the node that comes next is the value of a refused key
        if container is not None:
            positions = LineCol()
            positions.line, positions.col = start.line, start.column
            positions.data = self.data = {}
            setattr(container, LineCol.attrib, positions)

    def left_out(self) -> bool:
        """Whether the node that comes now is left out (as a refused key's value, the one)."""
        if self.container is None:
            return True
        if self.drop_next:
            self.drop_next = False
            return True
        return False

    @property
    def wants_key(self) -> bool:
        return self.mapping and self.key is _NO_KEY

    def put(self, value: Any, start, duplicate_keys: list) -> None:
        """Puts a value read whole, which started at `start`, in its place; a later value
        of a key the mapping has is left out and recorded."""
        if not self.mapping:
            self.data[len(self.container)] = [start.line, start.column]
            self.container.append(value)
            return
        key, key_at = self.key, self.key_at
        self.key, self.key_entry = _NO_KEY, self.entry
        if key in self.data:
            duplicate_keys.append((key, key_at.line + 1, key_at.column + 1))
            return
        self.container[key] = value
        self.data[key] = [key_at.line, key_at.column, start.line, start.column]


_NO_KEY = object()


def _read(parser: CParser, source: str, max_depth: int) -> Read | None:
    """Reads the events once: each node meets the loader policy (`policy.scalar_fault`,
    `policy.key_fault`) as it comes, and the containers are built with the line and column
    of every key, value and item, as the round-trip loader records them. None where the
    round-trip loader must read the file."""
    get_event = parser.get_event
    get_event()  # the stream's start
    event = get_event()
    if type(event) is StreamEndEvent:
        return Read(None)
    if type(event) is not DocumentStartEvent:
        return None
    result = Read(None)
    faults = result.policy_faults
    stack: list[_Open] = []
    while True:
        event = get_event()
        kind = type(event)
        parent = stack[-1] if stack else None
        if kind is ScalarEvent:
            text = event.value
            if event.anchor is not None or event.tag is not None or not (text or event.style):
                return None
            if event.style in ("|", ">") and COMMENT_IN_BLOCK_HEADER.match(
                    source, event.start_mark.index):
                return None
            if parent is not None and parent.left_out():
                continue
            start, style = event.start_mark, event.style or None  # libyaml: "" for plain
            tag = implicit_tag(text) if event.implicit[0] else STR
            line, column = start.line + 1, start.column + 1
            if parent is not None and parent.wants_key:
                entry = text if parent.root else parent.entry
                fault = (key_fault(True, line, column, entry) if tag == MERGE
                         else scalar_fault(text, tag, style, line, column, entry, is_key=True))
                if fault is not None:
                    faults.append(fault)
                    parent.drop_next = True
                else:
                    parent.key, parent.key_at, parent.key_entry = _scalar(tag, text), start, entry
                continue
            fault = scalar_fault(text, tag, style, line, column,
                                 parent.key_entry if parent is not None else None)
            if fault is not None:
                faults.append(fault)
            value = None if fault is not None else _scalar(tag, text)
        elif kind is MappingStartEvent or kind is SequenceStartEvent:
            if event.anchor is not None or event.tag is not None or len(stack) >= max_depth:
                return None
            start, mapping = event.start_mark, kind is MappingStartEvent
            if parent is not None and parent.left_out():
                stack.append(_Open(None, start))
                continue
            if parent is not None and parent.wants_key:
                faults.append(key_fault(False, start.line + 1, start.column + 1, parent.entry))
                parent.drop_next = True  # and its value
                stack.append(_Open(None, start))
                continue
            stack.append(_Open(ReadMap() if mapping else CommentedSeq(), start, mapping,
                               root=parent is None and mapping,
                               entry=parent.key_entry if parent is not None else None))
            continue
        elif kind is MappingEndEvent or kind is SequenceEndEvent:
            node = stack.pop()
            if node.container is None:
                continue
            parent = stack[-1] if stack else None
            value, start = node.container, node.start
        else:  # an alias
            return None
        if parent is None:
            result.data = value
            break
        parent.put(value, start, result.duplicate_keys)
    if type(get_event()) is not DocumentEndEvent or type(get_event()) is not StreamEndEvent:
        return None
    return result


def _scalar(tag: str, text: str) -> Any:
    if tag == STR:
        return text
    if tag == INT:
        return int(text)
    if tag == FLOAT:
        return float(text)
    if tag == BOOL:
        return text in TRUE_FORMS
    return None
