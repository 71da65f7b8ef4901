"""The Cosmic Encounter engine through its OpenSpiel-style API, rule by rule, in both
editions: what the worked examples do not reach (compensation taken, failed deals, the
second encounter, new hands, the loss of a power, campaign scoring)."""

from __future__ import annotations

import dataclasses
import re

import pytest

from cardkit.rules.core.decisions import CHANCE, IllegalChoice, RulesError, Runner
from cardkit.rules.cosmic.engine import FORCE_FIELD, Rules
from cardkit.rules.cosmic.facts import Facts
from cardkit.rules.cosmic.profile import CLASSIC, COSMIC, Edition
from cardkit.rules.cosmic.state import DEFENSE, OFFENSE, CosmicState, Encounter, Player
from tests.rules.driver import drive


def _state(edition: Edition, *players: str, hands: dict | None = None,
           aliens: dict | None = None) -> CosmicState:
    """Players named by their colour, each with five home planets of four ships (and, in
    the current edition, its colony marker on 0, 002 L43)."""
    hands, aliens = hands or {}, aliens or {}
    home = {f"{name}-{number}": name for name in players for number in range(1, 6)}
    return CosmicState(edition,
                       {name: Player(name, name, aliens.get(name), list(hands.get(name, [])))
                        for name in players},
                       {planet: {owner: 4} for planet, owner in home.items()}, home,
                       colony_track=dict.fromkeys(players, 0) if edition.colony_track else {})


def _rules(state: CosmicState, shipped_database) -> Rules:
    return Rules(state, Facts(state.edition.game, shipped_database.cards,
                              shipped_database.boxes))


def _attack(offense: str, defense: str, planet: str, ships: int,
            cards: tuple[str, str]) -> list:
    """The decisions of a plain encounter: no allies, the offense's ships from its first
    home planet."""
    return [(CHANCE, "destiny", defense), (offense, "launch", {f"{offense}-1": ships}),
            (offense, "target", planet), (offense, "invite", ()), (defense, "invite", ()),
            (offense, "plan", cards[0]), (defense, "plan", cards[1])]


def test_legal_choices_are_listed_and_an_illegal_choice_is_refused(shipped_database):
    state = _state(CLASSIC, "red", "blue", "green",
                   hands={"red": ["classic-attack-8"], "blue": ["classic-attack-4"]})
    state.destiny = ["blue"]
    runner = Runner()
    runner.begin(_rules(state, shipped_database).encounter("red"))

    assert runner.advance().name == "encounter.regrouped"   # no ship in the warp
    destiny = runner.advance()
    assert (destiny.actor, destiny.kind, runner.legal_choices()) == (CHANCE, "destiny", ("blue",))
    runner.apply("blue")
    assert runner.advance().name == "encounter.destiny"
    launch = runner.advance()
    assert (launch.actor, launch.kind) == ("red", "launch")
    with pytest.raises(IllegalChoice):
        runner.apply({"red-1": 4, "red-2": 1})      # five ships: at most four
    with pytest.raises(IllegalChoice):
        runner.apply({"blue-1": 1})                  # not a red colony
    runner.apply({"red-1": 2, "red-2": 2})
    target = runner.advance()
    assert target.options == ("blue-1", "blue-2", "blue-3", "blue-4", "blue-5")


def test_compensation_takes_a_card_per_own_ship_lost_and_stops_at_the_winners_hand(
        shipped_database):
    state = _state(COSMIC, "red", "blue",
                   hands={"red": ["cosmic-attack-8", "cosmic-morph", "cosmic-negotiate"],
                          "blue": ["cosmic-negotiate"]})
    state.destiny = ["blue"]
    script = _attack("red", "blue", "blue-1", 2, ("cosmic-attack-8", "cosmic-negotiate"))
    script += [(CHANCE, "take", ("cosmic-negotiate", "cosmic-morph"))]
    rules = _rules(state, shipped_database)
    asked = drive(rules.lone_encounter("red"), script).asked

    take = next(decision for decision in asked if decision.kind == "take")
    assert "the 2 cards blue takes" in take.prompt   # four ships lost, two cards in hand
    assert not take.allows(("cosmic-attack-8", "cosmic-morph")), "the played card is gone"
    assert state.encounter.compensation == 4
    assert state.warp == {"blue": 4}
    assert state.players["blue"].hand == ["cosmic-negotiate", "cosmic-morph"]
    assert state.players["red"].hand == []


