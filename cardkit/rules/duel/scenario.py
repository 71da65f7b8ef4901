"""Worked examples of the Duel as data: what the core's loader hands to this game.

A scenario cites the rulebooks (file and section, Spanish and German), may make up cards
of its own (`hypothetical_cards`), and sets up a state that names cards by id only
(`DuelSetup`); its steps are the core's, with the Duel's procedures (the `read_*`
functions read their arguments), events, decision kinds and checkpoint fields. Every
fault of the file is raised as `Invalid`, one Problem naming its line, with the codes the
card files use for the same kind of fault (schema-type, unknown-id, wrong-kind,
schema-rule, ...).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pydantic import ValidationError

from cardkit.messages import Message
from cardkit.model.effects import COUNTED_EFFECTS, CountedEffect
from cardkit.model.games import GAMES
from cardkit.rules.core.decisions import CHANCE
from cardkit.rules.core.engine import CardData
from cardkit.rules.core.scenario import (HYPOTHETICAL, SECTION, CardReader, ChoiceReader,
                                         Citation, Reader, read_citations,
                                         read_hypothetical_cards)
from cardkit.rules.duel.engine import PASS, Rules
from cardkit.rules.duel.state import (COLOURS, SHIPS_PER_PLAYER, STARTING_VORTEX, EmissaryState,
                                      GameState, PlanetState, PlayerState, ReinforcementPlay,
                                      TacticChoice)
from cardkit.rules.duel.view import checkpoint_schema, view
from cardkit.source.yamlfile import Location

GAME = "duel"
FATE_DECKS = ("discovery", "event", "maintenance")
# The rulebooks a Duel example cites, with their number of lines.
RULEBOOKS = {"000_9d86faec0599c48a.txt": 1150, "003_cadf4f0e38ea8624.txt": 696}
RULEBOOK_LANGUAGES = ("es", "de")
# The top-level sections of a Duel scenario besides the header, setup and steps.
DUEL_SECTIONS = (HYPOTHETICAL,)
# The model of each card kind, for the cards a scenario makes up.
MODELS = {kind.name: kind.facts for kind in GAMES[GAME].kinds}
TACTIC_ICONS = ("blast", "shield", "recover")
RETRIEVE_SOURCES = ("vortex", "vortex-planet")


def show_choice(choice: Any) -> str:
    if isinstance(choice, TacticChoice):
        return f"{choice.tile} ({choice.half})"
    if isinstance(choice, ReinforcementPlay):
        return f"{choice.card} on {choice.on}"
    if isinstance(choice, tuple):
        return "[" + ", ".join(choice) + "]"
    if isinstance(choice, bool):
        return "yes" if choice else "no"
    return str(choice)


def load(reader: Reader, game: str, data: CardData) -> "DuelSetup":
    """A Duel scenario's citations (both rulebooks, by section), its hypothetical cards and
    its setup, checked against the card database joined by those cards."""
    reader = CardReader(reader.document, data.cards)
    citations = read_citations(reader, ("sources",), RULEBOOKS, RULEBOOK_LANGUAGES,
                               locator=SECTION)
    hypothetical = (read_hypothetical_cards(reader, MODELS) if reader.present((HYPOTHETICAL,))
                    else {})
    reader.cards = {**reader.cards, **hypothetical}
    return DuelSetup(reader, citations)


class DuelSetup:
    """Checks the setup once and builds a fresh GameState from it for every replay."""

    def __init__(self, reader: CardReader, citations: list[Citation]):
        self.reader = reader
        self.citations = citations
        self.cards = reader.cards
        self.placed: dict[str, Location] = {}
        self.planet_seen: set[str] = set()
        root = ("setup",)
        reader.mapping(root, ("leader", "players", "planets", "planet_stack", "emissaries",
                              "fate_decks", "reinforcement_deck", "past"),
                       required=("leader", "players"))
        self.leader = reader.one_of(root + ("leader",), COLOURS)
        self.planets = self._planets(root + ("planets",), in_play=True)
        self.planet_stack = self._planets(root + ("planet_stack",), in_play=False)
        self.planet_names = [planet["name"] for planet in self.planets + self.planet_stack]
        reader.mapping(root + ("players",), COLOURS, required=COLOURS)
        self.players = {colour: self._player(root + ("players", colour), colour)
                        for colour in COLOURS}
        self.emissaries = self._emissaries(root + ("emissaries",))
        self.fate_decks = self._fate_decks(root + ("fate_decks",))
        self.reinforcement_deck = self._unique_cards(root + ("reinforcement_deck",),
                                                     "reinforcement")
        self.past = self._unique_cards(root + ("past",), *FATE_DECKS)

    def _unique_cards(self, location: Location, *kinds: str) -> list[str]:
        if not self.reader.present(location):
            return []
        card_ids = self.reader.cards_list(location, *kinds)
        for index, card_id in enumerate(card_ids):
            self._place(location + (index,), card_id)
        return card_ids

    def _place(self, location: Location, card_id: str):
        if card_id in self.placed:
            first = self.reader.document.position(self.placed[card_id])
            self.reader.fail(location, "schema-rule",
                             Message("card {card_id} is already placed at line {line}: each card "
                                     "exists once", card_id=repr(card_id), line=first.line))
        self.placed[card_id] = location

    def _planets(self, location: Location, in_play: bool) -> list[dict]:
        if not self.reader.present(location):
            return []
        reader = self.reader
        planets = []
        allowed = ("name", "tile", "ships", "in_vortex") if in_play else ("name", "tile")
        for index in range(len(reader.sequence(location))):
            here = location + (index,)
            spec = reader.mapping(here, allowed)
            tile = reader.card(here + ("tile",), "planet") if "tile" in spec else None
            if tile is not None:
                self._place(here + ("tile",), tile)
            if "name" in spec:
                name = reader.text(here + ("name",))
            elif tile is not None:
                name = tile
            else:
                reader.fail(here, "schema-missing-field",
                            Message("a planet needs a tile (its card id) or a name"))
            if name in self.planet_seen:
                reader.fail(here, "schema-rule", Message("planet {name} is listed twice",
                                                         name=repr(name)))
            self.planet_seen.add(name)
            ships = {colour: 0 for colour in COLOURS}
            if "ships" in spec:
                reader.mapping(here + ("ships",), COLOURS)
                for colour in spec["ships"]:
                    ships[colour] = reader.integer(here + ("ships", colour))
            in_vortex = reader.flag(here + ("in_vortex",)) if "in_vortex" in spec else False
            planets.append({"name": name, "tile": tile, "ships": ships, "in_vortex": in_vortex})
        return planets

    def _player(self, location: Location, colour: str) -> dict:
        reader = self.reader
        spec = reader.mapping(location, ("alien", "hand", "deck", "discard", "tactics", "supply",
                                         "vortex", "hand_size"))
        alien = None
        if "alien" in spec:
            alien = reader.card(location + ("alien",), "alien")
            self._place(location + ("alien",), alien)
        piles = {pile: self._unique_cards(location + (pile,), "plan", "reinforcement")
                 for pile in ("hand", "deck", "discard")}
        tactics = {"ready": [], "spent": []}
        if "tactics" in spec:
            reader.mapping(location + ("tactics",), ("ready", "spent"))
            for state in tactics:
                tactics[state] = self._unique_cards(location + ("tactics", state), "tactic")
                for index, tile in enumerate(tactics[state]):
                    if self.reader.cards[tile].colour != colour:
                        reader.fail(location + ("tactics", state, index), "schema-rule",
                                    Message("tactic {tile} is {colour}, not {expected}",
                                            tile=repr(tile), colour=self.reader.cards[tile].colour,
                                            expected=colour))
        vortex = reader.integer(location + ("vortex",)) if "vortex" in spec else STARTING_VORTEX
        on_planets = sum(planet["ships"][colour] for planet in self.planets)
        free = SHIPS_PER_PLAYER - vortex - on_planets
        if "supply" in spec:
            supply = reader.integer(location + ("supply",))
            if supply != free:
                reader.fail(location + ("supply",), "schema-rule",
                            Message("{colour} has {ships_per_player} ships: with {vortex} in the "
                                    "Vortex and {on_planets} on planets the supply holds {free}, "
                                    "not {supply}", colour=colour,
                                    ships_per_player=SHIPS_PER_PLAYER, vortex=vortex,
                                    on_planets=on_planets, free=free, supply=supply))
        elif free < 0:
            reader.fail(location, "schema-rule",
                        Message("{colour} has only {ships_per_player} ships, but {vortex} in the "
                                "Vortex and {on_planets} on planets make {total}", colour=colour,
                                ships_per_player=SHIPS_PER_PLAYER, vortex=vortex,
                                on_planets=on_planets, total=vortex + on_planets))
        supply = free
        if "hand_size" in spec:
            hand_size = reader.integer(location + ("hand_size",), minimum=1)
        else:
            hand_size = self.reader.cards[alien].effective_hand_size if alien else 6
        return {"alien": alien, "piles": piles, "tactics": tactics, "vortex": vortex,
                "supply": supply, "hand_size": hand_size}

    def _emissaries(self, location: Location) -> dict[str, tuple[str | None, bool]]:
        if not self.reader.present(location):
            return {}
        reader = self.reader
        data = reader.mapping(location, None)
        emissaries = {}
        for emissary_id in data:
            here = location + (emissary_id,)
            card = reader.cards.get(emissary_id)
            if card is None or card.kind != "emissary":
                reader.fail(here, "unknown-id",
                            Message("unknown emissary id {emissary_id}: the card database has no "
                                    "such emissary", emissary_id=repr(emissary_id)), at_key=True)
            self._place(here, emissary_id)
            spec = reader.mapping(here, ("ally", "face"))
            ally = reader.one_of(here + ("ally",), COLOURS + ("neutral",)) \
                if "ally" in spec else "neutral"
            face = reader.one_of(here + ("face",), ("up", "down")) if "face" in spec else "down"
            emissaries[emissary_id] = (None if ally == "neutral" else ally, face == "up")
        return emissaries

    def _fate_decks(self, location: Location) -> dict[str, list[str]]:
        decks = {deck: [] for deck in FATE_DECKS}
        if self.reader.present(location):
            self.reader.mapping(location, FATE_DECKS)
            for deck in FATE_DECKS:
                decks[deck] = self._unique_cards(location + (deck,), deck)
        return decks

    def actors(self) -> tuple[str, ...]:
        return COLOURS + (CHANCE,)

    def checkpoint(self) -> dict:
        return checkpoint_schema(tuple(self.planet_names), tuple(self.emissaries))

    def rules(self, state: GameState) -> Rules:
        return Rules(state, self.cards)

    def view(self, state: GameState) -> dict:
        return view(state, self.cards)

    def choices(self) -> dict[str, ChoiceReader]:
        def shown(read: Callable[[CardReader, Location], Any]) -> ChoiceReader:
            def reader_of_choice(reader: CardReader, here: Location) -> tuple[Any, str]:
                choice = read(reader, here)
                return choice, show_choice(choice)
            return reader_of_choice

        def planet(reader: CardReader, here: Location) -> str:
            return reader.one_of(here, tuple(self.planet_names))

        readers = {
            "dial": lambda reader, here: reader.integer(here, minimum=1),
            "reveal_emissary": lambda reader, here: reader.flag(here),
            "plan": lambda reader, here: reader.card(here, "plan"),
            "tactic": _tactic_choice,
            "ready_tactic": lambda reader, here: reader.card(here, "tactic"),
            "reinforcement": _reinforcement_choice,
            "may": lambda reader, here: reader.flag(here),
            "improve_relations": lambda reader, here: reader.card(here, "emissary"),
            "worsen_relations": lambda reader, here: reader.card(here, "emissary"),
            "keep_ally": lambda reader, here: reader.card(here, "emissary"),
            "planet_bar": planet,
            "resources": planet,
            "discard": lambda reader, here: reader.card(here, "plan", "reinforcement"),
            "retrieve_from": lambda reader, here: reader.one_of(here, RETRIEVE_SOURCES),
            "shuffle": lambda reader, here: tuple(reader.cards_list(here)),
        }
        return {kind: shown(read) for kind, read in readers.items()}

    def build(self) -> GameState:
        players = {}
        for colour, spec in self.players.items():
            players[colour] = PlayerState(
                colour=colour, alien=spec["alien"], hand_size=spec["hand_size"],
                supply=spec["supply"], vortex=spec["vortex"],
                hand=list(spec["piles"]["hand"]), deck=list(spec["piles"]["deck"]),
                discard=list(spec["piles"]["discard"]),
                ready_tactics=list(spec["tactics"]["ready"]),
                spent_tactics=list(spec["tactics"]["spent"]))
        return GameState(
            players=players, leader=self.leader,
            planets={planet["name"]: self._planet(planet) for planet in self.planets},
            planet_stack=[self._planet(planet) for planet in self.planet_stack],
            emissaries={emissary_id: EmissaryState(ally, face_up)
                        for emissary_id, (ally, face_up) in self.emissaries.items()},
            fate_decks={deck: list(pile) for deck, pile in self.fate_decks.items()},
            reinforcement_deck=list(self.reinforcement_deck), past=list(self.past))

    def _planet(self, spec: dict) -> PlanetState:
        tile = spec["tile"]
        symbol = self.reader.cards[tile].symbol if tile else None
        return PlanetState(spec["name"], tile, symbol, dict(spec["ships"]), spec["in_vortex"])


# -- the arguments of each procedure a step may start (the actions of `ENGINE`) -----------


def read_no_arguments(setup: DuelSetup, reader: Reader, here: Location) -> None:
    if reader.value(here) is not None:
        reader.fail(here, "schema-rule", Message("'{here}' takes no arguments", here=here[-1]))


def read_deck(setup: DuelSetup, reader: Reader, here: Location) -> str:
    return reader.one_of(here, FATE_DECKS)


def read_duel(setup: DuelSetup, reader: CardReader, here: Location) -> dict:
    return _clash(setup, reader, here, duel=True)


def read_contest(setup: DuelSetup, reader: CardReader, here: Location) -> dict:
    return _clash(setup, reader, here, duel=False)


def read_event_card(setup: DuelSetup, reader: CardReader, here: Location) -> str:
    return reader.card(here, "event")


def read_maintenance_card(setup: DuelSetup, reader: CardReader, here: Location) -> str:
    return reader.card(here, "maintenance")


def _clash(setup: DuelSetup, reader: CardReader, here: Location, duel: bool) -> dict:
    """A duel's planet, or a contest, with its fate card and the plans already chosen."""
    allowed = ("planet", "fate", "plans") if duel else ("fate", "plans")
    arguments = reader.mapping(here, allowed, required=("planet",) if duel else ())
    planet = None
    if duel:
        planet = reader.one_of(here + ("planet",),
                               tuple(planet["name"] for planet in setup.planets))
    fate = reader.card(here + ("fate",), *FATE_DECKS) if "fate" in arguments else None
    plans = {}
    if "plans" in arguments:
        reader.mapping(here + ("plans",), COLOURS, required=COLOURS)
        plans = {colour: reader.card(here + ("plans", colour), "plan") for colour in COLOURS}
    return {"planet": planet, "fate": fate, "plans": plans}


