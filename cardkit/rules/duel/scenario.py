"""Worked examples as data: reading a scenario file into a starting state and a script.

A scenario cites the rulebooks (file and section, Spanish and German), sets up a state
that names cards by id only, and lists the steps the rulebook narrates: each step may
start a procedure (`do`), runs until an engine event (`until`, `times`), answers the
engine's questions from its `decisions` and compares the state with `expect`.
Everything wrong with the file becomes a Problem naming its line; nothing raises. The
problems carry the codes the card files use for the same kind of fault (schema-type,
unknown-id, wrong-kind, schema-rule, ...).
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from pydantic import ValidationError

from cardkit.model.base import CardModel
from cardkit.model.cards import MODEL_BY_KIND
from cardkit.model.database import Origin, validation_problems
from cardkit.model.effects import COUNTED_EFFECTS, CountedEffect
from cardkit.problems import Position, Problem, error
from cardkit.rules.core.decisions import CHANCE
from cardkit.rules.duel.engine import EVENT_NAMES, PASS
from cardkit.rules.duel.state import (COLOURS, SHIPS_PER_PLAYER, STARTING_VORTEX, EmissaryState,
                                 GameState, PlanetState, PlayerState, ReinforcementPlay,
                                 TacticChoice)
from cardkit.rules.duel.view import CHECKPOINT_SCHEMA, EMISSARY_IDS, PLANET_NAMES
from cardkit.source.boundary import InputRefused, read_input
from cardkit.source.yamlfile import MAX_FILE_BYTES, Document, Location, parse_text

END = "end"
FATE_DECKS = ("discovery", "event", "maintenance")
RULEBOOK_LANGUAGES = ("es", "de")
ACTIONS = ("draw_fate", "duel", "contest", "effect", "planet_bar", "resources", "upkeep",
           "win_check")
HYPOTHETICAL = "hypothetical_cards"
TACTIC_ICONS = ("blast", "shield", "recover")
RETRIEVE_SOURCES = ("vortex", "vortex-planet")


@dataclass(frozen=True)
class Citation:
    file: str
    language: str
    section: str


@dataclass(frozen=True)
class ScriptedDecision:
    actor: str
    kind: str
    choice: Any
    position: Position
    # Asserted forced: the engine must offer this one choice and no other.
    forced: bool = False

    def describe(self) -> str:
        return f"{self.actor} {self.kind}: {show_choice(self.choice)}"


@dataclass(frozen=True)
class Action:
    name: str
    arguments: Any
    position: Position


@dataclass
class Step:
    number: int
    position: Position
    narrates: str
    action: Action | None
    until: str
    times: int
    decisions: list[ScriptedDecision]
    expect: dict | None
    expect_position: Position | None


@dataclass
class Scenario:
    path: Path
    title: str
    citations: list[Citation]
    readings: list[str]
    setup: Callable[[], GameState]
    steps: list[Step] = field(default_factory=list)
    # Cards the scenario declares for itself: never printed, never in the database.
    hypothetical: dict[str, CardModel] = field(default_factory=dict)


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



class _Invalid(Exception):
    """One fault found; the reader stops at the first so the message is about it alone."""

    def __init__(self, problem: Problem):
        self.problem = problem


class _Reader:
    """Typed access to the document's data, each fault reported with its position."""

    def __init__(self, document: Document, cards: Mapping[str, CardModel]):
        self.document = document
        self.cards = cards

    def fail(self, location: Location, code: str, message: str, at_key: bool = False):
        position = (self.document.key_position(location) if at_key
                    else self.document.position(location))
        raise _Invalid(error(position, code, message))

    def value(self, location: Location):
        node = self.document.data
        for step in location:
            node = node[step]
        return node

    def mapping(self, location: Location, allowed: tuple[str, ...],
                required: tuple[str, ...] = ()) -> dict:
        data = self.value(location)
        name = _name(location)
        if data is None:
            data = {}
        if not isinstance(data, Mapping):
            self.fail(location, "schema-type", f"{name} must be a mapping")
        for key in data:
            if key not in allowed:
                self.fail(location + (key,), "schema-unknown-field",
                          f"unknown field {key!r} in {name}; expected one of: {', '.join(allowed)}",
                          at_key=True)
        for key in required:
            if key not in data:
                self.fail(location, "schema-missing-field", f"{name} needs the field {key!r}")
        return data

    def sequence(self, location: Location) -> list:
        data = self.value(location)
        if data is None:
            return []
        if not isinstance(data, list):
            self.fail(location, "schema-type", f"{_name(location)} must be a list")
        return data

    def text(self, location: Location) -> str:
        data = self.value(location)
        if not isinstance(data, str) or not data.strip():
            self.fail(location, "schema-type", f"{_name(location)} must be text")
        return str(data)

    def integer(self, location: Location, minimum: int = 0) -> int:
        data = self.value(location)
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail(location, "schema-type", f"{_name(location)} must be a whole number")
        if data < minimum:
            self.fail(location, "schema-range", f"{_name(location)} must be at least {minimum}")
        return int(data)

    def flag(self, location: Location) -> bool:
        data = self.value(location)
        if not isinstance(data, bool):
            self.fail(location, "schema-type", f"{_name(location)} must be true or false")
        return data

    def one_of(self, location: Location, choices: tuple[str, ...]) -> str:
        data = self.value(location)
        if data not in choices:
            self.fail(location, "schema-range",
                      f"{_name(location)}: {data!r} is not one of {', '.join(choices)}")
        return str(data)

    def card(self, location: Location, *kinds: str) -> str:
        data = self.value(location)
        if not isinstance(data, str):
            self.fail(location, "schema-type", f"{_name(location)} must be a card id")
        card = self.cards.get(data)
        if card is None:
            self.fail(location, "unknown-id",
                      f"unknown card id {data!r}: the card database has no such card")
        if kinds and card.kind not in kinds:
            self.fail(location, "wrong-kind",
                      f"card {data!r} is a {card.kind}, but {_name(location)} takes "
                      f"{' or '.join(kinds)} cards")
        return data

    def cards_list(self, location: Location, *kinds: str) -> list[str]:
        return [self.card(location + (index,), *kinds)
                for index in range(len(self.sequence(location)))]


