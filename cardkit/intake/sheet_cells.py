"""The cells of a sheet read back into rows (`SheetRow`): its layout (`A1`, the headers)
checked against the kind's, every cell read by the type its field has (from the models'
JSON Schemas), so a number or date that a spreadsheet made of a text is refused, not
guessed back. Every fault of the sheet is named at its cell. A fault of the header stops
the sheet; a fault of a cell does not stop the other cells: the faults of the grid (a
formula, a hidden cell with data) and those of the values come in one round, in the
order of the cells, and a row with none of them is read.

A row's base (`RowBase`) tells its edits from the database's since the export: a cell as
it was exported is no edit (the database's value, changed or not, stands), and a cell
changed both in the sheet and in the database is a conflict, refused unless overwriting."""

from __future__ import annotations

import datetime
import difflib
import re
from dataclasses import dataclass, field
from typing import Any

from cardkit.checks.provenance import NOT_FACTS
from cardkit.intake.grid import BASE_HEADER, Grid, SheetRefused
from cardkit.intake.sheet_layout import (BASE, BASE_COLUMN, CONFIRMED, NUMBER, PRINTING, Column,
                                         CurrentValues, RowBase, SheetUsage, columns_for, resolve_kind,
                                         same_value, shown)
from cardkit.messages import Message
from cardkit.model.database import Database
from cardkit.model.kinds import CardKind, Game
from cardkit.model.schema import leaf_types
from cardkit.model.texts import NOT_TEXTS
from cardkit.source.policy import MAX_INT_DIGITS

YES, NO = ("yes", "true", "1", "x", "sí", "si", "ja"), ("no", "false", "0", "nein")
WHOLE_NUMBER = re.compile(r"-?(0|[1-9][0-9]*)")
# A number as a spreadsheet writes it in text: 2.5, -0.25 (a point, never a comma).
DECIMAL_NUMBER = re.compile(r"-?(0|[1-9][0-9]*)(\.[0-9]+)?")
LIST_SEPARATOR = re.compile(r"\s*,\s*")
# A date as German or Spanish Excel writes into a CSV what it took for one (`19.03.2026`).
DATE_TEXT = re.compile(r"[0-9]{1,2}[./][0-9]{1,2}[./][0-9]{2,4}")


@dataclass
class SheetRow:
    index: int
    card_id: str
    facts: dict[str, Any] = field(default_factory=dict)
    texts: dict[str, dict[str, str]] = field(default_factory=dict)
    printings: dict[str | None, tuple[str, str | None]] = field(default_factory=dict)
    confirmed: dict[str, bool] = field(default_factory=dict)
    # The column of each field the row gives, to name the cell a problem is about.
    cells: dict[tuple[str | None, str], int] = field(default_factory=dict)


Faults = dict[tuple[int, int], Message | str]  # by the (row, column) of the cell at fault


def in_cell_order(faults: Faults) -> list[Message | str]:
    return [faults[place] for place in sorted(faults)]


def _refused(grid: Grid, faults: Faults) -> SheetRefused:
    """The sheet refused for its header's faults, with those of its cells the grid found."""
    return SheetRefused(in_cell_order(grid.faults | faults))


