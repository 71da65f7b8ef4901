"""The game registry: every game's files dispatch to its own models, and each fault of the
new games' data is reported once, at its position, with its exact message."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardkit.checks.output import format_problem
from cardkit.checks.runner import validate
from cardkit.model.database import load_database
from cardkit.model.games import GAMES
from tests.conftest import MINIMAL_DATABASE, TESTS, BrokenFixture, shipped_database

CLASSIC_OVERLAY = TESTS / "fixtures" / "classic"


def two_game_database(folder: Path) -> Path:
    """The minimal Duel database with a small classic game laid over it."""
    root = folder / "db"
    shutil.copytree(MINIMAL_DATABASE, root)
    shutil.copytree(CLASSIC_OVERLAY, root, dirs_exist_ok=True)
    return root


def broken_game_fixtures(area: str) -> list:
    files = sorted((TESTS / area / "broken-games").glob("*.yaml"))
    return [pytest.param(BrokenFixture.read(path), id=path.stem) for path in files]


@pytest.fixture
def two_games(tmp_path: Path) -> Path:
    return two_game_database(tmp_path)


def test_the_two_game_database_is_clean(two_games):
    assert validate(two_games).problems == []


@pytest.mark.parametrize("fixture", broken_game_fixtures("model"))
def test_one_fault_of_a_game_gives_exactly_its_problem(two_games, fixture):
    fixture.apply(two_games)

    report = validate(two_games)

    assert [format_problem(problem) for problem in report.problems] == fixture.expected


def test_a_kind_name_of_two_games_is_checked_by_each_games_model(two_games):
    database, problems, _ = load_database(two_games)

    assert problems == []
    assert type(database.cards["macron"]).__name__ == "ClassicAlien"
    assert type(database.cards["pickle"]).__name__ == "Alien"
    assert [card.id for card in database.cards_of_kind("alien", "classic")] == ["macron", "pacifist"]
    assert database.cards["macron"].shown["ship-worth"].value == 4
    assert database.boxes["classic"].starting_hand == 7


# The built-in games and those the shipped database declares, as they stood when it was read
# (the registry holds the declared games of the database read last).
shipped_database()
SHIPPED_GAMES = dict(GAMES)


@pytest.mark.parametrize("game", sorted(SHIPPED_GAMES))
def test_each_game_names_each_kind_and_file_once(game):
    kinds = SHIPPED_GAMES[game].kinds
    assert len({kind.name for kind in kinds}) == len({kind.file_stem for kind in kinds}) == len(kinds)
    for kind in kinds:
        assert kind.facts.model_fields["kind"].default == kind.name
        assert kind.texts is None or kind.texts.model_fields["kind"].default == kind.name
        assert set(SHIPPED_GAMES[game].box.FIELD_BY_KIND) == {kind.name for kind in kinds}
