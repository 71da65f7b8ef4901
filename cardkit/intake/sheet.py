"""`cardkit sheet export` and `cardkit sheet import`: the cards of one kind of one game as
a spreadsheet, one row per card, and back.

The layout (docs/data.md shows it):

- `A1` names the game and kind (`duel alien`); column A holds the card ids;
- a column per fact, nested fields flattened with dotted names (`powers.punish.timing`,
  the halves of a tactic numbered from 1: `halves.1.icon`), a list of plain values as one
  cell (`red, blue`);
- `printing` and `number`: the printed card the row's facts are cited to;
- per language `ll:` + each text's path (`es:powers.punish.text`), `ll:printing` and
  `ll:number` (the printed card its texts are cited to), and, but for English,
  `ll:confirmed` (`yes`: the texts are confirmed translations of the English).

Importing reads that layout back: a new id is a new card (the facts it lacks listed under
`unknown`), a changed cell is an edited field, an empty cell leaves its field as it is.
Every cell is read by the type its field has (from the models' JSON Schemas), so a number
or date that a spreadsheet made of a text is refused, not guessed back. The edits go
through the one writer (`i18n/writer.py`), the database as they would leave it through
every check of `validate` (`Checked.edited`); any error refuses the whole sheet, naming
the cell, and nothing is written. An unchanged export imports as no edit at all.
"""

from __future__ import annotations

import copy
import datetime
import difflib
import re
from collections import Counter
from collections.abc import Collection
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from cardkit.checks.provenance import NOT_FACTS
from cardkit.checks.runner import Checked
from cardkit.i18n.writer import FACTS_TAIL, EntryValue, LocaleEdits, Translation, write_texts
from cardkit.intake.grid import Grid, SheetRefused, grid_bytes
from cardkit.intake.new import file_of
from cardkit.model.base import CardModel
from cardkit.model.database import Database
from cardkit.model.games import GAMES, CardKind, Game
from cardkit.model.provenance import PrintingCitation
from cardkit.model.schema import json_schema
from cardkit.model.texts import ENTRY_METADATA, Entry, fingerprint
from cardkit.problems import Problem, Severity
from cardkit.source.layout import SOURCE_LANGUAGE
from cardkit.source.policy import MAX_INT_DIGITS

TEXT_SKIP = ("id", "kind", "sources", *ENTRY_METADATA)
# The paths of the columns that are no fact or text: a `#` no field path holds keeps a
# game's own fact named `number` (ISS Vanguard's cards) apart from a printed card's number.
PRINTING, NUMBER, CONFIRMED = "#printing", "#number", "#confirmed"
YES, NO = ("yes", "true", "1", "x", "sí", "si", "ja"), ("no", "false", "0", "nein")
WHOLE_NUMBER = re.compile(r"-?(0|[1-9][0-9]*)")
# A number as a spreadsheet writes it in text: 2.5, -0.25 (a point, never a comma).
DECIMAL_NUMBER = re.compile(r"-?(0|[1-9][0-9]*)(\.[0-9]+)?")
LIST_SEPARATOR = re.compile(r"\s*,\s*")
_POSITION = re.compile(r":\d+(:\d+)?")


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


# The fields' types, from the models' JSON Schemas


@lru_cache(maxsize=None)
def _schema(model: type) -> dict:
    return json_schema(model)


def leaf_types(model: type, path: str) -> frozenset[str]:
    """The JSON types the field at `path` takes in `model` (`integer`, `string`, `array`
    of plain values...), empty when the path names no plain field there."""
    schema = _schema(model)
    found: set[str] = set()
    for node in _resolve(schema, schema, path.split(".")):
        found |= _types(schema, node)
    return frozenset(found - {"null"})


def _deref(schema: dict, node: dict) -> dict:
    while "$ref" in node:
        node = schema["$defs"][node["$ref"].rsplit("/", 1)[1]]
    return node