def read_effect(setup: DuelSetup, reader: CardReader, here: Location
                ) -> tuple[str, CountedEffect]:
    arguments = reader.mapping(here, ("player", "effect", "count", "optional"),
                               required=("player", "effect", "count"))
    player = reader.one_of(here + ("player",), COLOURS)
    effect_name = reader.one_of(here + ("effect",), COUNTED_EFFECTS)
    try:
        effect = CountedEffect(effect=effect_name, count=reader.integer(here + ("count",), 1),
                               optional=reader.flag(here + ("optional",))
                               if "optional" in arguments else False)
    except ValidationError as exc:
        reader.fail(here, "schema-rule", Message("the effect is refused: {detail}",
                                                 detail=exc.errors(include_url=False)[0]["msg"]))
    return player, effect


def _tactic_choice(reader: CardReader, here: Location) -> TacticChoice:
    reader.mapping(here, ("tile", "half"), required=("tile", "half"))
    return TacticChoice(reader.card(here + ("tile",), "tactic"),
                        reader.one_of(here + ("half",), TACTIC_ICONS))


def _reinforcement_choice(reader: CardReader, here: Location) -> str | ReinforcementPlay:
    if reader.value(here) == PASS:
        return PASS
    if not isinstance(reader.value(here), Mapping):
        reader.fail(here, "schema-type",
                    Message("a reinforcement decision is 'pass' or {{play: card id, on: colour}}"))
    reader.mapping(here, ("play", "on"), required=("play", "on"))
    return ReinforcementPlay(reader.card(here + ("play",), "reinforcement"),
                             reader.one_of(here + ("on",), COLOURS))
