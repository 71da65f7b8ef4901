"""The layout `cardkit sheet export` writes and `cardkit sheet import` reads back: the
cards of one kind of one game as a spreadsheet, one row per card. `sheet_export.py` writes
it; `sheet_cells.py` reads a sheet's cells back into rows, and `sheet_import.py` turns the
rows into edits.

The layout (docs/data.md shows it):

- `A1` names the game and kind (`duel alien`); column A holds the card ids;
- a column per fact, nested fields flattened with dotted names (`powers.punish.timing`,
  the halves of a tactic numbered from 1: `halves.1.icon`), a list of plain values as one
  cell (`red, blue`);
- `printing` and `number`: the printed card the row's facts are cited to;
- per language `ll:` + each text's path (`es:powers.punish.text`), `ll:printing` and
  `ll:number` (the printed card its texts are cited to), and, but for English,
  `ll:confirmed` (`yes`: the texts are confirmed translations of the English);
- last, `cardkit base` (hidden in XLSX and ODS): per row, what the row was exported from
  (`RowBase`), so the import tells the sheet's edits from the database's since.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import re
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from cardkit.checks.provenance import NOT_FACTS
from cardkit.intake.grid import BASE_HEADER
from cardkit.messages import Message
from cardkit.model.base import CardModel
from cardkit.model.database import Database
from cardkit.model.games import GAMES
from cardkit.model.kinds import CardKind, Game
from cardkit.model.provenance import PrintingCitation
from cardkit.model.schema import leaf_types
from cardkit.model.texts import NOT_TEXTS, Entry
from cardkit.source.layout import SOURCE_LANGUAGE

# The paths of the columns that are no fact or text: a `#` no field path holds keeps a
# game's own fact named `number` (ISS Vanguard's cards) apart from a printed card's number.
PRINTING, NUMBER, CONFIRMED, BASE = "#printing", "#number", "#confirmed", "#base"


@dataclass(frozen=True)
class Column:
    header: str
    language: str | None  # None for a fact, the printing of facts and the id
    path: str  # a fact's or text's dotted path, or `printing`, `number`, `confirmed`
    types: frozenset[str] = frozenset()  # the JSON types the field takes

    @property
    def is_text(self) -> bool:
        return self.language is not None and self.path not in (PRINTING, NUMBER, CONFIRMED)

    @property
    def is_fact(self) -> bool:
        return self.language is None and self.path not in (PRINTING, NUMBER, BASE, "id")


BASE_COLUMN = Column(BASE_HEADER, None, BASE, frozenset({"string"}))


# Flattening


def flat_paths(value: Any, prefix: str = "") -> dict[str, Any]:
    """The plain values of nested data by dotted path; a list of mappings numbered from 1,
    a list of plain values kept whole."""
    found: dict[str, Any] = {}
    if isinstance(value, dict):
        for key, child in value.items():
            found |= flat_paths(child, f"{prefix}.{key}" if prefix else str(key))
    elif isinstance(value, list) and any(isinstance(item, dict) for item in value):
        for number, child in enumerate(value, 1):
            found |= flat_paths(child, f"{prefix}.{number}")
    elif value not in (None, [], {}):
        found[prefix] = value
    return found


def nested(flat: dict[str, Any], into: dict) -> dict:
    """`into` with each dotted path of `flat` set; mappings of numbers become lists."""
    for path, value in flat.items():
        node = into
        *outer, last = path.split(".")
        for step in outer:
            if isinstance(node, list):
                while len(node) < int(step):
                    node.append({})
                node = node[int(step) - 1]
                continue
            child = node.get(step)
            if child is None:
                child = node[step] = {}
            node = child
        if isinstance(node, list):
            while len(node) < int(last):
                node.append({})
            node[int(last) - 1] = value
        else:
            node[last] = value
    return _lists(into)


def _lists(value: Any) -> Any:
    if isinstance(value, dict):
        value = {key: _lists(child) for key, child in value.items()}
        if value and all(key.isdigit() for key in value):
            return [value[key] for key in sorted(value, key=int)]
    elif isinstance(value, list):
        return [_lists(child) for child in value]
    return value


def card_facts(card: CardModel) -> dict:
    return card.model_dump(mode="json", exclude_none=True, exclude=NOT_FACTS)


def entry_texts(entry: Entry | None) -> dict:
    if entry is None:
        return {}
    return entry.model_dump(mode="json", exclude_none=True,
                            exclude=set(NOT_TEXTS))


# The layout of a kind


def columns_for(game: Game, kind: CardKind, database: Database, languages: list[str]) -> list[Column]:
    cards = [card for card in database.cards_of_kind(kind.name, game.name)]
    columns = [Column(f"{game.name} {kind.name}", None, "id", frozenset({"string"}))]
    fact_paths = _ordered_paths(kind.facts, [card_facts(card) for card in cards], NOT_FACTS)
    columns += [Column(path, None, path, leaf_types(kind.facts, path)) for path in fact_paths]
    taken = set(fact_paths) | set(kind.facts.model_fields)
    columns += [Column(_citation_header(PRINTING, taken), None, PRINTING, frozenset({"string"})),
                Column(_citation_header(NUMBER, taken), None, NUMBER, frozenset({"string"}))]
    if kind.texts is None:
        return columns
    for language in languages:
        entries = [entry_texts(database.texts.get(language, {}).get(card.id)) for card in cards]
        paths = ["name"] + [path for path in _ordered_paths(kind.texts, entries, NOT_TEXTS)
                            if path != "name"]
        columns += [Column(f"{language}:{path}", language, path, frozenset({"string"})) for path in paths]
        columns += [Column(f"{language}:{PRINTING[1:]}", language, PRINTING, frozenset({"string"})),
                    Column(f"{language}:{NUMBER[1:]}", language, NUMBER, frozenset({"string"}))]
        if language != SOURCE_LANGUAGE:
            columns.append(Column(f"{language}:{CONFIRMED[1:]}", language, CONFIRMED, frozenset({"boolean"})))
    return columns


class CurrentValues:
    """What the database's cards hold now, by column; each card's fields are flattened once
    per language, not once per column."""

    def __init__(self, database: Database):
        self.database = database
        self._flat: dict[tuple[str, str | None], dict[str, Any]] = {}

    def __call__(self, card_id: str, column: Column) -> Any:
        """What the card's field holds now (a list of plain values whole), None for a card or
        field the database does not have."""
        database = self.database
        card = database.cards.get(card_id)
        if card is None:
            return None
        if column.path == "id" and column.language is None:
            return card.id
        entry = database.texts.get(column.language, {}).get(card_id) if column.language else None
        if column.path in (PRINTING, NUMBER):
            groups = entry.sources if entry is not None else card.sources if column.language is None else []
            citation = first_printing(groups)
            return getattr(citation, column.path[1:]) if citation is not None else None
        if column.path in (CONFIRMED, BASE):
            return None  # no field: `confirmed` is the owner's to fill, yes confirming the texts
        key = (card_id, column.language)
        flat = self._flat.get(key)
        if flat is None:
            flat = self._flat[key] = flat_paths(card_facts(card) if column.language is None
                                                else entry_texts(entry))
        return flat.get(column.path)


def cell_value(value: Any) -> Any:
    """A field's value as its cell holds it: a list of plain values as `red, blue`."""
    if isinstance(value, list):
        return ", ".join(str(item) for item in value)
    return value


