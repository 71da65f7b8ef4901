"""Random playthroughs: every engine's random games hold its invariants, and a bug found by
chance becomes a scenario file that replays it (shown with a bug planted in a test-only
engine)."""

from __future__ import annotations

import dataclasses
import difflib
import hashlib
import os
from collections import Counter
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from cardkit.cli.play import play_command
from cardkit.rules.core.engine import CardData, GamePart, happened
from cardkit.rules.core.playthrough import (INVARIANT, LEGALITY, Played, game_parts, never_played, part_lines,
                                            play, play_game, scenario_text)
from cardkit.rules.core.registry import registered
from cardkit.rules.core.replay import replay_file
from cardkit.rules.cosmic.engine import (DRAW_AGAIN, FORCE_FIELD, HOME_COLONY, MOBIUS_TUBES,
                                         NO_DEAL, PASS, PLAGUE)
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


def read_yaml(path: Path):
    """A written scenario's data, read by libyaml: the files run to thousands of lines."""
    return yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)


@pytest.mark.slow
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
    steps = read_yaml(path)["steps"]
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


@pytest.mark.parametrize("games", [10, pytest.param(200, marks=pytest.mark.slow)])
@pytest.mark.parametrize("game", ["duel", "vanguard", "classic", "cosmic"])
def test_random_games_end_and_hold_every_invariant(game, games, data):
    report = play(game, games, 20_000, data)

    assert report.played == games
    assert not report.failed, [played.breach.message for played in report.failed]
    assert report.events
    assert sum(report.lengths.values()) == games
    parts = game_parts(registered()[game], game)
    assert parts
    assert all(report.games_with[part.name] <= report.parts[part.name] for part in parts)
    if games >= 200:  # ten games may well miss a rare part
        assert [part.name for part in never_played(report, registered()[game])] == []


def test_a_part_random_play_never_reaches_is_reported_as_its_failure(data):
    duel = registered()["duel"]
    unreachable = GamePart("a made-up part", "003 L1", happened("no-such-event"))
    engine = dataclasses.replace(duel, playthrough=dataclasses.replace(
        duel.playthrough, parts=(duel.playthrough.parts[0], unreachable)))
    report = play("duel", 3, 1, data, {"duel": engine})

    assert never_played(report, engine) == [unreachable]
    lines = part_lines(report, engine)
    assert lines[-1] == "  NEVER   a made-up part (003 L1): 0 times in 0 of 3 games"
    assert lines[0].startswith("  played  an emissary revealed (003 L292-294, L459): ")


class _LooseRules(Rules):
    """The Duel's rules with a loosened legality rule: any card in hand may be chosen as
    a plan, not only plan cards (003 L269)."""

    def _plans_in_hand(self, player):
        return tuple(sorted(set(player.hand)))


def test_a_loosened_legality_rule_is_caught_by_the_oracle_within_2000_games(data):
    duel = registered()["duel"]

    def load(reader, game, data):
        setup = duel.load(reader, game, data)
        setup.rules = lambda state: _LooseRules(state, setup.cards)
        return setup
    loose = dataclasses.replace(duel, load=load)

    caught = next((played for number in range(2000)
                   if not (played := play_game(loose, "duel", data, 1, number)).held), None)

    assert caught is not None, "2,000 games and the loosened rule never disagreed"
    assert (caught.number, caught.breach.kind) == (1, LEGALITY)
    assert caught.breach.message == (
        "orange's plan: the engine accepts 'made-up-reinforcement-11', which the rulebook does "
        "not allow; accepts 'made-up-reinforcement-8', which the rulebook does not allow; accepts "
        "'dwindling-funding', which the rulebook does not allow")


def test_the_oracle_agrees_with_the_real_duel_engine(data):
    report = play("duel", 100, 7, data)
    assert report.decisions
    assert not report.failed, [played.breach.message for played in report.failed]


def test_classic_parts_name_their_game_and_are_left_out_of_the_current_edition():
    cosmic = registered()["cosmic"]
    classic_only = {part.name for part in game_parts(cosmic, "classic")} - {
        part.name for part in game_parts(cosmic, "cosmic")}
    assert {"the Plague", "the campaign scored"} <= classic_only