def test_classic_compensation_leaves_out_the_allies_ships(shipped_database):
    state = _state(CLASSIC, "red", "blue", "green",
                   hands={"red": ["classic-attack-8", "classic-attack-4", "classic-attack-6"],
                          "blue": ["classic-negotiate"]})
    state.destiny = ["blue"]
    script = [(CHANCE, "destiny", "blue"), ("red", "launch", {"red-1": 1}),
              ("red", "target", "blue-2"), ("red", "invite", ()), ("blue", "invite", ("green",)),
              ("green", "ally", "defense"), ("green", "commit", {"green-1": 3}),
              ("red", "plan", "classic-attack-8"), ("blue", "plan", "classic-negotiate"),
              (CHANCE, "take", ("classic-attack-4", "classic-attack-6"))]
    drive(_rules(state, shipped_database).lone_encounter("red"), script)

    assert state.encounter.compensation == 4       # blue's own four, not green's three
    assert state.warp == {"blue": 4, "green": 3}
    assert sorted(state.players["blue"].hand) == ["classic-attack-4", "classic-attack-6"]


@pytest.mark.parametrize("edition", [CLASSIC, COSMIC], ids=lambda edition: edition.game)
def test_a_failed_deal_costs_each_main_player_three_ships(edition, shipped_database):
    negotiate = f"{edition.game}-negotiate"
    state = _state(edition, "red", "blue",
                   hands={"red": [negotiate, f"{edition.game}-attack-8"], "blue": [negotiate]})
    state.destiny = ["blue", "blue"]
    script = _attack("red", "blue", "blue-1", 2, (negotiate, negotiate))
    script += [("red", "deal", "no-deal"), ("red", "lose", {"gate": 2, "red-2": 1}),
               ("blue", "lose", {"blue-1": 3})]
    rules = _rules(state, shipped_database)
    drive(rules.turn("red"), script)

    assert state.warp == {"red": 3, "blue": 3}
    assert state.turn == "blue", "no deal: the turn ends (classic L626-627, current L273)"


def test_a_deal_the_defense_refuses_fails(shipped_database):
    state = _state(COSMIC, "red", "blue",
                   hands={"red": ["cosmic-negotiate", "cosmic-attack-8"],
                          "blue": ["cosmic-negotiate"]})
    state.destiny = ["blue"]
    script = _attack("red", "blue", "blue-1", 1, ("cosmic-negotiate", "cosmic-negotiate"))
    script += [("red", "deal", {"cards": {"red": ("cosmic-attack-8",)}}),
               ("blue", "agree", False), ("red", "lose", {"red-2": 3}),
               ("blue", "lose", {"blue-1": 3}), ("red", "return", {"red-3": 1})]
    # The current encounter ends with its outcome; the turn ends because only a win or a
    # deal allows a second encounter (002 L271), not because the deal failed.
    drive(_rules(state, shipped_database).encounter("red"), script)

    assert state.encounter.outcome == "failed-deal"
    assert state.players["red"].hand == ["cosmic-attack-8"]


def test_a_win_offers_a_second_encounter_which_ends_the_turn(shipped_database):
    state = _state(COSMIC, "red", "blue",
                   hands={"red": ["cosmic-attack-8", "cosmic-attack-8"],
                          "blue": ["cosmic-negotiate", "cosmic-negotiate"]})
    state.planets["blue-1"]["blue"] = state.planets["blue-2"]["blue"] = 0   # no compensation
    state.destiny = ["blue", "blue"]
    first = _attack("red", "blue", "blue-1", 1, ("cosmic-attack-8", "cosmic-negotiate"))
    second = [(CHANCE, "destiny", "blue"), ("red", "target", "blue-2"),
              ("red", "launch", {"red-2": 1}), ("red", "invite", ()), ("blue", "invite", ()),
              ("red", "plan", "cosmic-attack-8"), ("blue", "plan", "cosmic-negotiate")]
    asked = drive(_rules(state, shipped_database).turn("red"),
                  first + [("red", "second_encounter", True)] + second).asked

    assert [decision.kind for decision in asked].count("second_encounter") == 1
    assert state.foreign_colonies("red") == ["blue-1", "blue-2"]
    assert state.colony_track == {"red": 2, "blue": 0}
    assert state.turn == "blue"


