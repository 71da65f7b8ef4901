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
  `ll:confirmed` (`yes`: the texts are confirmed translations of the English).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from cardkit.checks.provenance import NOT_FACTS
from cardkit.messages import Message
from cardkit.model.base import CardModel
from cardkit.model.database import Database
from cardkit.model.games import GAMES, CardKind, Game
from cardkit.model.provenance import PrintingCitation
from cardkit.model.schema import leaf_types
from cardkit.model.texts import NOT_TEXTS, Entry
from cardkit.source.layout import SOURCE_LANGUAGE

# The paths of the columns that are no fact or text: a `#` no field path holds keeps a
# game's own fact named `number` (ISS Vanguard's cards) apart from a printed card's number.
PRINTING, NUMBER, CONFIRMED = "#printing", "#number", "#confirmed"


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
        return self.language is None and self.path not in (PRINTING, NUMBER, "id")


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
