"""`cardkit sheet export`: every card of one kind of one game as a spreadsheet, in the
layout `sheet_layout.py` describes, each row ending in its base."""

from __future__ import annotations

from typing import Any

from cardkit.intake.grid import grid_bytes
from cardkit.intake.sheet_layout import (BASE_COLUMN, CurrentValues, RowBase, SheetUsage, cell_value,
                                         columns_for, resolve_kind)
from cardkit.messages import Message
from cardkit.model.database import Database


def export_sheet(database: Database, game_name: str, kind_name: str, languages: list[str],
                 suffix: str) -> bytes:
    """The file (of the format `suffix` names) of every card of the kind."""
    game, kind = resolve_kind(database, game_name, kind_name)
    for language in languages:
        if language not in database.languages:
            raise SheetUsage(Message("the database has no language {language}; it has {known}",
                                     language=repr(language), known=", ".join(database.languages)))
    columns = columns_for(game, kind, database, languages)
    rows: list[list[Any]] = [[column.header for column in columns] + [BASE_COLUMN.header]]
    current_value = CurrentValues(database)
    for card in database.cards_of_kind(kind.name, game.name):
        cells = [cell_value(current_value(card.id, column)) for column in columns]
        base = RowBase.written(card.id, {column.header: value
                                         for column, value in zip(columns[1:], cells[1:])})
        rows.append(cells + [base])
    text_columns = {index for index, column in enumerate(columns) if column.types == {"string"}}
    return grid_bytes(suffix, kind.name, rows, text_columns | {len(columns)}, frozenset({len(columns)}))
