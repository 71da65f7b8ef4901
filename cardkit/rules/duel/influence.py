"""Influence and ship advantage: the numbers that decide duels and contests."""

from __future__ import annotations

from collections.abc import Mapping

from cardkit.model.base import CardModel
from cardkit.rules.duel.state import Clash, GameState, opponent


def ship_advantage_holder(state: GameState, clash: Clash) -> str | None:
    """The player with more ships on the duel's planet, or None when tied (or in a contest)."""
    if clash.kind != "duel" or clash.planet not in state.planets:
        return None
    ships = state.planets[clash.planet].ships
    for colour in ships:
        if ships[colour] > ships[opponent(colour)]:
            return colour
    return None


def influence(state: GameState, cards: Mapping[str, CardModel], clash: Clash, colour: str) -> int:
    """Plan value, plus the ship advantage when held, plus the reinforcements on `colour`.

    A parity reinforcement's value follows the parity of the influence from every other
    source, read afresh whenever influence is asked for, so it changes as soon as that
    parity does.
    """
    total = plan_value(cards, clash.plans.get(colour))
    if ship_advantage_holder(state, clash) == colour:
        total += clash.ship_advantage
    on_player = [cards[played.card] for played in clash.reinforcements if played.on == colour]
    total += sum(card.value for card in on_player if card.parity is None)
    return total + sum(card.value_for(total) for card in on_player if card.parity is not None)


def plan_value(cards: Mapping[str, CardModel], card_id: str | None) -> int:
    if card_id is None:
        return 0
    return cards[card_id].value