# The base of a row: per column exported, a group of eight letters, four of its header's
# fingerprint and four of its value's, after eight of the whole's (with the card's id), so
# a base changed by hand, or moved onto another card's row, is told from one the export
# wrote. Twenty bits a value: a value changed reads as unchanged once in a million.
_GROUP = 4
_SEPARATOR = "\x1f"
_BASE_TEXT = re.compile(r"[a-z2-7]{8}( [a-z2-7]{8})*")


@functools.lru_cache(maxsize=1024)
def _header_digest(header: str) -> str:
    return _digest(header, _GROUP)


def _digest(text: str, letters: int) -> str:
    digest = hashlib.blake2b(text.encode("utf-8"), digest_size=10).digest()
    return base64.b32encode(digest).decode("ascii").lower()[:letters]


def _value_digest(header: str, value: Any) -> str:
    return _digest(header + _SEPARATOR + _canonical(value), _GROUP)


def _canonical(value: Any) -> str:
    """One text for the value however the sheet gives it back: `7` for 7 and 7.0, `red,
    blue` for the list and for the cell."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    value = cell_value(value)
    return "" if value is None else str(value)


def same_value(one: Any, other: Any) -> bool:
    """Whether two values of a field are the same however the sheet gives them back."""
    return _canonical(one) == _canonical(other)


def shown(value: Any) -> str:
    """A field's value as a message quotes it."""
    return repr(_canonical(value))


