"""The registry of engines: each game's `Engine` record, by the names its scenarios give it.

A scenario without `game:` is a Cosmic Encounter Duel example, the format that came first.
The engines are imported when the registry is first asked, never by importing the core.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module

from cardkit.rules.core.engine import Engine

DEFAULT_GAME = "duel"
# The packages that define an engine (each as `ENGINE`), in the order messages list them.
ENGINE_PACKAGES = ("cardkit.rules.duel", "cardkit.rules.vanguard", "cardkit.rules.cosmic")


@cache
def registered() -> dict[str, Engine]:
    """Every game name the engines answer to, with its engine."""
    engines: dict[str, Engine] = {}
    for package in ENGINE_PACKAGES:
        engine = import_module(package).ENGINE
        for name in engine.names:
            engines[name] = engine
    return engines
