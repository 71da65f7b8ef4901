"""The engine contract, as OpenSpiel's generic tests state a game's: run over every
registered engine on games it deals itself.

- legal choices are a query: asking changes nothing;
- an illegal choice is refused, and changes nothing;
- a pending decision is asked again until it is answered;
- forced decisions are taken: a runner that takes them never hands one out.
"""

from __future__ import annotations

import copy
from random import Random

import pytest

from cardkit.rules.core.decisions import Decision, IllegalChoice, Runner
from cardkit.rules.core.engine import CardData
from cardkit.rules.core.playthrough import Dealt
from cardkit.rules.core.registry import registered

GAMES = sorted(registered())


class _Dealt(Dealt):
    """A game an engine deals, with a runner that runs its procedures one after another."""

    def __init__(self, game: str, data: CardData, seed: int, take_forced: bool = False):
        self.rng = Random(seed)
        super().__init__(registered()[game], game, data, self.rng)
        self.runner = Runner(take_forced=take_forced)

    def advance(self):
        """The next decision or event, starting the next procedure when one has ended;
        None when the game is over."""
        while (item := self.runner.advance()) is None:
            procedure = self.next_procedure()
            if procedure is None:
                return None
            self.runner.begin(procedure[1])
        return item

    def to_a_choice(self) -> Decision:
        """Play at random to the first decision with more than one listed choice."""
        while (item := self.advance()) is not None:
            if isinstance(item, Decision):
                if not item.forced and item.accepts is None:
                    return item
                self.runner.apply(item.draw(self.rng))
        raise AssertionError("the game ended without a decision that lists a choice")

    def view(self) -> dict:
        return copy.deepcopy(self.setup.view(self.state))


@pytest.fixture(scope="module")
def data(shipped_database) -> CardData:
    return CardData(shipped_database.cards, shipped_database.boxes)


@pytest.mark.parametrize("game", GAMES)
def test_legal_choices_are_a_query(game, data):
    dealt = _Dealt(game, data, seed=1)
    decision = dealt.to_a_choice()
    before = dealt.view()

    assert dealt.runner.legal_choices() == decision.options
    assert dealt.runner.legal_choices() == decision.options
    assert dealt.view() == before


@pytest.mark.parametrize("game", GAMES)
def test_an_illegal_choice_is_refused_and_changes_nothing(game, data):
    dealt = _Dealt(game, data, seed=2)
    decision = dealt.to_a_choice()
    before = dealt.view()

    with pytest.raises(IllegalChoice):
        dealt.runner.apply(("no", "such", "choice"))
    assert dealt.view() == before
    assert dealt.runner.advance() is decision


@pytest.mark.parametrize("game", GAMES)
def test_a_pending_decision_is_asked_again_until_answered(game, data):
    dealt = _Dealt(game, data, seed=3)
    decision = dealt.to_a_choice()

    assert dealt.runner.advance() is decision
    assert dealt.runner.advance() is decision
    dealt.runner.apply(decision.options[0])
    assert dealt.runner.advance() is not decision


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_forced_decisions_are_taken(game, data):
    handed_out, forced_seen = _play_to_the_end(game, data, take_forced=True)
    assert not forced_seen, "a runner that takes forced decisions handed one out"
    _, forced_there = _play_to_the_end(game, data, take_forced=False)
    assert forced_there, "the same game without taking them asks forced decisions"
    assert handed_out


def _play_to_the_end(game: str, data: CardData, take_forced: bool) -> tuple[int, int]:
    """Decisions handed out, and how many of them were forced, in one dealt game."""
    dealt = _Dealt(game, data, seed=4, take_forced=take_forced)
    handed_out = forced = 0
    for _ in range(20_000):
        item = dealt.advance()
        if item is None:
            break
        if isinstance(item, Decision):
            handed_out += 1
            forced += item.forced
            dealt.runner.apply(item.draw(dealt.rng))
    return handed_out, forced
