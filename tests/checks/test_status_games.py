"""`cardkit status` per game: German has begun no text of the two Cosmic Encounter games,
so every one of them is missing translator work, and the game is named in the output."""

from __future__ import annotations

import json

from click.testing import CliRunner

from cardkit.cli import main
from tests.conftest import PROJECT_ROOT


def status(*arguments: str):
    result = CliRunner().invoke(main, ["status", str(PROJECT_ROOT), *arguments])
    assert result.exit_code == 0, result.output
    return result.output


def test_german_lists_every_classic_and_current_text_as_missing():
    data = json.loads(status("--lang", "de", "--format", "json"))

    rows = {(row["game"], row["kind"]): (row["translated"], row["stale"], row["missing"])
            for row in data["summary"]}
    # 20 alien names; 6 artifacts with a name and a text; 7 and 3 encounter names
    assert rows[("classic", "alien")] == (0, 0, 20)
    assert rows[("classic", "artifact")] == (0, 0, 12)
    assert rows[("classic", "encounter")] == (0, 0, 7)
    assert rows[("cosmic", "encounter")] == (0, 0, 3)
    assert rows[("duel", "alien")][2] == 0
    missing = {(field["game"], field["card"], field["field"]) for field in data["fields"]
               if field["state"] == "missing"}
    assert ("classic", "plague", "text") in missing and ("cosmic", "cosmic-morph", "name") in missing


def test_the_text_output_names_the_game_of_each_row_and_text():
    output = status("--lang", "de")

    assert "de       classic  alien                    0      0       20" in output
    artifacts = (PROJECT_ROOT / "cards" / "classic" / "artifacts.yaml").read_text(encoding="utf-8")
    line = artifacts.splitlines().index("plague:") + 1
    assert f"cards/classic/artifacts.yaml:{line}:1: missing: de classic plague text: no text" in output


def test_one_game_alone():
    data = json.loads(status("--lang", "es", "--game", "cosmic", "--format", "json"))

    assert {row["game"] for row in data["summary"]} == {"cosmic", None}  # None: the templates
    assert [row for row in data["summary"] if row["game"] == "cosmic"] == [
        {"language": "es", "game": "cosmic", "kind": "encounter", "translated": 3, "stale": 0,
         "missing": 0}]


def test_a_game_the_database_does_not_hold_is_a_usage_error():
    result = CliRunner().invoke(main, ["status", str(PROJECT_ROOT), "--game", "chess"])

    assert result.exit_code == 2
    assert "no game 'chess' in the database (known: classic, cosmic, duel)" in result.output
