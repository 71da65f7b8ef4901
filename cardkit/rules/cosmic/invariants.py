"""What the Cosmic Encounter rulebooks keep true at every step, checked after every event of
every replay and random game (`cardkit.rules.core.engine.Invariant`).

Every number an invariant checks against is stated here with its rulebook line, never read
from the engine, its profile or the card database the engine reads: a mistake there must
not move the check with it (docs/rules.md, "Invariants that do not trust the engine")."""

from __future__ import annotations

from collections import Counter
from operator import attrgetter

from cardkit.rules.core.decisions import Event
from cardkit.rules.core.engine import Invariant
from cardkit.rules.cosmic.engine import Rules
from cardkit.rules.cosmic.state import CosmicState

# Each colour has twenty ships, in both editions (001 L88 "20 de cada color"; 002 L82).
SHIPS_PER_COLOUR = 20
# The offense and each ally commit one to four ships (001 L370, L429-433; 002 L147, L167).
MOST_SHIPS_A_SIDE = 4
# Only the current edition has a colony track (002 L102); the classic rulebook names none.
GAMES_WITH_COLONY_TRACK = ("cosmic",)

# The parts of the state the census looks at, each with the count of the looks that found
# it changed (its version).
PLANETS, OFF_BOARD, CARDS = "planets_version", "off_board_version", "cards_version"


class _Census:
    """What the invariants read of the state, looked at once after each event, in three
    parts: the ships on planets, the ships off them (the warp and each side of the
    encounter) and the cards in play. Each part is compared with a copy of itself as it was
    at the last look and its version goes up when it differs; an invariant, a function of
    some of the parts alone, keeps its verdict while their versions stay the same. The
    ships on planets are counted again only on the planets that differ from their copy:
    each player's total, its foreign colonies (against the home planets the state started
    with: no rule moves them) and the negative counts."""

    def __init__(self, state: CosmicState):
        self.state = state
        self.event: Event | None = None
        self.planets_version = self.off_board_version = self.cards_version = 0
        self.home = dict(state.home)
        self.planets: dict[str, dict[str, int]] = {}    # planet -> its counts, copied
        self.totals = dict.fromkeys(state.players, 0)   # ships on planets
        self.foreign = dict.fromkeys(state.players, 0)  # foreign colonies
        self.negative: dict[str, list[str]] = {}        # planet -> what is negative there
        # Copies of the ships off the planets and of the piles of cards, and the ships off
        # the planets as (place, counts) for the checks.
        self.warp: dict[str, int] | None = None
        self.committed: dict[str, dict[str, int]] | None = None
        self.off_board: list[tuple[str, dict[str, int]]] = []
        self.deck: list[str] | None = None
        self.discard: list[str] | None = None
        self.hands: list[list[str]] | None = None
        self.planned: dict[str, str] | None = None

    def look(self, state: CosmicState, event: Event) -> "_Census":
        if event is self.event:
            return self
        self.event = event
        if state.planets != self.planets:
            self._recount(state.planets)
            self.planets_version += 1
        encounter = state.encounter
        committed = None if encounter is None else encounter.committed
        if state.warp != self.warp or committed != self.committed:
            self.warp = dict(state.warp)
            self.committed = (None if committed is None else
                              {side: dict(counts) for side, counts in committed.items()})
            self.off_board = [("warp", self.warp), *(self.committed or {}).items()]
            self.off_board_version += 1
        # The cards laid are in play until the encounter ends (then they are discarded).
        planned = (None if encounter is None or encounter.step == "ended"
                   else encounter.planned)
        hands = [player.hand for player in state.players.values()]
        if (state.deck != self.deck or state.discard != self.discard or hands != self.hands
                or planned != self.planned):
            self.deck, self.discard = list(state.deck), list(state.discard)
            self.hands = [list(hand) for hand in hands]
            self.planned = None if planned is None else dict(planned)
            self.cards_version += 1
        return self

    def cards(self) -> list[str]:
        """Every card in play as last looked at: deck, discard pile, hands, cards laid."""
        cards = self.deck + self.discard
        for hand in self.hands:
            cards += hand
        if self.planned:
            cards += self.planned.values()
        return cards

    def _recount(self, planets: dict[str, dict[str, int]]):
        seen = self.planets
        for planet, counts in planets.items():
            before = seen.get(planet)
            if counts != before:
                if before is not None:
                    self._count(planet, before, -1)
                self._count(planet, counts, 1)
                seen[planet] = dict(counts)
                negative = [f"{name} has {count} on {planet}"
                            for name, count in counts.items() if count < 0]
                if negative:
                    self.negative[planet] = negative
                else:
                    self.negative.pop(planet, None)
        if len(seen) != len(planets):      # a planet is gone, with its ships
            for planet in [planet for planet in seen if planet not in planets]:
                self._count(planet, seen.pop(planet), -1)
                self.negative.pop(planet, None)

    def _count(self, planet: str, counts: dict[str, int], sign: int):
        owner = self.home.get(planet)
        totals, foreign = self.totals, self.foreign
        for name, count in counts.items():
            totals[name] = totals.get(name, 0) + sign * count
            if count > 0 and name != owner:
                foreign[name] = foreign.get(name, 0) + sign


