"""Broken scenario files, one fault each: the exact message, line and column, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardkit.rules.core.replay import replay_file
from tests.rules.broken_scenarios import assert_its_one_fault

BROKEN = Path(__file__).parent / "broken"
EXAMPLES = Path(__file__).parents[1] / "examples"


@pytest.mark.parametrize("path", sorted(BROKEN.glob("*.yaml")), ids=lambda path: path.stem)
def test_broken_scenario_reports_its_one_fault(path: Path, shipped_cards):
    result = replay_file(path, shipped_cards, display_path=Path(path.name))

    assert_its_one_fault(path, result)


def test_a_duel_example_may_name_its_game(tmp_path, shipped_cards):
    example = tmp_path / "named.yaml"
    text = (EXAMPLES / "duel" / "duel-example.yaml").read_text(encoding="utf-8")
    example.write_text(text.replace("\nsources:", "\ngame: duel\nsources:", 1), encoding="utf-8")

    result = replay_file(example, shipped_cards)

    assert "game: duel" in example.read_text(encoding="utf-8")
    assert result.passed
    assert result.steps_passed == result.steps_total == 8
