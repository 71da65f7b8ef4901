"""Unit tests of the engine's rules, including the edge cases of the rulebooks' clarifications.

Tiles and cards the rulebooks never show (a second blast tile, recover tiles, a blue
planet, a contest card) are made up here as test fixtures, not added to the database.
"""

from __future__ import annotations

import pytest

from cardkit.model.duel import Discovery, Planet, Reinforcement, Tactic
from cardkit.model.games import BUILT_IN
from cardkit.model.effects import CountedEffect
from cardkit.rules.core.decisions import (CHANCE, Decision, Event as EngineEvent, IllegalChoice,
                                          RulesError)
from cardkit.rules.duel.engine import PASS, Rules
from tests.rules.driver import drive, start
from cardkit.rules.duel.state import (Clash, EmissaryState, GameState, PlanetState, PlayerState,
                                 ReinforcementPlay, TacticChoice)

# Declared, not written in Python (model/declarations/duel.yaml).
Event = BUILT_IN["duel"].kind("event").facts
Plan = BUILT_IN["duel"].kind("plan").facts


def _tactic(tile_id: str, colour: str, *halves: tuple[str, int]) -> Tactic:
    return Tactic(id=tile_id, colour=colour,
                  halves=[{"icon": icon, "value": value} for icon, value in halves])


@pytest.fixture
def cards(shipped_cards) -> dict:
    made_up = {
        "orange-blast-3": _tactic("orange-blast-3", "orange", ("blast", 3), ("shield", 1)),
        "orange-recover-1": _tactic("orange-recover-1", "orange", ("recover", 1), ("blast", 1)),
        "blue-recover-2": _tactic("blue-recover-2", "blue", ("recover", 2), ("shield", 1)),
        "blue-spent-a": _tactic("blue-spent-a", "blue", ("blast", 1), ("shield", 1)),
        "blue-spent-b": _tactic("blue-spent-b", "blue", ("blast", 2), ("shield", 2)),
        "blue-spent-c": _tactic("blue-spent-c", "blue", ("blast", 3), ("shield", 3)),
        "orange-spent-a": _tactic("orange-spent-a", "orange", ("blast", 1), ("shield", 1)),
        "blue-x": Planet(id="blue-x", symbol="blue"),
        "tiny": Plan(id="tiny", colour="orange", value=1),
        "stake": Discovery.model_validate({
            "id": "stake", "unknown": ["next"],
            "effect": {"effect": "discover_and_duel"},
            "duel": {"ship_advantage": 4, "prizes": {"winner": {"effect": {
                "effect": "draw_cards", "count": 1}}}}}),
        "quarrel": Event.model_validate({
            "id": "quarrel", "unknown": ["next"],
            "contest": {"winner": {"effect": {"effect": "gain_reinforcements", "count": 1}}}}),
    }
    return {**shipped_cards, **made_up}


def _state(**players) -> GameState:
    def player(colour, spec):
        spec = dict(spec)
        return PlayerState(colour=colour, alien=None, hand_size=spec.pop("hand_size", 6),
                           supply=spec.pop("supply", 15), vortex=spec.pop("vortex", 5), **spec)
    return GameState(players={colour: player(colour, players.get(colour, {}))
                              for colour in ("orange", "blue")}, leader="orange")


def _duel_state(orange_tactics, blue_tactics, orange_hand=("wild",), blue_hand=("inadequate",)):
    state = _state(orange={"hand": list(orange_hand), "ready_tactics": list(orange_tactics)},
                   blue={"hand": list(blue_hand), "ready_tactics": list(blue_tactics)})
    state.planets["here"] = PlanetState("here", None, None)
    return state


def _choose(colour, plan, tile, half):
    return [(colour, "plan", plan), (colour, "tactic", TacticChoice(tile, half))]


def test_ship_check_with_nobody_left_discards_the_plans_and_starts_again(cards):
    state = _duel_state(["orange-blast-3"], ["blue-blast-4"],
                        orange_hand=["wild", "tiny"], blue_hand=["inadequate", "below-average"])
    rules = Rules(state, cards)
    events = drive(rules.duel("here", None), [
        ("orange", "dial", 2), ("blue", "dial", 3),
        *_choose("orange", "tiny", "orange-blast-3", "blast"),
        *_choose("blue", "below-average", "blue-blast-4", "blast"),
        # Both fleets destroyed: back to step 1 with the tactics spent.
        ("orange", "dial", 1), ("blue", "dial", 1),
        ("orange", "plan", "wild"), ("blue", "plan", "inadequate"),
    ]).events
    assert events.count("duel.dials-set") == 2
    assert state.players["orange"].discard == ["tiny", "wild"]
    assert state.players["blue"].discard == ["below-average", "inadequate"]
    assert state.players["orange"].vortex == 7 and state.players["blue"].vortex == 8
    assert state.clash.winner == "orange"


