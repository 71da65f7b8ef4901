"""The one scripted driver of the engine tests, for every game.

It answers a running procedure as a replay does: each decision with the first unused
scripted answer of its actor and kind, or with a standing answer for its kind (given for
any actor, as often as asked), or, when neither is given, with its only legal choice (a
decision that has more fails the test). It stops when the procedure ends, or after the
event `until`, and fails when a scripted answer was never asked for.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from cardkit.rules.core.decisions import Decision, Procedure, Runner

Script = Iterable[tuple[str, str, Any]]     # (actor, kind, choice)


@dataclass
class Drive:
    events: list[str] = field(default_factory=list)
    asked: list[Decision] = field(default_factory=list)


def start(procedure: Procedure, runner: Runner | None = None) -> Runner:
    runner = runner or Runner()
    runner.begin(procedure)
    return runner


def drive(runner: Runner | Procedure, script: Script = (), answers: Mapping[str, Any] = (),
          until: str | None = None) -> Drive:
    runner = runner if isinstance(runner, Runner) else start(runner)
    answers = dict(answers)
    unused = list(script)
    done = Drive()
    while (item := runner.advance()) is not None:
        if not isinstance(item, Decision):
            done.events.append(item.name)
            if item.name == until:
                break
            continue
        done.asked.append(item)
        scripted = next((entry for entry in unused if entry[:2] == (item.actor, item.kind)), None)
        if scripted is not None:
            unused.remove(scripted)
            runner.apply(scripted[2])
        elif item.kind in answers:
            runner.apply(answers[item.kind])
        else:
            assert item.forced, (f"unscripted decision: {item.actor} {item.kind} "
                                 f"({item.prompt}; legal: {item.describe_legal()})")
            runner.apply(item.only_choice())
    else:
        assert until is None, f"the procedure ended before {until}"
    assert not unused, f"scripted but never asked: {unused}"
    return done
