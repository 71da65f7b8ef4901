"""What the Cosmic Encounter rulebooks keep true at every step, checked after every event of
every replay and random game (`cardkit.rules.core.engine.Invariant`)."""

from __future__ import annotations

from collections import Counter

from cardkit.rules.core.decisions import Event
from cardkit.rules.core.engine import Invariant
from cardkit.rules.cosmic.engine import Rules
from cardkit.rules.cosmic.profile import MAX_SHIPS_COMMITTED
from cardkit.rules.cosmic.state import CosmicState


class _Count:
    """One pass over every place a ship can be after an event, shared by the invariants
    that read it: each player's ships, and the places holding a negative count."""

    def __init__(self):
        self.state: CosmicState | None = None
        self.event: Event | None = None
        self.ships: dict[str, int] = {}
        self.negative: list[str] = []

    def of(self, state: CosmicState, event: Event) -> "_Count":
        # The same state object after the same event object: counted already.
        if state is not self.state or event is not self.event:
            self.state, self.event = state, event
            self.ships = ships = dict.fromkeys(state.players, 0)
            places = {**state.planets, "the warp": state.warp}
            if state.encounter is not None:
                places.update((f"the {side} side", counts)
                              for side, counts in state.encounter.committed.items())
            self.negative = []
            for place, counts in places.items():
                for name, count in counts.items():
                    ships[name] += count
                    if count < 0:
                        self.negative.append(f"{name} has {count} on {place}")
        return self


_COUNT = _Count()


def _ships_conserved(state: CosmicState, rules: Rules):
    each = rules.facts.box_fact("ships_per_colour")

    def check(state: CosmicState, event: Event) -> str | None:
        wrong = {name: count for name, count in _COUNT.of(state, event).ships.items()
                 if count != each}
        if wrong:
            return ", ".join(f"{name} has {count}" for name, count in wrong.items())
        return None
    return check


def _cards(state: CosmicState) -> list[str]:
    """Every card in play, sorted: deck, discard pile, hands and the cards laid."""
    cards = state.deck + state.discard
    for player in state.players.values():
        cards += player.hand
    if state.encounter is not None and state.encounter.step != "ended":
        cards += state.encounter.planned.values()
    cards.sort()
    return cards


def _cards_conserved(state: CosmicState, rules: Rules):
    start = _cards(state)

    def check(state: CosmicState, event: Event) -> str | None:
        now = _cards(state)
        if now == start:
            return None
        gained, lost = Counter(now) - Counter(start), Counter(start) - Counter(now)
        return "; ".join(part for part in (
            f"cards that were not there: {', '.join(sorted(gained.elements()))}" if gained else "",
            f"cards gone: {', '.join(sorted(lost.elements()))}" if lost else "") if part)
    return check


def _colony_track(state: CosmicState, rules: Rules):
    def check(state: CosmicState, event: Event) -> str | None:
        if not state.edition.colony_track:
            return None
        foreign = state.foreign_colony_counts()
        wrong = [f"{name} at {state.colony_track.get(name)} with {count}"
                 for name, count in foreign.items() if state.colony_track.get(name) != count]
        return "; ".join(wrong) or None
    return check


def _no_negative_count(state: CosmicState, rules: Rules):
    def check(state: CosmicState, event: Event) -> str | None:
        return "; ".join(_COUNT.of(state, event).negative) or None
    return check


def _at_most_four(state: CosmicState, rules: Rules):
    def check(state: CosmicState, event: Event) -> str | None:
        if state.encounter is None:
            return None
        wrong = [f"{name} has {count} on the {side} side"
                 for side, counts in state.encounter.committed.items()
                 for name, count in counts.items() if count > MAX_SHIPS_COMMITTED]
        return "; ".join(wrong) or None
    return check


def _turn_order(state: CosmicState, rules: Rules):
    started: list[str] = []

    def check(state: CosmicState, event: Event) -> str | None:
        if event.name == "turn.started":
            started[:] = [state.turn]
        elif event.name == "turn.ended" and started:
            names = list(state.players)
            following = names[(names.index(started[0]) + 1) % len(names)]
            if state.turn != following:
                return f"{started[0]}'s turn ended and {state.turn}'s began, not {following}'s"
        return None
    return check


INVARIANTS = (
    Invariant("ships of each colour are conserved", "001 L88, 002 L82", _ships_conserved),
    Invariant("cards are conserved across deck, hands, discard pile and table",
              "001 L90-92, L137-139; 002 L54-57, L228", _cards_conserved),
    Invariant("the colony track shows each player's foreign colonies",
              "002 L102, L242, L279", _colony_track),
    Invariant("no count of ships is negative", "001 L88, 002 L82", _no_negative_count),
    Invariant("no player commits more than four ships to a side",
              "001 L370, L429-433; 002 L147, L167", _at_most_four),
    Invariant("the turn passes to the next player clockwise",
              "001 L232-242, L743-745; 002 L106, L273", _turn_order),
)