def test_a_blast_cannot_destroy_more_ships_than_are_there_and_a_lone_shield_does_nothing(cards):
    state = _duel_state(["orange-blast-3"], ["blue-recover-2"])
    runner = start(Rules(state, cards).duel("here", None))
    for choice in (1, 1, "wild", TacticChoice("orange-blast-3", "shield"), "inadequate",
                   TacticChoice("blue-recover-2", "shield")):
        while not isinstance(runner.advance(), Decision):
            pass
        runner.apply(choice)
    while runner.advance() != EngineEvent("duel.tactics-resolved"):
        pass
    assert state.planets["here"].ships == {"orange": 1, "blue": 1}
    state = _duel_state(["orange-blast-3"], ["blue-spent-a"])
    rules = Rules(state, cards)
    drive(rules.duel("here", None), [
        ("orange", "dial", 4), ("blue", "dial", 1),
        *_choose("orange", "wild", "orange-blast-3", "blast"),
        *_choose("blue", "inadequate", "blue-spent-a", "shield"),
    ])
    assert state.players["blue"].vortex == 6  # 3 blast - 1 shield = 2, but only 1 ship there


def test_one_recover_readies_one_spent_tactic_and_stays_ready(cards):
    state = _duel_state(["orange-recover-1"], ["blue-spent-b"])
    state.players["orange"].spent_tactics = ["orange-spent-a", "orange-blast-3"]
    rules = Rules(state, cards)
    drive(rules.duel("here", None), [
        ("orange", "dial", 2), ("blue", "dial", 1),
        *_choose("orange", "wild", "orange-recover-1", "recover"),
        *_choose("blue", "inadequate", "blue-spent-b", "shield"),
        ("orange", "ready_tactic", "orange-blast-3"),
    ])
    orange = state.players["orange"]
    assert sorted(orange.ready_tactics) == ["orange-blast-3", "orange-recover-1"]
    assert orange.spent_tactics == ["orange-spent-a"]
    assert state.players["blue"].spent_tactics == ["blue-spent-b"]


def test_two_recover_readies_two_then_the_opponent_readies_one_not_the_revealed_tile(cards):
    state = _duel_state(["orange-blast-3"], ["blue-recover-2"])
    state.players["blue"].spent_tactics = ["blue-spent-a", "blue-spent-b", "blue-spent-c"]
    state.players["orange"].spent_tactics = ["orange-spent-a"]
    rules = Rules(state, cards)
    drive(rules.duel("here", None), [
        ("orange", "dial", 3), ("blue", "dial", 1),
        *_choose("orange", "wild", "orange-blast-3", "shield"),
        *_choose("blue", "inadequate", "blue-recover-2", "recover"),
        ("blue", "ready_tactic", "blue-spent-a"), ("blue", "ready_tactic", "blue-spent-c"),
        # Orange's only spent tile is readied at once; its revealed tile is not a choice.
    ])
    blue, orange = state.players["blue"], state.players["orange"]
    assert sorted(blue.ready_tactics) == ["blue-recover-2", "blue-spent-a", "blue-spent-c"]
    assert blue.spent_tactics == ["blue-spent-b"]
    assert orange.ready_tactics == ["orange-spent-a"]
    assert orange.spent_tactics == ["orange-blast-3"]


def test_a_player_who_needs_a_plan_with_an_empty_hand_draws_up_to_the_hand_size(cards):
    state = _duel_state([], [], orange_hand=[])
    state.players["orange"].deck = ["tiny"]
    state.players["orange"].discard = ["below-average", "almost-invincible"]
    rules = Rules(state, cards)
    drive(rules.duel("here", None), [
        ("orange", "dial", 1), ("blue", "dial", 1),
        (CHANCE, "shuffle", ("almost-invincible", "below-average")),
        ("orange", "plan", "almost-invincible"),
    ])
    assert sorted(state.players["orange"].hand) == ["below-average", "tiny"]


