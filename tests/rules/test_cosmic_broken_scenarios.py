"""Broken Cosmic Encounter scenarios (either edition), one fault each: the exact message,
line and column, found before the replay or by it."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardkit.rules.core.replay import replay_file
from tests.rules.broken_scenarios import assert_its_one_fault

BROKEN = Path(__file__).parent / "broken_cosmic"


@pytest.mark.parametrize("path", sorted(BROKEN.glob("*.yaml")), ids=lambda path: path.stem)
def test_broken_cosmic_scenario_reports_its_one_fault(path: Path, shipped_database):
    result = replay_file(path, shipped_database.cards, display_path=Path(path.name),
                         boxes=shipped_database.boxes)

    assert_its_one_fault(path, result)


def test_a_database_without_the_games_box_is_reported_at_the_game_line(shipped_database):
    path = BROKEN.parent.parent / "examples" / "classic" / "c01-orders-name-the-defense.yaml"
    boxes = {game: box for game, box in shipped_database.boxes.items() if game != "classic"}

    result = replay_file(path, shipped_database.cards, display_path=Path(path.name), boxes=boxes)

    game_line = next(number for number, line in enumerate(
        path.read_text(encoding="utf-8").splitlines(), start=1) if line.startswith("game:"))
    [problem] = result.problems
    assert (problem.code, problem.position.line, problem.message) == (
        "unknown-id", game_line, "the card database has no box for the game 'classic'")
