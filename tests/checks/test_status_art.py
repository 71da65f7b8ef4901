"""`cardkit status` counts the cards with a picture per game and kind, and lists each without."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from cardkit.cli import main


def status(root, *arguments: str) -> str:
    result = CliRunner().invoke(main, ["status", str(root), *arguments])
    assert result.exit_code == 0, result.output
    return result.output


def give_art(root, card: str) -> None:
    path = root / "cards/duel/aliens.yaml"
    path.write_text(path.read_text().replace(
        f"\n{card}:\n", f"\n{card}:\n  art:\n    file: {card}.png\n    credit: Mine, CC0\n", 1))


def test_status_lists_every_card_without_a_picture(minimal_database):
    give_art(minimal_database, "pickle")

    output = status(minimal_database, "--lang", "es")

    assert "         duel     alien                    1        1" in output
    assert "cards/duel/aliens.yaml:2: no art: duel alien iron-matron" in output
    assert "no art: duel alien pickle" not in output


def test_status_json_says_the_same(minimal_database):
    give_art(minimal_database, "pickle")

    data = json.loads(status(minimal_database, "--format", "json"))

    assert {"game": "duel", "kind": "alien", "with": 1, "without": 1} in data["art"]
    assert [entry["card"] for entry in data["without_art"] if entry["kind"] == "alien"] == ["iron-matron"]


def test_a_kind_whose_face_has_no_picture_frame_is_not_counted(minimal_database):
    tactics = (Path(__file__).parents[2] / "cards/duel/tactics.yaml").read_text(encoding="utf-8")
    (minimal_database / "cards/duel/tactics.yaml").write_text(tactics, encoding="utf-8")

    output = status(minimal_database, "--lang", "es")

    assert "no art: duel alien iron-matron" in output
    assert "no art: duel tactic" not in output
    assert "duel     tactic" not in output
