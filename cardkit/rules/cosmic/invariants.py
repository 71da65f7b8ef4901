"""What the Cosmic Encounter rulebooks keep true at every step, checked after every event of
every replay and random game (`cardkit.rules.core.engine.Invariant`).

Every number an invariant checks against is stated here with its rulebook line, never read
from the engine, its profile or the card database the engine reads: a mistake there must
not move the check with it (docs/rules.md, "Invariants that do not trust the engine")."""

from __future__ import annotations

from collections import Counter
from itertools import count as numbers
from operator import attrgetter
from typing import cast

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

# Versions of the parts of the state a census looks at, drawn from one counter for every
# census: a verdict worked out on one census is never taken for another's.
_VERSIONS = numbers()
_HAND = attrgetter("hand")


class _Census:
    """What the invariants read of the state, looked at once after each event, in three
    parts: the ships on planets, the ships off them (the warp and each side of the
    encounter) and the cards in play. Each part is compared with a copy of itself as it was
    at the last look, and only what differs is counted again; a part gets a new version
    when what the invariants read of it may have changed, and an invariant, a function of
    some of the parts alone, keeps its verdict while their versions stay the same.

    The ships on planets are counted again only on the planets that differ from their
    copy: each player's ships there, its foreign colonies (against the home planets the
    state started with: no rule moves them) and the negative counts. The ships off the
    planets are counted again only in the place that differs (a side of the encounter that
    appears or goes empty changes nothing). The cards get a new version only when those of
    the piles that differ are not the same cards as before, in number and kind: a card
    moved from one pile to another leaves what is in play as it was."""

    def __init__(self, state: CosmicState):
        self.state = state
        self.event: Event | None = None
        self.ships_version = self.off_board_version = self.cards_version = next(_VERSIONS)
        players = state.players
        self.home = dict(state.home)
        self.planets: dict[str, dict[str, int]] = {}    # planet -> its counts, copied
        self.totals = dict.fromkeys(players, 0)         # ships on planets
        self.ships = dict.fromkeys(players, 0)          # ships anywhere
        self.foreign = dict.fromkeys(players, 0)        # foreign colonies
        self.negative: dict[str, list[str]] = {}        # planet -> what is negative there
        # Copies of the ships off the planets and of the piles of cards, and the ships off
        # the planets as (place, counts) for the checks.
        self.warp: dict[str, int] = {}
        self.committed: dict[str, dict[str, int]] | None = None
        self.off_board: list[tuple[str, dict[str, int]]] = [("warp", self.warp)]
        # The fewest ships of a player in a place off the planets and the most on a side.
        self.lowest = self.most = 0
        self.deck: list[str] = []
        self.discard: list[str] = []
        self.hands: list[list[str]] = []
        self.planned: dict[str, str] = {}
        self.look(state, None)

    def after(self, state: CosmicState, event: Event) -> "_Census":
        """The census of `state` looked at after `event` (this one, when it counts it)."""
        census = self if state is self.state else _shared(state)
        if census.event is not event:
            census.look(state, event)
        return census

    def look(self, state: CosmicState, event: Event | None):
        self.event = event
        planets = state.planets
        if planets != self.planets:
            self._recount(planets)
            self.ships_version = next(_VERSIONS)
        warp, encounter = state.warp, state.encounter
        committed = None if encounter is None else encounter.committed
        if warp != self.warp or committed != self.committed:
            self._off_board(warp, committed)
        # The cards laid are in play until the encounter ends (then they are discarded).
        planned = {} if encounter is None or encounter.step == "ended" else encounter.planned
        hands = list(map(_HAND, state.players.values()))
        deck, discard = state.deck, state.discard
        if (deck != self.deck or discard != self.discard or hands != self.hands
                or planned != self.planned):
            self._recard(deck, discard, hands, planned)

    def cards(self) -> list[str]:
        """Every card in play as last looked at: deck, discard pile, hands, cards laid."""
        cards = self.deck + self.discard
        for hand in self.hands:
            cards += hand
        cards += self.planned.values()
        return cards

    def _recount(self, planets: dict[str, dict[str, int]]):
        seen, negative = self.planets, self.negative
        try:
            changed = [planet for planet, counts in planets.items() if counts != seen[planet]]
        except KeyError:                   # a planet that was not there
            changed = [planet for planet, counts in planets.items()
                       if counts != seen.get(planet)]
        for planet in changed:
            counts = planets[planet]
            self._count(planet, seen.get(planet, {}), counts)
            seen[planet] = dict(counts)
            if counts and min(counts.values()) < 0:
                negative[planet] = [f"{name} has {count} on {planet}"
                                    for name, count in counts.items() if count < 0]
            elif negative:
                negative.pop(planet, None)
        if len(seen) != len(planets):      # a planet is gone, with its ships
            for planet in [planet for planet in seen if planet not in planets]:
                self._count(planet, seen.pop(planet), {})
                negative.pop(planet, None)

    def _count(self, planet: str, before: dict[str, int], after: dict[str, int]):
        """The ships on `planet` counted as `after` where they were `before`."""
        owner = self.home.get(planet)
        totals, ships, foreign = self.totals, self.ships, self.foreign
        for name, count in before.items():
            totals[name] -= count
            ships[name] -= count
            if count > 0 and name != owner:
                foreign[name] -= 1
        for name, count in after.items():
            totals[name] = totals.get(name, 0) + count
            ships[name] = ships.get(name, 0) + count
            if count > 0 and name != owner:
                foreign[name] = foreign.get(name, 0) + 1

    def _off_board(self, warp: dict[str, int], committed: dict[str, dict[str, int]] | None):
        moved = warp != self.warp
        if moved:
            self._shift(self.warp, warp)
            self.warp = dict(warp)
        if committed != self.committed:
            for counts in (self.committed or {}).values():
                if counts:
                    self._shift(counts, {})
                    moved = True
            copies: dict[str, dict[str, int]] = {}
            for side, counts in (committed or {}).items():
                copies[side] = dict(counts)
                if counts:
                    self._shift({}, counts)
                    moved = True
            self.committed = None if committed is None else copies
        self.off_board = [("warp", self.warp), *(self.committed or {}).items()]
        # A side that appears or goes empty changes nothing the invariants read.
        if moved:
            self.ships_version = self.off_board_version = next(_VERSIONS)
            lowest, most = min([0, *self.warp.values()]), 0
            for _, counts in self.off_board[1:]:
                if counts:
                    lowest, most = min(lowest, *counts.values()), max(most, *counts.values())
            self.lowest, self.most = lowest, most

    def _shift(self, before: dict[str, int], after: dict[str, int]):
        """The ships of a place off the planets counted as `after` where they were
        `before`."""
        ships = self.ships
        for name, count in before.items():
            ships[name] -= count
        for name, count in after.items():
            ships[name] = ships.get(name, 0) + count

    def _recard(self, deck: list[str], discard: list[str], hands: list[list[str]],
                planned: dict[str, str]):
        gone: list[str] = []    # the cards of the piles that differ, as they were
        come: list[str] = []    # and as they are
        if deck != self.deck:
            self.deck = _changed(self.deck, deck, gone, come)
        if discard != self.discard:
            self.discard = _changed(self.discard, discard, gone, come)
        copies = self.hands
        if hands != copies:
            if len(hands) != len(copies):      # another number of players
                for hand in copies:
                    gone += hand
                copies[:] = [[] for _ in hands]
            for index, hand in enumerate(hands):
                if hand != copies[index]:
                    copies[index] = _changed(copies[index], hand, gone, come)
        if planned != self.planned:
            gone += self.planned.values()
            come += planned.values()
            self.planned = dict(planned)
        try:
            same = len(gone) == len(come) and sorted(gone) == sorted(come)
        except TypeError:      # not card ids: taken as other cards
            same = False
        if not same:
            self.cards_version = next(_VERSIONS)


