"""The Vanguard dice test through its OpenSpiel-style API and its rules one by one."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardkit.rules.core.decisions import CHANCE, IllegalChoice, RulesError, Runner
from cardkit.rules.core.replay import replay_file
from cardkit.rules.vanguard.engine import dice_test, payments
from cardkit.rules.vanguard.state import (INJURY, SECTION, ActionDef, CrewState, DiceTest, Die,
                                          Meter, Modification, Part, SectionCard,
                                          SpecialEffect, VanguardState)
from cardkit.rules.vanguard.view import view
from tests.rules.driver import drive


def _state(*dice: tuple[str, str, str], conversion=None, sector="1") -> VanguardState:
    """Crew `you` (and `ally` when a die belongs to it) in one Sector; dice (id, owner, colour)."""
    crew = {}
    for name in dict.fromkeys(owner for _, owner, _ in dice):
        crew[name] = CrewState(name, None, sector)
    crew.setdefault("you", CrewState("you", None, sector))
    crew["you"].conversion = conversion
    state = VanguardState(crew, {})
    for die_id, owner, colour in dice:
        state.dice[die_id] = Die(die_id, owner, SECTION, colour)
        crew[owner].available.append(die_id)
    return state


def _show(state: VanguardState, **faces: str | tuple[str, ...]):
    for die, face in faces.items():
        state.dice[die.replace("_", "-")].face = face if isinstance(face, tuple) else (face,)


def test_legal_choices_are_a_query_and_apply_refuses_an_illegal_one():
    state = _state(("mine", "you", "red"), ("theirs", "ally", "green"))
    state.actions["act"] = ActionDef("act", meters=[Meter("green", 4, ())],
                                     special_effects=[SpecialEffect("green", each_die=True)])
    runner = Runner()
    runner.begin(dice_test(state, "you", "act"))

    first = runner.advance()
    assert (first.actor, first.kind) == ("you", "dice")
    with pytest.raises(IllegalChoice):
        runner.apply(["theirs"])
    runner.apply(["mine"])
    support = runner.advance()
    assert (support.actor, support.kind) == ("ally", "support")
    assert runner.legal_choices() == ("theirs", "none")
    assert runner.advance() is support, "a pending decision is asked again until answered"
    runner.apply("theirs")
    assert runner.advance().name == "test.dice-chosen"
    runner.advance()
    roll = runner.advance()
    assert (roll.actor, roll.kind) == (CHANCE, "roll")
    with pytest.raises(IllegalChoice):
        runner.apply({"mine": ("damage",), "theirs": ("basic",)})
    runner.apply({"mine": ("accident",), "theirs": ("basic",)})
    drive(runner, answers={})
    assert state.actions["act"].meters[0].position == 2
    assert state.crew["ally"].spent == ["theirs"], "a supporter's die is spent to its owner"


def test_a_vanguard_stands_for_any_icon_but_an_accident_for_none():
    state = _state(("r", "you", "red"), ("g", "you", "green"))
    _show(state, r="vanguard", g="accident")
    assert payments(state, ((Part("icon", "science"),),), ["r", "g"], "you") == [("r",)]
    assert payments(state, ((Part("icon", "accident"),),), ["r", "g"], "you") == [("g",)]
    # An Accident still counts as a die of its colour (L2096).
    assert payments(state, ((Part("die", "green"),),), ["r", "g"], "you") == [("g",)]


def test_two_dice_with_the_same_icon_accept_a_vanguard_as_that_icon():
    # L1381-1387: red Físico and the supporter's green Vanguard pay "2 of the same icon";
    # the blue Básico does not.
    state = _state(("red", "you", "red"), ("blue", "you", "blue"), ("green", "ally", "green"))
    _show(state, red="physical", blue="basic", green="vanguard")
    pairs = payments(state, ((Part("same", count=2),),), ["red", "blue", "green"], "you")
    assert ("blue", "green") in pairs, "a Vanguard and a Básico: the Vanguard is a Básico"
    assert ("green", "red") in pairs
    assert ("blue", "red") not in pairs


def test_a_conversion_is_the_active_crew_members_alone():
    state = _state(("mine", "you", "green"), ("theirs", "ally", "green"),
                   conversion=("green", "biology"))
    _show(state, mine="basic", theirs="basic")
    need = ((Part("icon", "biology"),),)
    assert payments(state, need, ["mine", "theirs"], "you") == [("mine",), ("theirs",)]
    assert payments(state, need, ["mine", "theirs"], "ally") == []


def test_each_icon_of_a_two_icon_die_counts_and_a_spent_die_loses_the_rest():
    # L2009-2019: three Recolección icons on two dice resolve the first effect three times;
    # the Defensa left on one of them is lost with the die.
    state = _state(("a", "you", "red"), ("b", "you", "red"))
    state.actions["act"] = ActionDef("act", meters=[Meter("green", 5, ()), Meter("red", 5, ())],
                                     special_effects=[SpecialEffect("green", ("gathering",)),
                                                      SpecialEffect("red", ("defence",))])
    runner = Runner()
    runner.begin(dice_test(state, "you", "act"))
    drive(runner, answers={"dice": ["a", "b"], "roll": {"a": ("gathering", "gathering"),
                                               "b": ("gathering", "defence")},
                  "play": "done", "combination": "done"})
    green, red = state.actions["act"].meters
    assert (green.position, red.position) == (3, 0)
    assert sorted(state.crew["you"].spent) == ["a", "b"]


@pytest.mark.parametrize("dice", [("a", "b", "c"), ("a", "b")])
def test_sacrificing_with_three_dice_in_play_or_fewer_is_an_exhaustion_injury_instead(dice):
    # L2882: "3 dice or fewer" in play, so two dice are an Exhaustion too.
    state = _state(*((die, "you", "red") for die in dice))
    state.injury_cards["hurt"] = {"damage": (("sacrifice_dice", 1),)}
    state.crew["you"].injuries = ["hurt"]
    state.dice["you-injury-1"] = Die("you-injury-1", "you", INJURY, "yellow")
    state.crew["you"].available.append("you-injury-1")
    state.actions["act"] = ActionDef("act", meters=[Meter("green", 4, ())])
    runner = Runner()
    runner.begin(dice_test(state, "you", "act"))
    drive(runner, answers={"dice": [], "roll": {"you-injury-1": ("damage",)}, "play": "done"})
    crew = state.crew["you"]
    assert crew.injuries == ["hurt", "agotamiento"]
    assert crew.sacrificed == []
    assert sorted(crew.available) == [*dice, "you-injury-1", "you-injury-2"]


def test_a_meter_known_only_by_its_least_length_cannot_be_said_to_complete():
    state = _state(("a", "you", "red"), ("b", "you", "red"))
    state.actions["act"] = ActionDef("act", meters=[Meter("red", 2, (), exact=False)],
                                     special_effects=[SpecialEffect("red", each_die=True)])
    runner = Runner()
    runner.begin(dice_test(state, "you", "act"))
    with pytest.raises(RulesError, match="only known to need at least 2 advances: whether "
                                         "advance 2 reaches its Result is not in the text"):
        drive(runner, answers={"dice": ["a", "b"], "roll": {"a": ("basic",), "b": ("basic",)},
                      "play": "done"})


def _tools_in_hand(state, crew: str) -> None:
    """`crew` holding a Section card that sets a red die's face, and an action of one green
    meter to test."""
    state.section_cards["tools"] = SectionCard("tools", modification=Modification(
        "set_face", colour="red"))
    state.crew[crew].hand = ["tools"]
    state.actions["act"] = ActionDef("act", meters=[Meter("green", 4, ())])


def test_a_card_that_sets_a_face_takes_a_die_of_its_colour_and_a_named_face():
    state = _state(("a", "you", "red"), ("b", "you", "blue"))
    _tools_in_hand(state, "you")
    runner = Runner()
    runner.begin(dice_test(state, "you", "act"))
    drive(runner, answers={"dice": ["a", "b"], "roll": {"a": ("basic",), "b": ("basic",)}},
          until="test.rolled")
    assert runner.advance().kind == "play"
    runner.apply("tools")
    setting = runner.advance()

    assert setting.kind == "set_face"
    assert setting.allows({"die": "a", "face": ("science",)})
    assert not setting.allows({"die": "a"})
    assert not setting.allows({"die": "b", "face": ("science",)})
    assert not setting.allows({"die": "a", "face": ("unstated",)})
    assert not setting.allows({"die": "a", "face": ("science",), "spend": "b"})


def test_the_dice_in_play_are_the_crew_members_own_and_the_view_names_the_action():
    # L2882 counts one's own Section dice in play; a supporter's die in the pool is not one.
    state = _state(("a", "you", "red"), ("zoe-1", "zoe", "red"), ("ally-1", "ally", "red"))
    state.test = DiceTest("you", "act", pool=["a", "zoe-1", "ally-1"])
    state.crew["you"].available = []

    assert state.section_dice_in_play("you") == ["a"]
    assert view(state)["test"]["action"] == "act"


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(["accident", "vanguard", "basic", "unstated", "science"]),
                min_size=5, max_size=5))
def test_salvar_los_suministros_follows_the_accidents_as_the_tutorial_says(faces):
    # L1106-1108, L1178: each Accident advances red, every other die green (4 boxes each);
    # a meter at its Result resolves, green first, and green replaces the POI and with it
    # the action, so red does not resolve after it.
    state = _state(*[(f"d{index}", "you", "red") for index in range(5)])
    state.pois["1"] = "punto-de-colision"
    state.actions["act"] = ActionDef(
        "act", meters=[Meter("green", 4, (("success", 1), ("replace_poi", "P102"))),
                       Meter("red", 4, (("unknown", None),))],
        special_effects=[SpecialEffect("red", ("accident",)),
                         SpecialEffect("green", each_die=True)])
    runner = Runner()
    runner.begin(dice_test(state, "you", "act"))
    drive(runner, answers={"dice": [f"d{index}" for index in range(5)],
                  "roll": {f"d{index}": (face,) for index, face in enumerate(faces)},
                  "play": "done", "combination": "done"})

    accidents = faces.count("accident")
    green, red = state.actions["act"].meters
    assert len(state.crew["you"].spent) == 5
    if accidents <= 1:
        assert (green.position, red.position) == (0, accidents)
        assert (state.success_gained, state.pois["1"]) == (1, "P102")
        assert state.effects_not_in_text == []
    elif accidents <= 3:
        assert (green.position, red.position) == (5 - accidents, accidents)
        assert (state.success_gained, state.pois["1"]) == (0, "punto-de-colision")
        assert state.effects_not_in_text == []
    else:
        assert (green.position, red.position) == (5 - accidents, 0)
        assert state.effects_not_in_text == ["act: red Result"]


def test_when_both_meters_complete_green_replaces_the_poi_and_red_never_resolves():
    # L1178: the meters resolve from the top; green's new POI takes the action away.
    state = _state(("a", "you", "red"), ("b", "you", "blue"))
    state.pois["1"] = "punto-de-colision"
    state.actions["act"] = ActionDef(
        "act", meters=[Meter("green", 4, (("replace_poi", "P102"),), position=3),
                       Meter("red", 4, (("unknown", None),), position=3)],
        special_effects=[SpecialEffect("red", ("accident",)),
                         SpecialEffect("green", each_die=True)])
    runner = Runner()
    runner.begin(dice_test(state, "you", "act"))
    drive(runner, answers={"dice": ["a", "b"], "roll": {"a": ("accident",), "b": ("basic",)},
                  "play": "done", "combination": "done"})

    green, red = state.actions["act"].meters
    assert (green.position, red.position) == (0, 4)
    assert state.test.resolved == ["green"]
    assert state.effects_not_in_text == []
    assert state.pois["1"] == "P102"


def test_one_die_with_two_icons_pays_two_parts_of_a_combination():
    # L1937-1951: each icon of a two-icon die counts on its own; one die with two equal
    # icons pays "A + A" (L1947), one with Defensa and Recolección pays both (L1951).
    state = _state(("pair", "you", "red"), ("mixed", "you", "red"), ("single", "you", "red"))
    _show(state, pair=("gathering", "gathering"), mixed=("defence", "gathering"),
          single="gathering")
    same = ((Part("same", count=2),),)
    both = ((Part("icon", "defence"), Part("icon", "gathering")),)

    assert payments(state, same, ["pair"], "you") == [("pair",)]
    assert payments(state, same, ["pair", "single"], "you") == [("pair",), ("pair", "single")]
    assert payments(state, both, ["mixed"], "you") == [("mixed",)]
    assert payments(state, both, ["single"], "you") == []
    assert payments(state, ((Part("icon", "gathering"),),), ["pair"], "you") == [("pair",)]


def test_in_a_combination_only_the_accident_icon_of_a_die_is_barred():
    # L1939: each icon of a two-icon die counts on its own; L1884: an Accident pays no
    # combination. The Ciencia beside an Accident still pays; a die of Accidents alone
    # pays nothing, not even a part asking for a die of its colour.
    state = _state(("mixed", "you", "red"), ("bad", "you", "green"))
    _show(state, mixed=("accident", "science"), bad="accident")
    science = ((Part("icon", "science"),),)
    green = ((Part("die", "green"),),)
    same = ((Part("same", count=2),),)

    assert payments(state, science, ["mixed", "bad"], "you", combination=True) == [("mixed",)]
    assert payments(state, same, ["mixed"], "you", combination=True) == []
    assert payments(state, green, ["mixed", "bad"], "you", combination=True) == []
    assert payments(state, green, ["mixed", "bad"], "you") == [("bad",)]


def test_every_any_part_of_a_requirement_stands_for_the_same_icon():
    # L1881: with more than one "any" symbol in a requirement, each is the same icon. Two
    # "two of a kind" parts need four of one icon, not two pairs of different icons.
    state = _state(("physical", "you", "red"), ("science", "you", "blue"),
                   ("more-physical", "you", "green"))
    _show(state, physical=("physical", "physical"), science=("science", "science"),
          **{"more-physical": ("physical", "physical")})
    two_pairs = ((Part("same", count=2), Part("same", count=2)),)

    assert payments(state, two_pairs, ["physical", "science"], "you", combination=True) == []
    assert payments(state, two_pairs, ["physical", "science", "more-physical"], "you",
                    combination=True) == [("more-physical", "physical")]


def test_a_die_paying_a_colour_is_used_whole():
    # A part {die: colour} asks for a die of that colour (L2047, L2096), not one of its
    # icons: the same die pays no icon part besides.
    state = _state(("mixed", "you", "red"), ("blue", "you", "blue"))
    _show(state, mixed=("defence", "gathering"), blue="basic")
    need = ((Part("die", "red"), Part("icon", "gathering")),)

    assert payments(state, need, ["mixed"], "you") == []


def test_the_global_conditions_special_effect_comes_before_the_actions():
    # L1993-1995: a Global Condition's special effect applies to every dice test and is
    # resolved before the others; here it takes the only Accident for itself.
    state = _state(("a", "you", "red"), ("b", "you", "red"))
    state.global_special_effects = [SpecialEffect(None, ("accident",),
                                                  effects=(("lose_supplies", 1),))]
    state.actions["act"] = ActionDef("act", meters=[Meter("red", 4, ())],
                                     special_effects=[SpecialEffect("red", ("accident",))])
    runner = Runner()
    runner.begin(dice_test(state, "you", "act"))
    drive(runner, answers={"dice": ["a", "b"], "roll": {"a": ("accident",), "b": ("basic",)},
                           "play": "done", "combination": "done"})

    assert state.supplies_lost == 1
    assert state.actions["act"].meters[0].position == 0
    assert sorted(state.crew["you"].spent) == ["a", "b"]


def test_crew_in_another_sector_neither_adds_dice_nor_plays_a_card():
    # L1391 and L948: only the other crew of the active one's Sector may support.
    state = _state(("mine", "you", "red"), sector="2")
    state.crew["ally"] = CrewState("ally", None, "1")
    state.dice["theirs"] = Die("theirs", "ally", SECTION, "red")
    state.crew["ally"].available.append("theirs")
    _tools_in_hand(state, "ally")
    runner = Runner()
    runner.begin(dice_test(state, "you", "act"))
    done = drive(runner, answers={"dice": ["mine"], "roll": {"mine": ("basic",)},
                                  "play": "done"})
    assert [decision.actor for decision in done.asked if decision.kind == "play"] == ["you"]
    assert {decision.actor for decision in done.asked} == {"you", CHANCE}


def test_crew_of_the_same_sector_is_asked_for_a_card_whatever_its_name():
    # L948: any other crew of the Sector may play one Section card in support; "ally"
    # sorts before "you", so an order of names cannot decide who is asked.
    state = _state(("mine", "you", "red"), ("theirs", "ally", "red"))
    _tools_in_hand(state, "ally")
    runner = Runner()
    runner.begin(dice_test(state, "you", "act"))
    done = drive(runner, [("you", "play", "done"), ("ally", "play", "pass")],
                 answers={"dice": ["mine"], "support": "none", "roll": {"mine": ("basic",)}})
    assert [decision.actor for decision in done.asked if decision.kind == "play"] == [
        "you", "ally"]


def test_a_meter_marker_may_start_on_its_result_box(tmp_path, shipped_database):
    # L2029-2033: four advances take the green marker of a four-box meter to its Result;
    # a setup may start it there (one box further is refused: broken/vanguard).
    broken = Path(__file__).parent / "broken" / "vanguard" / "meter-marker-past-its-end.yaml"
    path = tmp_path / "meter-on-its-result.yaml"
    path.write_text(broken.read_text(encoding="utf-8").replace("{green: 5}", "{green: 4}"),
                    encoding="utf-8")

    result = replay_file(path, shipped_database.cards, boxes=shipped_database.boxes)

    assert not result.problems, [problem.message for problem in result.problems]
