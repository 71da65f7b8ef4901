"""The game state as plain data: the shape a scenario's checkpoints compare against.

Lists whose order carries no meaning (a hand, the tactics ready or spent, the planets a
player controls) are sorted, so a checkpoint may list them in any order.
"""

from __future__ import annotations

from collections.abc import Mapping

from cardkit.model.base import CardModel
from cardkit.rules.core.scenario import Keys
from cardkit.rules.duel.influence import influence, ship_advantage_holder
from cardkit.rules.duel.state import COLOURS, Clash, GameState, PlanetState, PlayerState

UNORDERED_FIELDS = frozenset({"hand", "ready", "spent", "controls", "controlled_by", "winners"})

_BY_COLOUR = {colour: None for colour in COLOURS}
_CLASH = {
    "fate": None, "step": None, "planet": None, "dials": _BY_COLOUR,
    "tactics": {colour: {"tile": None, "half": None} for colour in COLOURS},
    "ship_advantage": {"value": None, "holder": None}, "plans": _BY_COLOUR,
    "reinforcements": None, "influence": _BY_COLOUR, "winner": None, "loser": None,
}


def checkpoint_schema(planet_names: tuple[str, ...], emissary_ids: tuple[str, ...]) -> dict:
    """The fields `view` gives, for checking a checkpoint's keys before a replay starts: a
    field maps to the schema of its value (None: compared as a whole); the planets and
    emissaries are those the scenario's setup defines."""
    return {
        "leader": None,
        "straggler": None,
        "players": {colour: {
            "alien": None, "hand_size": None, "supply": None, "vortex": None, "hand": None,
            "deck": None, "discard": None, "tactics": {"ready": None, "spent": None},
            "controls": None} for colour in COLOURS},
        "planets": Keys(planet_names, {"tile": None, "symbol": None, "ships": _BY_COLOUR,
                                       "in_vortex": None, "controlled_by": None}),
        "planet_stack": None,
        "emissaries": Keys(emissary_ids, {"ally": None, "face": None}),
        "fate_decks": {"discovery": None, "event": None, "maintenance": None},
        "reinforcement_deck": None,
        "past": None,
        "selected_planet": None,
        "game": {"over": None, "winners": None},
        "duel": _CLASH,
        "contest": _CLASH,
    }


def view(state: GameState, cards: Mapping[str, CardModel]) -> dict:
    data = {
        "leader": state.leader,
        "straggler": state.straggler,
        "players": {colour: _player(state, player) for colour, player in state.players.items()},
        "planets": {name: _planet(state, planet) for name, planet in state.planets.items()},
        "planet_stack": [planet.name for planet in state.planet_stack],
        "emissaries": {
            emissary_id: {"ally": emissary.ally or "neutral",
                          "face": "up" if emissary.face_up else "down"}
            for emissary_id, emissary in state.emissaries.items()},
        "fate_decks": {deck: list(pile) for deck, pile in state.fate_decks.items()},
        "reinforcement_deck": list(state.reinforcement_deck),
        "past": list(state.past),
        "selected_planet": state.selected_planet,
        "game": {"over": state.over, "winners": sorted(state.winners)},
        "duel": None,
        "contest": None,
    }
    if state.clash is not None:
        data[state.clash.kind] = _clash(state, cards, state.clash)
    return data


def _player(state: GameState, player: PlayerState) -> dict:
    return {
        "alien": player.alien,
        "hand_size": player.hand_size,
        "supply": player.supply,
        "vortex": player.vortex,
        "hand": sorted(player.hand),
        "deck": list(player.deck),
        "discard": list(player.discard),
        "tactics": {"ready": sorted(player.ready_tactics), "spent": sorted(player.spent_tactics)},
        "controls": sorted(state.controlled(player.colour)),
    }


def _planet(state: GameState, planet: PlanetState) -> dict:
    return {
        "tile": planet.tile,
        "symbol": planet.symbol,
        "ships": dict(planet.ships),
        "in_vortex": planet.in_vortex,
        "controlled_by": sorted(state.controllers(planet)),
    }


def _clash(state: GameState, cards: Mapping[str, CardModel], clash: Clash) -> dict:
    data: dict = {"fate": clash.fate, "step": clash.step}
    if clash.kind == "duel":
        data["planet"] = clash.planet
        data["dials"] = dict(clash.dials)
        data["tactics"] = {colour: {"tile": choice.tile, "half": choice.half}
                           for colour, choice in clash.tactics.items()}
        holder = (clash.final_advantage_holder if clash.winner is not None
                  else ship_advantage_holder(state, clash))
        data["ship_advantage"] = {"value": clash.ship_advantage, "holder": holder or "none"}
    data["plans"] = (dict(clash.plans) if clash.plans_revealed
                     else {colour: "face down" for colour in clash.plans})
    data["reinforcements"] = [
        {"card": played.card, "played_by": played.played_by, "on": played.on}
        for played in clash.reinforcements]
    if clash.final_influence is not None:
        data["influence"] = dict(clash.final_influence)
    elif clash.plans_revealed:
        data["influence"] = {colour: influence(state, cards, clash, colour) for colour in COLOURS}
    else:
        data["influence"] = None
    data["winner"] = clash.winner
    data["loser"] = clash.loser
    return data