def _resolve(schema: dict, node: dict, segments: list[str]) -> list[dict]:
    node = _deref(schema, node)
    branches = node.get("anyOf") or node.get("oneOf")
    if branches:
        return [found for branch in branches for found in _resolve(schema, branch, segments)]
    if not segments:
        return [node]
    head, *rest = segments
    if head in node.get("properties", {}):
        return _resolve(schema, node["properties"][head], rest)
    for pattern, child in node.get("patternProperties", {}).items():
        if re.search(pattern, head):
            return _resolve(schema, child, rest)
    if isinstance(node.get("additionalProperties"), dict):
        return _resolve(schema, node["additionalProperties"], rest)
    if node.get("type") == "array" and head.isdigit() and int(head) >= 1 and "items" in node:
        return _resolve(schema, node["items"], rest)
    return []


def _types(schema: dict, node: dict) -> set[str]:
    node = _deref(schema, node)
    if "const" in node:
        return {"string"} if isinstance(node["const"], str) else {"integer"}
    kind = node.get("type")
    if kind in ("string", "integer", "boolean", "null", "number"):
        return {kind}
    if kind == "array":
        items = _types(schema, node.get("items", {}))
        return {"array"} if items and items <= {"string", "integer"} else set()
    return set()


# Flattening


def _flat(value: Any, prefix: str = "") -> dict[str, Any]:
    """The plain values of nested data by dotted path; a list of mappings numbered from 1,
    a list of plain values kept whole."""
    found: dict[str, Any] = {}
    if isinstance(value, dict):
        for key, child in value.items():
            found |= _flat(child, f"{prefix}.{key}" if prefix else str(key))
    elif isinstance(value, list) and any(isinstance(item, dict) for item in value):
        for number, child in enumerate(value, 1):
            found |= _flat(child, f"{prefix}.{number}")
    elif value not in (None, [], {}):
        found[prefix] = value
    return found