def test_classic_offers_no_second_encounter_without_an_encounter_card(shipped_database):
    state = _state(CLASSIC, "red", "blue",
                   hands={"red": ["classic-attack-20"], "blue": ["classic-attack-4"]})
    state.destiny = ["blue"]
    asked = drive(_rules(state, shipped_database).turn("red"),
                  _attack("red", "blue", "blue-1", 1, ("classic-attack-20", "classic-attack-4"))).asked

    assert "second_encounter" not in [decision.kind for decision in asked]
    assert state.planets["blue-1"] == {"blue": 0, "red": 1}
    assert state.turn == "blue"


def test_the_current_offense_discards_and_draws_until_it_holds_an_encounter_card(
        shipped_database):
    state = _state(COSMIC, "red", "blue", hands={"red": ["plague"]})
    not_encounter = ["cosmic-zap"] * 8
    state.deck = not_encounter + ["cosmic-attack-8"] * 8 + ["cosmic-negotiate"]
    state.destiny = ["blue"]
    runner = Runner()
    runner.begin(_rules(state, shipped_database).turn("red"))
    runner.advance()     # turn.started

    assert runner.advance().name == "encounter.regrouped"
    assert state.players["red"].hand == ["cosmic-attack-8"] * 8
    assert state.discard == ["plague"] + not_encounter
    assert state.deck == ["cosmic-negotiate"]


def test_the_current_defense_draws_eight_at_planning_the_classic_one_on_becoming_defense(
        shipped_database):
    cosmic = _state(COSMIC, "red", "blue", hands={"red": ["cosmic-attack-8"]})
    cosmic.deck = ["cosmic-negotiate"] * 8
    cosmic.destiny = ["blue"]
    answers = {"target": "blue-1", "launch": {"red-1": 1}, "invite": ()}
    runner = Runner()
    runner.begin(_rules(cosmic, shipped_database).lone_encounter("red"))
    drive(runner, answers=answers, until="encounter.alliances")
    assert cosmic.players["blue"].hand == []
    drive(runner, answers=answers, until="encounter.planned")
    assert len(cosmic.players["blue"].hand) == 7    # eight drawn, one laid face down

    classic = _state(CLASSIC, "red", "blue", hands={"red": ["classic-attack-8"]})
    classic.deck = ["classic-negotiate"] * 7
    classic.destiny = ["blue"]
    runner = Runner()
    runner.begin(_rules(classic, shipped_database).lone_encounter("red"))
    drive(runner, answers=answers, until="encounter.destiny")
    assert len(classic.players["blue"].hand) == 7


def test_an_offense_without_an_encounter_card_ends_its_turn_and_takes_its_ships_home(
        shipped_database):
    state = _state(CLASSIC, "red", "blue",
                   hands={"red": ["classic-attack-8"], "blue": ["classic-attack-4"]})
    state.destiny = ["blue"]
    state.players["red"].hand = []     # spent before planning (L808-816)
    rules = _rules(state, shipped_database)
    drive(rules.turn("red", 2),
          [(CHANCE, "destiny", "blue"), ("red", "launch", {"red-1": 2}),
           ("red", "target", "blue-1"), ("red", "invite", ()), ("blue", "invite", ()),
           ("red", "return", {"red-2": 2})])

    assert state.planets["red-2"] == {"red": 6}
    assert state.turn == "blue"


