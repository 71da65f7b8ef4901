"""Random playthroughs: every engine's random games hold its invariants, and a bug found by
chance becomes a scenario file that replays it (shown with a bug planted in a test-only
engine)."""

from __future__ import annotations

import dataclasses

import pytest
import yaml
from click.testing import CliRunner

from cardkit.cli.play import play_command
from cardkit.rules.core.engine import CardData
from cardkit.rules.core.playthrough import INVARIANT, NO_END, play, scenario_text
from cardkit.rules.core.registry import registered
from cardkit.rules.core.replay import replay_file
from cardkit.rules.duel.engine import Rules
from tests.rules.conftest import PROJECT_ROOT

SHIPS = "each player's ships are conserved across supply, planets and the Vortex"


@pytest.fixture(scope="module")
def data(shipped_database) -> CardData:
    return CardData(shipped_database.cards, shipped_database.boxes)


class _LeakyRules(Rules):
    """The Duel's rules with a planted bug: a player who dials four loses one of the ships
    it sends on the way."""

    def _send_ships(self, clash):
        super()._send_ships(clash)
        for colour, dial in clash.dials.items():
            if dial == 4:
                self.state.planets[clash.planet].ships[colour] -= 1


def _leaky_engine():
    duel = registered()["duel"]

    def load(reader, game, data):
        setup = duel.load(reader, game, data)
        setup.rules = lambda state: _LeakyRules(state, setup.cards)
        return setup
    return dataclasses.replace(duel, load=load)


def test_a_planted_bug_is_found_cut_short_and_written_as_a_scenario_that_replays_it(
        data, tmp_path, shipped_database):
    leaky = {"duel": _leaky_engine()}
    report = play("duel", 30, 5, data, leaky)

    assert report.failed, "thirty games without dialling four once"
    played = report.failed[0]
    assert (played.breach.kind, played.breach.invariant) == (INVARIANT, SHIPS)
    assert played.breach.event == "duel.dials-revealed"

    path = tmp_path / "found.yaml"
    path.write_text(scenario_text(leaky["duel"], played), encoding="utf-8")
    steps = yaml.safe_load(path.read_text(encoding="utf-8"))["steps"]
    assert len(steps) == len(played.actions)
    assert steps[-1]["until"] == "duel.dials-revealed"
    dials = [decision["dial"] for decision in steps[-1]["decisions"] if "dial" in decision]
    assert dials[-2:].count(4) >= 1, "the last step ends where a four was dialled"

    found = replay_file(path, shipped_database.cards, boxes=shipped_database.boxes,
                        engines=leaky)
    assert found.steps_passed == len(steps) - 1
    assert found.failure.message.startswith(
        f"step {len(steps)} (Procedure {len(steps)} of the random game: draw_fate.), at "
        f"duel.dials-revealed: invariant broken: {SHIPS} (003 L45-49, L119, L141): ")

    fixed = replay_file(path, shipped_database.cards, boxes=shipped_database.boxes)
    assert fixed.passed, fixed.failure and fixed.failure.render()


@pytest.mark.parametrize("game", ["duel", "vanguard", "classic"])
def test_random_games_end_and_hold_every_invariant(game, data):
    report = play(game, 200, 20_000, data)

    assert report.played == 200
    assert not report.failed, [played.breach.message for played in report.failed]
    assert report.events


def test_random_current_edition_games_break_no_invariant_in_a_hundred_turns(data):
    """Each current-edition game to its end or its hundredth turn. Whether every game ends
    is not asserted here: the current text gives no artifacts, flares or other cards that
    bring ships back from the warp, so random play drains it in many games and they go on
    for thousands of turns (`cardkit play --game cosmic` counts them; docs/rules.md)."""
    cosmic = registered()["cosmic"]
    short = dataclasses.replace(cosmic, playthrough=dataclasses.replace(
        cosmic.playthrough, max_actions=100))
    report = play("cosmic", 50, 20_000, data, {"cosmic": short})

    assert report.played == 50
    assert [played.breach.kind for played in report.failed
            if played.breach.kind != NO_END] == []
    assert report.events


def test_play_prints_the_invariants_held_and_the_games_played(monkeypatch):
    monkeypatch.chdir(PROJECT_ROOT)
    result = CliRunner().invoke(play_command, ["--game", "vanguard", "--games", "20",
                                               "--seed", "7"], catch_exceptions=False)

    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("played 20 games of vanguard (seed 7): 20 held, 0 failed; ")
    assert lines[1] == "invariants, checked after every step:"
    assert ("  held    a meter's marker stays on its meter (004 L2029-2031): 200 checks"
            in lines)
    assert lines[-1] == ("  held    a game ends within 1 procedure (004 L1867): 20 of 20 "
                         "games")


def test_play_refuses_an_unknown_game(monkeypatch):
    monkeypatch.chdir(PROJECT_ROOT)
    result = CliRunner().invoke(play_command, ["--game", "monopoly"])

    assert result.exit_code == 2
    assert "--game monopoly: not one of duel, vanguard, classic, cosmic" in result.output


def test_play_writes_each_failed_game_and_exits_1(monkeypatch, tmp_path):
    monkeypatch.chdir(PROJECT_ROOT)
    monkeypatch.setattr("cardkit.cli.play.registered", lambda: {"duel": _leaky_engine()})
    out = tmp_path / "out"
    result = CliRunner().invoke(play_command, ["--game", "duel", "--games", "30", "--seed", "5",
                                               "--out", str(out)], catch_exceptions=False)

    assert result.exit_code == 1
    written = sorted((out / "play").glob("*.yaml"))
    assert written
    assert f"  BROKEN  {SHIPS} (003 L45-49, L119, L141): " in result.output
    for path in written:
        number = path.stem.removeprefix("duel-seed5-game")
        assert f"FAIL  game {number}: invariant broken: {SHIPS}" in result.output
        assert f"      written to {path}\n" in result.output
        assert yaml.safe_load(path.read_text(encoding="utf-8"))["game"] == "duel"
