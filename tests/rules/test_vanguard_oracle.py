"""The ISS Vanguard legality oracle, written from the rulebook apart from the engine: what
it proposes at a decision of a dice test, which of its candidates it says the rules allow,
and that random play with it catches an engine whose legality rule is loosened."""

from __future__ import annotations

from cardkit.rules.core.decisions import Decision
from cardkit.rules.core.engine import CardData
from cardkit.rules.core.playthrough import LEGALITY, play_game
from cardkit.rules.core.registry import registered
from cardkit.rules.vanguard import engine
from cardkit.rules.vanguard.oracle import DONE, NO_CARD, NO_DIE, NONE, legality
from cardkit.rules.vanguard.state import (INJURY, Combination, CrewState, DiceTest, Die, Part,
                                          SectionCard, VanguardState)


def _state(faces: dict[str, tuple[str, ...]], *, spent=(), hand=(), conversion=None):
    """Crew `you` with red dice (ids `you-N`) on its board, `other` with one die of its own."""
    you = CrewState("you", None, "s1", available=[die for die in faces if die not in spent],
                    spent=list(spent), hand=list(hand), conversion=conversion)
    other = CrewState("other", None, "s1", available=["other-1"])
    dice = {die: Die(die, "you", "section", "red", face) for die, face in faces.items()}
    dice["other-1"] = Die("other-1", "other", "section", "blue", ("science",))
    state = VanguardState({"you": you, "other": other}, dice)
    state.test = DiceTest("you", "act")
    return state


def test_the_dice_to_roll_are_any_available_ones_of_ones_own_board():
    state = _state({"you-1": (), "you-2": (), "you-3": ()}, spent=["you-3"])
    candidates, allowed = legality(Decision("you", "dice", ""), state)
    assert {("you-3",), ("other-1",), (NO_DIE,), ("you-1", "you-1")} <= set(candidates)
    assert allowed == ((), ("you-1", "you-2"), ("you-1",), ("you-2",))


def test_a_supporter_gives_one_available_die_of_its_own_or_none():
    state = _state({"you-1": ()})
    candidates, allowed = legality(Decision("other", "support", ""), state)
    assert candidates == (NONE, "other-1", "you-1", NO_DIE)
    assert allowed == (NONE, "other-1")


def test_the_injury_die_resolved_next_is_one_rolled():
    state = _state({"you-1": ("science",)})
    state.dice["you-injury-1"] = Die("you-injury-1", "you", INJURY, "yellow", ("damage",))
    state.test.pool = ["you-1", "you-injury-1"]
    assert legality(Decision("you", "injury_die", ""), state)[1] == ("you-injury-1",)


def test_a_sacrificed_die_is_a_section_die_available_or_spent():
    state = _state({"you-1": (), "you-2": ()}, spent=["you-2"])
    candidates, allowed = legality(Decision("you", "sacrifice", ""), state)
    assert "other-1" in candidates
    assert allowed == ("you-1", "you-2")


def _combination_state(faces, requirement, conversion=None):
    state = _state(faces, hand=["card", "plain"], conversion=conversion)
    state.section_cards = {"card": SectionCard("card", combination=Combination(requirement, ())),
                           "plain": SectionCard("plain")}
    state.test.pool = list(faces)
    return state


def test_a_combination_is_paid_by_exactly_the_dice_it_needs_never_an_accident():
    state = _combination_state({"you-1": ("accident", "science"), "you-2": ("science",),
                                "you-3": ("accident",)}, (((Part("icon", "science"),),)))
    candidates, allowed = legality(Decision("you", "combination", ""), state)
    assert ("plain", ("you-1",)) in candidates and (NO_CARD, ("you-1",)) in candidates
    assert ("card", ("you-3",)) in candidates and ("card", (NO_DIE,)) in candidates
    assert allowed == (DONE, ("card", ("you-1",)), ("card", ("you-2",)))


def test_every_any_part_is_one_icon_and_a_vanguard_counts_as_any():
    pairs = ((Part("same", count=2), Part("same", count=2)),)
    state = _combination_state({"you-1": ("physical", "physical"), "you-2": ("science",
                                                                             "science"),
                                "you-3": ("vanguard", "physical")}, pairs)
    _, allowed = legality(Decision("you", "combination", ""), state)
    assert allowed == (DONE, ("card", ("you-1", "you-3")))


def test_a_basic_face_counts_as_the_active_crew_members_conversion():
    state = _combination_state({"you-1": ("basic",)}, ((Part("icon", "science"),),),
                               conversion=("red", "science"))
    assert legality(Decision("you", "combination", ""), state)[1] == (DONE, ("card", ("you-1",)))


def test_a_kind_the_oracle_does_not_judge_gives_nothing():
    assert legality(Decision("you", "play", ""), _state({})) is None


def test_accidents_let_into_combinations_are_caught_by_the_oracle_within_2000_games(
        monkeypatch, shipped_database):
    """A loosened rule: a combination may be paid with an Accident (L1884)."""
    paying = engine.payments
    monkeypatch.setattr(engine, "payments", lambda state, requirement, dice, active,
                        combination=False: paying(state, requirement, dice, active))
    data = CardData(shipped_database.cards, shipped_database.boxes)
    vanguard = registered()["vanguard"]

    caught = next((played for number in range(2000)
                   if not (played := play_game(vanguard, "vanguard", data, 1, number)).held),
                  None)

    assert caught is not None, "2,000 games and the loosened rule never disagreed"
    assert (caught.number, caught.breach.kind, caught.breach.message) == (
        25, LEGALITY, "crew-1's combination: the engine accepts ('global-condition-2', "
        "('crew-1-die-5',)), which the rulebook does not allow")
