"""The Cosmic Encounter invariants find what they guard against, after a step that breaks
it, also when the steps before held and only what changed since is counted again."""

from __future__ import annotations

from random import Random

import pytest

from cardkit.rules.core.decisions import Event
from cardkit.rules.core.engine import CardData
from cardkit.rules.core.playthrough import Dealt
from cardkit.rules.core.registry import registered
from cardkit.rules.cosmic.state import DEFENSE, OFFENSE, Encounter

SHIPS = "ships of each colour are conserved"
CARDS = "cards are conserved across deck, hands, discard pile and table"
TRACK = "the colony track shows each player's foreign colonies"
NEGATIVE = "no count of ships is negative"


def _dealt(shipped_database, game: str) -> Dealt:
    """A random legal setup of three or more players (red, blue, green, ...)."""
    data = CardData(shipped_database.cards, shipped_database.boxes)
    return Dealt(registered()[game], game, data, Random(f"invariants/{game}"))


def _checker(dealt: Dealt):
    checks = {invariant.name: invariant.watch(dealt.state, dealt.rules)
              for invariant in registered()[dealt.setup.edition.game].invariants}

    def broken(step: str = "turn.started") -> dict[str, str]:
        """What each invariant finds wrong after a step (a new event each time)."""
        event = Event(step)
        return {name: wrong for name, check in checks.items()
                if (wrong := check(dealt.state, event)) is not None}
    return broken


@pytest.mark.parametrize("game", ["classic", "cosmic"])
def test_ships_moved_hold_and_ships_made_or_lost_break_conservation(game, shipped_database):
    dealt = _dealt(shipped_database, game)
    state, broken = dealt.state, _checker(dealt)
    assert broken() == {}

    state.planets["red-1"]["red"] -= 2
    state.warp["red"] = 2
    assert broken() == {}

    state.planets["blue-2"]["blue"] += 1            # a ship from nowhere
    assert broken() == {SHIPS: "blue has 21"}
    state.planets["blue-2"]["blue"] -= 1
    state.encounter = Encounter(1, "red")
    state.encounter.committed[OFFENSE]["red"] = 1   # a ship on the gate, none lifted
    assert broken() == {SHIPS: "red has 21"}
    state.warp["red"] -= 1
    assert broken() == {}
    del state.planets["green-3"]                    # a planet and its four ships gone
    assert broken() == {SHIPS: "green has 16"}


@pytest.mark.parametrize("game", ["classic", "cosmic"])
def test_a_negative_count_is_found_wherever_it_is(game, shipped_database):
    dealt = _dealt(shipped_database, game)
    state, broken = dealt.state, _checker(dealt)
    state.planets["red-1"]["red"] = -1
    state.planets["red-2"]["red"] = 9
    assert broken()[NEGATIVE] == "red has -1 on red-1"
    state.planets["red-1"]["red"], state.planets["red-2"]["red"] = 4, 4
    assert broken() == {}

    state.encounter = Encounter(1, "red", "blue")
    state.encounter.committed[DEFENSE]["green"] = -1
    state.warp["green"] = 1
    assert broken() == {NEGATIVE: "green has -1 on the defense side"}


def test_the_colony_track_must_follow_a_colony_gained_or_lost(shipped_database):
    dealt = _dealt(shipped_database, "cosmic")
    state, broken = dealt.state, _checker(dealt)
    state.planets["red-1"]["red"] -= 1
    state.planets["blue-1"]["red"] = 1              # red's first foreign colony
    assert broken() == {TRACK: "red at 0 with 1"}
    state.colony_track["red"] = 1
    assert broken() == {}
    state.planets["blue-1"]["red"] = 0              # and gone again, the marker left
    state.planets["red-1"]["red"] += 1
    assert broken() == {TRACK: "red at 1 with 0"}


@pytest.mark.parametrize("game", ["classic", "cosmic"])
def test_a_card_made_or_lost_breaks_conservation_and_a_card_moved_does_not(
        game, shipped_database):
    dealt = _dealt(shipped_database, game)
    state, broken = dealt.state, _checker(dealt)
    card = state.deck.pop(0)
    state.players["red"].hand.append(card)
    assert broken() == {}

    state.discard.append(card)
    assert broken() == {CARDS: f"cards that were not there: {card}"}
    state.discard.clear()
    state.players["red"].hand.remove(card)
    assert broken() == {CARDS: f"cards gone: {card}"}

    other = state.deck[0]
    state.players["blue"].hand.append(other)        # one card twice, as many in all
    assert broken() == {CARDS: f"cards that were not there: {other}; cards gone: {card}"}


def test_a_new_game_is_counted_afresh(shipped_database):
    first = _dealt(shipped_database, "cosmic")
    broken = _checker(first)
    assert broken() == {}
    second = _dealt(shipped_database, "cosmic")
    second.state.planets["red-1"]["red"] += 1
    assert _checker(second)() == {SHIPS: "red has 21"}
    assert broken() == {}
