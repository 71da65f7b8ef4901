"""What the ISS Vanguard rulebook keeps true through a dice test, checked after every event
of every replay and random game (`cardkit.rules.core.engine.Invariant`)."""

from __future__ import annotations

from collections import Counter

from cardkit.rules.core.decisions import Event
from cardkit.rules.core.engine import Invariant
from cardkit.rules.vanguard.state import VanguardState


def _dice_in_one_place(state: VanguardState, rules: VanguardState):
    def check(state: VanguardState, event: Event) -> str | None:
        places = Counter(state.test.pool if state.test else ())
        for crew in state.crew.values():
            places.update(crew.available + crew.spent + crew.sacrificed)
        missing = sorted(die for die in state.dice if die not in places)
        twice = sorted(die for die, count in places.items() if count > 1)
        unknown = sorted(die for die in places if die not in state.dice)
        return "; ".join(part for part in (
            f"dice nowhere: {', '.join(missing)}" if missing else "",
            f"dice in two places: {', '.join(twice)}" if twice else "",
            f"dice that do not exist: {', '.join(unknown)}" if unknown else "") if part) or None
    return check


def _meters(state: VanguardState, rules: VanguardState):
    def check(state: VanguardState, event: Event) -> str | None:
        wrong = [f"the {meter.colour} meter of {action_id} at {meter.position} of "
                 f"{meter.length}" for action_id, action in state.actions.items()
                 for meter in action.meters if not 0 <= meter.position <= meter.length]
        return "; ".join(wrong) or None
    return check


def _steps_in_order(state: VanguardState, rules: VanguardState):
    last: list = [state.test, state.test.step if state.test else 0]

    def check(state: VanguardState, event: Event) -> str | None:
        test = state.test
        previous = last[1] if test is last[0] else 0
        last[:] = [test, test.step if test else 0]
        if test is not None and test.step <= previous:
            return f"step {test.step} came after step {previous}"
        return None
    return check


INVARIANTS = (
    Invariant("each die is in one place: a board, the roll pool, the spent dice or the "
              "Section compartment", "004 L1852, L1869-1871, L1907, L1973, L2049-2051",
              _dice_in_one_place),
    Invariant("a meter's marker stays on its meter", "004 L2029-2031", _meters),
    Invariant("a dice test's steps come in their order", "004 L1867", _steps_in_order),
)