def _name(location: Location) -> str:
    shown = [str(step) if not isinstance(step, int) else f"[{step}]" for step in location]
    return ".".join(shown).replace(".[", "[") or "the file"


def load_scenario(path: Path, cards: Mapping[str, CardModel],
                  display_path: Path | None = None) -> tuple[Scenario | None, list[Problem]]:
    document = _read(path, display_path or path)
    if document.problems:
        return None, document.problems
    reader = _Reader(document, cards)
    try:
        return _scenario(reader), []
    except _Invalid as invalid:
        return None, [invalid.problem]


def _read(path: Path, shown: Path) -> Document:
    """The scenario file through the project's input boundary: a regular file inside its
    own folder, read with the card files' size limit."""
    document = Document(shown)
    try:
        raw = read_input(path, root=path.parent, limit=MAX_FILE_BYTES)
    except InputRefused as refused:
        document.problems.append(error(Position(shown), "file-unreadable",
                                       f"cannot read the scenario: {refused.reason}"))
        return document
    if b"\x00" in raw:
        document.problems.append(error(Position(shown), "file-binary",
                                       "file contains a NUL byte: binary data, not YAML text"))
        return document
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        document.problems.append(error(Position(shown, line), "file-encoding",
                                       f"file is not UTF-8 text (offset {exc.start})"))
        return document
    return parse_text(text, document)


def _scenario(reader: _Reader) -> Scenario:
    top = reader.mapping((), ("example", "sources", "readings", HYPOTHETICAL, "setup", "steps"),
                         required=("example", "sources", "setup", "steps"))
    title = reader.text(("example",))
    citations = _citations(reader)
    hypothetical = _hypothetical_cards(reader) if HYPOTHETICAL in top else {}
    reader.cards = {**reader.cards, **hypothetical}
    readings = [reader.text(("readings", index))
                for index in range(len(reader.sequence(("readings",))))] if "readings" in top else []
    setup = _Setup(reader)
    steps = [_step(reader, setup, index) for index in range(len(reader.sequence(("steps",))))]
    if not steps:
        reader.fail(("steps",), "schema-missing-field", "a scenario needs at least one step")
    return Scenario(reader.document.path, title, citations, readings, setup.build, steps,
                    hypothetical)


