"""Replaying an ISS Vanguard example with the shared core's strict replay."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cardkit.rules.core.decisions import Procedure
from cardkit.rules.core.replay import Game, ReplayResult, replay_loaded
from cardkit.rules.core.scenario import Action
from cardkit.rules.vanguard.engine import dice_test, injury_dice
from cardkit.rules.vanguard.scenario import load_scenario, show_choice
from cardkit.rules.vanguard.state import VanguardState
from cardkit.rules.vanguard.view import UNORDERED_FIELDS, view


def _start(state: VanguardState, action: Action) -> Procedure:
    if action.name == "dice_test":
        return dice_test(state, action.arguments["crew"], action.arguments["action"])
    return injury_dice(state, action.arguments["crew"])


GAME = Game(start=_start, view=view, unordered=UNORDERED_FIELDS, show=show_choice)


def replay_file(path: Path, cards: Mapping[str, Any] | None = None,
                display_path: Path | None = None,
                boxes: Mapping[str, Any] | None = None) -> ReplayResult:
    """Replay one example. The card database (`cards`, `boxes`) plays no part: the facts
    an example relies on are in the scenario, each citing its rulebook lines."""
    return replay_loaded(load_scenario(path, display_path), display_path or path,
                         lambda scenario: GAME)
