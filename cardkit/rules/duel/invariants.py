"""What the Duel rulebooks keep true at every step, checked after every event of every
replay and random game (`cardkit.rules.core.engine.Invariant`). Lines are the German
rulebook's (`003_cadf4f0e38ea8624.txt`), the cleaner of the two. Every number an invariant
checks against is stated here with its line, never read from the engine (docs/rules.md,
"Invariants that do not trust the engine")."""

from __future__ import annotations

from cardkit.rules.core.decisions import Event
from cardkit.rules.core.engine import Invariant
from cardkit.rules.duel.engine import Rules
from cardkit.rules.duel.state import GameState

# The two players' colours (003 L45-49, L163).
COLOURS = ("orange", "blue")
# Each player has twenty ships (003 L119 "Jeder Spieler hat 20 Schiffe").
SHIPS_PER_PLAYER = 20


def _ships(state: GameState, colour: str) -> int:
    player = state.players[colour]
    return player.supply + player.vortex + sum(planet.ships[colour]
                                               for planet in state.planets.values())


def _ships_conserved(state: GameState, rules: Rules):
    def check(state: GameState, event: Event) -> str | None:
        wrong = [f"{colour} has {count}" for colour in COLOURS
                 if (count := _ships(state, colour)) != SHIPS_PER_PLAYER]
        return "; ".join(wrong) or None
    return check


def _cards(state: GameState) -> list[str]:
    """Every plan, reinforcement and Fate card, sorted: in hands, decks and discard piles,
    the Fate decks and the Past, the reinforcement deck, and on the table during a duel or
    contest. Tactic tiles, ready or spent."""
    cards = list(state.past) + state.reinforcement_deck
    for pile in state.fate_decks.values():
        cards += pile
    for player in state.players.values():
        cards += player.hand + player.deck + player.discard
        cards += player.ready_tactics + player.spent_tactics
    clash = state.clash
    if clash is not None and not clash.over:
        cards += clash.plans.values()
        cards += [played.card for played in clash.reinforcements]
    cards.sort()
    return cards


def _cards_conserved(state: GameState, rules: Rules):
    start = _cards(state)

    def check(state: GameState, event: Event) -> str | None:
        now = _cards(state)
        if now == start:
            return None
        gained = sorted(set(now) - set(start))
        lost = sorted(set(start) - set(now))
        twice = sorted({card for card in now if now.count(card) > 1})
        return "; ".join(part for part in (
            f"cards that were not there: {', '.join(gained)}" if gained else "",
            f"cards gone: {', '.join(lost)}" if lost else "",
            f"cards in two places: {', '.join(twice)}" if twice else "") if part)
    return check


def _leader(state: GameState, rules: Rules):
    def check(state: GameState, event: Event) -> str | None:
        clash = state.clash
        if clash is not None and not clash.over:
            return None    # its planet is nobody's until the duel is over (L127)
        leader, straggler = (len(state.controlled(colour)) for colour in
                             (state.leader, state.straggler))
        if straggler > leader:
            return (f"the straggler {state.straggler} controls {straggler} planets, the "
                    f"leader {state.leader} {leader}")
        return None
    return check


def _no_negative_count(state: GameState, rules: Rules):
    def check(state: GameState, event: Event) -> str | None:
        wrong = [f"{colour}'s {place} holds {count}" for colour, player in state.players.items()
                 for place, count in (("supply", player.supply), ("Vortex", player.vortex))
                 if count < 0]
        wrong += [f"{planet.name} holds {count} {colour} ships"
                  for planet in state.planets.values()
                  for colour, count in planet.ships.items() if count < 0]
        return "; ".join(wrong) or None
    return check


INVARIANTS = (
    Invariant("each player's ships are conserved across supply, planets and the Vortex",
              "003 L45-49, L119, L141", _ships_conserved),
    Invariant("plans, reinforcements, tactics and Fate cards are conserved",
              "003 L65-101, L205, L377, L409", _cards_conserved),
    Invariant("the straggler never controls more planets than the leader outside a duel",
              "003 L465", _leader),
    Invariant("no count of ships is negative", "003 L119, L141", _no_negative_count),
)
