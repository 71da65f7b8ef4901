"""Decisions, events and the runner that drives a procedure, for any game.

A procedure is a generator: it yields a `Decision` when someone must choose (a player,
or `chance` for a roll or a shuffle) and an `Event` when a step is complete, and
receives the answer to a decision as the value of its `yield`. `Runner` is the
OpenSpiel-style face of it: `advance()` runs to the next decision or event,
`legal_choices()` lists what may be answered, `apply(choice)` answers.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from random import Random
from typing import Any

CHANCE = "chance"

Procedure = Generator["Decision | Event", Any, Any]


@dataclass(slots=True)
class Decision:
    """Who chooses, what kind of choice, and what is legal.

    `options` lists the legal choices when they can be listed; a choice space too large
    to list (every face of every die rolled at once) gives `accepts` instead, a test of
    one choice, `space`, how the legal choices read in a message (worked out only when a
    message shows them), and `sample`, a legal choice drawn at random (for random play).
    Nothing changes a decision once it is asked; it is not frozen only because a frozen
    one takes several times as long to make, and random play makes one for every choice.
    """

    actor: str
    kind: str
    prompt: str
    options: tuple = ()
    accepts: Callable[[Any], bool] | None = None
    space: Callable[[], str] | None = None
    sample: Callable[[Random], Any] | None = None

    def allows(self, choice: Any) -> bool:
        if self.accepts is not None:
            return self.accepts(choice)
        return choice in self.options

    @property
    def forced(self) -> bool:
        return self.accepts is None and len(self.options) == 1

    def only_choice(self) -> Any:
        return self.options[0]

    def describe_legal(self, show: Callable[[Any], str] = str) -> str:
        if self.accepts is not None:
            return self.space() if self.space is not None else ""
        return ", ".join(show(option) for option in self.options)

    def draw(self, rng: Random) -> Any:
        """A legal choice at random: one of the listed options, each as likely, or the
        decision's own draw from a space too large to list."""
        if self.accepts is None:
            if not self.options:
                raise RulesError(f"{self.prompt}: no choice is legal")
            return rng.choice(self.options)
        if self.sample is None:
            raise RulesError(f"{self.prompt}: no way to draw a choice at random")
        return self.sample(rng)


Judged = tuple[tuple, tuple]


@dataclass(frozen=True)
class Oracle:
    """A rulebook's legality judges, by the kind of decision each judges: asked about a
    decision, the candidates from the whole space of its shape and those of them the
    rulebook allows, or None for a kind the oracle does not judge. Each game's oracle is
    written from its rulebook apart from the engine (core.playthrough compares them)."""

    judges: dict[str, Callable[[Decision, Any], Judged]]

    def __call__(self, decision: Decision, rules: Any) -> Judged | None:
        judge = self.judges.get(decision.kind)
        return None if judge is None else judge(decision, rules)



@dataclass(slots=True)
class Event:
    """A step of a procedure is complete; checkpoints are compared here. Each step reports
    a new one, so the checks after it can tell one step from the next (like a decision,
    it is not frozen only to be quicker to make)."""

    name: str
    detail: str = ""


class IllegalChoice(ValueError):
    pass


def refusal(choice: Any, decision: Decision) -> str:
    """Why `choice` is refused: it is not one the decision allows."""
    return f"{choice!r} is not a legal choice for {decision.prompt}"


class RulesError(Exception):
    """The rules cannot go on: a fact the text does not give, an impossible position."""


class Runner:
    """Runs one procedure at a time: ask, list the legal choices, apply.

    With `take_forced`, a decision with one legal choice is taken at once instead of
    being handed out (a replay leaves it off, to match such decisions with its script).
    """

    def __init__(self, take_forced: bool = False):
        self.take_forced = take_forced
        self._running: Procedure | None = None
        self._pending: Decision | None = None
        self._answer: Any = None

    @property
    def running(self) -> bool:
        return self._running is not None

    def begin(self, procedure: Procedure):
        if self._running is not None:
            raise RuntimeError("a procedure is still running")
        self._running, self._pending, self._answer = procedure, None, None

    def legal_choices(self) -> tuple:
        if self._pending is None or self._pending.accepts is not None:
            return ()
        return self._pending.options

    def apply(self, choice: Any):
        if self._pending is None:
            raise IllegalChoice("no decision is pending")
        if not self._pending.allows(choice):
            raise IllegalChoice(refusal(choice, self._pending))
        self._answer, self._pending = choice, None

    def advance(self) -> Decision | Event | None:
        """The next decision or event; None when the procedure has finished."""
        if self._pending is not None:
            return self._pending
        if self._running is None:
            return None
        while True:
            answer, self._answer = self._answer, None
            try:
                item = self._running.send(answer)
            except StopIteration:
                self._running = None
                return None
            if isinstance(item, Decision):
                if self.take_forced and item.forced:
                    self._answer = item.only_choice()
                    continue
                self._pending = item
            return item
