"""Replaying a Duel example with the shared core's strict replay.

The engine's procedures act on the scenario's state with the card database, joined by
the cards the scenario makes up for itself (never by the database's other users).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cardkit.model.base import CardModel
from cardkit.rules.core.decisions import Procedure
from cardkit.rules.core.replay import Game, ReplayResult, replay_loaded
from cardkit.rules.core.scenario import Action
from cardkit.rules.duel.engine import Rules
from cardkit.rules.duel.scenario import load_scenario, show_choice
from cardkit.rules.duel.state import GameState
from cardkit.rules.duel.view import UNORDERED_FIELDS, view


def replay_file(path: Path, cards: Mapping[str, CardModel],
                display_path: Path | None = None,
                boxes: Mapping[str, Any] | None = None) -> ReplayResult:
    """Replay one Duel example against `cards`; the Duel reads nothing from its box."""
    return replay_loaded(load_scenario(path, cards, display_path), display_path or path,
                         lambda scenario: duel_game({**cards, **scenario.hypothetical}))


def duel_game(cards: Mapping[str, CardModel]) -> Game:
    """What the core's replay needs to run Duel procedures against `cards`."""

    def start(state: GameState, action: Action) -> Procedure:
        rules = Rules(state, cards)
        return rules.until_game_over(_procedure(rules, action))

    return Game(start=start, view=lambda state: view(state, cards), unordered=UNORDERED_FIELDS,
                show=show_choice)


def _procedure(rules: Rules, action: Action) -> Procedure:
    arguments = action.arguments
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