def test_colonies_on_other_players_planets_do_not_keep_a_power(shipped_database):
    """A power is lost when three home colonies are gone (001 L919-928): colonies on other
    players' home planets are no home colonies, whoever's planets they are."""
    state = _state(CLASSIC, "red", "blue", "green", "yellow", aliens={"yellow": "macron"})
    state.planets["yellow-5"]["yellow"] = 1
    for planet in ("red-1", "blue-1", "green-1"):
        state.planets[planet]["yellow"] = 1
    rules = _rules(state, shipped_database)
    for planet in ("yellow-2", "yellow-3", "yellow-4"):
        rules._lift(planet, "yellow", 4)

    assert state.home_colonies("yellow") == ["yellow-1", "yellow-5"]
    assert state.players["yellow"].power is False


def test_a_macron_ship_counts_four_until_the_macron_loses_its_power(shipped_database):
    state = _state(CLASSIC, "red", "blue", "yellow", aliens={"yellow": "macron"},
                   hands={"red": ["classic-attack-8"], "blue": ["classic-attack-4"]})
    state.destiny = ["blue"]
    runner = Runner()
    runner.begin(_rules(state, shipped_database).lone_encounter("red"))
    drive(runner, answers={"launch": {"red-1": 1}, "target": "blue-1"}, until="encounter.launched")
    runner.advance()
    runner.apply(())                        # red invites nobody
    runner.advance()
    runner.apply(("yellow",))               # blue invites yellow
    drive(runner, answers={"ally": "defense", "commit": {"yellow-1": 2}}, until="encounter.alliances")
    assert state.encounter.strength == {"offense": 1, "defense": 4 + 2 * 4}

    rules = _rules(state, shipped_database)
    for planet in ("yellow-2", "yellow-3", "yellow-4"):
        rules._lift(planet, "yellow", 4)        # three home colonies gone (L919-923)
    rules._measure(state.encounter)
    assert state.players["yellow"].power is False
    assert state.encounter.strength == {"offense": 1, "defense": 4 + 2}


def test_two_morphs_stop_the_rules(shipped_database):
    state = _state(COSMIC, "red", "blue",
                   hands={"red": ["cosmic-morph"], "blue": ["cosmic-morph"]})
    state.destiny = ["blue"]
    with pytest.raises(RulesError, match="two Morphs"):
        drive(_rules(state, shipped_database).lone_encounter("red"),
              _attack("red", "blue", "blue-1", 1, ("cosmic-morph", "cosmic-morph")))


def test_a_wild_destiny_card_stops_the_rules(shipped_database):
    state = _state(COSMIC, "red", "blue", hands={"red": ["cosmic-attack-8"]})
    state.destiny = ["wild"]
    with pytest.raises(RulesError, match="wild or special"):
        drive(_rules(state, shipped_database).lone_encounter("red"), [(CHANCE, "destiny", "wild")])


def test_the_campaign_is_won_at_fifteen_points(shipped_database):
    """The campaign ends when a player has 15 points (001 L1319): a sole win taking a
    player from 7 to 15 wins it."""
    state = _state(CLASSIC, "red", "blue", "green", "yellow")
    for number in range(1, 6):
        state.planets[f"blue-{number}"]["red"] = 1
    state.players["red"].score = 7
    rules = _rules(state, shipped_database)
    drive(rules.score_campaign(), [])

    assert state.players["red"].score == 15
    assert rules.campaign_leaders() == ["red"]


def test_campaign_scoring(shipped_database):
    state = _state(CLASSIC, "red", "blue", "green", "yellow")
    for number in range(1, 6):
        state.planets[f"blue-{number}"]["red"] = 1
    for number in range(1, 5):
        state.planets[f"red-{number}"]["green"] = 1
    state.players["red"].score = 10
    rules = _rules(state, shipped_database)
    drive(rules.score_campaign(), [])

    assert state.scores_awarded == {"red": 8, "blue": 0, "green": 1, "yellow": 0}
    assert rules.campaign_leaders() == ["red"]

    for number in range(1, 6):
        state.planets[f"green-{number}"]["blue"] = 1
    drive(rules.score_campaign(), [])
    assert state.scores_awarded == {"red": 4, "blue": 4, "green": 1, "yellow": 0}