def read_layout(grid: Grid, database: Database, game_name: str | None,
            kind_name: str | None) -> tuple[Game, CardKind, list[Column | None]]:
    if grid.unreadable(0, 0):
        raise _refused(grid, {})
    if not grid.rows or not isinstance(grid.value(0, 0), str):
        raise _refused(grid, {(0, 0): Message("{cell}: empty; the first cell names the game and kind "
                                              "(`duel alien`), as `cardkit sheet export` writes it",
                                              cell=grid.where(0, 0))})
    # Ids, fields and languages are lowercase: a capital a spreadsheet's autocorrect put at
    # the start of a cell (`Duel plan`, `Complexity`) is read as what was typed.
    named = grid.value(0, 0).lower().split()
    if len(named) != 2:
        raise _refused(grid, {(0, 0): Message("{cell}: {value} does not name a game and a kind "
                                              "(`duel alien`)", cell=grid.where(0, 0),
                                              value=repr(grid.value(0, 0)))})
    try:
        game, kind = resolve_kind(database, *named)
    except SheetUsage as exc:
        raise _refused(grid, {(0, 0): Message("{cell}: {reason}", cell=grid.where(0, 0),
                                              reason=exc.args[0])}) from None
    wanted = (game_name or game.name, kind_name or kind.name)
    if (game.name, kind.name) != wanted or (grid.sheet is not None and grid.sheet != kind.name):
        theirs = f"{game.name} {kind.name}"
        if grid.sheet is not None and grid.sheet != kind.name and (game.name, kind.name) == wanted:
            raise _refused(grid, {(0, 0): Message("{cell}: the sheet {sheet} says it holds {theirs} "
                                                  "cards; a sheet of {theirs} cards is named {kind}",
                                                  cell=grid.where(0, 0), sheet=repr(grid.sheet),
                                                  theirs=theirs, kind=repr(kind.name))})
        raise _refused(grid, {(0, 0): Message("{cell}: a sheet of {theirs} cards, not of {wanted} cards",
                                              cell=grid.where(0, 0), theirs=theirs,
                                              wanted=" ".join(wanted))})
    known = columns_for(game, kind, database, database.languages)
    by_header = {column.header: column for column in known}
    columns: list[Column | None] = [known[0]]
    faults: Faults = {}
    seen: dict[str, int] = {}
    for index, header in enumerate(grid.rows[0][1:], 1):
        if header is None:
            columns.append(None)
            continue
        header = str(header).strip()
        column = (by_header.get(header) or by_header.get(header.lower())
                  or (BASE_COLUMN if header.lower() == BASE_HEADER else None)
                  or _column_named(header.lower(), game, kind, database))
        header = column.header if column is not None else header
        if column is None:
            close = difflib.get_close_matches(header, list(by_header), n=1, cutoff=0.6)
            faults[0, index] = (Message("{cell}: unknown column {header}; did you mean {close}?",
                                        cell=grid.where(0, index), header=repr(header),
                                        close=repr(close[0]))
                                if close else Message("{cell}: unknown column {header}",
                                                      cell=grid.where(0, index), header=repr(header)))
        elif header in seen:
            faults[0, index] = Message("{cell}: the column {header} again (first in {first})",
                                       cell=grid.where(0, index), header=repr(header),
                                       first=grid.where(0, seen[header]).rsplit(', ', 1)[1])
        seen.setdefault(header, index)
        columns.append(column)
    if faults or any(row == 0 for row, _ in grid.faults):
        raise _refused(grid, faults)
    return game, kind, columns


def _column_named(header: str, game: Game, kind: CardKind, database: Database) -> Column | None:
    """A column the export did not write but the layout has: a fact or text not given yet
    (`powers.abduct.timing`, `es:powers.abduct.name`)."""
    language, colon, path = header.rpartition(":")
    if colon:
        if kind.texts is None or language not in database.languages:
            return None
        return Column(header, language, path, frozenset({"string"})) \
            if leaf_types(kind.texts, path) == {"string"} and path.split(".")[0] not in NOT_TEXTS else None
    if path.split(".")[0] in NOT_FACTS:
        return None
    types = leaf_types(kind.facts, path)
    return Column(header, None, path, types) if types else None


