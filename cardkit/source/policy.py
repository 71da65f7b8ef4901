"""The YAML the database accepts: plain data, nothing that YAML would turn into more.

The database needs mappings, lists and the scalars of YAML's JSON schema (text, whole and
decimal numbers in JSON's notation, true/false, null). Everything else YAML can express
is refused at its own position, on the composed node tree and before anything is
constructed, so no Python object is ever made from it:

- merge keys (`<<`), which copy other mappings in and can multiply (a merge bomb);
- keys that are lists or mappings, which Python cannot always hold as keys;
- tags other than the standard ones (`!foo`, `!!python/tuple`, `!!omap`, `!!timestamp`),
  and a standard tag on text that is not of its type (`!!int abc`, `!!bool yes`);
- number forms outside JSON's (`013`, `0x0d`, `0o17`, `1_000`, `.inf`, the
  sexagesimal `1:30` that YAML 1.1 reads as 90), which readers
  disagree on, and whole numbers longer than MAX_INT_DIGITS, checked on their digits so
  no huge number ever reaches Python's int();
- control characters in a text (also those written as escapes such as `"\\x1b"`) and the
  characters that change how a text reads (bidirectional controls, line separators,
  non-characters, a byte-order mark past the start of the file: `characters.py`), and
  texts of only whitespace or invisible characters.

Directives (`%YAML`, `%TAG`) change how the rest of a file reads; `find_directives` finds
them in the raw text, before parsing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ruamel.yaml.resolver import VersionedResolver

from cardkit.messages import Message
from cardkit.source.characters import (BYTE_ORDER_MARK, UNSAFE_CHARACTERS, blank_description,
                                       character_message, first_forbidden, forbidden_characters)

MAX_INT_DIGITS = 15
EXCERPT_LENGTH = 24

TAG = "tag:yaml.org,2002:"
STR, INT, FLOAT, BOOL, NULL = (TAG + name for name in ("str", "int", "float", "bool", "null"))
MAP, SEQ, MERGE = TAG + "map", TAG + "seq", TAG + "merge"
SCALAR_TAGS = {STR, INT, FLOAT, BOOL, NULL}

JSON_INT = re.compile(r"-?(0|[1-9][0-9]*)")
JSON_FLOAT = re.compile(r"-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?")
BOOL_FORMS = {"true", "false", "True", "False", "TRUE", "FALSE"}
NULL_FORMS = {"", "~", "null", "Null", "NULL"}
DIGITS = re.compile(r"[0-9_]+")
SEXAGESIMAL = re.compile(r"[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+(\.[0-9_]*)?")
# In the file: control characters other than tab and newline (a carriage return only
# before a newline), and the characters no text may hold (a byte-order mark may open it).
RAW_FORBIDDEN = re.compile(f"[\\x00-\\x08\\x0b\\x0c\\x0e-\\x1f\\x7f-\\x9f{UNSAFE_CHARACTERS}]|\\r(?!\\n)")



def _compiled(form):
    """A resolver's pattern itself: ruamel.yaml compiles them on first use, behind a proxy
    that runs Python on every attribute it is asked for (each match)."""
    lazy = getattr(form, "lazy_self", None)
    return lazy() if lazy is not None else form


# The tags YAML 1.2 gives plain scalars by their first character and form, as ruamel.yaml
# resolves them (both readers of `yamlfile.py` tag by this one table).
_IMPLICIT = {first: tuple((tag, _compiled(form)) for tag, form in resolvers)
             for first, resolvers in VersionedResolver().versioned_resolver.items()}


@dataclass(frozen=True)
class Fault:
    line: int
    column: int
    code: str
    message: Message
    # The top-level key of the entry the fault lies in (None at the top level itself).
    entry: str | None


def excerpt(text: str) -> str:
    """A short, escaped quotation of input, safe to put in a message."""
    shown = repr(text[:EXCERPT_LENGTH])
    return shown + "..." if len(text) > EXCERPT_LENGTH else shown


def find_control_characters(text: str) -> list[tuple[int, int, str]]:
    """(line, column, character) of every control character of the raw text, and of every
    character no text may hold."""
    found = []
    line, line_start = 1, 0
    newline = text.find("\n")
    for match in forbidden_characters(text, RAW_FORBIDDEN):
        if match.start() == 0 and match.group() == BYTE_ORDER_MARK:
            continue
        while 0 <= newline < match.start():
            line, line_start = line + 1, newline + 1
            newline = text.find("\n", line_start)
        found.append((line, match.start() - line_start + 1, match.group()[0]))
    return found


def find_directives(text: str) -> list[int]:
    """The lines of the directives (`%YAML`, `%TAG`) before the document starts."""
    lines = []
    for number, line in enumerate(text.split("\n", 200)[:200], 1):
        if line.startswith("%"):
            lines.append(number)
        elif line.startswith("---") or (line.strip() and not line.lstrip().startswith("#")):
            break
    return lines


def implicit_tag(value: str) -> str:
    """The tag a plain scalar gets from its text alone."""
    for tag, form in _IMPLICIT.get(value[:1], ()):
        if form.match(value):
            return tag
    return STR


def check_nodes(root, scalar_node: type) -> tuple[list[Fault], bool]:
    """Every fault of the tree under `root`, and whether `root` itself is refused.

    The tree is the round-trip loader's (`scalar_node` is ruamel.yaml's scalar node
    class); the libyaml reader meets the same `scalar_fault` and `key_fault` as it reads.
    Offending values are replaced by null and offending keys (and merge keys) removed, in
    place, so what is constructed afterwards is plain data. Each node is visited once,
    however often aliases repeat it.
    """
    faults: list[Fault] = []
    if _check_node(root, None, faults):
        return faults, True
    seen: set[int] = set()
    stack: list[tuple[Any, str | None]] = [(root, None)]
    while stack:
        node, entry = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if node.id == "mapping":
            kept = []
            for key, value in node.value:
                key_entry = key.value if node is root and key.id == "scalar" else entry
                if key.id != "scalar" or key.tag == MERGE:
                    mark = key.start_mark
                    faults.append(key_fault(key.id == "scalar", mark.line + 1, mark.column + 1,
                                            key_entry))
                    continue
                if _check_node(key, key_entry, faults, is_key=True):
                    continue
                if _check_node(value, key_entry, faults):
                    value = _null_like(value, scalar_node)
                else:
                    stack.append((value, key_entry))
                kept.append((key, value))
            node.value[:] = kept
        elif node.id == "sequence":
            for index, item in enumerate(node.value):
                if _check_node(item, entry, faults):
                    node.value[index] = _null_like(item, scalar_node)
                else:
                    stack.append((item, entry))
    return faults, False


def key_fault(scalar: bool, line: int, column: int, entry: str | None) -> Fault:
    """The fault of a key that is a list or mapping (not `scalar`) or a merge key (<<)."""
    if not scalar:
        return Fault(line, column, "yaml-complex-key",
                     Message("a list or mapping as a key: keys in card data are plain text or "
                             "numbers"), entry)
    return Fault(line, column, "yaml-merge-key",
                 Message("merge keys (<<) are not allowed in card data: write the entries out in "
                         "full"), entry)


def _check_node(node, entry: str | None, faults: list[Fault], is_key: bool = False) -> bool:
    """Whether `node` itself is refused (its fault added to `faults`)."""
    tag, mark = node.tag, node.start_mark
    if node.id == "scalar":
        fault = scalar_fault(node.value, tag, node.style, mark.line + 1, mark.column + 1, entry,
                             is_key)
        if fault is None and tag not in (INT, FLOAT, BOOL, NULL):
            node.tag = STR  # the same tag without the handle: an explicit !!str is plain text
    elif tag != (MAP if node.id == "mapping" else SEQ):
        fault = _tag_fault(tag, mark.line + 1, mark.column + 1, entry)
    else:
        fault = None
    if fault is not None:
        faults.append(fault)
    return fault is not None


def scalar_fault(value: str, tag: str, style: str | None, line: int, column: int,
                 entry: str | None, is_key: bool = False) -> Fault | None:
    """What is wrong with a scalar as written (its text, tag and quoting style; None for
    plain), standing at `line` and `column`; None when it is plain data."""
    def fault(code: str, message: Message) -> Fault:
        return Fault(line, column, code, message, entry)

    def form_fault(what: Message) -> Fault:
        if style is not None or implicit_tag(value) != tag:  # the tag was written
            return fault("yaml-tag", Message("!!{tag} on {value}, which is not {what}",
                                             tag=tag.removeprefix(TAG), value=excerpt(value),
                                             what=what))
        return fault("yaml-number-form",
                     Message("{value} is not a number as JSON writes it (readers disagree on "
                             "octal, hexadecimal and other YAML 1.1 forms); write it in decimal, "
                             "or quote it to keep it as text", value=excerpt(value)))

    if tag not in SCALAR_TAGS:
        if tag == TAG + "timestamp" and style is None:
            return fault("yaml-tag", Message("{value} reads as a date, which card data does not "
                                             "hold; quote it to keep it as text",
                                             value=excerpt(value)))
        return _tag_fault(tag, line, column, entry)
    if tag == INT:
        digits = value.lstrip("+-")
        if DIGITS.fullmatch(digits) and len(digits.replace("_", "")) > MAX_INT_DIGITS:
            return fault("number-too-large",
                         Message("a whole number of {digits} digits; numbers in card data have "
                                 "at most {most}", digits=f"{len(digits):,}", most=MAX_INT_DIGITS))
        return None if JSON_INT.fullmatch(value) else form_fault(Message("a whole number"))
    if tag == FLOAT:
        return (None if JSON_FLOAT.fullmatch(value) and len(value) <= 2 * MAX_INT_DIGITS
                else form_fault(Message("a decimal number")))
    if tag == BOOL:
        return None if value in BOOL_FORMS else form_fault(Message("true or false"))
    if tag == NULL:
        return None if value in NULL_FORMS else form_fault(Message("null"))
    # ruamel.yaml marks the folds of a folded scalar (>) with BEL; such a scalar has no
    # escapes, and a BEL in the file itself is refused on the raw text.
    control = first_forbidden(value.replace("\a", "") if style == ">" else value)
    if style is None and SEXAGESIMAL.fullmatch(value):
        return form_fault(Message("a number"))  # YAML 1.1 reads `1:30` as 90
    if control:
        return fault("control-character", character_message(control.group()))
    blank = None if is_key else blank_description(value)
    if blank:
        return fault("blank-text", Message("a text of only {blank}; write the text, or leave "
                                           "the field out", blank=blank))
    return None


def _tag_fault(tag: str, line: int, column: int, entry) -> Fault:
    shown = "!!" + tag.removeprefix(TAG) if tag.startswith(TAG) else tag
    return Fault(line, column, "yaml-tag",
                 Message("tag {tag} is not allowed in card data: only plain text, numbers, "
                         "true/false, mappings and lists", tag=excerpt(shown)), entry)


def _null_like(node, scalar_node: type):
    """A plain null standing where a refused node stood."""
    return scalar_node(NULL, "", start_mark=node.start_mark, end_mark=node.end_mark)
