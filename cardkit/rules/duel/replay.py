"""Replaying worked examples: run a scenario's steps on the engine and compare checkpoints.

Strict both ways: a decision the engine asks for that the step does not script fails the
example, and so does a scripted decision the engine never asked for. The first failure
stops the replay and is reported with the line it is about and, for a checkpoint, a
diff of the expected against the actual state.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardkit.model.base import CardModel
from cardkit.problems import Position, Problem
from cardkit.rules.core.decisions import Decision, Event, Procedure, RulesError
from cardkit.rules.duel.engine import Engine
from cardkit.rules.duel.scenario import END, Action, Scenario, Step, load_scenario, show_choice
from cardkit.rules.duel.view import UNORDERED_FIELDS, view

class _Absent:
    def __repr__(self) -> str:
        return "(no such field)"


ABSENT = _Absent()


@dataclass(frozen=True)
class Mismatch:
    path: str
    expected: Any
    actual: Any

    def __str__(self) -> str:
        return f"{self.path}: expected {_scalar(self.expected)}, actual {_scalar(self.actual)}"


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


class _Failed(Exception):
    def __init__(self, failure: Failure):
        self.failure = failure


def replay_file(path: Path, cards: Mapping[str, CardModel],
                display_path: Path | None = None) -> ReplayResult:
    scenario, problems = load_scenario(path, cards, display_path)
    if scenario is None:
        return ReplayResult(display_path or path, problems=problems)
    return replay(scenario, cards)


def replay(scenario: Scenario, cards: Mapping[str, CardModel]) -> ReplayResult:
    result = ReplayResult(scenario.path, scenario.title, steps_total=len(scenario.steps))
    engine = Engine(scenario.setup(), {**cards, **scenario.hypothetical}, ask_forced=True)
    try:
        for step in scenario.steps:
            _run_step(engine, step)
            result.steps_passed += 1
    except _Failed as failed:
        result.failure = failed.failure
    return result


def _procedure(engine: Engine, action: Action) -> Procedure:
    rules, arguments = engine.rules, action.arguments
    if action.name == "draw_fate":
        return rules.play_fate(arguments)
    if action.name == "duel":
        return rules.duel(arguments["planet"], arguments["fate"], arguments["plans"])
    if action.name == "contest":
        return rules.contest(arguments["fate"], arguments["plans"])
    if action.name == "effect":
        return rules.resolve_effect(*arguments)
    if action.name == "planet_bar":
        return rules.use_planet_bar(arguments)
    if action.name == "resources":
        return rules.collect_resources(arguments)
    if action.name == "upkeep":
        return rules.upkeep()
    return rules.check_win()


def _run_step(engine: Engine, step: Step):
    label = f"step {step.number} ({step.narrates.strip().splitlines()[0]})"
    if step.action is not None:
        if engine.running:
            _fail(step.position, f"{label} starts '{step.action.name}', but the procedure "
                                 "started before has not finished")
        engine.begin(_procedure(engine, step.action))
    elif not engine.running:
        _fail(step.position, f"{label} starts no procedure ('do') and none is running")
    unused = list(step.decisions)
    seen = 0
    while True:
        try:
            item = engine.advance()
        except RulesError as exc:
            _fail(step.position, f"{label}: the rules cannot go on: {exc}")
        if item is None:
            if step.until == END:
                break
            _fail(step.position, f"{label} runs until {step.until}, but the procedure ended "
                                 f"before that happened {step.times} time(s)")
        elif isinstance(item, Decision):
            _answer(engine, item, unused, step, label)
        elif isinstance(item, Event) and item.name == step.until:
            seen += 1
            if seen == step.times:
                break
    if unused:
        scripted = unused[0]
        _fail(scripted.position, f"scripted decision '{scripted.describe()}' was not used: "
                                 f"the engine did not ask for it in {label}")
    if step.expect is not None:
        actual = view(engine.state, engine.cards)
        mismatches = compare(step.expect, actual)
        if mismatches:
            raise _Failed(Failure(step.expect_position,
                                  f"{label}: the state differs from the checkpoint",
                                  mismatches, render_diff(step.expect, actual)))


def _answer(engine: Engine, decision: Decision, unused: list, step: Step, label: str):
    scripted = next((candidate for candidate in unused
                     if candidate.actor == decision.actor and candidate.kind == decision.kind),
                    None)
    if scripted is None and decision.forced:
        engine.apply(decision.only_choice())
        return
    if scripted is None:
        _fail(step.position, f"{label}: the engine asks {decision.actor} for a decision the step "
                             f"does not script: {decision.kind} ({decision.prompt}; "
                             f"legal: {_legal(decision)})")
    if scripted.forced and not decision.forced:
        _fail(scripted.position, f"scripted decision '{scripted.describe()}' is asserted forced, "
                                 f"but the engine offers a choice: {_legal(decision)}")
    if not decision.allows(scripted.choice):
        _fail(scripted.position, f"scripted decision '{scripted.describe()}' is not legal here "
                                 f"({decision.prompt}); legal: {_legal(decision)}")
    unused.remove(scripted)
    engine.apply(scripted.choice)


def _legal(decision: Decision) -> str:
    return decision.describe_legal(show_choice)


def _fail(position: Position, message: str):
    raise _Failed(Failure(position, message))


def compare(expected: Any, actual: Any, path: str = "") -> list[Mismatch]:
    """Every place where `actual` differs from `expected`; only what `expected` names counts."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [Mismatch(path, expected, actual)]
        mismatches = []
        for key, value in expected.items():
            here = f"{path}.{key}" if path else key
            if key not in actual:
                mismatches.append(Mismatch(here, value, ABSENT))
            else:
                mismatches += compare(value, actual[key], here)
        return mismatches
    if _normal(expected, path) != _normal(actual, path):
        return [Mismatch(path, expected, actual)]
    return []


def _normal(value: Any, path: str) -> Any:
    if isinstance(value, list) and path.rsplit(".", 1)[-1] in UNORDERED_FIELDS:
        return sorted(value, key=str)
    return value


def render_diff(expected: dict, actual: dict) -> str:
    """A unified diff of the checkpoint against the same fields of the actual state."""
    shown = _project(actual, expected)
    diff = difflib.unified_diff(_yaml_lines(expected), _yaml_lines(shown),
                                fromfile="expected", tofile="actual", lineterm="")
    return "\n".join(diff)


def _project(actual: Any, expected: Any) -> Any:
    if isinstance(expected, dict) and isinstance(actual, dict):
        return {key: _project(actual.get(key, ABSENT), value) for key, value in expected.items()}
    return actual


def _yaml_lines(value: Any, indent: int = 0) -> list[str]:
    pad = " " * indent
    lines = []
    for key, item in value.items():
        if isinstance(item, dict) and item:
            lines.append(f"{pad}{key}:")
            lines += _yaml_lines(item, indent + 2)
        else:
            lines.append(f"{pad}{key}: {_scalar(item)}")
    return lines


def _scalar(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(_scalar(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key}: {_scalar(item)}" for key, item in value.items()) + "}"
    return str(value)
