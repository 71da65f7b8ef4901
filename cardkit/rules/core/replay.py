"""Replaying scenarios of any game, strictly, on the engine its `game:` field names.

The core drives every replay: it reads the header, hands the game's own sections to the
engine's loader, reads the steps with the engine's actions and the setup's choices, and
runs them. A decision the engine asks for that the step does not script fails the example
(unless only one choice is legal), and so does a scripted decision the engine never asked
for. After every step of a procedure (every event) the engine's invariants are checked.
The first failure stops the replay, reported with the line it is about and, for a
checkpoint, the mismatching fields and a diff of the expected against the actual state.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from cardkit.messages import Message
from cardkit.problems import Position, Problem, error
from cardkit.rules.core.checkpoints import Mismatch, compare, render_diff
from cardkit.rules.core.decisions import Decision, Event, RulesError, Runner
from cardkit.rules.core.engine import CardData, Check, Engine, Invariant, Setup
from cardkit.rules.core.registry import DEFAULT_GAME, registered
from cardkit.rules.core.scenario import (END, Header, Invalid, Reader, Step, StepGrammar,
                                         read_document, read_header, read_steps)
from cardkit.source.yamlfile import Document

SCENARIO_MARKER = "example:"


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


@dataclass
class Scenario:
    path: Path
    header: Header
    engine: Engine
    setup: Setup
    steps: list[Step]


def read_scenario(document: Document, data: CardData,
                  engines: Mapping[str, Engine] | None = None, steps: bool = True) -> Scenario:
    """The scenario in `document`, read by the engine its `game:` names (raises `Invalid`
    at the first fault); without `steps`, its header and setup alone."""
    engines = registered() if engines is None else engines
    reader = Reader(document)
    header = read_header(reader, tuple(engines), DEFAULT_GAME,
                         lambda game: engines[game].sections)
    engine = engines[header.game]
    setup = engine.load(reader, header.game, data)
    read = read_steps(setup.reader, ("steps",), grammar(engine, setup)) if steps else []
    return Scenario(document.path, header, engine, setup, read)


def grammar(engine: Engine, setup: Setup) -> StepGrammar:
    """What the steps of a scenario of `engine` with this `setup` may say."""
    return StepGrammar(
        actions={name: partial(action.read, setup) for name, action in engine.actions.items()},
        events=engine.events, actors=setup.actors, choices=setup.choices(),
        chance_kinds=engine.chance_kinds, checkpoint=setup.checkpoint())


def load_scenario(path: Path, data: CardData, display_path: Path | None = None,
                  engines: Mapping[str, Engine] | None = None
                  ) -> tuple[Scenario | None, list[Problem]]:
    """A scenario file read through the project boundary, or the problem that stopped it."""
    document = read_document(path, display_path)
    if document.problems:
        return None, document.problems
    try:
        return read_scenario(document, data, engines), []
    except Invalid as invalid:
        return None, [invalid.problem]


def replay_file(path: Path, cards: Mapping[str, Any], display_path: Path | None = None,
                boxes: Mapping[str, Any] | None = None,
                engines: Mapping[str, Engine] | None = None) -> ReplayResult:
    """Replay one scenario file against the card database: its `cards`, and the `boxes` of
    its games (Cosmic Encounter's starting hand and planets are box facts). `engines`
    replaces the registry (a test's engine)."""
    scenario, problems = load_scenario(path, CardData(cards, boxes or {}), display_path,
                                       engines)
    if scenario is None:
        return ReplayResult(display_path or path, problems=problems)
    return replay(scenario)


class _Failed(Exception):
    def __init__(self, failure: Failure):
        self.failure = failure


@dataclass
class _Run:
    runner: Runner
    state: Any
    rules: Any
    scenario: Scenario
    checks: list[tuple[Invariant, Check]]


def replay(scenario: Scenario) -> ReplayResult:
    result = ReplayResult(scenario.path, scenario.header.title, steps_total=len(scenario.steps))
    state = scenario.setup.build()
    rules = scenario.setup.rules(state)
    run = _Run(Runner(), state, rules, scenario,
               [(invariant, invariant.watch(state, rules))
                for invariant in scenario.engine.invariants])
    try:
        for step in scenario.steps:
            _run_step(run, step)
            result.steps_passed += 1
    except _Failed as failed:
        result.failure = failed.failure
    return result


def broken_invariant(checks: list[tuple[Invariant, Check]], state: Any, event: Event
                     ) -> tuple[Invariant, str] | None:
    """The first invariant the state breaks after `event`, with a message, or None."""
    for invariant, check in checks:
        wrong = check(state, event)
        if wrong is not None:
            return invariant, f"invariant broken: {invariant.name} ({invariant.cites}): {wrong}"
    return None


def _run_step(run: _Run, step: Step):
    runner, label, engine = run.runner, step.label, run.scenario.engine
    if step.action is not None:
        if runner.running:
            _fail(step.position, f"{label} starts '{step.action.name}', but the procedure "
                                 "started before has not finished")
        runner.begin(engine.actions[step.action.name].start(run.rules, step.action.arguments))
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
            _answer(runner, item, unused, step, engine)
        else:
            broken = broken_invariant(run.checks, run.state, item)
            if broken is not None:
                _fail(step.position, f"{label}, at {item.name}: {broken[1]}")
            if item.name == step.until:
                seen += 1
                if seen == step.times:
                    break
    if unused:
        scripted = unused[0]
        _fail(scripted.position, f"scripted decision '{scripted.describe()}' was not used: "
                                 f"the engine did not ask for it in {label}")
    if step.expect is not None:
        actual = run.scenario.setup.view(run.state)
        mismatches = compare(step.expect, actual, engine.unordered)
        if mismatches:
            raise _Failed(Failure(step.expect_position,
                                  f"{label}: the state differs from the checkpoint",
                                  mismatches, render_diff(step.expect, actual)))


def _answer(runner: Runner, decision: Decision, unused: list, step: Step, engine: Engine):
    scripted = next((candidate for candidate in unused
                     if candidate.actor == decision.actor and candidate.kind == decision.kind),
                    None)
    if scripted is None and decision.forced:
        runner.apply(decision.only_choice())
        return
    legal = decision.describe_legal(engine.show)
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


# -- finding scenario files -------------------------------------------------------------


def is_scenario_file(path: Path) -> bool:
    """A regular YAML file (not a link) whose top level starts a worked example (the
    `example:` field)."""
    if path.suffix not in (".yaml", ".yml") or path.is_symlink() or not path.is_file():
        return False
    try:
        with path.open(encoding="utf-8") as handle:
            return any(line.startswith(SCENARIO_MARKER) for line in handle)
    except (OSError, UnicodeDecodeError):
        return False


@dataclass(frozen=True)
class Found:
    """The scenario files a search found, and what it refused to look at: each link and
    each device, FIFO or socket under a folder searched, with the reason."""

    scenarios: list[Path]
    refused: list[Problem]


def find_scenarios(paths: Iterable[Path]) -> Found:
    """The scenario files among `paths` and under the folders among them, sorted. A folder
    is searched without following links; a link or special file found there is refused."""
    found: set[Path] = set()
    refused: list[Problem] = []
    for path in paths:
        if not path.is_dir():
            found.add(path)
            continue
        for folder, folders, files in os.walk(path):
            for entry in sorted(folders + files):
                candidate = Path(folder) / entry
                reason = _refusal(candidate)
                if reason is not None:
                    refused.append(error(Position(candidate), "file-unreadable",
                                         Message("cannot read the scenario: {reason}",
                                                 reason=reason)))
                elif is_scenario_file(candidate):
                    found.add(candidate)
    return Found(sorted(found), sorted(refused, key=lambda problem: problem.position.path))


def _refusal(path: Path) -> str | None:
    mode = path.lstat().st_mode
    if stat.S_ISLNK(mode):
        return (f"is a link to {os.readlink(path)}; a folder of examples is searched "
                "without following links")
    if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
        return None
    if stat.S_ISFIFO(mode):
        return "is a FIFO (named pipe), not a regular file"
    if stat.S_ISSOCK(mode):
        return "is a socket, not a regular file"
    return "is a device, not a regular file"
