"""Safe loading of one YAML file.

Every value keeps its line and column (recorded on the containers as ruamel.yaml's
round-trip loader records them), so a problem found later, in any layer, can name where
it stands. Callers that write the data back (fmt, edits) load it round trip, keeping
comments and quoting; those that only read it load it through libyaml (`reader.py`),
which gives the same data, positions and problems many times faster.
Anything wrong with the file itself (outside the project, not a regular file, not UTF-8,
binary, too large, control characters, YAML that does not parse, duplicate keys, aliases,
nesting too deep, anything beyond plain data: see `policy.py`) becomes a Problem, never
an exception.
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.constructor import RoundTripConstructor
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.nodes import ScalarNode

from cardkit.messages import Message
from cardkit.problems import Position, Problem, error
from cardkit.source.boundary import InputRefused, InputTooLarge, read_input
from cardkit.source.characters import character_message
from cardkit.source.policy import check_nodes, find_control_characters, find_directives
from cardkit.source.reader import NestingTooDeep, Read, read

MAX_FILE_BYTES = 4 * 1024 * 1024
MAX_DEPTH = 32
TOO_DEEP = Message("nesting is too deep")

Location = tuple[str | int, ...]


class _DuplicateKeyRecorder(RoundTripConstructor):
    """Keeps the first of duplicate keys and records the later ones instead of stopping."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.duplicate_keys: list[tuple[object, int, int]] = []
        self.policy_faults = []
        self.root_refused = False

    def construct_document(self, node):
        """Refuses what the policy refuses before anything is constructed from it."""
        self.policy_faults, self.root_refused = check_nodes(node, ScalarNode)
        if self.root_refused:
            return None
        return super().construct_document(node)

    def check_mapping_key(self, node, key_node, mapping, key, value) -> bool:
        if key in mapping:
            mark = key_node.start_mark
            self.duplicate_keys.append((key, mark.line + 1, mark.column + 1))
            return False
        return True


def round_trip_yaml() -> YAML:
    """The one YAML configuration of the project, used to read and to write."""
    yaml = YAML(typ="rt")
    yaml.Constructor = _DuplicateKeyRecorder
    yaml.indent(mapping=2, sequence=4, offset=2)
    yaml.width = 100
    yaml.preserve_quotes = True
    return yaml


@dataclass
class Document:
    """One parsed file: its data (ruamel round-trip containers) and what was wrong with it."""

    path: Path
    data: Any = None
    problems: list[Problem] = field(default_factory=list)
    # The decoded text as read, for callers that compare or rewrite it (fmt).
    text: str | None = None
    # Top-level entries cut short by an alias or deep nesting: later layers skip them
    # rather than report what the cut left behind.
    rejected_keys: set = field(default_factory=set)
    # What a later layer made of each entry (the model layer: its validated value and
    # problems), kept as long as the data it was made from: an edit assembles the database
    # again from documents of which all but the edited one are unchanged.
    validated: dict = field(default_factory=dict, compare=False, repr=False)

    def position(self, location: Location) -> Position:
        """The position of the value at `location`, or of its nearest enclosing value."""
        line, column = _locate(self.data, location)
        return Position(self.path, line, column)

    def key_position(self, location: Location) -> Position:
        """The position of the key that ends `location` (for mapping entries)."""
        if location:
            parent = _follow(self.data, location[:-1])
            key = location[-1]
            if isinstance(parent, CommentedMap) and key in parent:
                line, column = parent.lc.key(key)
                return Position(self.path, line + 1, column + 1)
        return self.position(location)


def _follow(data: Any, location: Location) -> Any:
    node = data
    for step in location:
        try:
            node = node[step]
        except (KeyError, IndexError, TypeError):
            return None
    return node


def _locate(data: Any, location: Location) -> tuple[int, int]:
    line, column = 1, 1
    node = data
    for step in location:
        # Only what was read has a recorded position; a value added since (a draft) has none.
        if isinstance(node, CommentedMap) and step in node:
            recorded = node.lc.data or {}
            first = 2  # a mapping records [key line, key column, value line, value column]
        elif isinstance(node, CommentedSeq) and isinstance(step, int) and 0 <= step < len(node):
            recorded = node.lc.data or {}
            first = 0
        else:
            break
        if step not in recorded:
            break
        line, column = recorded[step][first] + 1, recorded[step][first + 1] + 1
        node = node[step]
    return line, column


def load_yaml(path: Path, display_path: Path | None = None, *, root: Path | None = None,
              round_trip: bool = True) -> Document:
    """Read `path`, which must lie inside `root` (by default its own folder); the returned
    Document names it as `display_path` in problems. Without `round_trip` the data holds
    no comments or quoting styles, for callers that never write it back."""
    shown = display_path or path
    document = Document(shown)
    try:
        raw = read_input(path, root=root if root is not None else path.absolute().parent,
                         limit=MAX_FILE_BYTES)
    except InputTooLarge:
        document.problems.append(_too_large(shown))
        return document
    except InputRefused as exc:
        document.problems.append(error(Position(shown), "file-unreadable",
                                       Message("not read: {reason}", reason=exc.reason)))
        return document
    text = _decode(raw, document)
    if text is None:
        return document
    document.text = text
    return parse_text(text, document, round_trip=round_trip)


def load_text(text: str, shown: Path) -> Document:
    """A file's text, parsed as `load_yaml(..., round_trip=False)` parses the file: what a
    file would read as, checked in memory before it is written."""
    if len(text.encode("utf-8")) > MAX_FILE_BYTES:
        return Document(shown, problems=[_too_large(shown)])
    return parse_text(text, Document(shown, text=text), round_trip=False)


