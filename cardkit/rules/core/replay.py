"""Replaying a scenario on a game's engine, strictly, for any game.

A decision the engine asks for that the step does not script fails the example (unless
only one choice is legal), and so does a scripted decision the engine never asked for.
The first failure stops the replay, reported with the line it is about and, for a
checkpoint, the mismatching fields and a diff of the expected against the actual state.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardkit.problems import Position, Problem
from cardkit.rules.core.checkpoints import Mismatch, compare, render_diff
from cardkit.rules.core.decisions import Decision, Event, Procedure, RulesError, Runner
from cardkit.rules.core.scenario import END, Action, Scenario, Step


@dataclass
class Failure:
    position: Position
    message: str
    mismatches: list[Mismatch] = field(default_factory=list)
    diff: str = ""

    def render(self) -> str:
        lines = [f"{self.position}: {self.message}"]
        lines += [f"  {mismatch}" for mismatch in self.mismatches]
        if self.diff:
            lines += ["", *self.diff.splitlines()]
        return "\n".join(lines)


@dataclass
class ReplayResult:
    path: Path
    title: str | None = None
    steps_passed: int = 0
    steps_total: int = 0
    failure: Failure | None = None
    problems: list[Problem] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return self.failure is None and not self.problems


@dataclass(frozen=True)
class Game:
    """What the replay needs from an engine for one scenario."""

    start: Callable[[Any, Action], Procedure]      # the state and a `do` -> a procedure
    view: Callable[[Any], dict]                    # the state as plain data
    unordered: Collection[str] = ()                # list fields compared in any order
    show: Callable[[Any], str] = str               # a choice as the scenario writes it


class _Failed(Exception):
    def __init__(self, failure: Failure):
        self.failure = failure


def replay_loaded(loaded: tuple[Scenario | None, list[Problem]], path: Path,
                  game: Callable[[Scenario], Game]) -> ReplayResult:
    """Replay a scenario as a game's loader returned it, on the `Game` made for it; a
    scenario that did not load gives its problems (`path` is the file as shown)."""
    scenario, problems = loaded
    if scenario is None:
        return ReplayResult(path, problems=problems)
    return replay(scenario, game(scenario))


def replay(scenario: Scenario, game: Game) -> ReplayResult:
    result = ReplayResult(scenario.path, scenario.title, steps_total=len(scenario.steps))
    state = scenario.setup()
    runner = Runner()
    try:
        for step in scenario.steps:
            _run_step(runner, state, step, game)
            result.steps_passed += 1
    except _Failed as failed:
        result.failure = failed.failure
    return result


def _run_step(runner: Runner, state: Any, step: Step, game: Game):
    label = step.label
    if step.action is not None:
        if runner.running:
            _fail(step.position, f"{label} starts '{step.action.name}', but the procedure "
                                 "started before has not finished")
        runner.begin(game.start(state, step.action))
    elif not runner.running:
        _fail(step.position, f"{label} starts no procedure ('do') and none is running")
    unused = list(step.decisions)
    seen = 0
    while True:
        try:
            item = runner.advance()
        except RulesError as exc:
            _fail(step.position, f"{label}: the rules cannot go on: {exc}")
        if item is None:
            if step.until == END:
                break
            _fail(step.position, f"{label} runs until {step.until}, but the procedure ended "
                                 f"before that happened {step.times} time(s)")
        elif isinstance(item, Decision):
            _answer(runner, item, unused, step, game)
        elif isinstance(item, Event) and item.name == step.until:
            seen += 1
            if seen == step.times:
                break
    if unused:
        scripted = unused[0]
        _fail(scripted.position, f"scripted decision '{scripted.describe()}' was not used: "
                                 f"the engine did not ask for it in {label}")
    if step.expect is not None:
        actual = game.view(state)
        mismatches = compare(step.expect, actual, game.unordered)
        if mismatches:
            raise _Failed(Failure(step.expect_position,
                                  f"{label}: the state differs from the checkpoint",
                                  mismatches, render_diff(step.expect, actual)))


def _answer(runner: Runner, decision: Decision, unused: list, step: Step, game: Game):
    scripted = next((candidate for candidate in unused
                     if candidate.actor == decision.actor and candidate.kind == decision.kind),
                    None)
    if scripted is None and decision.forced:
        runner.apply(decision.only_choice())
        return
    legal = decision.describe_legal(game.show)
    if scripted is None:
        _fail(step.position, f"{step.label}: the engine asks {decision.actor} for a decision "
                             f"the step does not script: {decision.kind} ({decision.prompt}; "
                             f"legal: {legal})")
    if scripted.forced and not decision.forced:
        _fail(scripted.position, f"scripted decision '{scripted.describe()}' is asserted forced, "
                                 f"but the engine offers a choice: {legal}")
    if not decision.allows(scripted.choice):
        _fail(scripted.position, f"scripted decision '{scripted.describe()}' is not legal here "
                                 f"({decision.prompt}); legal: {legal}")
    unused.remove(scripted)
    runner.apply(scripted.choice)


def _fail(position: Position, message: str):
    raise _Failed(Failure(position, message))
