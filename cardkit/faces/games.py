"""In which order a game's cards print, and where each game's PDFs go. Nothing here knows a
game by name: each game's card kinds come from the game registry of the model, its
templates from its folders under templates/."""

from __future__ import annotations

from dataclasses import dataclass

from cardkit.model.database import Database
from cardkit.model.games import GAMES


def kinds_of(game: str) -> list[str]:
    """The card kinds of a game in print order: the order its game declares them in
    (`cardkit.model.games`)."""
    return [kind.name for kind in GAMES[game].kinds]


@dataclass(frozen=True, order=True)
class Target:
    """One game in one language: what one folder of PDFs holds. `folder` is that folder,
    relative to the output folder."""

    game: str
    language: str
    folder: str

    def __str__(self) -> str:
        return self.folder


def targets(database: Database, games: list[str], languages: list[str]) -> list[Target]:
    """The folders to build: `<ll>` while the database holds one game, `<game>/<ll>` as
    soon as it holds several (whichever games are built), so a game's PDFs never move with
    the `--game` chosen."""
    several = len(database.games) > 1
    return [Target(game, language, f"{game}/{language}" if several else language)
            for game in games for language in languages]