class _Censuses:
    """The census of the state being checked, shared by the invariants; a state other than
    the last one (another game, another scenario) is counted afresh. Each event is a new
    object, so the first invariant checked after it has the census look, and the others
    find it done."""

    def __init__(self):
        self.census: _Census | None = None

    def look(self, state: CosmicState, event: Event) -> _Census:
        census = self.census
        if census is not None and census.event is event and census.state is state:
            return census     # looked at already, by the first invariant after the event
        if census is None or census.state is not state:
            census = self.census = _Census(state)
        return census.look(state, event)


_CENSUS = _Censuses()


def _place(place: str) -> str:
    return f"the {place}" if place == "warp" else f"the {place} side"


def _kept(parts: tuple[str, ...], verdict):
    """A check that gives `verdict(state, census)` again without working it out while the
    census's versions of `parts` are those it was worked out at."""
    versions = attrgetter(*parts)
    last: list = [None, None, None]     # the census, its versions, the verdict

    def check(state: CosmicState, event: Event) -> str | None:
        census = _CENSUS.look(state, event)
        now = versions(census)
        if census is not last[0] or now != last[1]:
            last[:] = [census, now, verdict(state, census)]
        return last[2]
    return check


def _ships_conserved(state: CosmicState, rules: Rules):
    each = SHIPS_PER_COLOUR
    expected = dict.fromkeys(state.players, each)

    def verdict(state: CosmicState, census: _Census) -> str | None:
        ships = dict(census.totals)
        for _, counts in census.off_board:
            for name, count in counts.items():
                ships[name] = ships.get(name, 0) + count
        if ships == expected:
            return None
        return ", ".join(f"{name} has {count}" for name, count in ships.items()
                         if count != each)
    return _kept((PLANETS, OFF_BOARD), verdict)


def _cards_conserved(state: CosmicState, rules: Rules):
    start = Counter(_Census(state).look(state, Event("start")).cards())
    # When every card is a different one (random games deal each once), the cards now are
    # the same as at the start exactly when they are as many and as many different ones,
    # all of them among those at the start.
    distinct = set(start) if all(count == 1 for count in start.values()) else None

    def verdict(state: CosmicState, census: _Census) -> str | None:
        now = census.cards()
        if distinct is not None and len(now) == len(distinct) and set(now) == distinct:
            return None
        counted = Counter(now)
        if counted == start:
            return None
        gained, lost = counted - start, start - counted
        return "; ".join(part for part in (
            f"cards that were not there: {', '.join(sorted(gained.elements()))}" if gained else "",
            f"cards gone: {', '.join(sorted(lost.elements()))}" if lost else "") if part)
    return _kept((CARDS,), verdict)


def _colony_track(state: CosmicState, rules: Rules):
    if state.edition.game not in GAMES_WITH_COLONY_TRACK:
        return _no_check

    def check(state: CosmicState, event: Event) -> str | None:
        foreign = _CENSUS.look(state, event).foreign
        if state.colony_track == foreign:
            return None
        wrong = [f"{name} at {state.colony_track.get(name)} with {count}"
                 for name, count in foreign.items() if state.colony_track.get(name) != count]
        return "; ".join(wrong) or None
    return check


def _no_check(state: CosmicState, event: Event) -> None:
    """The check of an invariant the game played does not have."""
    return None


def _no_negative_count(state: CosmicState, rules: Rules):
    def verdict(state: CosmicState, census: _Census) -> str | None:
        negative = census.negative
        wrong = [message for planet in state.planets if planet in negative
                 for message in negative[planet]] if negative else []
        wrong += [f"{name} has {count} on {_place(place)}" for place, counts in census.off_board
                  for name, count in counts.items() if count < 0]
        return "; ".join(wrong) or None
    return _kept((PLANETS, OFF_BOARD), verdict)


def _at_most_four(state: CosmicState, rules: Rules):
    def verdict(state: CosmicState, census: _Census) -> str | None:
        wrong = [f"{name} has {count} on the {side} side"
                 for side, counts in census.off_board[1:]
                 for name, count in counts.items() if count > MOST_SHIPS_A_SIDE]
        return "; ".join(wrong) or None
    return _kept((OFF_BOARD,), verdict)


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
