"""`cardkit status` per game: German translates every text of the two Cosmic Encounter games;
a text taken away is missing translator work, and the game is named in the output."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardkit.cli import main
from tests.conftest import PROJECT_ROOT


def status(*arguments: str, root: Path = PROJECT_ROOT):
    result = CliRunner().invoke(main, ["status", str(root), *arguments])
    assert result.exit_code == 0, result.output
    return result.output


@pytest.fixture
def without_german_cosmic(tmp_path: Path) -> Path:
    """The shipped database without German texts of the current edition, and without the
    German text of the classic Plague."""
    for folder in ("cards", "locales"):
        shutil.copytree(PROJECT_ROOT / folder, tmp_path / folder)
    shutil.rmtree(tmp_path / "locales" / "de" / "cosmic")
    artifacts = tmp_path / "locales" / "de" / "classic" / "artifacts.yaml"
    lines = artifacts.read_text(encoding="utf-8").splitlines(keepends=True)
    plague = lines.index("plague:\n")
    start = next(index for index in range(plague, len(lines)) if lines[index].startswith("  text: "))
    end = next(index for index in range(start + 1, len(lines)) if not lines[index].startswith("    "))
    artifacts.write_text("".join(lines[:start] + lines[end:]), encoding="utf-8")
    return tmp_path


def test_german_translates_every_classic_and_current_text():
    data = json.loads(status("--lang", "de", "--format", "json"))

    rows = {(row["game"], row["kind"]): (row["translated"], row["stale"], row["missing"])
            for row in data["summary"]}
    # 20 alien names; 6 artifacts with a name and a text; 7 and 3 encounter names, and the
    # texts of the classic negotiate card and of the current negotiate and morph cards
    assert rows[("classic", "alien")] == (20, 0, 0)
    assert rows[("classic", "artifact")] == (12, 0, 0)
    assert rows[("classic", "encounter")] == (8, 0, 0)
    assert rows[("cosmic", "encounter")] == (5, 0, 0)
    assert rows[("duel", "alien")][2] == 0


def test_a_text_german_lacks_is_listed_as_missing(without_german_cosmic):
    data = json.loads(status("--lang", "de", "--format", "json", root=without_german_cosmic))

    rows = {(row["game"], row["kind"]): (row["translated"], row["stale"], row["missing"])
            for row in data["summary"]}
    assert rows[("classic", "artifact")] == (11, 0, 1)
    assert rows[("cosmic", "encounter")] == (0, 0, 5)
    missing = {(field["game"], field["card"], field["field"]) for field in data["fields"]
               if field["state"] == "missing"}
    assert ("classic", "plague", "text") in missing and ("cosmic", "cosmic-morph", "name") in missing


def test_the_text_output_names_the_game_of_each_row_and_text(without_german_cosmic):
    output = status("--lang", "de", root=without_german_cosmic)

    assert "de       classic  alien                   20      0        0" in output
    assert "de       cosmic   encounter                0      0        5" in output
    # at the German entry that lacks the text, or at the locale file that will hold it where
    # there is no entry, with the command that begins the work
    german = without_german_cosmic / "locales" / "de" / "classic" / "artifacts.yaml"
    line = german.read_text(encoding="utf-8").splitlines().index("plague:") + 1
    assert f"locales/de/classic/artifacts.yaml:{line}:1: missing: de classic plague text: no text" in output
    assert "locales/de/cosmic/encounter.yaml:1:1: missing: de cosmic cosmic-morph name: no text" in output
    assert "next: `cardkit i18n export --lang de -o de.po`" in output


def test_one_game_alone():
    data = json.loads(status("--lang", "es", "--game", "cosmic", "--format", "json"))

    assert {row["game"] for row in data["summary"]} == {"cosmic", None}  # None: the templates
    assert [row for row in data["summary"] if row["game"] == "cosmic"] == [
        {"language": "es", "game": "cosmic", "kind": "encounter", "translated": 5, "stale": 0,
         "missing": 0}]


def test_a_game_the_database_does_not_hold_is_a_usage_error():
    result = CliRunner().invoke(main, ["status", str(PROJECT_ROOT), "--game", "chess"])

    assert result.exit_code == 2
    assert "no game 'chess' in the database (known: classic, cosmic, duel, vanguard)" in result.output