def _too_large(shown: Path) -> Problem:
    return error(Position(shown), "file-too-large",
                 Message("file is larger than {limit} bytes, the limit for card files",
                         limit=f"{MAX_FILE_BYTES:,}"))


def _decode(raw: bytes, document: Document) -> str | None:
    nul = raw.find(b"\x00")
    if nul >= 0:
        document.problems.append(error(_byte_position(raw, nul, document.path), "file-binary",
                                       Message("file contains a NUL byte: binary data, not YAML "
                                               "text")))
        return None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        document.problems.append(error(
            _byte_position(raw, exc.start, document.path), "file-encoding",
            Message("file is not UTF-8 text (byte 0x{byte} at offset {offset})",
                    byte=f"{raw[exc.start]:02x}", offset=exc.start)))
        return None


def _byte_position(raw: bytes, offset: int, path: Path) -> Position:
    before = raw[:offset]
    line = before.count(b"\n") + 1
    column = offset - (before.rfind(b"\n") + 1) + 1
    return Position(path, line, column)


def parse_text(text: str, document: Document, *, round_trip: bool = True) -> Document:
    control = find_control_characters(text)
    directives = find_directives(text)
    for line, column, character in control:
        document.problems.append(error(Position(document.path, line, column), "control-character",
                                       character_message(character)))
    for line in directives:
        document.problems.append(error(Position(document.path, line, 1), "yaml-directive",
                                       Message("YAML directives (%YAML, %TAG) are not allowed "
                                               "in card data: they change how the rest of the "
                                               "file reads")))
    if control or directives:
        return document
    try:
        loaded = None if round_trip else read(text, MAX_DEPTH)
    except NestingTooDeep as exc:
        _does_not_parse(document, Position(document.path, exc.line, exc.column), TOO_DEEP)
        return document
    # The reader hands files with aliases or deeper nesting to the round-trip loader.
    checked_structure = loaded is not None
    if loaded is None:
        loaded = _load_round_trip(text, document)
        if loaded is None:
            return document
    document.data = loaded.data
    reported = set()
    # In reading order: the two readers meet the faults in orders of their own.
    for fault in sorted(loaded.policy_faults, key=lambda fault: (fault.line, fault.column)):
        document.rejected_keys.add(fault.entry)
        if (fault.line, fault.column, fault.code) in reported:
            continue  # the same node again, through an alias
        reported.add((fault.line, fault.column, fault.code))
        document.problems.append(error(Position(document.path, fault.line, fault.column),
                                       fault.code, fault.message))
    for key, line, column in sorted(loaded.duplicate_keys, key=lambda found: found[1:]):
        document.problems.append(error(Position(document.path, line, column), "duplicate-key",
                                       Message("key {key} appears twice in the same mapping; "
                                               "the first one is kept", key=repr(key))))
    if not checked_structure:
        _check_structure(document)
    return document


def _load_round_trip(text: str, document: Document) -> Read | None:
    """The data as ruamel.yaml's round-trip loader reads it; None, with the problem added
    to `document`, when it does not parse."""
    yaml = round_trip_yaml()
    try:
        data = yaml.load(text)
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        reason = exc.problem or exc.context or "invalid YAML"
        _does_not_parse(document, Position(document.path, line, column), reason)
        return None
    except (YAMLError, RecursionError) as exc:
        _does_not_parse(document, Position(document.path),
                        TOO_DEEP if isinstance(exc, RecursionError) else str(exc))
        return None
    constructor = yaml.constructor
    return Read(data, constructor.policy_faults, constructor.duplicate_keys)


def _does_not_parse(document: Document, position: Position, reason: Message | str) -> None:
    document.problems.append(error(position, "yaml-syntax",
                                   Message("YAML does not parse: {reason}", reason=reason)))


def _check_structure(document: Document) -> None:
    """Rejects aliases (shared containers) and nesting deeper than MAX_DEPTH.

    Walking by container identity means an alias bomb costs one visit per distinct
    container, never the expansion the aliases would produce.
    """
    seen: set[int] = set()
    stack: list[tuple[Any, Location, int]] = [(document.data, (), 0)]
    while stack:
        node, location, depth = stack.pop()
        if not isinstance(node, (dict, list)):
            continue
        if id(node) in seen:
            _reject(document, location, "yaml-alias",
                    Message("aliases are not allowed in card data: write the value out in full"))
            continue
        seen.add(id(node))
        if depth >= MAX_DEPTH:
            _reject(document, location, "yaml-too-deep",
                    Message("nesting is deeper than {depth} levels", depth=MAX_DEPTH))
            continue
        children = list(node.items() if isinstance(node, dict) else enumerate(node))
        for key, child in reversed(children):  # reversed, so entries pop in reading order
            if isinstance(child, (dict, list)):
                stack.append((child, location + (key,), depth + 1))


def _nearest_key_position(document: Document, location: Location) -> Position:
    """The key a value stands under. (An alias's own position is lost: ruamel records the
    anchored value's position for every reference to it.)"""
    keyed = len(location)
    while keyed and not isinstance(location[keyed - 1], str):
        keyed -= 1
    return document.key_position(location[:keyed])


def _reject(document: Document, location: Location, code: str, message: Message) -> None:
    """Reports the first such fault of a top-level entry and cuts the value out, so no
    later layer walks into it."""
    entry = location[0] if location else None
    if entry not in document.rejected_keys:
        document.problems.append(error(_nearest_key_position(document, location), code, message))
        document.rejected_keys.add(entry)
    parent = _follow(document.data, location[:-1])
    if parent is not None and location:
        parent[location[-1]] = None


def dump_text(data: Any) -> str:
    stream = io.StringIO()
    round_trip_yaml().dump(data, stream)
    return stream.getvalue()
