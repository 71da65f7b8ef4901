"""The engine contract: one `Engine` record per game, which the core drives.

As OpenSpiel states a game once and plays it generically, a game here is one record:
- the names a scenario's `game:` field gives it;
- its loader, which reads a scenario's own sections (citations, cards, setup) into a
  `Setup`: a fresh state on demand, the rules object its procedures run on, the state as
  plain data, and what its steps may say (who decides, the choices, the checkpoint's
  fields);
- its actions: each procedure a step may start (`do:`), as its argument reader and the
  procedure together, so an action is declared once and a name the table does not hold
  cannot fall into some default branch;
- the invariants its rulebooks fix, checked after every step of every replay and of every
  random playthrough;
- its random games (`Playthrough`), which `core.playthrough` plays.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from random import Random
from typing import Any, Protocol

from cardkit.rules.core.decisions import Decision, Event, Oracle, Procedure
from cardkit.rules.core.scenario import ChoiceReader, Citation, Reader
from cardkit.source.yamlfile import Location


@dataclass(frozen=True, eq=False)
class CardData:
    """What the replay is given of the card database: its cards by id and each game's box.
    Two are the same only when they are one object (what is read off it may be kept)."""

    cards: Mapping[str, Any]
    boxes: Mapping[str, Any]


@dataclass(frozen=True)
class Action:
    """A procedure a step may start: `read` checks its arguments in the scenario (with the
    scenario's setup at hand: its players, planets, crew), `start` makes the procedure
    from the rules object and those arguments."""

    read: Callable[[Any, Reader, Location], Any]
    start: Callable[[Any, Any], Procedure]


Check = Callable[[Any, Event], "str | None"]


@dataclass(frozen=True)
class Invariant:
    """What a rulebook makes always true, with the lines that say it. `watch` is given the
    state and the rules object at the start and returns the check run after every step:
    what is wrong, or None."""

    name: str
    cites: str
    watch: Callable[[Any, Any], Check]


class Setup(Protocol):
    """What an engine's loader makes of one scenario."""

    citations: list[Citation]
    reader: Reader                   # reads its steps (card ids against its own cards)

    def build(self) -> Any: ...                         # a fresh state

    def rules(self, state: Any) -> Any: ...             # what the actions run on

    def view(self, state: Any) -> dict: ...             # the state as plain data

    def actors(self) -> tuple[str, ...]: ...            # who decides, chance included

    def choices(self) -> Mapping[str, ChoiceReader]: ...

    def checkpoint(self) -> Mapping[str, Any]: ...      # the fields `view` gives


UNIFORM = "each legal choice as likely"


def uniform(decision: Decision, rules: Any, rng: Random) -> Any:
    """The plain random player: each listed choice as likely, or the decision's own draw."""
    return decision.draw(rng)


@dataclass(frozen=True)
class GamePart:
    """A part of a game random play must reach, with the rulebook lines that give it:
    `count` says how often a stretch of play (`core.playthrough.Played`: its decisions as
    (actor, kind, choice) and its events, one procedure's or a whole game's) shows it;
    `games` the game names it belongs to, every one the engine plays when empty. A part
    random play never reaches is a failure of the random player: the rule is never tried."""

    name: str
    cites: str
    count: Callable[[Any], int]
    games: tuple[str, ...] = ()


def decided(kind: str, chosen: Callable[[Any], bool] | None = None) -> Callable[[Any], int]:
    """A part's count: the decisions of `kind` whose choice is `chosen` (every one when
    `chosen` is not given)."""
    if chosen is None:
        return lambda played: len(played.choices_by_kind.get(kind, ()))
    return lambda played: sum(1 for choice in played.choices_by_kind.get(kind, ())
                              if chosen(choice))


def happened(event: str) -> Callable[[Any], int]:
    """A part's count: the times the event is reported."""
    return lambda played: played.events.count(event)


@dataclass(frozen=True)
class Playthrough:
    """How an engine plays whole games at random. `deal` draws a legal setup of the game
    it is given, as the scenario format writes it (the header and the game's own sections,
    hypothetical cards included); `next_action` names the procedure that comes next, as a
    step's `do:` writes it, or None when the game is over; `write_choice` is a choice as a
    scenario writes it. A game that has not ended after `max_actions` procedures breaks
    "a game ends". `choose` is the random player: a legal choice for a decision, given the
    rules object the procedures run on (its state and card facts) and the generator; by
    default each listed choice is as likely (`uniform`). `player` says in a line how the
    engine's player chooses. `parts` are what random play must reach, each counted over
    a run (`core.playthrough.part_lines`). `oracle`, its judges by the kind of decision,
    written from the rulebook apart from the engine, proposes candidates at a decision,
    illegal ones among them, and says which the rulebook allows; the engine must accept
    exactly those."""

    deal: Callable[[Random, CardData, str], dict]
    next_action: Callable[[Any], "dict | None"]
    write_choice: Callable[[str, Any], Any]
    max_actions: int
    ends: str            # the rulebook lines that say how a game ends
    choose: Callable[[Decision, Any, Random], Any] = uniform
    player: str = UNIFORM
    parts: tuple[GamePart, ...] = ()
    oracle: Oracle | None = None


@dataclass(frozen=True)
class Engine:
    names: tuple[str, ...]
    sections: tuple[str, ...]     # top-level fields of its scenarios besides the header
    load: Callable[[Reader, str, CardData], Setup]    # (reader, game name, card data)
    actions: Mapping[str, Action]
    events: tuple[str, ...]
    chance_kinds: frozenset[str]
    unordered: Collection[str]           # list fields a checkpoint compares in any order
    show: Callable[[Any], str]           # a choice as a message shows it
    invariants: tuple[Invariant, ...]
    playthrough: Playthrough
