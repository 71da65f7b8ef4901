"""Which engine replays a scenario: its top-level `game:` field names the game.

A scenario without `game:` is a Cosmic Encounter Duel example, the format that came
first. Engines are imported only when a scenario of their game is replayed.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cardkit.problems import Position, error
from cardkit.rules.core.replay import ReplayResult

DEFAULT_GAME = "duel"
# game -> the module whose `replay_file(path, cards, display_path)` replays its scenarios
ENGINES = {
    "duel": "cardkit.rules.replay",
    "vanguard": "cardkit.rules.vanguard.replay",
}
_GAME_LINE = re.compile(r"^game:[ \t]*(\S*)")


def declared_game(path: Path) -> tuple[str, int]:
    """The game a scenario file names at its top level, and the line it is on (0 when
    the file names none). Read as text, so a file that does not parse still dispatches."""
    try:
        with path.open(encoding="utf-8") as handle:
            for number, line in enumerate(handle, start=1):
                match = _GAME_LINE.match(line)
                if match:
                    return match.group(1).strip("'\""), number
    except (OSError, UnicodeDecodeError):
        pass
    return DEFAULT_GAME, 0


def replay_game_file(path: Path, cards: Mapping[str, Any],
                     display_path: Path | None = None) -> ReplayResult:
    """Replay `path` with the engine of the game it names."""
    game, line = declared_game(path)
    if game not in ENGINES:
        shown = display_path or path
        return ReplayResult(shown, problems=[error(
            Position(shown, line, 7), "schema-range",
            f"game: {game!r} is not one of {', '.join(ENGINES)}")])
    module = importlib.import_module(ENGINES[game])
    return module.replay_file(path, cards, display_path)