def test_contest_steps_and_its_winner_effect(cards):
    state = _state(orange={"hand": ["wild"]}, blue={"hand": ["inadequate", "traitors"]})
    state.reinforcement_deck = ["great-contribution"]
    state.emissaries = {"cudgel": EmissaryState(ally="blue")}
    rules = Rules(state, cards)
    events = drive(rules.contest("quarrel"), [
        ("blue", "reveal_emissary", True),
        ("orange", "plan", "wild"), ("blue", "plan", "inadequate"),
        ("blue", "reinforcement", ReinforcementPlay("traitors", "orange")),
        ("blue", "reinforcement", PASS),
    ]).events
    assert [event for event in events if event.startswith("contest.")
            and event != "contest.reinforcement-turn"] == [
        "contest.emissaries-revealed", "contest.chosen", "contest.plans-revealed",
        "contest.reinforcements-done", "contest.winner", "contest.effect", "contest.cleanup"]
    assert state.emissaries["cudgel"].face_up
    assert state.clash.final_influence == {"orange": 6, "blue": 6}
    assert state.clash.winner == "blue"  # the tie goes to the straggler
    assert state.players["blue"].hand == ["great-contribution"]
    assert state.players["orange"].discard == ["wild", "traitors"]



def test_a_tie_below_zero_still_goes_to_the_straggler(cards):
    # The tie rule holds for any equal influence, negative too: plans of -2 and a -9
    # reinforcement on each side leave both at -11.
    cards = {**cards, "slump-a": Plan(id="slump-a", colour="orange", value=-2),
             "slump-b": Plan(id="slump-b", colour="blue", value=-2),
             "drain-a": Reinforcement(id="drain-a", value=-9),
             "drain-b": Reinforcement(id="drain-b", value=-9)}
    state = _state(orange={"hand": ["slump-a"]},
                   blue={"hand": ["slump-b", "drain-a", "drain-b"]})
    state.leader = "blue"
    drive(Rules(state, cards).contest("quarrel"), [
        ("orange", "plan", "slump-a"), ("blue", "plan", "slump-b"),
        ("blue", "reinforcement", ReinforcementPlay("drain-a", "orange")),
        ("blue", "reinforcement", ReinforcementPlay("drain-b", "blue")),
        ("blue", "reinforcement", PASS),
    ])
    assert state.clash.final_influence == {"orange": -11, "blue": -11}
    assert state.clash.winner == "orange"

def test_the_higher_influence_wins_whoever_is_the_straggler(cards):
    # Only a tie goes to the straggler (003 L339): Blue, the leader, wins 2 to 1.
    cards = {**cards, "low": Plan(id="low", colour="orange", value=1),
             "high": Plan(id="high", colour="blue", value=2)}
    state = _state(orange={"hand": ["low"]}, blue={"hand": ["high"]})
    state.leader = "blue"
    drive(Rules(state, cards).contest("quarrel"),
          [("orange", "plan", "low"), ("blue", "plan", "high")])
    assert state.clash.final_influence == {"orange": 1, "blue": 2}
    assert state.clash.winner == "blue"


def test_a_ship_is_retrieved_from_the_warp_planet_only_when_one_of_the_players_is_there(cards):
    # Ships are retrieved from the Warp and from the Warp planet (003 L584): a Warp planet
    # with none of the player's ships is no place to retrieve one from.
    state = _state(orange={"vortex": 2})
    state.planets["whirl"] = PlanetState("whirl", None, None, in_vortex=True)
    runner = start(Rules(state, cards).retrieve_ships("orange", 1))
    decision = runner.advance()
    assert (decision.kind, runner.legal_choices()) == ("retrieve_from", ("vortex",))

    state.planets["whirl"].ships["orange"] = 1
    runner = start(Rules(state, cards).retrieve_ships("orange", 1))
    runner.advance()
    assert runner.legal_choices() == ("vortex", "vortex-planet")


def test_gaining_reinforcements_from_an_empty_deck_has_no_effect(cards):
    state = _state()
    state.reinforcement_deck = ["traitors"]
    rules = Rules(state, cards)
    drive(rules.resolve_effect(
        "orange", CountedEffect(effect="gain_reinforcements", count=3)), [])
    assert state.players["orange"].hand == ["traitors"]


def test_an_optional_effect_that_can_do_nothing_is_not_offered(cards):
    rules = Rules(_state(orange={"vortex": 0}), cards)
    events = drive(rules.resolve_effect(
        "orange", CountedEffect(effect="retrieve_ships", count=2, optional=True))).events
    assert events == ["effect.resolved"]


