"""The Vanguard state as plain data: the shape a scenario's checkpoints compare against.

Dice on a board, spent or sacrificed, and a hand, compare in any order; a discard pile
keeps its order (the last card is on top). A face with one icon reads as that icon.
"""

from __future__ import annotations

from collections.abc import Mapping

from cardkit.rules.core.scenario import Keys
from cardkit.rules.vanguard.state import INJURY, SECTION, CrewState, VanguardState

UNORDERED_FIELDS = frozenset({"available", "spent", "sacrificed", "hand", "pool"})
_CREW = {"section": None, "sector": None, "available": None, "spent": None, "sacrificed": None,
         "injury_dice": None, "hand": None, "discard": None, "injuries": None}


def checkpoint_schema(crew: tuple[str, ...], dice: tuple[str, ...], sectors: tuple[str, ...],
                      meters: Mapping[str, tuple[str, ...]]) -> dict:
    """The fields `view` gives, with the crew, dice, Sectors and action meters of the
    scenario's setup, for checking every key of a checkpoint before the replay."""
    return {
        "crew": Keys(crew, _CREW),
        "dice": Keys(dice, {"owner": None, "colour": None, "face": None}),
        "test": {"active": None, "action": None, "step": None, "supporters": Keys(crew),
                 "pool": None, "marked": None, "resolved": None},
        "meters": {action: Keys(colours) for action, colours in meters.items()},
        "pois": Keys(sectors),
        "success_gained": None,
        "supplies_lost": None,
        "clues": None,
        "discoveries": None,
        "entries_read": None,
        "effects_not_in_text": None,
    }


def view(state: VanguardState) -> dict:
    test = state.test
    return {
        "crew": {name: _crew(state, crew) for name, crew in state.crew.items()},
        "dice": {die.id: {"owner": die.owner, "colour": die.colour, "face": _face(die.face)}
                 for die in state.dice.values()},
        "test": None if test is None else {
            "active": test.active, "action": test.action or None, "step": test.step,
            "supporters": dict(test.supporters), "pool": list(test.pool),
            "marked": test.marked, "resolved": list(test.resolved)},
        "meters": {action_id: {meter.colour: meter.position for meter in action.meters}
                   for action_id, action in state.actions.items() if action.meters},
        "pois": dict(state.pois),
        "success_gained": state.success_gained,
        "supplies_lost": state.supplies_lost,
        "clues": dict(state.clues),
        "discoveries": list(state.discoveries),
        "entries_read": list(state.entries_read),
        "effects_not_in_text": list(state.effects_not_in_text),
    }


def _crew(state: VanguardState, crew: CrewState) -> dict:
    def section(pile: list[str]) -> list[str]:
        return sorted(die for die in pile if state.dice[die].kind == SECTION)

    return {
        "section": crew.section,
        "sector": crew.sector,
        "available": section(crew.available),
        "spent": section(crew.spent),
        "sacrificed": sorted(crew.sacrificed),
        "injury_dice": sum(1 for die in crew.available if state.dice[die].kind == INJURY),
        "hand": sorted(crew.hand),
        "discard": list(crew.discard),
        "injuries": list(crew.injuries),
    }


def _face(face: tuple[str, ...] | None):
    if face is None:
        return None
    return face[0] if len(face) == 1 else list(face)