def _hypothetical_cards(reader: _Reader) -> dict[str, CardModel]:
    """Cards the scenario makes up to show a rule no rulebook card shows, by kind and id,
    each checked by the model of its kind, as in the card files."""
    root = (HYPOTHETICAL,)
    kinds = tuple(MODEL_BY_KIND)
    reader.mapping(root, kinds)
    cards: dict[str, CardModel] = {}
    for kind, entries in reader.value(root).items():
        if entries is not None and not isinstance(entries, Mapping):
            reader.fail(root + (kind,), "schema-type",
                        f"{_name(root + (kind,))} must be a mapping from card ids to cards")
        for card_id, raw in (entries or {}).items():
            here = root + (kind, card_id)
            if card_id in reader.cards or card_id in cards:
                reader.fail(here, "duplicate-id",
                            f"id {card_id!r} is already a card's: a hypothetical card needs an "
                            "id of its own", at_key=True)
            if not isinstance(raw, Mapping):
                reader.fail(here, "schema-type", f"card {card_id!r} must be a mapping of fields")
            origin = Origin(reader.document, "", here)
            card, problems = validation_problems(MODEL_BY_KIND[kind], {**raw, "id": card_id},
                                                 origin)
            if problems:
                raise _Invalid(problems[0])
            cards[card_id] = card
    return cards


def _citations(reader: _Reader) -> list[Citation]:
    citations = []
    for index in range(len(reader.sequence(("sources",)))):
        location = ("sources", index)
        reader.mapping(location, ("file", "language", "section"),
                       required=("file", "language", "section"))
        citations.append(Citation(reader.text(location + ("file",)),
                                  reader.one_of(location + ("language",), RULEBOOK_LANGUAGES),
                                  reader.text(location + ("section",))))
    missing = [language for language in RULEBOOK_LANGUAGES
               if language not in {citation.language for citation in citations}]
    if missing:
        reader.fail(("sources",), "schema-missing-field",
                    f"sources must cite the Spanish and the German rulebook; "
                    f"missing: {', '.join(missing)}")
    return citations


class _Setup:
    """Checks the setup once and builds a fresh GameState from it for every replay."""

    def __init__(self, reader: _Reader):
        self.reader = reader
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

    def _present(self, location: Location) -> bool:
        node = self.reader.document.data
        for step in location:
            if not isinstance(node, Mapping) or step not in node:
                return False
            node = node[step]
        return True

    def _unique_cards(self, location: Location, *kinds: str) -> list[str]:
        if not self._present(location):
            return []
        card_ids = self.reader.cards_list(location, *kinds)
        for index, card_id in enumerate(card_ids):
            self._place(location + (index,), card_id)
        return card_ids

    def _place(self, location: Location, card_id: str):
        if card_id in self.placed:
            first = self.reader.document.position(self.placed[card_id])
            self.reader.fail(location, "schema-rule",
                             f"card {card_id!r} is already placed at line {first.line}: "
                             "each card exists once")
        self.placed[card_id] = location

    def _planets(self, location: Location, in_play: bool) -> list[dict]:
        if not self._present(location):
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
                            "a planet needs a tile (its card id) or a name")
            if name in self.planet_seen:
                reader.fail(here, "schema-rule", f"planet {name!r} is listed twice")
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
                                    f"tactic {tile!r} is {self.reader.cards[tile].colour}, "
                                    f"not {colour}")
        vortex = reader.integer(location + ("vortex",)) if "vortex" in spec else STARTING_VORTEX
        on_planets = sum(planet["ships"][colour] for planet in self.planets)
        free = SHIPS_PER_PLAYER - vortex - on_planets
        if "supply" in spec:
            supply = reader.integer(location + ("supply",))
            if supply != free:
                reader.fail(location + ("supply",), "schema-rule",
                            f"{colour} has {SHIPS_PER_PLAYER} ships: with {vortex} in the Vortex "
                            f"and {on_planets} on planets the supply holds {free}, not {supply}")
        elif free < 0:
            reader.fail(location, "schema-rule",
                        f"{colour} has only {SHIPS_PER_PLAYER} ships, but {vortex} in the Vortex "
                        f"and {on_planets} on planets make {vortex + on_planets}")
        supply = free
        if "hand_size" in spec:
            hand_size = reader.integer(location + ("hand_size",), minimum=1)
        else:
            hand_size = self.reader.cards[alien].effective_hand_size if alien else 6
        return {"alien": alien, "piles": piles, "tactics": tactics, "vortex": vortex,
                "supply": supply, "hand_size": hand_size}

    def _emissaries(self, location: Location) -> dict[str, tuple[str | None, bool]]:
        if not self._present(location):
            return {}
        reader = self.reader
        data = reader.value(location)
        if not isinstance(data, Mapping):
            reader.fail(location, "schema-type", f"{_name(location)} must be a mapping")
        emissaries = {}
        for emissary_id in data:
            here = location + (emissary_id,)
            card = reader.cards.get(emissary_id)
            if card is None or card.kind != "emissary":
                reader.fail(here, "unknown-id",
                            f"unknown emissary id {emissary_id!r}: the card database has no "
                            "such emissary", at_key=True)
            self._place(here, emissary_id)
            spec = reader.mapping(here, ("ally", "face"))
            ally = reader.one_of(here + ("ally",), COLOURS + ("neutral",)) \
                if "ally" in spec else "neutral"
            face = reader.one_of(here + ("face",), ("up", "down")) if "face" in spec else "down"
            emissaries[emissary_id] = (None if ally == "neutral" else ally, face == "up")
        return emissaries

    def _fate_decks(self, location: Location) -> dict[str, list[str]]:
        decks = {deck: [] for deck in FATE_DECKS}
        if self._present(location):
            self.reader.mapping(location, FATE_DECKS)
            for deck in FATE_DECKS:
                decks[deck] = self._unique_cards(location + (deck,), deck)
        return decks

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


