"""The proof the issue asks for: change a card an example depends on and that example fails."""

from __future__ import annotations

from pathlib import Path

from cardkit.model.database import load_database
from cardkit.rules.core.replay import replay_file
from tests.rules.conftest import EXAMPLES, copy_database, replace_in

DUEL_EXAMPLE = EXAMPLES / "duel" / "duel-example.yaml"
REINFORCEMENT_EXAMPLE = EXAMPLES / "duel" / "reinforcement-example.yaml"


def _cards_with(tmp_path: Path, file: str, old: str, new: str) -> dict:
    root = copy_database(tmp_path / "db")
    replace_in(root / file, old, new)
    database, problems, _ = load_database(root)
    assert not problems
    return database.cards


def test_the_examples_hold_against_the_shipped_cards(shipped_cards):
    assert replay_file(DUEL_EXAMPLE, shipped_cards).passed
    assert replay_file(REINFORCEMENT_EXAMPLE, shipped_cards).passed


def test_a_changed_plan_value_fails_the_duel_example_at_the_influence(tmp_path):
    cards = _cards_with(tmp_path, "cards/duel/plans.yaml", "value: 13", "value: 15")
    result = replay_file(DUEL_EXAMPLE, cards)
    assert not result.passed
    failure = result.failure
    assert failure.message.startswith("step 8 (7. Neither holds a reinforcement;")
    assert failure.message.endswith("the state differs from the checkpoint")
    assert [str(mismatch) for mismatch in failure.mismatches] == [
        "duel.influence.orange: expected 13, actual 15",
        "duel.winner: expected blue, actual orange",
        "duel.loser: expected orange, actual blue",
    ]
    assert "-    orange: 13\n+    orange: 15" in failure.diff
    assert failure.position.line == 106  # the checkpoint's `expect:` of that step


def test_a_changed_ship_advantage_fails_the_duel_example_where_it_is_first_held(tmp_path):
    cards = _cards_with(tmp_path, "cards/duel/fate/discovery.yaml",
                        "ship_advantage: 8", "ship_advantage: 7")
    result = replay_file(DUEL_EXAMPLE, cards)
    assert [str(mismatch) for mismatch in result.failure.mismatches] == [
        "duel.ship_advantage.value: expected 8, actual 7"]
    assert result.steps_passed == 3


def test_a_changed_reinforcement_fails_the_reinforcement_example(tmp_path):
    cards = _cards_with(tmp_path, "cards/duel/reinforcements.yaml", "value: -7", "value: -6")
    result = replay_file(REINFORCEMENT_EXAMPLE, cards)
    assert [str(mismatch) for mismatch in result.failure.mismatches] == [
        "duel.influence.blue: expected 15, actual 16"]
    assert result.failure.message.startswith("step 4 (4. Now behind, the Matron plays -07")
