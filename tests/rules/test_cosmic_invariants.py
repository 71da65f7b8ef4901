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


FOUR = "no player commits more than four ships to a side"


@pytest.mark.parametrize("game", ["classic", "cosmic"])
def test_cards_moved_in_any_order_hold_and_a_card_swapped_in_place_does_not(
        game, shipped_database):
    dealt = _dealt(shipped_database, game)
    state, broken = dealt.state, _checker(dealt)
    red, blue = state.players["red"].hand, state.players["blue"].hand
    state.discard.append(state.deck.pop())          # from the bottom of the deck
    red.append(state.deck.pop(0))                   # from the top
    state.deck.reverse()                            # a shuffle
    assert broken() == {}
    played = blue.pop(len(blue) // 2)               # from the middle of a hand
    state.encounter = Encounter(1, "blue", "red")
    state.encounter.planned[OFFENSE] = played
    assert broken() == {}
    state.encounter.step = "ended"                  # laid cards out of play, not discarded
    assert broken() == {CARDS: f"cards gone: {played}"}
    state.discard.append(played)
    assert broken() == {}

    middle = len(state.deck) // 2
    lost, state.deck[middle] = state.deck[middle], red[0]   # a hand's card twice, as many
    assert broken() == {CARDS: f"cards that were not there: {red[0]}; cards gone: {lost}"}


@pytest.mark.parametrize("game", ["classic", "cosmic"])
def test_a_card_lost_at_one_end_of_the_deck_and_doubled_from_the_other_is_found(
        game, shipped_database):
    dealt = _dealt(shipped_database, game)
    state, broken = dealt.state, _checker(dealt)
    assert broken() == {}
    top, bottom = state.deck.pop(0), state.deck[-1]
    state.discard.append(bottom)
    assert broken() == {CARDS: f"cards that were not there: {bottom}; cards gone: {top}"}


def test_the_card_doubled_is_found_when_it_changes_and_the_count_does_not(shipped_database):
    dealt = _dealt(shipped_database, "classic")
    state, broken = dealt.state, _checker(dealt)
    assert broken() == {}
    hand, top = state.players["red"].hand, state.deck[0]
    first, second = hand[0], hand[1]
    state.deck[0] = first
    assert broken() == {CARDS: f"cards that were not there: {first}; cards gone: {top}"}
    state.deck[0] = second
    hand.reverse()
    assert broken() == {CARDS: f"cards that were not there: {second}; cards gone: {top}"}


def test_a_player_gone_with_its_hand_breaks_card_conservation(shipped_database):
    dealt = _dealt(shipped_database, "classic")
    state, broken = dealt.state, _checker(dealt)
    for name, player in state.players.items():      # only green holds cards
        if name != "green":
            state.discard += player.hand
            player.hand.clear()
    assert broken() == {}
    hand = state.players.pop("green").hand
    assert broken()[CARDS] == f"cards gone: {', '.join(sorted(hand))}"


@pytest.mark.parametrize("game", ["classic", "cosmic"])
def test_ships_between_the_warp_and_the_sides_hold_until_one_is_made(game, shipped_database):
    dealt = _dealt(shipped_database, game)
    state, broken = dealt.state, _checker(dealt)
    state.encounter = Encounter(1, "red", "blue")   # both sides there, empty
    assert broken() == {}
    state.planets["red-1"]["red"] -= 3
    state.encounter.committed[OFFENSE]["red"] = 3
    assert broken() == {}
    state.encounter.committed[OFFENSE]["red"] = 1   # two to the warp
    state.warp["red"] = 2
    assert broken() == {}
    state.warp["red"] = 3                           # and one more from nowhere
    assert broken() == {SHIPS: "red has 21"}
    state.warp["red"] = 2
    state.encounter.committed[DEFENSE]["green"] = 5  # five, lifted from green's planets
    state.planets["green-1"]["green"] -= 4
    state.planets["green-2"]["green"] -= 1
    assert broken() == {FOUR: "green has 5 on the defense side"}
    state.encounter = None                          # the sides gone, with their ships
    assert broken() == {SHIPS: "red has 19, green has 15"}


@pytest.mark.parametrize("game", ["classic", "cosmic"])
def test_a_negative_count_in_the_warp_is_found_after_the_sides_come_and_go(
        game, shipped_database):
    dealt = _dealt(shipped_database, game)
    state, broken = dealt.state, _checker(dealt)
    state.encounter = Encounter(1, "red", "blue")
    assert broken() == {}
    state.encounter = None
    state.warp["blue"] = -1
    state.planets["blue-1"]["blue"] += 1
    assert broken() == {NEGATIVE: "blue has -1 on the warp"}
    state.encounter = Encounter(2, "blue", "red")
    assert broken() == {NEGATIVE: "blue has -1 on the warp"}
