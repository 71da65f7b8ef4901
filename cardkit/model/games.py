"""The games the database holds, and what each declares: its card kinds (the file that
holds them, the model of their facts and of their texts) and the model of its box.

Everything that reads the database dispatches on (game, kind) through this registry, so a
kind name may repeat across games with another model: the classic `alien` is not the
Duel's. A folder under `cards/` or `locales/<ll>/` must be one of these games.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardkit.model.base import CardModel
from cardkit.model.box import Box, DuelBox
from cardkit.model.duel import MODEL_BY_KIND
from cardkit.model.cosmic import (Artifact, ArtifactText, ClassicAlien, ClassicAlienText, ClassicBox,
                                  ClassicEncounter, CosmicBox, CosmicEncounter, EncounterText)
from cardkit.model.texts import TEXT_MODEL_BY_KIND, Entry


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
    # games written in Python.
    declared: Any = None

    def kind_in_file(self, file_stem: str) -> CardKind | None:
        return next((kind for kind in self.kinds if kind.file_stem == file_stem), None)

    def kind(self, name: str) -> CardKind | None:
        return next((kind for kind in self.kinds if kind.name == name), None)

    @property
    def file_names(self) -> list[str]:
        return [f"{kind.file_stem}.yaml" for kind in self.kinds]


_DUEL_FILES = {
    "alien": "aliens", "emissary": "emissaries", "discovery": "discovery", "event": "event",
    "maintenance": "maintenance", "plan": "plans", "reinforcement": "reinforcements",
    "planet": "planets", "tactic": "tactics",
}

DUEL = Game("duel", tuple(CardKind(kind, stem, MODEL_BY_KIND[kind], TEXT_MODEL_BY_KIND.get(kind))
                          for kind, stem in _DUEL_FILES.items()), DuelBox, "Cosmic Encounter Duel")

CLASSIC = Game("classic", (
    CardKind("alien", "aliens", ClassicAlien, ClassicAlienText),
    CardKind("encounter", "encounter", ClassicEncounter, EncounterText),
    CardKind("artifact", "artifacts", Artifact, ArtifactText),
), ClassicBox, "Cosmic Encounter (classic edition)")

COSMIC = Game("cosmic", (
    CardKind("encounter", "encounter", CosmicEncounter, EncounterText),
), CosmicBox, "Cosmic Encounter (current edition)")

BUILT_IN: dict[str, Game] = {game.name: game for game in (DUEL, CLASSIC, COSMIC)}
# The games written in Python, then those the database last loaded declares in data
# (`use_declared`): every reader of the database dispatches through this one registry.
GAMES: dict[str, Game] = dict(BUILT_IN)


def use_declared(games: list[Game]) -> None:
    """Makes `games`, declared in data, the registry's declared games, in place of those of
    a database loaded before."""
    for name in [name for name in GAMES if name not in BUILT_IN]:
        del GAMES[name]
    GAMES.update((game.name, game) for game in games if game.name not in BUILT_IN)


def games_title(names: list[str]) -> str:
    """The games' titles for a file's header: `Cosmic Encounter Duel`, or several joined."""
    titles = [GAMES[name].title for name in names if name in GAMES]
    return ", ".join(titles[:-1]) + f" and {titles[-1]}" if len(titles) > 1 else "".join(titles)


def with_article(kind: str) -> str:
    """A kind's name with its indefinite article, for messages: `an alien`, `a plan`."""
    return ("an " if kind[0] in "aeiou" else "a ") + kind
