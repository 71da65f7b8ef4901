"""On every sheet of every game, language and paper, no card's back touches the back of
another deck (docs/printing.md): read from the layout the imposition draws."""

from __future__ import annotations

import pytest

from cardkit.faces.documents import LanguageContext
from cardkit.faces.games import targets
from cardkit.faces.layout import PAPERS, face_name
from cardkit.model.database import load_database
from cardkit.render.pipeline import card_sheets
from tests.conftest import shipped_database
from tests.render.conftest import PROJECT

DATABASE = shipped_database()[0]


@pytest.fixture(scope="module")
def database():
    """Read again when the module's tests begin: reading another database in between (as
    tests of other modules do) replaces the registry's declared games."""
    return load_database(PROJECT)[0]


@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("target", targets(DATABASE, DATABASE.games, DATABASE.languages), ids=str)
def test_no_two_touching_slots_hold_backs_of_different_decks(target, paper, database):
    context = LanguageContext(PROJECT, target.language, database, [target.game])
    sheets = card_sheets(context, paper)
    columns, rows = PAPERS[paper].columns, PAPERS[paper].rows
    pairs = 0
    for number, sheet in enumerate(sheets, 1):
        assert len(sheet) <= columns * rows
        cells = sheet + [None] * (columns * rows - len(sheet))
        for index, card in enumerate(cells):
            row, column = divmod(index, columns)
            for neighbour in ([index + 1] if column + 1 < columns else []) + ([index + columns] if row + 1 < rows else []):
                if card is not None and cells[neighbour] is not None:
                    pairs += 1
                    assert card.back == cells[neighbour].back, (number, index, neighbour)
    assert pairs  # the sheets do have neighbours
    # Every card once, with its own back.
    placed = sorted((card.front, card.back) for sheet in sheets for card in sheet if card is not None)
    assert placed == sorted((face_name(face.id), face_name(face.back_id)) for face in context.faces)
