"""`cardkit sheet export`: every card of one kind of one game as a spreadsheet, in the
layout `sheet_layout.py` describes."""

from __future__ import annotations

from typing import Any

from cardkit.intake.grid import grid_bytes
from cardkit.intake.sheet_layout import (CONFIRMED, NUMBER, PRINTING, Column, SheetUsage, card_facts,
                                         columns_for, entry_texts, first_printing, flat_paths,
                                         resolve_kind)
from cardkit.messages import Message
from cardkit.model.base import CardModel
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
        citation = first_printing(groups)
        return getattr(citation, column.path[1:]) if citation is not None else None
    if column.path == CONFIRMED:
        return None  # the owner's to fill: yes confirms the row's translations
    values = flat_paths(card_facts(card) if column.language is None else entry_texts(entry))
    value = values.get(column.path)
    if isinstance(value, list):
        return ", ".join(str(item) for item in value)
    return value
