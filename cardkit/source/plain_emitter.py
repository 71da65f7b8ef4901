"""Top-level entries written as `dump_text` writes them, fast, where they are plain.

ruamel.yaml's emitter is pure Python and walks every node through its representer,
serializer and emitter: a sheet of 500 new cards (1,500 entries in three files) spent about
half its import there. Most new entries are plain: mappings and lists of one-line texts,
whole numbers and yes/no, lists of them on one line (`facts: [name, powers]`), none needing
more than single quotes nor long enough to fold. Those are written here by the same rules
ruamel.yaml follows with the project's configuration (mappings indented by 2, a list's dash
2 in and its items 4). Anything else sends its whole entry to ruamel.yaml: a text that
would be double-quoted or folded, an empty mapping or list, a styled string or list, a
mapping with comments, a nested list. tests/source/test_plain_emitter.py holds the two to
the same bytes on every entry of the shipped database and on generated ones.
"""

from __future__ import annotations

from typing import Any

from ruamel.yaml.comments import CommentedSeq
from ruamel.yaml.nodes import ScalarNode

from cardkit.source.yamlfile import round_trip_yaml

STR_TAG = "tag:yaml.org,2002:str"
# ruamel.yaml folds a plain text at a space once a line passes its width (100); a line
# kept well short of it is never folded.
LONGEST_LINE = 96
# Characters a text may hold past its first (a letter or digit) for ruamel.yaml to write it
# plain or in single quotes in block context; `:` and `#` are left out, as are all that
# begin a line's syntax.
_PUNCTUATION = frozenset(" .,;!?()'/-_")
_RESOLVER = round_trip_yaml().resolver


class _NotPlain(Exception):
    """The entry holds something only ruamel.yaml can write as it would."""


def plain_entries(entries: dict[str, Any]) -> dict[str, list[str] | None]:
    """Each entry's lines as `dump_text` writes `{key: value}`, or None for an entry that
    is not plain, which the caller writes with ruamel.yaml."""
    written: dict[str, list[str] | None] = {}
    for key, value in entries.items():
        lines: list[str] = []
        try:
            _pair(key, value, 0, lines)
        except _NotPlain:
            written[key] = None
        else:
            written[key] = lines
    return written


def _pair(key: Any, value: Any, indent: int, lines: list[str], lead: str | None = None) -> None:
    """`key: value` at `indent`; `lead` replaces the indent on the first line (a list item's
    `- `)."""
    start = lead if lead is not None else " " * indent
    name = _text(key, len(start))
    if type(value) is dict:
        if not value:
            raise _NotPlain
        lines.append(f"{start}{name}:\n")
        for inner_key, inner in value.items():
            _pair(inner_key, inner, indent + 2, lines)
    elif type(value) is list:
        if not value:
            raise _NotPlain
        lines.append(f"{start}{name}:\n")
        for item in value:
            _item(item, indent + 2, lines)
    elif isinstance(value, CommentedSeq) and value.fa.flow_style() and value and not value.ca.items:
        items = ", ".join(_flow_scalar(item) for item in value)
        line = f"{start}{name}: [{items}]\n"
        if len(line) > LONGEST_LINE:
            raise _NotPlain
        lines.append(line)
    else:
        lines.append(f"{start}{name}: {_scalar(value, len(start) + len(name) + 2)}\n")


def _item(item: Any, indent: int, lines: list[str]) -> None:
    """One list item, its dash at `indent` and what it holds 2 further in."""
    lead = " " * indent + "- "
    if type(item) is dict:
        if not item:
            raise _NotPlain
        for index, (key, value) in enumerate(item.items()):
            _pair(key, value, indent + 2, lines, lead if index == 0 else None)
    else:  # a nested list or a styled mapping is refused by _scalar
        lines.append(f"{lead}{_scalar(item, len(lead))}\n")


def _scalar(value: Any, column: int) -> str:
    if isinstance(value, (dict, list)):  # a styled or commented one: ruamel.yaml's to write
        raise _NotPlain
    if value is True or value is False:
        return "true" if value else "false"
    if type(value) is int:
        return str(value)
    return _text(value, column)


def _flow_scalar(value: Any) -> str:
    """An item of a list written on one line (`[name, powers]`), where a comma would end it."""
    if isinstance(value, str) and "," in value:
        raise _NotPlain
    return _scalar(value, 0)


def _text(value: Any, column: int) -> str:
    """A text starting at `column` as ruamel.yaml would write it: plain, or in single
    quotes where it would read back as another type (a printed number `'07'`, `'true'`)."""
    if (type(value) is not str or not value or not value[0].isalnum() or value[-1] == " "
            or column + len(value) + 2 > LONGEST_LINE
            or not all(character.isalnum() or character in _PUNCTUATION for character in value)):
        raise _NotPlain
    if _RESOLVER.resolve(ScalarNode, value, (True, False)) != STR_TAG:
        return "'" + value.replace("'", "''") + "'"
    return value