@pytest.mark.parametrize(("part", "kind", "counted", "other"), [
    ("a foreign colony at home attacked (own colour drawn)", "own_colour", HOME_COLONY, DRAW_AGAIN),
    # A choice read from a scenario is an equal string, not the engine's own object.
    ("a deal refused or not proposed", "deal", "".join(list(NO_DEAL)),
     {"cards": {"red": ["classic-attack-8"]}}),
    ("the Plague", "artifact", {"play": PLAGUE, "on": "blue"}, PASS),
    ("the Mobius Tubes", "artifact", MOBIUS_TUBES, {"play": PLAGUE, "on": "blue"}),
    ("the Force Field", "artifact", {"play": "".join(list(FORCE_FIELD)), "on": "blue"}, PASS),
    ("an alien power used (a shown fragment)", "power", {"give": "classic-attack-8", "to": "blue"},
     PASS),
])
def test_a_cosmic_encounter_part_counted_by_a_choice_counts_that_choice_alone(part, kind, counted, other):
    [found] = [game_part for game_part in game_parts(registered()["cosmic"], "classic")
               if game_part.name == part]
    played = Played({}, decisions=[("red", kind, counted), ("red", kind, other), ("blue", kind, counted)])

    assert found.count(played) == 2


@pytest.mark.slow
def test_the_current_edition_player_plays_to_win_and_still_draws_every_choice(data):
    """It launches one ship unless it draws at random, and a drawn launch may take more;
    it accepts every deal unless it draws, so some deals are refused."""
    cosmic = registered()["cosmic"]
    launched, agreed = Counter(), Counter()
    for number in range(40):
        for action in play_game(cosmic, "cosmic", data, 20_000, number).actions:
            for _, kind, choice in action.decisions:
                if kind == "launch":
                    launched[sum(choice.values()) > 1] += 1
                elif kind == "agree":
                    agreed[choice] += 1
    assert launched[False] > 3 * launched[True] > 0
    assert agreed[True] > 3 * agreed[False] > 0


@pytest.mark.slow
def test_the_classic_player_takes_each_choice_as_likely(data):
    cosmic = registered()["cosmic"]
    launched = Counter()
    for number in range(40):
        for action in play_game(cosmic, "classic", data, 20_000, number).actions:
            launched.update(sum(choice.values()) > 1 for _, kind, choice in action.decisions
                            if kind == "launch")
    assert launched[True] > launched[False]


def test_play_prints_the_invariants_held_the_games_played_and_each_part_of_the_game(monkeypatch):
    monkeypatch.chdir(PROJECT_ROOT)
    result = CliRunner().invoke(play_command, ["--game", "vanguard", "--games", "60",
                                               "--seed", "7"], catch_exceptions=False)

    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("played 60 games of vanguard (seed 7): 60 held, 0 failed; ")
    assert lines[1] == "invariants, checked after every step:"
    assert ("  held    a meter's marker stays on its meter (004 L2029-2031): 600 checks"
            in lines)
    parts = lines.index("parts of the game, counted:")
    assert lines[parts - 2:parts] == [
        "  held    a game ends within 1 procedure (004 L1867): 60 of 60 games",
        "procedures per game ended: median 1, 90% at most 1, 99% at most 1, longest 1"]
    counted = lines[parts + 1:-1]
    assert len(counted) == len(game_parts(registered()["vanguard"], "vanguard")) == 8
    assert all(line.startswith("  played  ") for line in counted)
    assert "  played  a die sacrificed (004 L1848): " in "\n".join(counted)
    assert lines[-1] == "random player: each legal choice as likely"


def test_a_part_of_the_game_no_game_reached_fails_the_run(monkeypatch):
    """20 games of seed 34 never use a hand card's combination: the random player's
    failure to reach a part of the game is a failure of the run."""
    monkeypatch.chdir(PROJECT_ROOT)
    result = CliRunner().invoke(play_command, ["--game", "vanguard", "--games", "20",
                                               "--seed", "34"], catch_exceptions=False)

    assert result.exit_code == 1, result.output
    assert ("  NEVER   a hand card's combination used (004 L1873-1888): 0 times in 0 of 20 games"
            in result.output.splitlines())
    assert "20 held, 0 failed" in result.output


def test_play_refuses_an_unknown_game(monkeypatch):
    monkeypatch.chdir(PROJECT_ROOT)
    result = CliRunner().invoke(play_command, ["--game", "monopoly"])

    assert result.exit_code == 2
    assert "--game monopoly: not one of duel, vanguard, classic, cosmic" in result.output


@pytest.mark.slow
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
        assert read_yaml(path)["game"] == "duel"


# The golden playthroughs: games 0 to 2 of seed 29 of each engine, written as scenario files
# under tests/rules/playthroughs/ so a person reads every decision taken, step by step. Those
# of the Duel, Vanguard and classic are the games main played before random play was made
# faster; the current edition's are its purposeful player's. A change that makes play faster
# must leave them as they are. Two games run to 68 procedures (classic game 2, current
# edition game 0): too long to read as a file, they keep a digest of every decision taken.
GOLDEN = PROJECT_ROOT / "tests" / "rules" / "playthroughs"
RENEW = "CARDKIT_RENEW_PLAYTHROUGHS"
GOLDEN_GAMES = [("duel", 0), ("duel", 1), ("duel", 2), ("vanguard", 0), ("vanguard", 1),
                ("vanguard", 2), ("classic", 0), ("classic", 1), ("cosmic", 1), ("cosmic", 2)]