@dataclass(frozen=True)
class RowBase:
    """What the cells of one card's row held when it was exported, as fingerprints."""

    values: dict[str, frozenset[str]]  # per header's fingerprint, its values' fingerprints

    @staticmethod
    def written(card_id: str, cells: dict[str, Any]) -> str:
        """The base cell of a row whose cells (by header) are exported."""
        groups = " ".join(_header_digest(header) + _value_digest(header, value)
                          for header, value in cells.items())
        return f"{_digest(card_id + _SEPARATOR + groups, 2 * _GROUP)} {groups}".strip()

    @staticmethod
    def read(card_id: str, text: Any) -> RowBase | None:
        """The base a cell holds, or None when it is not one the export wrote for the card."""
        if not isinstance(text, str) or not _BASE_TEXT.fullmatch(text.strip()):
            return None
        check, _, groups = text.strip().partition(" ")
        if check != _digest(card_id + _SEPARATOR + groups, 2 * _GROUP):
            return None
        values: dict[str, set[str]] = {}
        for group in groups.split():
            values.setdefault(group[:_GROUP], set()).add(group[_GROUP:])
        return RowBase({key: frozenset(found) for key, found in values.items()})

    def exported(self, header: str, value: Any) -> bool | None:
        """Whether the column's cell held the value when exported; None for a column the
        export did not write."""
        found = self.values.get(_header_digest(header))
        if found is None:
            return None
        return _value_digest(header, value) in found


def _citation_header(marker: str, fact_paths: set[str]) -> str:
    """The header of the facts' printing or printed number column: `printing`, `number`,
    or `printed number` where the kind has a fact of that name."""
    name = marker[1:]
    return f"printed {name}" if name in fact_paths else name


def _ordered_paths(model: type, datas: list[dict], skip: Collection[str]) -> list[str]:
    """Every plain field of the model the cards give, in the model's field order, then in
    the order the cards give them; the top-level plain fields of the model even when no
    card gives them, so a sheet of new cards has its columns."""
    by_field: dict[str, list[str]] = {name: [] for name in model.model_fields if name not in skip}
    for data in datas:
        for path in flat_paths(data):
            top = path.split(".")[0]
            if top in by_field and path not in by_field[top]:
                by_field[top].append(path)
    for name, paths in by_field.items():
        if not paths and leaf_types(model, name):
            paths.append(name)
    return [path for paths in by_field.values() for path in paths]


def first_printing(groups) -> PrintingCitation | None:
    return next((citation for group in groups for citation in group.cites
                 if isinstance(citation, PrintingCitation)), None)


class SheetUsage(Exception):
    """The game, kind or language asked for is not in the database."""


def resolve_kind(database: Database, game_name: str, kind_name: str) -> tuple[Game, CardKind]:
    held = sorted(name for name in GAMES if name in database.boxes)
    if game_name not in held:
        raise SheetUsage(Message("the database has no game {game}; it has {known}", game=repr(game_name),
                                 known=", ".join(held) or Message("none")))
    game = GAMES[game_name]
    kind = game.kind(kind_name)
    if kind is None:
        raise SheetUsage(Message("{game} has no card kind {kind}; its kinds are {kinds}",
                                 game=game.name, kind=repr(kind_name),
                                 kinds=", ".join(kind.name for kind in game.kinds)))
    return game, kind
