"""The shape of a game as everything that reads the database sees it: its card kinds (the file
that holds each, the model of its facts and of its texts, its face) and the model of its box.
Games written in Python and games declared in data (model/declared.py) are both made of these;
model/games.py keeps the registry of them."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from cardkit.model.base import CardModel
from cardkit.model.box import Box
from cardkit.model.texts import Entry


@dataclass(frozen=True)
class CardKind:
    name: str
    # The file name (without .yaml) that holds the kind, under cards/<game>/ and
    # locales/<ll>/<game>/, in any subfolder.
    file_stem: str
    facts: type[CardModel]
    # None for a kind with no text to translate (the Duel's planets and tactics).
    texts: type[Entry] | None
    # The face's template under templates/; None for `cards/<game>/<kind>.html`.
    template: str | None = None


@dataclass(frozen=True)
class Game:
    name: str
    kinds: tuple[CardKind, ...]
    box: type[Box]
    # How exported files name the game to a translator.
    title: str = ""
    # What a game declared in data says beyond its models (model/declared.py): its titles
    # and kinds' labels per language, the facts each face shows, its decks. None for the
    # built-in games, whose faces and backs are their own templates.
    declared: Any = None

    def kind_in_file(self, file_stem: str) -> CardKind | None:
        return next((kind for kind in self.kinds if kind.file_stem == file_stem), None)

    def kind(self, name: str) -> CardKind | None:
        return self._kinds_by_name.get(name)

    @cached_property
    def _kinds_by_name(self) -> dict[str, CardKind]:
        # Asked for every card a game's loader or random deal reads; the first kind of a
        # name wins, as a search of `kinds` finds it.
        return {kind.name: kind for kind in reversed(self.kinds)}

    @property
    def file_names(self) -> list[str]:
        return [f"{kind.file_stem}.yaml" for kind in self.kinds]
