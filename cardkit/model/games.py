"""The games the database holds, and what each declares: its card kinds (the file that
holds them, the model of their facts and of their texts) and the model of its box. The
built-in games are declarations too (`model/declarations/`), with Python plug-ins for what
a declaration cannot say; a project's own games are declared in `cards/<game>/game.yaml`.

Everything that reads the database dispatches on (game, kind) through this registry, so a
kind name may repeat across games with another model: the classic `alien` is not the
Duel's. A folder under `cards/` or `locales/<ll>/` must be one of these games.
"""

from __future__ import annotations

from pathlib import Path

from cardkit.model.box import DuelBox
from cardkit.model.cosmic import (ClassicAlien, ClassicAlienText, ClassicBox, CosmicBox, EncounterCard,
                                  EncounterText)
from cardkit.model.declared import BuiltIn, PlugIn, declare_game
from cardkit.model.duel import (Alien, Discovery, Emissary, FateCard, Maintenance, Planet, Reinforcement,
                                Tactic)
from cardkit.model.kinds import Game
from cardkit.model.texts import (AlienText, DiscoveryText, EmissaryText, EventText, MaintenanceText,
                                 ReinforcementText)
from cardkit.source.yamlfile import load_yaml

# The built-in games' declarations, shipped inside the package (`cards/<game>/game.yaml` is a
# project's own game): each kind's file, its declared facts and texts, and the kinds a Python
# plug-in holds, which are registered here.
DECLARATIONS = Path(__file__).parent / "declarations"

_ENCOUNTER = {"facts": EncounterCard, "texts": EncounterText}
_PLUG_INS = {
    "duel": BuiltIn(DuelBox, {
        "alien": PlugIn(Alien, AlienText), "emissary": PlugIn(Emissary, EmissaryText),
        "discovery": PlugIn(Discovery, DiscoveryText), "event": PlugIn(FateCard, EventText),
        "maintenance": PlugIn(Maintenance, MaintenanceText),
        "reinforcement": PlugIn(Reinforcement, ReinforcementText),
        "planet": PlugIn(Planet), "tactic": PlugIn(Tactic)}),
    "classic": BuiltIn(ClassicBox, {
        "alien": PlugIn(ClassicAlien, ClassicAlienText),
        "encounter": PlugIn(**_ENCOUNTER, class_name="ClassicEncounter")}),
    "cosmic": BuiltIn(CosmicBox, {"encounter": PlugIn(**_ENCOUNTER, class_name="CosmicEncounter")}),
}


def _built_in(name: str, built_in: BuiltIn) -> Game:
    document = load_yaml(DECLARATIONS / f"{name}.yaml", round_trip=False)
    game, problems = declare_game(name, document, built_in)
    if game is None:
        raise RuntimeError("cardkit's own declaration is broken:\n" + "\n".join(
            str(problem) for problem in [*document.problems, *problems]))
    return game


BUILT_IN: dict[str, Game] = {name: _built_in(name, built_in) for name, built_in in _PLUG_INS.items()}
# The built-in games, then those the database last loaded declares in `cards/<game>/game.yaml`
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