def test_the_current_edition_has_no_campaign(shipped_database):
    state = _state(COSMIC, "red", "blue")
    with pytest.raises(RulesError, match="campaign"):
        drive(_rules(state, shipped_database).score_campaign(), [])


def test_timing_conflicts_go_to_others_from_the_offense_left_then_offense_then_defense(
        shipped_database):
    state = _state(CLASSIC, "red", "blue", "green", "yellow")
    state.encounter = Encounter(1, "blue", defense="yellow")
    rules = _rules(state, shipped_database)
    assert rules._timing_order(state.encounter) == ["green", "red", "blue", "yellow"]


@pytest.mark.parametrize("edition", [CLASSIC, COSMIC], ids=lambda edition: edition.game)
def test_every_setting_of_a_profile_cites_lines_of_its_rulebook(edition):
    assert len(edition.citations) >= 5
    for rule, citation in edition.citations.items():
        ranges = re.findall(r"L(\d+)(?:-(\d+))?", citation)
        assert ranges, rule
        for first, last in ranges:
            assert 1 <= int(first) <= int(last or first) <= edition.rulebook_lines, rule


def test_a_recolonised_home_planet_gives_the_power_back(shipped_database):
    state = _state(CLASSIC, "red", "blue", aliens={"red": "macron"},
                   hands={"red": ["classic-attack-20"], "blue": ["classic-attack-4"]})
    rules = _rules(state, shipped_database)
    for planet in ("red-1", "red-2", "red-3"):
        rules._lift(planet, "red", 4)
    rules._lift("blue-1", "blue", 1)
    rules._land("red-1", "blue", 1)
    assert state.players["red"].power is False          # two home colonies left (L919-923)

    state.destiny = ["red"]
    drive(rules.lone_encounter("red"),
          [(CHANCE, "destiny", "red"), ("red", "own_colour", "home-colony"),
           ("red", "launch", {"red-4": 2}), ("red", "target", "red-1"),
           ("red", "invite", ()), ("blue", "invite", ()),
           ("red", "plan", "classic-attack-20"), ("blue", "plan", "classic-attack-4")])

    assert state.planets["red-1"] == {"red": 2, "blue": 0}
    assert state.players["red"].power is True           # three again (L924-928)


def test_a_classic_offense_with_no_colony_launches_the_ship_it_regrouped(shipped_database):
    # 001 L345-353: with no colony, the ship from the warp goes straight onto the main
    # ship; the launch (L369-370) then gathers none from colonies it does not have.
    state = _state(CLASSIC, "red", "blue",
                   hands={"red": ["classic-attack-8"], "blue": ["classic-attack-4"]})
    for number in range(1, 6):
        state.planets[f"red-{number}"]["red"] = 0
    state.warp = {"red": 20}
    state.destiny = ["blue"]
    asked = drive(_rules(state, shipped_database).lone_encounter("red"), [
        ("red", "regroup", "gate"), (CHANCE, "destiny", "blue"), ("red", "target", "blue-1"),
        ("red", "invite", ()), ("blue", "invite", ()),
        ("red", "plan", "classic-attack-8"), ("blue", "plan", "classic-attack-4")]).asked

    assert "launch" not in [decision.kind for decision in asked]
    assert state.encounter.totals == {"offense": 1 + 8, "defense": 4 + 4}
    assert state.planets["blue-1"] == {"blue": 0, "red": 1}


def test_an_offense_with_no_ship_to_launch_has_no_encounter(shipped_database):
    # 001 L345-353 (the regroup may be declined) and L369-370; with no ship the text has
    # no encounter to give, and the turn ends as without an encounter card (L808-816).
    state = _state(CLASSIC, "red", "blue", hands={"red": ["classic-attack-8"]})
    for number in range(1, 6):
        state.planets[f"red-{number}"]["red"] = 0
    state.warp = {"red": 20}
    state.destiny = ["blue"]
    events = drive(_rules(state, shipped_database).turn("red"), [
        ("red", "regroup", "none"), (CHANCE, "destiny", "blue")]).events

    assert events[-2:] == ["encounter.destiny", "turn.ended"]
    assert state.turn == "blue"


