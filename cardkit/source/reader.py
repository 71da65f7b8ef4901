"""Reading a YAML file through libyaml, for the callers that never write it back.

ruamel.yaml's round-trip loader keeps comments and quoting, which `fmt` and every edit
need, but it parses in pure Python at about 125 microseconds a key. Validating, building
and the other readers need only the data and where each value stands, so they read through
libyaml, the C parser that PyYAML ships in its wheels: its events are turned into the same
node tree the round-trip loader composes (plain scalars tagged by the YAML 1.2 rules,
as ruamel.yaml tags them), the one loader policy (`policy.check_nodes`) runs on that
tree, and the same containers are constructed with the same line and column of every key,
value and item. The data reads as the round-trip loader's would; only comments and the
quoting style of texts are not kept.

Whatever the round-trip loader would report in its own words, or place in a way of its
own, is left to it: `read` returns None for a file libyaml does not parse, and for one
with tabs, tags, anchors or aliases, an empty value
(`key:` with nothing after it: the round-trip loader places it by the next token and its
comments), more than one document, or nesting deeper than `max_depth` (the events are
consumed one at a time, so no nesting, however deep, can exhaust the stack first). Card
data has none of these, so the round-trip loader reads only broken or unusual files.
"""

from __future__ import annotations

import gc
from dataclasses import dataclass, field
from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq, LineCol
from yaml import YAMLError
from yaml._yaml import CParser
from yaml.events import (DocumentEndEvent, DocumentStartEvent, MappingEndEvent,
                         MappingStartEvent, ScalarEvent, SequenceEndEvent, SequenceStartEvent,
                         StreamEndEvent)
from yaml.nodes import MappingNode, ScalarNode, SequenceNode

from cardkit.source.policy import (BOOL, FLOAT, INT, MAP, NULL, SEQ, STR, Fault, check_nodes,
                                   implicit_tag)

TRUE_FORMS = {"true", "True", "TRUE"}
# Tabs: ruamel.yaml refuses them in places where libyaml takes them as spaces. (The line
# and paragraph separators, which libyaml counts as line breaks inside quotes and ruamel.yaml
# does not, never get here: `policy` refuses them in the raw text before either reads it.)
AMBIGUOUS_CHARACTERS = ("\t",)


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
    collecting = gc.isenabled()
    gc.disable()  # hundreds of thousands of new objects, none of them in a cycle
    try:
        root = _compose(text, max_depth)
        if root is False:
            return None
        if root is None:
            return Read(None)
        faults, root_refused = check_nodes(root, ScalarNode)
        if root_refused:
            return Read(None, faults)
        result = Read(None, faults)
        result.data = _construct(root, result.duplicate_keys)
        return result
    finally:
        if collecting:
            gc.enable()


def _compose(text: str, max_depth: int):
    """The root node, None for a file without a document, False when it is not ours."""
    parser = CParser(text)
    get_event = parser.get_event
    try:
        get_event()  # the stream's start
        event = get_event()
        if type(event) is StreamEndEvent:
            return None
        if type(event) is not DocumentStartEvent:
            return False
        open_nodes: list[Any] = []
        root = None
        while root is None:
            event = get_event()
            kind = type(event)
            if kind is ScalarEvent:
                value = event.value
                if event.anchor is not None or event.tag is not None or not (value or event.style):
                    return False
                tag = implicit_tag(value) if event.implicit[0] else STR
                node = ScalarNode(tag, value, event.start_mark, event.end_mark, event.style or None)
            elif kind is MappingStartEvent or kind is SequenceStartEvent:
                if event.anchor is not None or event.tag is not None or len(open_nodes) >= max_depth:
                    return False
                if kind is MappingStartEvent:
                    node = MappingNode(MAP, [], event.start_mark, None, event.flow_style)
                else:
                    node = SequenceNode(SEQ, [], event.start_mark, None, event.flow_style)
                open_nodes.append(node)
                continue
            elif kind is MappingEndEvent or kind is SequenceEndEvent:
                node = open_nodes.pop()
                node.end_mark = event.end_mark
                if kind is MappingEndEvent:
                    flat = node.value
                    node.value = list(zip(flat[::2], flat[1::2]))
            else:  # an alias
                return False
            if open_nodes:
                open_nodes[-1].value.append(node)
            else:
                root = node
        if type(get_event()) is not DocumentEndEvent or type(get_event()) is not StreamEndEvent:
            return False
        return root
    except YAMLError:
        return False


def _scalar(node: ScalarNode) -> Any:
    tag, value = node.tag, node.value
    if tag == INT:
        return int(value)
    if tag == FLOAT:
        return float(value)
    if tag == BOOL:
        return value in TRUE_FORMS
    if tag == NULL:
        return None
    return value


def _construct(root, duplicate_keys: list) -> Any:
    """The containers the round-trip loader makes, with its line and column records; each
    mapping keeps the first of duplicate keys and `duplicate_keys` records the others."""
    if root.id == "scalar":
        return _scalar(root)
    built = {}
    stack = [root]
    order = []
    while stack:  # every container once, parents before children
        node = stack.pop()
        order.append(node)
        built[id(node)] = CommentedMap() if node.id == "mapping" else CommentedSeq()
        children = (value for _, value in node.value) if node.id == "mapping" else node.value
        stack.extend(child for child in children if child.id != "scalar")
    for node in order:
        container = built[id(node)]
        positions = LineCol()
        positions.line, positions.col = node.start_mark.line, node.start_mark.column
        positions.data = {}
        setattr(container, LineCol.attrib, positions)
        if node.id == "mapping":
            for key_node, value_node in node.value:
                key = _scalar(key_node)
                if key in positions.data:
                    mark = key_node.start_mark
                    duplicate_keys.append((key, mark.line + 1, mark.column + 1))
                    continue
                value = _scalar(value_node) if value_node.id == "scalar" else built[id(value_node)]
                container[key] = value
                positions.data[key] = [key_node.start_mark.line, key_node.start_mark.column,
                                       value_node.start_mark.line, value_node.start_mark.column]
        else:
            for index, item in enumerate(node.value):
                container.append(_scalar(item) if item.id == "scalar" else built[id(item)])
                positions.data[index] = [item.start_mark.line, item.start_mark.column]
    return built[id(root)]
