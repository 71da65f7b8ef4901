"""The Cosmic Encounter legality oracle, written from the rulebooks apart from the engine:
what it proposes at a decision, which of its candidates it says the rules allow, and that
random play with it catches an engine whose legality rule is loosened."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace

import pytest

from cardkit.rules.core.decisions import Decision
from cardkit.rules.core.engine import CardData
from cardkit.rules.core.playthrough import LEGALITY, play_game
from cardkit.rules.core.registry import registered
from cardkit.rules.cosmic.engine import Rules
from cardkit.rules.cosmic.oracle import DECLINE, NO_CARD, NO_DEAL, NO_PLANET, legality


def _rules(game: str = "classic", *, planets=None, committed=None, invited=None, warp=None,
           hands=None, destiny="red"):
    players = {name: SimpleNamespace(colour=name, hand=list((hands or {}).get(name, ())))
               for name in ("red", "blue", "green", "yellow")}
    planets = planets or {"red-1": {"red": 2}, "red-2": {"red": 1}, "blue-1": {"blue": 4},
                          "blue-2": {"blue": 1, "red": 1}}
    encounter = SimpleNamespace(offense="red", defense="blue", destiny=destiny,
                                committed=committed or {"offense": {}, "defense": {}},
                                invited=invited or {"offense": [], "defense": []})
    state = SimpleNamespace(edition=SimpleNamespace(game=game), players=players,
                            planets=planets, home={p: p.split("-")[0] for p in planets},
                            encounter=encounter, warp=warp or {}, deck=["in-deck"])
    cards = {"attack-8": SimpleNamespace(kind="encounter", type="attack"),
             "morph": SimpleNamespace(kind="encounter", type="morph"),
             "zap": SimpleNamespace(kind="artifact", type=None),
             "in-deck": SimpleNamespace(kind="encounter", type="negotiate")}
    return SimpleNamespace(state=state, facts=SimpleNamespace(cards=cards))


def test_a_launch_is_one_to_four_ships_from_the_offenses_colonies():
    candidates, allowed = legality(Decision("red", "launch", ""), _rules(
        planets={"red-1": {"red": 3}, "red-2": {"red": 3}, "blue-1": {"blue": 4}}))
    assert candidates == ({}, {"red-1": 1}, {"red-1": 2}, {"red-1": 3},
                          {"red-1": 3, "red-2": 1}, {"red-1": 3, "red-2": 2},
                          {"red-1": 4}, {NO_PLANET: 1})
    assert allowed == candidates[1:5]


def test_a_launch_takes_every_ship_of_a_small_colony_before_the_next_and_no_more_than_it_has():
    candidates, allowed = legality(Decision("red", "launch", ""), _rules(
        planets={"red-1": {"red": 1}, "red-2": {"red": 2, "blue": 1}, "blue-1": {"blue": 4}}))
    assert candidates == ({}, {"red-1": 1}, {"red-1": 1, "red-2": 1}, {"red-1": 1, "red-2": 2},
                          {"red-1": 2}, {NO_PLANET: 1})
    assert allowed == candidates[1:4]


def test_a_ship_already_on_the_main_ship_counts_among_the_four_and_none_more_may_be_gathered():
    _, allowed = legality(Decision("red", "launch", ""), _rules(
        planets={"red-1": {"red": 4}}, committed={"offense": {"red": 1}, "defense": {}}))
    assert allowed == ({}, {"red-1": 1}, {"red-1": 2}, {"red-1": 3})


def test_an_ally_commits_one_to_four_ships_never_none():
    _, allowed = legality(Decision("green", "commit", ""), _rules(
        planets={"green-1": {"green": 1}}))
    assert allowed == ({"green-1": 1},)


def test_the_main_players_invite_others_never_themselves_nor_one_twice():
    candidates, allowed = legality(Decision("red", "invite", ""), _rules())
    assert ("red",) in candidates and ("green", "green") in candidates
    assert allowed == ((), ("green", "yellow"), ("green",), ("yellow",))


def test_invitations_follow_the_seating_and_the_main_players_from_one_decision_to_the_next():
    rules = _rules()
    legality(Decision("red", "invite", ""), rules)
    rules.state.encounter.offense = "green"
    _, allowed = legality(Decision("green", "invite", ""), rules)
    assert allowed == ((), ("red", "yellow"), ("red",), ("yellow",))
    del rules.state.players["yellow"]
    _, allowed = legality(Decision("green", "invite", ""), rules)
    assert allowed == ((), ("red",), ("red",))


def test_an_invited_player_joins_a_side_that_invited_it_or_declines():
    rules = _rules(planets={"green-1": {"green": 2}},
                   invited={"offense": [], "defense": ["green"]})
    assert legality(Decision("green", "ally", ""), rules) == (
        ("offense", "defense", DECLINE), ("defense", DECLINE))


def test_an_invited_player_without_a_ship_in_a_colony_can_only_decline():
    rules = _rules(planets={"green-1": {}}, invited={"offense": ["green"], "defense": []})
    assert legality(Decision("green", "ally", ""), rules)[1] == (DECLINE,)


@pytest.mark.parametrize("game, laid", [("classic", ("attack-8",)),
                                        ("cosmic", ("attack-8", "morph"))])
def test_a_plan_is_an_encounter_card_of_the_editions_types_from_hand(game, laid):
    candidates, allowed = legality(Decision("red", "plan", ""), _rules(
        game, hands={"red": ["attack-8", "morph", "zap"]}))
    assert candidates == ("attack-8", "morph", "zap", "in-deck", NO_CARD)
    assert allowed == laid


def test_a_card_laid_is_judged_by_the_edition_and_the_card_facts_of_the_game_being_played():
    rules = _rules(hands={"red": ["morph", "zap"]})
    plan = Decision("red", "plan", "")
    assert legality(plan, rules)[1] == ()
    rules.state.edition.game = "cosmic"
    assert legality(plan, rules)[1] == ("morph",)
    # Another game's made-up cards: the same id may be another card there.
    other = _rules(hands={"red": ["morph", "zap"]})
    other.facts.cards["zap"] = SimpleNamespace(kind="encounter", type="attack")
    assert legality(plan, other)[1] == ("zap",)
    assert legality(plan, rules)[1] == ("morph",)


def test_the_target_is_a_planet_of_the_system_destiny_names():
    candidates, allowed = legality(Decision("red", "target", ""), _rules(destiny="blue"))
    assert candidates[-1] == NO_PLANET
    assert allowed == ("blue-1", "blue-2")


def test_the_target_follows_the_planets_and_their_systems_from_one_game_to_the_next():
    target = Decision("red", "target", "")
    legality(target, _rules(destiny="blue"))
    rules = _rules(planets={"blue-1": {"blue": 4}, "red-1": {"red": 4}, "blue-3": {"blue": 1}},
                   destiny="blue")
    assert legality(target, rules) == (("blue-1", "blue-3", "red-1", NO_PLANET),
                                       ("blue-1", "blue-3"))
    rules.state.home["blue-3"] = "green"
    assert legality(target, rules) == (("blue-1", "red-1", "blue-3", NO_PLANET), ("blue-1",))


def test_on_its_own_colour_the_offense_aims_at_a_foreign_colony_in_its_home_system():
    _, allowed = legality(Decision("red", "target", ""), _rules(
        planets={"red-1": {"red": 2, "blue": 1}, "red-2": {"red": 1}}, destiny="red"))
    assert allowed == ("red-1",)


@pytest.mark.parametrize("game, least", [("classic", 2), ("cosmic", 0)])
def test_defender_rewards_are_one_a_ship_classic_and_up_to_one_a_ship_current(game, least):
    rules = _rules(game, planets={"green-1": {"green": 1}}, warp={"green": 1},
                   committed={"offense": {}, "defense": {"green": 2}})
    candidates, allowed = legality(Decision("green", "reward", ""), rules)
    assert {"draw": 3} in candidates and {"retrieve": {NO_PLANET: 1}} in candidates
    assert {"retrieve": {"green-1": 2}} in candidates
    total = [reward.get("draw", 0) + sum(reward.get("retrieve", {}).values())
             for reward in allowed]
    assert sorted(set(total)) == list(range(least, 3))
    assert {"draw": 1, "retrieve": {"green-1": 1}} in allowed
    assert {"retrieve": {"green-1": 2}} not in allowed   # one ship in the warp


def test_a_defender_reward_for_one_ship_is_proposed_once_each():
    rules = _rules(planets={"green-1": {"green": 1}}, warp={"green": 1},
                   committed={"offense": {}, "defense": {"green": 1}})
    candidates, allowed = legality(Decision("green", "reward", ""), rules)
    assert len(candidates) == len({repr(reward) for reward in candidates}) == 11
    assert allowed == ({"draw": 1}, {"retrieve": {"green-1": 1}})


def test_a_deal_exchanges_something_between_the_main_players_only():
    rules = _rules("cosmic", hands={"red": ["attack-8"], "blue": ["morph"], "green": ["zap"]})
    candidates, allowed = legality(Decision("red", "deal", ""), rules)
    assert {"cards": {}, "colonies": []} in candidates
    assert {"cards": {"green": ["zap"]}} in candidates
    assert {"cards": {"red": [NO_CARD]}} in candidates
    assert allowed[:3] == (NO_DEAL, {"cards": {"red": ["attack-8"]}},
                           {"cards": {"blue": ["morph"]}})
    colonies = [terms["colonies"][0] for terms in allowed[3:]]
    assert colonies == [{"for": "red", "planet": "blue-1", "from": {"red-1": 1}},
                        {"for": "red", "planet": "blue-1", "from": {"red-2": 1}},
                        {"for": "blue", "planet": "red-1", "from": {"blue-1": 1}},
                        {"for": "blue", "planet": "red-1", "from": {"blue-2": 1}}]


def test_a_kind_the_oracle_does_not_judge_gives_nothing():
    assert legality(Decision("red", "second_encounter", ""), _rules()) is None


class _AnyCardAsPlan(Rules):
    """A loosened rule: any card in hand may be laid as the encounter card (001 L441-445)."""

    def _encounter_cards(self, name):
        return tuple(dict.fromkeys(self.state.players[name].hand))


class _EmptyDeal(Rules):
    """A loosened rule: a deal that exchanges nothing is accepted (002 L213)."""

    def _valid_deal(self, encounter, terms):
        return terms == {"cards": {}, "colonies": []} or super()._valid_deal(encounter, terms)


def _loosened(rules_class):
    cosmic = registered()["cosmic"]

    def load(reader, game, data):
        setup = cosmic.load(reader, game, data)
        setup.rules = lambda state: rules_class(state, setup.facts)
        return setup
    return dataclasses.replace(cosmic, load=load)


@pytest.mark.parametrize("game, rules_class, message", [
    ("classic", _AnyCardAsPlan, "yellow's plan: the engine accepts 'made-up-artifact-1', which "
     "the rulebook does not allow; accepts 'cosmic-zap', which the rulebook does not allow; "
     "accepts 'emotion-control', which the rulebook does not allow"),
    ("cosmic", _EmptyDeal, "purple's deal: the engine accepts {'cards': {}, 'colonies': []}, "
     "which the rulebook does not allow"),
])
def test_a_loosened_legality_rule_is_caught_by_the_oracle_within_2000_games(
        game, rules_class, message, shipped_database):
    data = CardData(shipped_database.cards, shipped_database.boxes)
    loose = _loosened(rules_class)

    caught = next((played for number in range(2000)
                   if not (played := play_game(loose, game, data, 1, number)).held), None)

    assert caught is not None, "2,000 games and the loosened rule never disagreed"
    assert (caught.number, caught.breach.kind, caught.breach.message) == (0, LEGALITY, message)