def test_the_colony_track_follows_a_foreign_colony_lost(shipped_database):
    # 002 L102 and L279: the track shows each player's number of foreign colonies, so the
    # marker of a player who loses one goes down (L242 says how it goes up).
    state = _state(COSMIC, "red", "blue",
                   hands={"red": ["cosmic-attack-8"], "blue": ["cosmic-attack-8"]})
    state.planets["blue-1"]["red"] = 1
    state.planets["red-5"]["red"] = 3
    state.colony_track = {"red": 1, "blue": 0}
    state.destiny = ["blue"]
    drive(_rules(state, shipped_database).lone_encounter("blue"), [
        (CHANCE, "destiny", "blue"), ("blue", "own_colour", "home-colony"),
        ("blue", "target", "blue-1"), ("blue", "launch", {"blue-2": 4}),
        ("blue", "invite", ()), ("red", "invite", ()),
        ("blue", "plan", "cosmic-attack-8"), ("red", "plan", "cosmic-attack-8")])

    assert state.foreign_colonies("red") == []
    assert state.colony_track == {"red": 0, "blue": 0}


def _to_the_deal(edition: Edition, shipped_database, hands: dict) -> tuple[CosmicState, Runner]:
    """Red (two ships from red-1) and blue both negotiate over blue-1; stopped where red
    proposes its deal."""
    negotiate = f"{edition.game}-negotiate"
    state = _state(edition, "red", "blue", hands={name: [negotiate, *cards]
                                                    for name, cards in hands.items()})
    state.destiny = ["blue"]
    runner = Runner()
    runner.begin(_rules(state, shipped_database).lone_encounter("red"))
    drive(runner, _attack("red", "blue", "blue-1", 2, (negotiate, negotiate)),
          until="encounter.negotiation")
    return state, runner


@pytest.mark.parametrize("edition", [CLASSIC, COSMIC], ids=lambda edition: edition.game)
def test_a_deal_must_exchange_a_card_or_found_a_colony(edition, shipped_database):
    # 002 L215: at least a card changes hands or a colony is founded; classic L615-618
    # makes a deal of cards and/or a colony.
    attack = f"{edition.game}-attack-8"
    state, runner = _to_the_deal(edition, shipped_database, {"red": [attack], "blue": []})
    assert runner.advance().kind == "deal"
    for empty in ({}, {"cards": {"red": ()}}, {"cards": {}, "colonies": []}):
        with pytest.raises(IllegalChoice):
            runner.apply(empty)
    runner.apply({"cards": {"red": (attack,)}})
    drive(runner, [("blue", "agree", True), ("red", "return", {"red-2": 2})])

    assert state.encounter.outcome == "deal"
    assert state.players["blue"].hand == [attack]


@pytest.mark.parametrize("edition", [CLASSIC, COSMIC], ids=lambda edition: edition.game)
def test_both_main_players_may_gain_a_colony_in_one_deal(edition, shipped_database):
    # 001 L615-618 ("ambos podéis conseguir una nueva colonia"); 002 L213 (either player
    # may let the other found one).
    state, runner = _to_the_deal(edition, shipped_database, {"red": [], "blue": []})
    deal = {"colonies": [{"for": "red", "planet": "blue-1", "from": {"gate": 2}},
                         {"for": "blue", "planet": "red-3", "from": {"blue-2": 1}}]}
    drive(runner, [("red", "deal", deal), ("blue", "agree", True)])

    assert state.foreign_colonies("red") == ["blue-1"]
    assert state.foreign_colonies("blue") == ["red-3"]
    if edition.colony_track:
        assert state.colony_track == {"red": 1, "blue": 1}


@pytest.mark.parametrize(("edition", "fewer_allowed"), [(CLASSIC, False), (COSMIC, True)],
                         ids=["classic-must", "current-may"])