DIGESTS = {("classic", 2): (68, 769, "878e88eb1f73"), ("cosmic", 0): (68, 1092, "bf0beca3b30f")}
SHOWN_LINES = 60


def _golden_path(game: str, number: int) -> Path:
    return GOLDEN / f"{game}-seed29-game{number}.yaml"


def _difference(expected: str, actual: str, name: str) -> str:
    lines = list(difflib.unified_diff(expected.splitlines(), actual.splitlines(),
                                      f"{name} (golden)", f"{name} (played now)", lineterm=""))
    shown = lines[:SHOWN_LINES]
    if len(lines) > SHOWN_LINES:
        shown.append(f"... {len(lines) - SHOWN_LINES} more lines of difference")
    return "\n".join(shown)


@pytest.mark.parametrize(("game", "number"), GOLDEN_GAMES)
def test_the_same_seed_plays_the_golden_playthrough(game, number, data):
    engine = registered()[game]
    played = play_game(engine, game, data, 29, number)
    assert played.held, played.breach.message
    written = scenario_text(engine, played)
    path = _golden_path(game, number)
    golden = path.read_text(encoding="utf-8") if path.exists() else ""
    if written == golden:
        return
    if os.environ.get(RENEW) == "1":
        path.write_text(written, encoding="utf-8")
        pytest.fail(f"{path.name} renewed: review its difference with git diff and commit it")
    pytest.fail(f"game {number} of seed 29 of {game} no longer plays as "
                f"tests/rules/playthroughs/{path.name}:\n"
                f"{_difference(golden, written, path.name)}\n"
                f"If the rules changed on purpose, renew the file with {RENEW}=1 "
                f"(docs/rules.md, section \"Golden playthroughs\").")


def test_the_golden_playthroughs_are_those_listed_and_each_replays(shipped_database):
    paths = sorted(GOLDEN.glob("*.yaml"))
    assert paths == sorted(_golden_path(game, number) for game, number in GOLDEN_GAMES)
    for path in paths:
        result = replay_file(path, shipped_database.cards, boxes=shipped_database.boxes)
        assert result.passed, (path.name, result.failure and result.failure.render(),
                               result.problems)
        assert result.steps_passed == len(read_yaml(path)["steps"])


@pytest.mark.parametrize(("game", "number"), DIGESTS)
def test_the_same_seed_plays_the_same_long_game(game, number, data):
    actions = play_game(registered()[game], game, data, 29, number).actions
    decisions = [decision for action in actions for decision in action.decisions]
    digest = hashlib.sha256(repr(decisions).encode()).hexdigest()[:12]
    assert (len(actions), len(decisions), digest) == DIGESTS[game, number]


def test_a_golden_difference_is_shown_as_a_unified_diff_cut_to_a_readable_length():
    golden = "".join(f"line {number}\n" for number in range(200))
    shown = _difference(golden, golden.replace("line", "row"), "duel-seed29-game0.yaml")
    lines = shown.splitlines()
    assert lines[:3] == ["--- duel-seed29-game0.yaml (golden)",
                         "+++ duel-seed29-game0.yaml (played now)", "@@ -1,200 +1,200 @@"]
    assert len(lines) == SHOWN_LINES + 1
    assert lines[-1] == f"... {403 - SHOWN_LINES} more lines of difference"


@pytest.mark.parametrize("engines", [None, {"duel": _leaky_engine()}], ids=["duel", "a planted bug"])
def test_games_shared_among_processes_make_the_report_one_process_makes(data, engines):
    alone = play("duel", 12, 5, data, engines)
    shared = play("duel", 12, 5, data, engines, jobs=3)
    assert shared == alone
    assert shared.failed or engines is None, "twelve games without dialling four once"


def test_play_prints_the_same_whatever_the_number_of_processes(monkeypatch):
    monkeypatch.chdir(PROJECT_ROOT)
    outputs = [CliRunner().invoke(play_command, ["--game", "vanguard", "--games", "30", "--seed", "7",
                                                 "--jobs", jobs], catch_exceptions=False).output
               for jobs in ("1", "2")]
    assert outputs[0] == outputs[1]
    assert outputs[0].startswith("played 30 games of vanguard (seed 7): 30 held, 0 failed; ")
