"""Which games the database holds, which of their cards print in which order, and where each
game's PDFs go. Nothing here knows a game by name: each game's card kinds come from its box,
its templates from its folder under templates/."""

from __future__ import annotations

from dataclasses import dataclass

from cardkit.model.database import Database


def games_of(database: Database) -> list[str]:
    """Every game of the database (a folder under cards/), in name order."""
    return sorted({origin.game for origin in database.card_origins.values()} | set(database.boxes))


def kinds_of(database: Database, game: str) -> list[str]:
    """The card kinds of a game in print order: the order its box lists them, then any
    kind its cards have that the box does not list, by name."""
    box = database.boxes.get(game)
    listed = list(box.expected()) if box is not None else []
    present = {database.card_kinds[card_id] for card_id, origin in database.card_origins.items()
               if origin.game == game}
    return [kind for kind in listed if kind in present] + sorted(present - set(listed))


def cards_of(database: Database, game: str, kind: str) -> list:
    """The valid cards of one kind of one game, in the order of their files."""
    return [card for card in database.cards.values()
            if card.kind == kind and database.card_origins[card.id].game == game]


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
    several = len(games_of(database)) > 1
    return [Target(game, language, f"{game}/{language}" if several else language)
            for game in games for language in languages]
