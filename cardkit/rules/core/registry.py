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
from cardkit.rules.core.scenario import read_document
from cardkit.source.boundary import InputRefused, read_input
from cardkit.source.yamlfile import MAX_FILE_BYTES

DEFAULT_GAME = "duel"
# game -> the module whose `replay_file(path, cards, display_path, boxes)` replays its
# scenarios (`boxes`: the card database's box of each game, for the engines that read one)
ENGINES = {
    "duel": "cardkit.rules.duel.replay",
    "vanguard": "cardkit.rules.vanguard.replay",
    "classic": "cardkit.rules.cosmic.replay",
    "cosmic": "cardkit.rules.cosmic.replay",
}
_GAME_LINE = re.compile(r"^game:[ \t]*(\S*)")


def declared_game(path: Path) -> tuple[str | None, int, int]:
    """The game a scenario file names at its top level, with the line and column of the
    name (0, 0 when the file names none); None when the boundary refuses the file. Read
    as text, so a file that does not parse still dispatches."""
    try:
        text = read_input(path, root=path.parent, limit=MAX_FILE_BYTES).decode(
            "utf-8", errors="replace")
    except InputRefused:
        return None, 0, 0
    for number, line in enumerate(text.splitlines(), start=1):
        match = _GAME_LINE.match(line)
        if match:
            return match.group(1).strip("'\""), number, match.start(1) + 1
    return DEFAULT_GAME, 0, 0


def replay_game_file(path: Path, cards: Mapping[str, Any],
                     display_path: Path | None = None,
                     boxes: Mapping[str, Any] | None = None) -> ReplayResult:
    """Replay `path` with the engine of the game it names."""
    game, line, column = declared_game(path)
    shown = display_path or path
    if game is None:
        return ReplayResult(shown, problems=read_document(path, display_path).problems)
    if game not in ENGINES:
        return ReplayResult(shown, problems=[error(
            Position(shown, line, column), "schema-range",
            f"game: {game!r} is not one of {', '.join(ENGINES)}")])
    module = importlib.import_module(ENGINES[game])
    return module.replay_file(path, cards, display_path, boxes)