def test_a_defensive_ally_must_take_every_reward_in_classic_and_may_in_the_current_edition(
        edition, fewer_allowed, shipped_database):
    # Classic L592: for each ship "debes" draw a card or take a ship back; current L248:
    # for each ship the ally "puede" do one of them.
    game = edition.game
    state = _state(edition, "red", "blue", "green",
                   hands={"red": [f"{game}-attack-8"], "blue": [f"{game}-attack-8"]})
    state.deck = [f"{game}-negotiate", f"{game}-negotiate"]
    state.destiny = ["blue"]
    state.warp = {"green": 3}
    runner = Runner()
    runner.begin(_rules(state, shipped_database).lone_encounter("red"))
    drive(runner, [(CHANCE, "destiny", "blue"), ("red", "launch", {"red-1": 1}),
                   ("red", "target", "blue-1"), ("red", "invite", ()),
                   ("blue", "invite", ("green",)), ("green", "ally", "defense"),
                   ("green", "commit", {"green-1": 2}),
                   ("red", "plan", f"{game}-attack-8"), ("blue", "plan", f"{game}-attack-8")],
          until="encounter.revealed")
    reward = runner.advance()
    assert (reward.actor, reward.kind) == ("green", "reward")
    assert reward.allows({"draw": 1}) is fewer_allowed
    assert reward.allows({}) is fewer_allowed
    assert reward.allows({"draw": 2})
    assert not reward.allows({"draw": 3})
    # Ships back from the warp do not pay for a negative number of cards.
    assert not reward.allows({"draw": -1, "retrieve": {"green-1": 3}})
    assert reward.describe_legal() == (
        f"draw and retrieve adding up to {'at most ' if fewer_allowed else ''}2, ships onto "
        "green-1, green-2, green-3, green-4, green-5")


def test_the_plague_waits_for_the_defense_a_foreign_colony_at_home_names(shipped_database):
    # L757-773: aiming at a foreign colony in its own system, the offense picks whose it is;
    # the Plague (L999, at any time) is offered once that defense is named, so it cannot
    # empty the colony between destiny and the aim (found by random play).
    state = _state(CLASSIC, "red", "blue", "green",
                   hands={"red": ["classic-attack-8"], "blue": ["classic-attack-4"],
                          "green": ["plague"]})
    state.planets["red-2"]["blue"] = 1
    state.planets["blue-5"]["blue"] = 3
    state.destiny = ["red"]
    asked = drive(_rules(state, shipped_database).lone_encounter("red"), [
        (CHANCE, "destiny", "red"), ("red", "own_colour", "home-colony"),
        ("red", "launch", {"red-1": 2}), ("red", "target", "red-2"),
        ("green", "artifact", {"play": "plague", "on": "blue"}),
        ("blue", "lose", {"red-2": 1, "blue-1": 2}), ("blue", "discard", "classic-attack-4")],
        until="encounter.launched").asked

    kinds = [decision.kind for decision in asked]
    assert kinds.index("defense") < kinds.index("artifact")
    assert state.encounter.defense == "blue"
    assert state.planets["red-2"] == {"red": 4, "blue": 0}


def _same_word(text: str) -> str:
    """An equal string that is another object, as names read from a file are."""
    return "".join(list(text))


def test_a_player_has_its_role_by_name_not_by_the_string_object():
    encounter = Encounter(1, _same_word("red"), defense=_same_word("blue"))

    assert [encounter.role_of(name) for name in ("red", "blue", "green", "yellow")] == [
        OFFENSE, DEFENSE, None, None]
    assert (encounter.player(OFFENSE), encounter.player(DEFENSE)) == ("red", "blue")


def test_home_planets_are_found_by_name_not_by_the_string_object():
    state = _state(CLASSIC, "red", "blue", "green")
    state.home = {planet: _same_word(owner) for planet, owner in state.home.items()}

    assert state.home_planets("blue") == [f"blue-{number}" for number in range(1, 6)]


def test_an_edition_cannot_be_changed_while_its_games_are_played():
    # Every game of a run (and every process `cardkit play` forks) reads the same profile.
    with pytest.raises(dataclasses.FrozenInstanceError):
        CLASSIC.artifacts = False