def read_rows(grid: Grid, columns: list[Column | None], kind: CardKind, database: Database,
              game: Game, notes: list[Message], overwrite: bool = False) -> tuple[list[SheetRow], Faults]:
    """The rows of the sheet that read without a fault, and the faults of its cells, those
    the grid found among them; white space taken off the ends of a text cell is noted in
    `notes`, and so is a row of a card with no base. With `overwrite`, a cell changed both
    in the sheet and in the database since the export keeps the sheet's value (noted)."""
    rows: list[SheetRow] = []
    faults: Faults = dict(grid.faults)
    base_at = next((index for index, column in enumerate(columns)
                    if column is not None and column.path == BASE), None)
    first_row: dict[str, int] = {}
    required = [name for name, info in kind.facts.model_fields.items()
                if info.is_required() and name != "id"]
    current_value = CurrentValues(database)
    for index in range(1, len(grid.rows)):
        cells = grid.rows[index]
        if all(value is None for value in cells) or grid.unreadable(index, 0):
            continue
        card_id = stripped(grid.value(index, 0), grid.where(index, 0), notes)
        if card_id is None:
            faults[index, 0] = Message("{cell}: empty, in a row that holds data; every row names its "
                                       "card's id", cell=grid.where(index, 0))
            continue
        if not isinstance(card_id, str):
            faults[index, 0] = Message("{cell}: {card} is not a card id", cell=grid.where(index, 0),
                                       card=repr(card_id))
            continue
        if card_id in first_row:
            faults[index, 0] = Message("{cell}: the id {card} again (first in row {row})",
                                       cell=grid.where(index, 0), card=repr(card_id),
                                       row=first_row[card_id] + 1)
            continue
        first_row[card_id] = index
        if card_id in database.card_origins and database.card_kinds.get(card_id) != kind.name \
                or card_id in database.card_origins and database.card_origins[card_id].game != game.name:
            at = database.card_origins[card_id].key_position()
            faults[index, 0] = Message("{cell}: the id {card} is taken by another card ({position})",
                                       cell=grid.where(index, 0), card=repr(card_id),
                                       position=f"{at.path}:{at.line}")
            continue
        row = SheetRow(index, card_id)
        base = _row_base(grid, index, base_at, card_id, database, notes, faults)
        unread = {number for number in range(len(columns)) if grid.unreadable(index, number)}
        for number, column in enumerate(columns[1:], 1):
            if number == base_at or number in unread:
                continue
            value = cells[number] if number < len(cells) else None
            if column is None or value != current_value(card_id, column):
                value = stripped(value, grid.where(index, number), notes)
            if column is None:
                if value is not None:
                    faults[index, number] = Message("{cell}: a value in a column with no name; name "
                                                    "the column or clear it", cell=grid.where(index, number))
                continue
            if value is None:
                continue
            typed, fault = _typed(value, column)
            if fault is not None:
                faults[index, number] = Message("{cell}: {reason}", cell=grid.where(index, number),
                                                reason=fault)
                unread.add(number)
                continue
            exported = base.exported(column.header, typed) if base is not None else None
            if exported:  # no edit: what the database holds now stands, changed since or not
                typed = current_value(card_id, column)
                if typed is None:
                    continue
            elif exported is False:
                now = current_value(card_id, column)
                if not base.exported(column.header, now) and not same_value(typed, now):
                    where = grid.where(index, number)
                    if not overwrite:
                        faults[index, number] = Message(
                            "{cell}: {card}'s {column} changed both in the sheet and in the database "
                            "since the export: the database has {database}, the sheet {sheet}; "
                            "import with --overwrite to keep the sheet's", cell=where, card=card_id,
                            column=column.header, database=shown(now), sheet=shown(typed))
                        continue
                    notes.append(Message(
                        "{cell}: {card}'s {column} changed in the database since the export: its "
                        "{database} replaced by the sheet's {sheet} (--overwrite)", cell=where,
                        card=card_id, column=column.header, database=shown(now), sheet=shown(typed)))
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
                where = next((i for i, column in enumerate(columns)
                              if column is not None and column.is_fact and column.path == name), 0)
                if where not in unread and \
                        not any(path == name or path.startswith(name + ".") for path in row.facts):
                    faults[index, where] = Message("{cell}: empty, and a new {kind} needs its {field}",
                                                   cell=grid.where(index, where), kind=kind.name,
                                                   field=name)
        for language, (printing, number) in row.printings.items():
            printing_at = next((i for i, column in enumerate(columns) if column is not None
                                and column.language == language and column.path == PRINTING), None)
            if printing is None and printing_at not in unread:
                where = row.cells[(language, NUMBER)]
                faults[index, where] = Message("{cell}: a printed number with no printing beside it; "
                                               "name the printing it is the number in",
                                               cell=grid.where(index, where))
        if not any(at[0] == index for at in faults):
            rows.append(row)
    return rows, faults


def _row_base(grid: Grid, index: int, base_at: int | None, card_id: str, database: Database,
              notes: list[Message], faults: Faults) -> RowBase | None:
    """The base of a row of a card the database has; a new card's row has none to hold."""
    if base_at is None or card_id not in database.cards or grid.unreadable(index, base_at):
        return None
    where = grid.where(index, base_at)
    text = grid.value(index, base_at)
    if text is None or isinstance(text, str) and not text.strip():
        notes.append(Message("{cell}: no base for {card}'s row (typed in, or its base cleared), so "
                             "its cells are written over the database's even where it changed since "
                             "the export", cell=where, card=card_id))
        return None
    base = RowBase.read(card_id, text)
    if base is None:
        faults[index, base_at] = Message("{cell}: not the base the export wrote for {card}'s row "
                                         "(changed by hand, or copied from another row); export the "
                                         "sheet again, or clear the cell to write the row over the "
                                         "database's changes since the export", cell=where, card=card_id)
    return base