def test_a_single_planet_with_the_first_symbol_is_chosen_without_asking(cards):
    cards = {**cards, "bar": Event(id="bar", unknown=["next"], planet_bar=["red", "blue"])}
    state = _state()
    for name in ("red-a", "blue-x"):
        state.planets[name] = PlanetState(name, name, cards[name].symbol)
    rules = Rules(state, cards)
    drive(rules.use_planet_bar("bar"), [])
    assert state.selected_planet == "red-a"


def test_without_a_planet_for_any_symbol_of_the_bar_nothing_is_chosen(cards):
    state = _state()
    state.planets["yellow-a"] = PlanetState("yellow-a", "yellow-a", "yellow")
    rules = Rules(state, cards)
    drive(rules.use_planet_bar("sweet-revenge"), [])
    assert state.selected_planet is None


def test_roles_do_not_swap_in_the_middle_of_a_duel(cards):
    state = _duel_state([], [])
    state.planets["mine"] = PlanetState("mine", None, None, {"orange": 1, "blue": 0})
    state.planets["theirs"] = PlanetState("theirs", None, None, {"orange": 0, "blue": 1})
    state.clash = Clash("duel", None, planet="mine")
    rules = Rules(state, cards)
    drive(rules.resolve_effect(
        "blue", CountedEffect(effect="retrieve_ships", count=1)), [])
    assert state.leader == "orange"  # blue controls more only because the duel is on "mine"


def test_the_fate_deck_must_be_the_one_the_last_card_names(cards):
    state = _state()
    state.next_deck = "event"
    state.fate_decks = {"discovery": ["stake"]}
    runner = start(Rules(state, cards).play_fate("discovery"))
    with pytest.raises(RulesError, match="sends the game to the event deck"):
        while runner.advance() is not None:
            pass


def test_apply_refuses_an_illegal_choice_and_legal_choices_lists_them(cards):
    runner = start(Rules(_duel_state([], []), cards).duel("here", None))
    decision = runner.advance()
    assert (decision.actor, decision.kind) == ("orange", "dial")
    assert runner.legal_choices() == (1, 2, 3, 4)
    with pytest.raises(IllegalChoice):
        runner.apply(5)
    runner.apply(4)
    assert runner.advance().actor == "blue"


def test_a_discovery_card_duels_on_the_discovered_planet_and_pays_its_prize(cards):
    state = _state(orange={"hand": ["wild"], "deck": ["tiny"]}, blue={"hand": ["inadequate"]})
    state.planet_stack = [PlanetState("blue-x", "blue-x", "blue")]
    state.fate_decks = {"discovery": ["stake"]}
    rules = Rules(state, cards)
    events = drive(rules.play_fate("discovery"), [
        ("orange", "dial", 1), ("blue", "dial", 1),
        ("orange", "plan", "wild"), ("blue", "plan", "inadequate"),
    ]).events
    assert events[:3] == ["win-check", "upkeep", "fate.drawn"]
    assert state.past == ["stake"]
    assert state.players["orange"].hand == ["tiny"]  # the winner's prize: draw 1 card
    assert state.controlled("orange") == ["blue-x"]


def test_a_prize_the_database_does_not_give_stops_the_rules(shipped_cards):
    state = _state(orange={"hand": ["wild"]}, blue={"hand": ["inadequate"]})
    state.planets = {"here": PlanetState("here", None, None, {"orange": 0, "blue": 0})}
    rules = Rules(state, shipped_cards)
    with pytest.raises(RulesError, match="fate card 'empty-spaceport': the card database does "
                                         "not give the winner's prize"):
        drive(rules.duel("here", "empty-spaceport"), [
            ("orange", "dial", 1), ("blue", "dial", 2),
            ("orange", "plan", "wild"), ("blue", "plan", "inadequate"),
        ])


def test_a_duel_whose_ship_advantage_is_unknown_does_not_start(shipped_cards):
    state = _state(orange={"hand": ["wild"]}, blue={"hand": ["inadequate"]})
    state.planets = {"here": PlanetState("here", None, None, {"orange": 0, "blue": 0})}
    rules = Rules(state, shipped_cards)
    with pytest.raises(RulesError, match="'prize-illustration': the card database does not give "
                                         "its ship advantage"):
        drive(rules.duel("here", "prize-illustration"), [])
