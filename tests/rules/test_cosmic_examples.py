"""The Cosmic Encounter examples of both rulebooks: every numbered one is there (each holds
as its own test item, through the pytest plugin), and changing a card value one relies on
fails exactly the examples that use it."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from cardkit.cli.replay import replay_command
from tests.rules.conftest import EXAMPLES, copy_database, replace_in

CLASSIC, COSMIC = EXAMPLES / "classic", EXAMPLES / "cosmic"
# C1-C13 of the classic rulebook, N1-N11 of the current one (N6 and N9 show two cases each).
NUMBERED = re.compile(r"^(c(0[1-9]|1[0-3])|n(0[1-9]|1[01]))-")
# Rules stated in words only, each with a scenario of its own (no number).
RULE_SCENARIOS = ("classic/plague-spares-the-main-ship",)


def test_every_example_of_both_rulebooks_is_there():
    found = sorted(CLASSIC.glob("*.yaml")) + sorted(COSMIC.glob("*.yaml"))
    numbered = {path: match.group(1) for path in found if (match := NUMBERED.match(path.name))}
    assert set(numbered.values()) == ({f"c{n:02}" for n in range(1, 14)}
                                      | {f"n{n:02}" for n in range(1, 12)})
    unnumbered = {f"{path.parent.name}/{path.stem}" for path in found if path not in numbered}
    assert unnumbered == set(RULE_SCENARIOS)


def _replay_with(tmp_path, file: str, old: str, new: str) -> str:
    root = copy_database(tmp_path / "db")
    replace_in(root / file, old, new)
    result = CliRunner().invoke(replay_command, ["--database", str(root), str(CLASSIC),
                                                 str(COSMIC)], catch_exceptions=False)
    assert result.exit_code == 1, result.output
    return result.output


def _failed(output: str) -> list[str]:
    return [line.removeprefix("FAIL  ").rsplit("/", 1)[-1]
            for line in output.splitlines() if line.startswith("FAIL  ")]


@pytest.mark.slow
def test_a_changed_attack_value_fails_exactly_the_example_that_adds_it(tmp_path):
    output = _replay_with(tmp_path, "cards/classic/encounter.yaml", "value: 8", "value: 9")

    assert _failed(output) == ["c03-attack-encounter.yaml"]
    assert "  encounter.totals.offense: expected 14, actual 15" in output
    assert "  -    offense: 14\n  +    offense: 15" in output


@pytest.mark.slow
def test_a_changed_plague_fails_the_plague_example_at_the_ships_it_costs(tmp_path):
    output = _replay_with(tmp_path, "cards/classic/artifacts.yaml", "ships: 3", "ships: 2")

    assert _failed(output) == ["c10-plague.yaml"]
    assert ("scripted decision 'parasite lose: {blue-5: 3}' is not legal here (parasite: the 2 "
            "ships it sends to the warp)") in output


@pytest.mark.slow
def test_a_changed_macron_ship_worth_fails_the_step_by_step_example(tmp_path):
    output = _replay_with(tmp_path, "cards/classic/aliens.yaml", "value: 4", "value: 3")

    assert _failed(output) == ["c13-step-by-step.yaml"]
    assert "  encounter.strength.defense: expected 5, actual 4" in output


@pytest.mark.slow
def test_a_changed_current_attack_8_fails_the_morph_and_offense_examples(tmp_path):
    output = _replay_with(tmp_path, "cards/cosmic/encounter.yaml", "value: 8", "value: 7")

    assert _failed(output) == ["n09-morph-against-attack.yaml", "n10-offense-wins.yaml"]
    assert "  encounter.totals.offense: expected 12, actual 11" in output