def _step(reader: _Reader, setup: _Setup, index: int) -> Step:
    location = ("steps", index)
    spec = reader.mapping(location, ("narrates", "do", "until", "times", "decisions", "expect"),
                          required=("narrates",))
    narrates = reader.text(location + ("narrates",))
    action = _action(reader, setup, location + ("do",)) if "do" in spec else None
    if index == 0 and action is None:
        reader.fail(location, "schema-missing-field",
                    "the first step needs 'do': the procedure the example starts with")
    until = reader.one_of(location + ("until",), EVENT_NAMES + (END,)) if "until" in spec else END
    times = reader.integer(location + ("times",), minimum=1) if "times" in spec else 1
    decisions = [_decision(reader, setup, location + ("decisions", number))
                 for number in range(len(reader.sequence(location + ("decisions",))))] \
        if "decisions" in spec else []
    expect = None
    expect_position = None
    if "expect" in spec:
        reader.mapping(location + ("expect",), tuple(CHECKPOINT_SCHEMA))
        _check_checkpoint(reader, setup, location + ("expect",), CHECKPOINT_SCHEMA)
        expect = _plain(spec["expect"])
        expect_position = reader.document.position(location + ("expect",))
    return Step(index + 1, reader.document.position(location), narrates, action, until, times,
                decisions, expect, expect_position)


