"""Replaying a Cosmic Encounter example (either edition) with the shared core's replay."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cardkit.rules.core.decisions import Procedure
from cardkit.rules.core.replay import Game, ReplayResult, replay_loaded
from cardkit.rules.core.scenario import Action
from cardkit.rules.cosmic.engine import Rules
from cardkit.rules.cosmic.facts import Facts
from cardkit.rules.cosmic.scenario import load_scenario, show_choice
from cardkit.rules.cosmic.state import CosmicState
from cardkit.rules.cosmic.view import UNORDERED_FIELDS, view


def replay_file(path: Path, cards: Mapping[str, Any], display_path: Path | None = None,
                boxes: Mapping[str, Any] | None = None) -> ReplayResult:
    """Replay one example against the card database: its cards (`cards`) and the box of
    each game (`boxes`: the starting hand, planets per system, ships per home planet)."""
    return replay_loaded(load_scenario(path, cards, boxes, display_path), display_path or path,
                         lambda scenario: cosmic_game(cards, boxes))


def cosmic_game(cards: Mapping[str, Any], boxes: Mapping[str, Any] | None) -> Game:
    def start(state: CosmicState, action: Action) -> Procedure:
        rules = Rules(state, Facts(state.edition.game, cards, boxes))
        arguments = action.arguments
        if action.name == "set_up":
            return rules.set_up()
        if action.name == "turn":
            return rules.turn(arguments["player"], arguments["encounter"])
        if action.name == "encounter":
            return rules.lone_encounter(arguments["offense"], arguments["number"])
        if action.name == "campaign_score":
            return rules.score_campaign()
        return rules.check_win()

    return Game(start=start, view=view, unordered=UNORDERED_FIELDS, show=show_choice)
