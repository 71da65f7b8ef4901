"""Replaying worked examples of any game: find the scenario files, and replay each with
the engine of the game it names (`core.registry`; a file without `game:` is a Duel
example). `cardkit replay` and the pytest plugin come in here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from cardkit.rules.core.registry import replay_game_file
from cardkit.rules.core.replay import ReplayResult

SCENARIO_MARKER = "example:"


def replay_file(path: Path, cards: Mapping[str, Any],
                display_path: Path | None = None,
                boxes: Mapping[str, Any] | None = None) -> ReplayResult:
    """Replay one scenario file against the card database: its `cards`, and the `boxes`
    of its games (Cosmic Encounter's starting hand and planets are box facts)."""
    return replay_game_file(path, cards, display_path, boxes)


def is_scenario_file(path: Path) -> bool:
    """A YAML file whose top level starts a worked example (the `example:` field)."""
    if path.suffix not in (".yaml", ".yml") or not path.is_file():
        return False
    try:
        with path.open(encoding="utf-8") as handle:
            return any(line.startswith(SCENARIO_MARKER) for line in handle)
    except (OSError, UnicodeDecodeError):
        return False


def find_scenarios(paths: Iterable[Path]) -> list[Path]:
    """The scenario files among `paths` and under the folders among them, sorted."""
    found: set[Path] = set()
    for path in paths:
        if path.is_dir():
            found.update(candidate for candidate in path.rglob("*.y*ml")
                         if is_scenario_file(candidate))
        else:
            found.add(path)
    return sorted(found)