def _nest(flat: dict[str, Any], into: dict) -> dict:
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
                            exclude={"id", "kind", "sources", *ENTRY_METADATA})


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
        paths = ["name"] + [path for path in _ordered_paths(kind.texts, entries, TEXT_SKIP)
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
        for path in _flat(data):
            top = path.split(".")[0]
            if top in by_field and path not in by_field[top]:
                by_field[top].append(path)
    for name, paths in by_field.items():
        if not paths and leaf_types(model, name):
            paths.append(name)
    return [path for paths in by_field.values() for path in paths]


def _first_printing(groups) -> PrintingCitation | None:
    return next((citation for group in groups for citation in group.cites
                 if isinstance(citation, PrintingCitation)), None)


# Export


class SheetUsage(Exception):
    """The game, kind or language asked for is not in the database."""


def resolve_kind(database: Database, game_name: str, kind_name: str) -> tuple[Game, CardKind]:
    held = sorted(name for name in GAMES if name in database.boxes)
    if game_name not in held:
        raise SheetUsage(f"the database has no game {game_name!r}; it has {', '.join(held) or 'none'}")
    game = GAMES[game_name]
    kind = game.kind(kind_name)
    if kind is None:
        raise SheetUsage(f"{game.name} has no card kind {kind_name!r}; its kinds are "
                         f"{', '.join(kind.name for kind in game.kinds)}")
    return game, kind


def export_sheet(database: Database, game_name: str, kind_name: str, languages: list[str],
                 suffix: str) -> bytes:
    """The file (of the format `suffix` names) of every card of the kind."""
    game, kind = resolve_kind(database, game_name, kind_name)
    for language in languages:
        if language not in database.languages:
            raise SheetUsage(f"the database has no language {language!r}; it has "
                             f"{', '.join(database.languages)}")
    columns = columns_for(game, kind, database, languages)
    rows: list[list[Any]] = [[column.header for column in columns]]
    for card in database.cards_of_kind(kind.name, game.name):
        rows.append([_exported(database, card, column) for column in columns])
    text_columns = {index for index, column in enumerate(columns) if column.types == {"string"}}
    return grid_bytes(suffix, kind.name, rows, text_columns)


def _exported(database: Database, card: CardModel, column: Column) -> Any:
    if column.path == "id" and column.language is None:
        return card.id
    entry = database.texts.get(column.language, {}).get(card.id) if column.language else None
    groups = entry.sources if entry is not None else card.sources if column.language is None else []
    if column.path in (PRINTING, NUMBER):
        citation = _first_printing(groups)
        return getattr(citation, column.path[1:]) if citation is not None else None
    if column.path == CONFIRMED:
        return None  # the owner's to fill: yes confirms the row's translations
    values = _flat(card_facts(card) if column.language is None else entry_texts(entry))
    value = values.get(column.path)
    if isinstance(value, list):
        return ", ".join(str(item) for item in value)
    return value


# Import


@dataclass
class SheetChange:
    card_id: str
    what: str  # `new card`, or the fields changed


@dataclass
class _Row:
    index: int
    card_id: str
    facts: dict[str, Any] = field(default_factory=dict)
    texts: dict[str, dict[str, str]] = field(default_factory=dict)
    printings: dict[str | None, tuple[str, str | None]] = field(default_factory=dict)
    confirmed: dict[str, bool] = field(default_factory=dict)
    # The column of each field the row gives, to name the cell a problem is about.
    cells: dict[tuple[str | None, str], int] = field(default_factory=dict)


def import_sheet(checked: Checked, grid: Grid, game_name: str | None = None,
                 kind_name: str | None = None) -> list[SheetChange]:
    """Checks the sheet, then the database as the import would leave it, and writes the
    edits all or none. Raises SheetRefused naming every cell at fault; the caller holds
    the project lock."""
    database = checked.database
    game, kind, columns = _layout(grid, database, game_name, kind_name)
    rows = _rows(grid, columns, kind, database, game)
    edits = LocaleEdits(checked.root)
    changes = [change for row in rows
               if (change := _plan_row(checked, game, kind, row, edits)) is not None]
    if not edits.files:
        return []
    texts = edits.texts()
    after = checked.edited(texts)
    errors = [problem for problem in after.report.problems if problem.severity is Severity.ERROR]
    # The database as it is is checked only when the edited one has errors, to leave out
    # those it had already: a clean import runs the checks once.
    before = Counter(_identity(problem) for problem in checked.report.problems) if errors else Counter()
    faults = []
    for problem in errors:
        if before[_identity(problem)]:
            before[_identity(problem)] -= 1
            continue
        faults.append(f"{_cell_of(grid, rows, problem)}: {problem.message}")
    if faults:
        raise SheetRefused(faults)
    write_texts(checked.root, texts)
    return changes


def _identity(problem: Problem) -> tuple:
    return (problem.code, str(problem.position.path), problem.card_id, problem.field,
            _POSITION.sub("", problem.message))


def _cell_of(grid: Grid, rows: list[_Row], problem: Problem) -> str:
    parts = problem.position.path.parts
    language = parts[1] if parts and parts[0] == "locales" and len(parts) > 1 else None
    row = next((row for row in rows if row.card_id == problem.card_id), None)
    if row is None:
        return grid.file if grid.sheet is None else f"{grid.file}, sheet {grid.sheet}"
    column = 0
    if problem.field is not None:
        column = next((index for (lang, path), index in row.cells.items() if lang == language
                       and (path == problem.field or path.startswith(problem.field + ".")
                            or problem.field.startswith(path + "."))), 0)
    return grid.where(row.index, column)


def _layout(grid: Grid, database: Database, game_name: str | None,
            kind_name: str | None) -> tuple[Game, CardKind, list[Column | None]]:
    if not grid.rows or not isinstance(grid.value(0, 0), str):
        raise SheetRefused([f"{grid.where(0, 0)}: empty; the first cell names the game and "
                            "kind (`duel alien`), as `cardkit sheet export` writes it"])
    named = grid.value(0, 0).split()
    if len(named) != 2:
        raise SheetRefused([f"{grid.where(0, 0)}: {grid.value(0, 0)!r} does not name a game and a "
                            "kind (`duel alien`)"])
    try:
        game, kind = resolve_kind(database, *named)
    except SheetUsage as exc:
        raise SheetRefused([f"{grid.where(0, 0)}: {exc}"]) from None
    wanted = (game_name or game.name, kind_name or kind.name)
    if (game.name, kind.name) != wanted or (grid.sheet is not None and grid.sheet != kind.name):
        theirs = f"{game.name} {kind.name}"
        if grid.sheet is not None and grid.sheet != kind.name and (game.name, kind.name) == wanted:
            raise SheetRefused([f"{grid.where(0, 0)}: the sheet {grid.sheet!r} says it holds "
                                f"{theirs} cards; a sheet of {theirs} cards is named {kind.name!r}"])
        raise SheetRefused([f"{grid.where(0, 0)}: a sheet of {theirs} cards, not of "
                            f"{' '.join(wanted)} cards"])
    known = columns_for(game, kind, database, database.languages)
    by_header = {column.header: column for column in known}
    columns: list[Column | None] = [known[0]]
    faults = []
    seen: dict[str, int] = {}
    for index, header in enumerate(grid.rows[0][1:], 1):
        if header is None:
            columns.append(None)
            continue
        header = str(header).strip()
        column = by_header.get(header) or _column_named(header, game, kind, database)
        if column is None:
            close = difflib.get_close_matches(header, list(by_header), n=1, cutoff=0.6)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            faults.append(f"{grid.where(0, index)}: unknown column {header!r}{hint}")
        elif header in seen:
            faults.append(f"{grid.where(0, index)}: the column {header!r} again (first in "
                          f"{grid.where(0, seen[header]).rsplit(', ', 1)[1]})")
        seen.setdefault(header, index)
        columns.append(column)
    if faults:
        raise SheetRefused(faults)
    return game, kind, columns


def _column_named(header: str, game: Game, kind: CardKind, database: Database) -> Column | None:
    """A column the export did not write but the layout has: a fact or text not given yet
    (`powers.abduct.timing`, `es:powers.abduct.name`)."""
    language, colon, path = header.rpartition(":")
    if colon:
        if kind.texts is None or language not in database.languages:
            return None
        return Column(header, language, path, frozenset({"string"})) \
            if leaf_types(kind.texts, path) == {"string"} and path not in ENTRY_METADATA else None
    if path.split(".")[0] in NOT_FACTS:
        return None
    types = leaf_types(kind.facts, path)
    return Column(header, None, path, types) if types else None


def _rows(grid: Grid, columns: list[Column | None], kind: CardKind, database: Database,
          game: Game) -> list[_Row]:
    rows, faults = [], []
    first_row: dict[str, int] = {}
    required = [name for name, info in kind.facts.model_fields.items()
                if info.is_required() and name != "id"]
    for index in range(1, len(grid.rows)):
        cells = grid.rows[index]
        if all(value is None for value in cells):
            continue
        card_id = grid.value(index, 0)
        if card_id is None:
            faults.append(f"{grid.where(index, 0)}: empty, in a row that holds data; every row "
                          "names its card's id")
            continue
        if not isinstance(card_id, str):
            faults.append(f"{grid.where(index, 0)}: {card_id!r} is not a card id")
            continue
        card_id = card_id.strip()
        if card_id in first_row:
            faults.append(f"{grid.where(index, 0)}: the id {card_id!r} again (first in row "
                          f"{first_row[card_id] + 1})")
            continue
        first_row[card_id] = index
        if card_id in database.card_origins and database.card_kinds.get(card_id) != kind.name \
                or card_id in database.card_origins and database.card_origins[card_id].game != game.name:
            at = database.card_origins[card_id].key_position()
            faults.append(f"{grid.where(index, 0)}: the id {card_id!r} is taken by another card "
                          f"({at.path}:{at.line})")
            continue
        row = _Row(index, card_id)
        for number, column in enumerate(columns[1:], 1):
            value = cells[number] if number < len(cells) else None
            if column is None:
                if value is not None:
                    faults.append(f"{grid.where(index, number)}: a value in a column with no "
                                  "name; name the column or clear it")
                continue
            if value is None:
                continue
            typed, fault = _typed(value, column)
            if fault is not None:
                faults.append(f"{grid.where(index, number)}: {fault}")
                continue
            row.cells[(column.language, column.path)] = number
            if column.path in (PRINTING, NUMBER):
                printing, cited = row.printings.get(column.language, (None, None))
                row.printings[column.language] = (typed, cited) if column.path == PRINTING else (printing, typed)
            elif column.path == CONFIRMED:
                row.confirmed[column.language] = typed
            elif column.language is None:
                row.facts[column.path] = typed
            else:
                row.texts.setdefault(column.language, {})[column.path] = typed
        if card_id not in database.card_origins:
            for name in required:
                if not any(path == name or path.startswith(name + ".") for path in row.facts):
                    where = next((i for i, column in enumerate(columns)
                                  if column is not None and column.is_fact and column.path == name), 0)
                    faults.append(f"{grid.where(index, where)}: empty, and a new {kind.name} needs "
                                  f"its {name}")
        for language, (printing, number) in row.printings.items():
            if printing is None:
                where = row.cells[(language, NUMBER)]
                faults.append(f"{grid.where(index, where)}: a printed number with no printing "
                              "beside it; name the printing it is the number in")
        rows.append(row)
    if faults:
        raise SheetRefused(faults)
    return rows


def _typed(value: Any, column: Column) -> tuple[Any, str | None]:
    """The cell's value as its field takes it, or what is wrong with it."""
    types = column.types
    if isinstance(value, (datetime.datetime, datetime.date, datetime.time)):
        shown = value.isoformat() if hasattr(value, "isoformat") else str(value)
        return None, (f"a date ({shown}) where {column.header} takes "
                      f"{_wanted(types)}; the spreadsheet made a date of what was typed (such as "
                      "3-5): format the column as text and type it again")
    if isinstance(value, bool):
        if types == {"boolean"}:
            return value, None
        return None, f"{value} where {column.header} takes {_wanted(types)}"
    if isinstance(value, (int, float)):
        if "integer" in types and float(value).is_integer():
            return int(value), None
        if types == {"boolean"} and value in (0, 1):
            return bool(value), None
        if "number" in types:
            return value, None
        return None, (f"the number {value:g} where {column.header} takes {_wanted(types)}; a "
                      "spreadsheet drops leading zeros and reads some texts as numbers: format "
                      "the column as text and type it again")
    text = str(value).strip()
    if types == {"boolean"}:
        if text.lower() in YES:
            return True, None
        if text.lower() in NO:
            return False, None
        return None, f"{text!r} where {column.header} takes yes or no"
    if types == {"array"}:
        return [_scalar(item) for item in LIST_SEPARATOR.split(text) if item], None
    if "integer" in types and WHOLE_NUMBER.fullmatch(text):
        if len(text.lstrip("-")) > MAX_INT_DIGITS:
            return None, (f"a whole number of {len(text.lstrip('-')):,} digits where {column.header} "
                          f"takes at most {MAX_INT_DIGITS}")
        return int(text), None
    if "number" in types and DECIMAL_NUMBER.fullmatch(text):
        return (int(text) if WHOLE_NUMBER.fullmatch(text) else float(text)), None
    if "string" in types:
        return str(value), None
    if "integer" in types and re.fullmatch(r"-?0[0-9]+", text):
        return None, f"{text!r} where {column.header} takes a whole number, written without leading zeros"
    return None, f"{text!r} where {column.header} takes {_wanted(types)}"


def _scalar(text: str) -> Any:
    return int(text) if WHOLE_NUMBER.fullmatch(text) and len(text) <= MAX_INT_DIGITS else text


def _wanted(types: frozenset[str]) -> str:
    return " or ".join({"integer": "a whole number", "string": "a text", "boolean": "yes or no",
                        "array": "a list", "number": "a number"}.get(kind, kind) for kind in sorted(types))


def _plan_row(checked: Checked, game: Game, kind: CardKind, row: _Row, edits: LocaleEdits) -> SheetChange | None:
    card = checked.database.cards.get(row.card_id)
    old = card_facts(card) if card is not None else {}
    new = _nest(row.facts, copy.deepcopy(old))
    sources = _cited(card.sources if card is not None else [], row.printings.get(None), list(row.facts))
    facts_file = file_of(checked, game, kind, None)
    if card is None:
        unknown = [name for name in kind.facts.required_facts if name not in new]
        if kind.texts is not None and "name" not in row.texts.get(SOURCE_LANGUAGE, {}):
            unknown.append("name")
        whole = ({"unknown": unknown} if unknown or not new else {}) | new
        edits.add(facts_file, EntryValue(row.card_id, (), whole | ({"sources": sources} if sources else {})))
        changed = []
    else:
        present = _flat(old)
        brought = [path for path, value in row.facts.items() if present.get(path) != value]
        unknown = [path for path in card.unknown
                   if not any(given == path or given.startswith(path + ".") for given in brought)
                   and not (path == "name" and "name" in row.texts.get(SOURCE_LANGUAGE, {}))]
        fact_edits = [EntryValue(row.card_id, keys, value, tail=FACTS_TAIL)
                      for keys, value in _differences(old, new)]
        if unknown != card.unknown:
            fact_edits.insert(0, EntryValue(row.card_id, ("unknown",), unknown or None, tail=FACTS_TAIL))
        if sources is not None:
            fact_edits.append(EntryValue(row.card_id, ("sources",), sources, tail=FACTS_TAIL))
        for edit in fact_edits:
            edits.add(facts_file, edit)
        changed = [".".join(edit.keys) for edit in fact_edits]
    for language in sorted((set(row.texts) | set(row.printings) | set(row.confirmed)) - {None}):
        changed += _plan_texts(checked, game, kind, row, language, edits)
    if card is None:
        return SheetChange(row.card_id, "new card")
    return SheetChange(row.card_id, ", ".join(changed)) if changed else None


def _differences(old: Any, new: Any, keys: tuple = ()) -> list[tuple[tuple, Any]]:
    if isinstance(old, dict) and isinstance(new, dict) and keys:
        found = []
        for key, value in new.items():
            if key not in old:
                found.append((keys + (key,), value))
            else:
                found += _differences(old[key], value, keys + (key,))
        return found
    if not keys:
        return [item for key, value in new.items() for item in
                ([((key,), value)] if key not in old else _differences(old[key], value, (key,)))]
    return [] if old == new else [(keys, new)]


def _cited(groups, printing: tuple[str, str | None] | None, given: list[str]) -> list | None:
    """The entry's sources with the paths `given` cited to the printing the row names, or
    None when they stand as they are."""
    if printing is None or printing[0] is None:
        return None
    dumped = [group.model_dump(mode="json", exclude_defaults=True) for group in groups]
    citation = {"printing": printing[0]} | ({"number": printing[1]} if printing[1] else {})
    at = next((index for index, group in enumerate(groups) for cite in group.cites
               if isinstance(cite, PrintingCitation)), None)
    if at is None:
        dumped.append({"facts": [], "cites": [citation]})
        at = len(dumped) - 1
    else:
        cites = dumped[at]["cites"]
        index = next(i for i, cite in enumerate(groups[at].cites) if isinstance(cite, PrintingCitation))
        kept = {key: value for key, value in cites[index].items() if key == "quote"}
        cites[index] = citation | kept
    others = [group for index, group in enumerate(groups) if index != at]
    facts = list(dumped[at]["facts"])
    for path in given:
        if any(group.covers(path) for group in others) or _covers(facts, path):
            continue
        top = path.split(".")[0]
        mentioned = any(fact.split(".")[0] == top for group in others for fact in group.facts)
        facts.append(path if mentioned else top)
    dumped[at]["facts"] = facts
    if not facts:
        dumped.pop(at)
    original = [group.model_dump(mode="json", exclude_defaults=True) for group in groups]
    return None if dumped == original else dumped


def _covers(facts: list[str], path: str) -> bool:
    return any(path == fact or path.startswith(fact + ".") for fact in facts)


def _plan_texts(checked: Checked, game: Game, kind: CardKind, row: _Row, language: str,
                edits: LocaleEdits) -> list[str]:
    database = checked.database
    entry = database.texts.get(language, {}).get(row.card_id)
    english = database.texts.get(SOURCE_LANGUAGE, {}).get(row.card_id)
    english_texts = (dict(english.texts) if english is not None else {}) | row.texts.get(SOURCE_LANGUAGE, {})
    old = entry.texts if entry is not None else {}
    recorded = entry.translated_from if entry is not None else {}
    given = row.texts.get(language, {})
    confirming = language != SOURCE_LANGUAGE and row.confirmed.get(language, False)
    # Each text to set, and whether to confirm it (True), unconfirm it (False) or neither.
    settings: dict[str, tuple[str | None, bool | None]] = {}
    for path, text in given.items():
        confirm = None
        if confirming and path in english_texts and recorded.get(path) != fingerprint(english_texts[path]):
            confirm = True
        elif language != SOURCE_LANGUAGE and not confirming and old.get(path) != text and path in recorded:
            confirm = False
        if old.get(path) != text or confirm is not None:
            settings[path] = (text if old.get(path) != text else None, confirm)
    groups = entry.sources if entry is not None else []
    sources = _cited(groups, row.printings.get(language), list(given))
    final = sources if sources is not None else [group.model_dump(mode="json", exclude_defaults=True)
                                                 for group in groups]
    own = _own_printings(database, game, language)
    printed = {path for group in final for path in old | given if _covers(group["facts"], path)
               and any(cite.get("printing") in own for cite in group.get("cites", []))}
    cited = {path for group in final for path in old | given if _covers(group["facts"], path)}
    provisional = list(entry.provisional) if entry is not None else []
    wanted = [path for path in provisional if path not in printed]
    wanted += [path for path, text in given.items()
               if old.get(path) != text and path not in cited and path not in wanted]
    file = file_of(checked, game, kind, language)
    if entry is None:
        whole = _nest({path: text for path, (text, _) in settings.items()}, {})
        if wanted:
            whole["provisional"] = wanted
        confirmed = {path: fingerprint(english_texts[path])
                     for path, (_, confirm) in settings.items() if confirm}
        if confirmed:
            whole["translated_from"] = confirmed
        if sources:
            whole["sources"] = sources
        if whole:
            edits.add(file, EntryValue(row.card_id, (), whole))
        return []
    for path, (text, confirm) in settings.items():
        edits.add(file, Translation(row.card_id, path, text=text, confirmed=confirm,
                                    english=english_texts.get(path) if confirm else None))
    changed = [f"{language}:{path}" for path in settings]
    if sources is not None:
        edits.add(file, EntryValue(row.card_id, ("sources",), sources))
        changed.append(f"{language}:sources")
    if wanted != provisional:
        edits.add(file, EntryValue(row.card_id, ("provisional",), wanted or None))
        changed.append(f"{language}:provisional")
    return changed


def _own_printings(database: Database, game: Game, language: str) -> set[str]:
    box = database.boxes.get(game.name)
    return {name for name, printing in (box.printings if box else {}).items()
            if printing.language == language}