def _check_checkpoint(reader: _Reader, setup: _Setup, location: Location, schema: dict):
    """Every key of a checkpoint, nested ones included, names a field of the state's view,
    so a misspelt key fails the load at its own line, not the comparison at `expect`."""
    data = reader.value(location)
    if not isinstance(data, Mapping):
        return
    for key in data:
        if PLANET_NAMES in schema:
            allowed, inner = tuple(setup.planet_names), schema[PLANET_NAMES]
        elif EMISSARY_IDS in schema:
            allowed, inner = tuple(setup.emissaries), schema[EMISSARY_IDS]
        else:
            allowed, inner = tuple(schema), schema.get(key)
        if key not in allowed:
            close = difflib.get_close_matches(str(key), allowed, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else \
                f"; expected one of: {', '.join(allowed) or 'nothing'}"
            reader.fail(location + (key,), "schema-unknown-field",
                        f"{_name(location + (key,))} is no field of the game state{hint}",
                        at_key=True)
        if isinstance(inner, dict):
            _check_checkpoint(reader, setup, location + (key,), inner)


def _plain(data: Any) -> Any:
    """ruamel's containers as plain dicts and lists, for comparing with the state's view."""
    if isinstance(data, Mapping):
        return {str(key): _plain(value) for key, value in data.items()}
    if isinstance(data, list):
        return [_plain(value) for value in data]
    if isinstance(data, str):
        return str(data)
    return data


def _action(reader: _Reader, setup: _Setup, location: Location) -> Action:
    spec = reader.mapping(location, ACTIONS)
    if len(spec) != 1:
        reader.fail(location, "schema-rule",
                    f"'do' names exactly one procedure, one of: {', '.join(ACTIONS)}")
    name = next(iter(spec))
    here = location + (name,)
    position = reader.document.position(location)
    if name == "draw_fate":
        return Action(name, reader.one_of(here, FATE_DECKS), position)
    if name == "planet_bar":
        return Action(name, reader.card(here, "event"), position)
    if name == "resources":
        return Action(name, reader.card(here, "maintenance"), position)
    if name in ("upkeep", "win_check"):
        if spec[name] is not None:
            reader.fail(here, "schema-rule", f"'{name}' takes no arguments")
        return Action(name, None, position)
    if name == "effect":
        arguments = reader.mapping(here, ("player", "effect", "count", "optional"),
                                   required=("player", "effect", "count"))
        player = reader.one_of(here + ("player",), COLOURS)
        effect_name = reader.one_of(here + ("effect",), COUNTED_EFFECTS)
        try:
            effect = CountedEffect(effect=effect_name, count=reader.integer(here + ("count",), 1),
                                   optional=reader.flag(here + ("optional",))
                                   if "optional" in arguments else False)
        except ValidationError as exc:
            reader.fail(here, "schema-rule", exc.errors(include_url=False)[0]["msg"])
        return Action(name, (player, effect), position)
    allowed = ("planet", "fate", "plans") if name == "duel" else ("fate", "plans")
    arguments = reader.mapping(here, allowed, required=("planet",) if name == "duel" else ())
    planet = None
    if name == "duel":
        planet = reader.one_of(here + ("planet",), tuple(p["name"] for p in setup.planets))
    fate = None
    if "fate" in arguments:
        fate = reader.card(here + ("fate",), *FATE_DECKS)
    plans = {}
    if "plans" in arguments:
        reader.mapping(here + ("plans",), COLOURS, required=COLOURS)
        plans = {colour: reader.card(here + ("plans", colour), "plan") for colour in COLOURS}
    return Action(name, {"planet": planet, "fate": fate, "plans": plans}, position)


def _decision(reader: _Reader, setup: _Setup, location: Location) -> ScriptedDecision:
    spec = reader.mapping(location, ("by", "forced") + tuple(_CHOICE_READERS), required=("by",))
    kinds = [key for key in spec if key not in ("by", "forced")]
    if len(kinds) != 1:
        reader.fail(location, "schema-rule",
                    "a decision names who decides ('by') and exactly one kind of choice")
    kind = kinds[0]
    actor = reader.one_of(location + ("by",), COLOURS + (CHANCE,))
    if (actor == CHANCE) != (kind == "shuffle"):
        reader.fail(location + ("by",), "schema-rule",
                    "shuffles are decided by chance, every other choice by a player")
    here = location + (kind,)
    choice = _CHOICE_READERS[kind](reader, setup, here)
    forced = reader.flag(location + ("forced",)) if "forced" in spec else False
    return ScriptedDecision(actor, kind, choice, reader.document.position(location), forced)


def _tactic_choice(reader: _Reader, setup: _Setup, here: Location) -> TacticChoice:
    reader.mapping(here, ("tile", "half"), required=("tile", "half"))
    return TacticChoice(reader.card(here + ("tile",), "tactic"),
                        reader.one_of(here + ("half",), TACTIC_ICONS))


def _reinforcement_choice(reader: _Reader, setup: _Setup, here: Location):
    if reader.value(here) == PASS:
        return PASS
    if not isinstance(reader.value(here), Mapping):
        reader.fail(here, "schema-type",
                    "a reinforcement decision is 'pass' or {play: card id, on: colour}")
    reader.mapping(here, ("play", "on"), required=("play", "on"))
    return ReinforcementPlay(reader.card(here + ("play",), "reinforcement"),
                             reader.one_of(here + ("on",), COLOURS))


def _planet_choice(reader: _Reader, setup: _Setup, here: Location) -> str:
    return reader.one_of(here, tuple(setup.planet_names))


def _shuffle_choice(reader: _Reader, setup: _Setup, here: Location) -> tuple[str, ...]:
    return tuple(reader.cards_list(here))


_CHOICE_READERS = {
    "dial": lambda reader, setup, here: reader.integer(here, minimum=1),
    "reveal_emissary": lambda reader, setup, here: reader.flag(here),
    "plan": lambda reader, setup, here: reader.card(here, "plan"),
    "tactic": _tactic_choice,
    "ready_tactic": lambda reader, setup, here: reader.card(here, "tactic"),
    "reinforcement": _reinforcement_choice,
    "may": lambda reader, setup, here: reader.flag(here),
    "improve_relations": lambda reader, setup, here: reader.card(here, "emissary"),
    "worsen_relations": lambda reader, setup, here: reader.card(here, "emissary"),
    "keep_ally": lambda reader, setup, here: reader.card(here, "emissary"),
    "planet_bar": _planet_choice,
    "resources": _planet_choice,
    "discard": lambda reader, setup, here: reader.card(here, "plan", "reinforcement"),
    "retrieve_from": lambda reader, setup, here: reader.one_of(here, RETRIEVE_SOURCES),
    "shuffle": _shuffle_choice,
}