@pytest.mark.parametrize("edition, refilled", [(CLASSIC, True), (COSMIC, False)],
                         ids=["classic", "cosmic"])
def test_a_defense_the_offense_names_at_home_draws_a_new_hand_as_its_edition_says(
        edition, refilled, shipped_database):
    # Classic L455-457: the defense with no encounter card draws a new hand on becoming the
    # defense, also when the offense names it by aiming at its colony at home (L767-769);
    # the current defense draws at planning (002 L183).
    game = edition.game
    state = _state(edition, "red", "blue", "green", hands={"red": [f"{game}-attack-8"]})
    state.planets["red-2"]["blue"] = 1
    state.planets["blue-5"]["blue"] = 3
    state.deck = [f"{game}-negotiate"] * 7
    state.destiny = ["red"]
    drive(_rules(state, shipped_database).lone_encounter("red"),
          answers={"destiny": "red", "own_colour": "home-colony", "launch": {"red-1": 1},
                   "target": "red-2"}, until="encounter.launched")

    assert state.encounter.defense == "blue"
    assert len(state.players["blue"].hand) == (7 if refilled else 0)


def test_a_defense_with_no_ship_on_the_planet_counts_none_of_its_own(shipped_database):
    # 001 L537-540: the defense's own ships are those on the planet, none when it has none
    # there (L799-802).
    state = _state(CLASSIC, "red", "blue", "green",
                   hands={"red": ["classic-attack-8"], "blue": ["classic-attack-4"]})
    state.planets["blue-1"] = {"green": 4}
    state.planets["green-1"]["green"] = 0
    state.destiny = ["blue"]
    drive(_rules(state, shipped_database).lone_encounter("red"),
          [(CHANCE, "destiny", "blue"), ("red", "launch", {"red-1": 2}),
           ("red", "target", "blue-1"), ("red", "invite", ()), ("blue", "invite", ())],
          until="encounter.alliances")

    assert state.encounter.strength == {OFFENSE: 2, DEFENSE: 0}



def test_an_artifact_is_offered_to_each_holder_in_the_timing_order(shipped_database):
    # L929-938: players who are not main players from the offense's left, then the offense,
    # then the defense; the Plague (L999) once destiny names the defense.
    state = _state(CLASSIC, "red", "blue", "green",
                   hands={name: ["plague", "classic-attack-8"] for name in ("red", "blue", "green")})
    state.destiny = ["blue"]
    asked = drive(_rules(state, shipped_database).lone_encounter("red"),
                  answers={"destiny": "blue", "artifact": "pass", "launch": {"red-1": 1},
                           "target": "blue-1"}, until="encounter.launched").asked

    assert [decision.actor for decision in asked if decision.kind == "artifact"] == [
        "green", "red", "blue"]


def test_an_artifact_is_known_by_its_id_not_by_the_string_object(shipped_database):
    state = _state(CLASSIC, "red", "blue", "green")
    encounter = state.encounter = Encounter(1, "red", "blue")
    encounter.allies[DEFENSE].append("green")

    options = _rules(state, shipped_database)._artifact_options(
        encounter, "red", _same_word(FORCE_FIELD))
    assert options == ({"play": FORCE_FIELD, "on": "green"},)


def test_the_philanthropist_gives_a_card_only_to_the_others_whatever_string_names_it(
        shipped_database):
    # L827-828: the Philanthropist gives a card to another player; the offense's name is
    # read from the scenario, an equal string that is not the seating's own.
    state = _state(CLASSIC, "red", "blue", "green", aliens={"red": "philanthropist"},
                   hands={"red": ["classic-attack-8"], "blue": ["classic-attack-4"]})
    state.destiny = ["blue"]
    runner = Runner()
    runner.begin(_rules(state, shipped_database).lone_encounter(_same_word("red")))
    drive(runner, [(CHANCE, "destiny", "blue")], until="encounter.destiny")

    power = runner.advance()
    assert (power.actor, power.kind) == ("red", "power")
    assert runner.legal_choices() == ({"give": "classic-attack-8", "to": "blue"},
                                      {"give": "classic-attack-8", "to": "green"}, "pass")