def _changed(before: list[str], after: list[str], gone: list[str], come: list[str]
             ) -> list[str]:
    """A copy of the pile `after`, that was `before`; the cards it lost are added to
    `gone`, those it gained to `come` (those it kept as well, unless it only gained at the
    end or lost at the start or end, as piles mostly do)."""
    kept = len(before)
    if len(after) > kept and after[:kept] == before:
        come += after[kept:]
    elif len(after) < kept and before[kept - len(after):] == after:
        gone += before[:kept - len(after)]
    elif len(after) < kept and before[:len(after)] == after:
        gone += before[len(after):]
    else:
        gone += before
        come += after
    return list(after)


_LAST: list[_Census] = []      # the census made last


def _shared(state: CosmicState) -> _Census:
    """The census of `state` the invariants watching it share: the one made last, when it
    is of this state, else a new one (another game, another scenario is counted afresh)."""
    if not _LAST or _LAST[0].state is not state:
        _LAST[:] = [_Census(state)]
    return _LAST[0]


def _place(place: str) -> str:
    return f"the {place}" if place == "warp" else f"the {place} side"


def _kept(state: CosmicState, version: str, verdict):
    """The check of an invariant that reads the census alone: `verdict(state, census)`
    worked out again only when the census's `version` of what it reads has moved."""
    census = _shared(state)
    seen: int | None = None        # the version the verdict is of
    wrong: str | None = None
    read = attrgetter(version)

    def check(state: CosmicState, event: Event) -> str | None:
        nonlocal census, seen, wrong
        if census.event is not event or census.state is not state:
            census = census.after(state, event)
        if read(census) != seen:
            seen, wrong = read(census), verdict(state, census)
        return wrong
    return check