def stripped(value: Any, where: str, notes: list[Message]) -> Any:
    """A text without white space at its ends (a space typed after a name travels into every
    output), noting where it was taken off; one of white space alone is an empty cell."""
    if not isinstance(value, str) or value == value.strip():
        return value
    notes.append(Message("{where}: white space taken off the ends of {value}", where=where,
                         value=repr(value)) if value.strip()
                 else Message("{where}: only white space, read as an empty cell", where=where))
    return value.strip() or None


def _typed(value: Any, column: Column) -> tuple[Any, Message | None]:
    """The cell's value as its field takes it, or what is wrong with it."""
    types = column.types
    if isinstance(value, (datetime.datetime, datetime.date, datetime.time)):
        shown = value.isoformat() if hasattr(value, "isoformat") else str(value)
        return None, Message("a date ({date}) where {column} takes {wanted}; the spreadsheet made a "
                             "date of what was typed (such as 3-5): format the column as text and "
                             "type it again", date=shown, column=column.header, wanted=_wanted(types))
    if isinstance(value, bool):
        if types == {"boolean"}:
            return value, None
        return None, Message("{value} where {column} takes {wanted}", value=value,
                             column=column.header, wanted=_wanted(types))
    if isinstance(value, (int, float)):
        if "integer" in types and float(value).is_integer():
            return int(value), None
        if types == {"boolean"} and value in (0, 1):
            return bool(value), None
        if "number" in types:
            return value, None
        return None, Message("the number {value} where {column} takes {wanted}; a spreadsheet drops "
                             "leading zeros and reads some texts as numbers: format the column as "
                             "text and type it again", value=f"{value:g}", column=column.header,
                             wanted=_wanted(types))
    text = str(value).strip()
    if column.path == NUMBER and DATE_TEXT.fullmatch(text):
        return None, Message("a date ({date}) where {column} takes a printed card's number; the "
                             "spreadsheet made a date of what was typed (such as 19.3): format the "
                             "column as text and type it again", date=text, column=column.header)
    if types == {"boolean"}:
        if text.lower() in YES:
            return True, None
        if text.lower() in NO:
            return False, None
        return None, Message("{value} where {column} takes yes or no", value=repr(text),
                             column=column.header)
    if types == {"array"}:
        return [_scalar(item) for item in LIST_SEPARATOR.split(text) if item], None
    if "integer" in types and WHOLE_NUMBER.fullmatch(text):
        if len(text.lstrip("-")) > MAX_INT_DIGITS:
            return None, Message("a whole number of {digits} digits where {column} takes at most "
                                 "{limit}", digits=f"{len(text.lstrip('-')):,}", column=column.header,
                                 limit=MAX_INT_DIGITS)
        return int(text), None
    if "number" in types and DECIMAL_NUMBER.fullmatch(text):
        return (int(text) if WHOLE_NUMBER.fullmatch(text) else float(text)), None
    if "string" in types:
        return str(value), None
    if "integer" in types and re.fullmatch(r"-?0[0-9]+", text):
        return None, Message("{value} where {column} takes a whole number, written without leading "
                             "zeros", value=repr(text), column=column.header)
    return None, Message("{value} where {column} takes {wanted}", value=repr(text), column=column.header,
                         wanted=_wanted(types))


def _scalar(text: str) -> Any:
    return int(text) if WHOLE_NUMBER.fullmatch(text) and len(text) <= MAX_INT_DIGITS else text


def _wanted(types: frozenset[str]) -> Message | str:
    """`a whole number or a text`: what a column takes, each kind said in the reader's language."""
    said = {"integer": Message("a whole number"), "string": Message("a text"),
            "boolean": Message("yes or no"), "array": Message("a list"), "number": Message("a number")}
    wanted: Message | str = ""
    for kind in reversed(sorted(types)):
        one = said.get(kind, kind)
        wanted = one if wanted == "" else Message("{one} or {other}", one=one, other=wanted)
    return wanted
