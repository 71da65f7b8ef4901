"""The Duel's legality oracle, written from the rulebook apart from the engine: what it
proposes at a decision and which of its candidates it says the rules allow."""

from __future__ import annotations

from types import SimpleNamespace

from cardkit.rules.core.decisions import Decision
from cardkit.rules.duel.oracle import NO_CARD, NOBODY, PASS, legality
from cardkit.rules.duel.state import ReinforcementPlay


def _rules(hand: list[str], deck: list[str] = ()):
    kinds = {"plan-5": "plan", "boost": "reinforcement", "in-deck": "plan"}
    players = {"orange": SimpleNamespace(hand=hand, deck=list(deck)),
               "blue": SimpleNamespace(hand=[], deck=[])}
    return SimpleNamespace(state=SimpleNamespace(players=players),
                           cards={card: SimpleNamespace(kind=kind) for card, kind in kinds.items()})


def test_a_dial_is_one_to_four_among_numbers_either_side():
    candidates, allowed = legality(Decision("orange", "dial", ""), _rules([]))
    assert 0 in candidates and 5 in candidates
    assert allowed == (1, 2, 3, 4)


def test_a_plan_is_a_plan_card_in_hand_not_one_elsewhere_nor_of_another_kind():
    candidates, allowed = legality(Decision("orange", "plan", ""),
                                   _rules(["plan-5", "boost"], deck=["in-deck"]))
    assert candidates == ("plan-5", "boost", "in-deck", NO_CARD)
    assert allowed == ("plan-5",)


def test_a_reinforcement_from_hand_on_either_player_or_a_pass():
    candidates, allowed = legality(Decision("orange", "reinforcement", ""),
                                   _rules(["plan-5", "boost"]))
    assert ReinforcementPlay("boost", NOBODY) in candidates
    assert ReinforcementPlay(NO_CARD, "blue") in candidates
    assert allowed == (PASS, ReinforcementPlay("boost", "orange"),
                       ReinforcementPlay("boost", "blue"))


def test_a_kind_the_oracle_does_not_judge_gives_nothing():
    assert legality(Decision("orange", "keep_ally", ""), _rules([])) is None