def _ships_conserved(state: CosmicState, rules: Rules):
    each = SHIPS_PER_COLOUR
    expected = dict.fromkeys(state.players, each)

    def verdict(state: CosmicState, census: _Census) -> str | None:
        if census.ships == expected:
            return None
        ships = dict(census.totals)
        for _, counts in census.off_board:
            for name, count in counts.items():
                ships[name] = ships.get(name, 0) + count
        if ships == expected:
            return None
        return ", ".join(f"{name} has {count}" for name, count in ships.items()
                         if count != each)
    return _kept(state, "ships_version", verdict)


def _cards_conserved(state: CosmicState, rules: Rules):
    start = Counter(_Census(state).cards())

    def verdict(state: CosmicState, census: _Census) -> str | None:
        counted = Counter(census.cards())
        if counted == start:
            return None
        gained, lost = counted - start, start - counted
        return "; ".join(part for part in (
            f"cards that were not there: {', '.join(sorted(gained.elements()))}" if gained
            else "",
            f"cards gone: {', '.join(sorted(lost.elements()))}" if lost else "") if part)
    return _kept(state, "cards_version", verdict)


def _colony_track(state: CosmicState, rules: Rules):
    if state.edition.game not in GAMES_WITH_COLONY_TRACK:
        return _no_check
    census = _shared(state)

    def check(state: CosmicState, event: Event) -> str | None:
        nonlocal census
        if census.event is not event or census.state is not state:
            census = census.after(state, event)
        foreign = census.foreign
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
        if not negative and census.lowest >= 0:
            return None
        found = [message for planet in state.planets if planet in negative
                 for message in negative[planet]]
        found += [f"{name} has {count} on {_place(place)}" for place, counts in census.off_board
                  for name, count in counts.items() if count < 0]
        return "; ".join(found) or None
    return _kept(state, "ships_version", verdict)


def _at_most_four(state: CosmicState, rules: Rules):
    def verdict(state: CosmicState, census: _Census) -> str | None:
        if census.most <= MOST_SHIPS_A_SIDE:
            return None
        return "; ".join(f"{name} has {count} on the {side} side"
                         for side, counts in census.off_board[1:]
                         for name, count in counts.items() if count > MOST_SHIPS_A_SIDE)
    return _kept(state, "off_board_version", verdict)


def _turn_order(state: CosmicState, rules: Rules):
    started: list[str | None] = []

    def check(state: CosmicState, event: Event) -> str | None:
        if event.name == "turn.started":
            started[:] = [state.turn]
        elif event.name == "turn.ended" and started:
            names = list(state.players)
            following = names[(names.index(cast(str, started[0])) + 1) % len(names)]
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
