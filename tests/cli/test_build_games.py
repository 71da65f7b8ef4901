"""`cardkit build --game`: which games are built, and where each game's PDFs go."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from cardkit.cli import main
from cardkit.faces.games import targets
from cardkit.model.database import load_database
from tests.conftest import PROJECT_ROOT


def test_a_game_that_is_not_in_the_database_is_refused_before_anything_is_written(tmp_path: Path):
    known = ", ".join(load_database(PROJECT_ROOT)[0].games)

    result = CliRunner().invoke(main, ["build", str(PROJECT_ROOT), "--game", "chess", "--quiet",
                                       "--out", str(tmp_path / "out")])

    assert result.exit_code == 1
    assert result.output == (f"Error: build failed, nothing written: no game chess under "
                             f"{PROJECT_ROOT / 'cards'}; known: {known}\n")
    assert not (tmp_path / "out").exists()


def test_a_database_of_one_game_builds_into_a_folder_per_language(minimal_database: Path):
    database = load_database(minimal_database)[0]

    assert database.games == ["duel"]
    assert [target.folder for target in targets(database, ["duel"], ["en", "es"])] == ["en", "es"]
