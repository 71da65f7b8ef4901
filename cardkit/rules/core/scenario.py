"""Reading a worked example, for any game: typed access with positions, the header,
citations, hypothetical cards, steps, scripted decisions and checkpoints.

An engine's loader reads its own setup, and its record gives the procedures (`do`); the
setup gives the decision kinds and checkpoint fields; this module reads what every
scenario shares. Every fault of the file is raised as `Invalid`, one Problem naming its
line, which the core's `load_scenario` returns.
"""

from __future__ import annotations

import copy
import difflib
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardkit.messages import Message
from cardkit.model.database import Origin, validation_problems
from cardkit.problems import Position, Problem, error, shown_location
from cardkit.rules.core.decisions import CHANCE
from cardkit.source.boundary import InputRefused, read_input
from cardkit.source.yamlfile import MAX_FILE_BYTES, Document, Location, parse_text

HYPOTHETICAL = "hypothetical_cards"

END = "end"
LINE_RANGE = re.compile(r"^(\d+)(?:-(\d+))?$")


class Invalid(Exception):
    """One fault found; reading stops at the first so the message is about it alone."""

    def __init__(self, problem: Problem):
        self.problem = problem


@dataclass(frozen=True)
class Citation:
    """Where a rulebook states what the scenario relies on: a file and its lines, or
    the section that holds the example, as the game's scenarios cite."""

    file: str
    language: str
    first_line: int | None = None
    last_line: int | None = None
    section: str | None = None


@dataclass(frozen=True)
class ScriptedDecision:
    actor: str
    kind: str
    choice: Any
    position: Position
    shown: str
    # Asserted forced: the engine must offer this one choice and no other.
    forced: bool = False

    def describe(self) -> str:
        return f"{self.actor} {self.kind}: {self.shown}"


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

    @property
    def label(self) -> str:
        return f"step {self.number} ({self.narrates.strip().splitlines()[0]})"


@dataclass(frozen=True)
class Header:
    """The top of every scenario: what it shows, its game, and the readings it chose."""

    title: str
    game: str
    readings: list[str]


HEADER_FIELDS = ("example", "game", "sources", "readings")
BODY_FIELDS = ("setup", "steps")


def read_header(reader: "Reader", games: tuple[str, ...], default_game: str,
                sections: Callable[[str], tuple[str, ...]]) -> Header:
    """`example`, `game` (one of `games`; `default_game` when absent) and `readings`, after
    checking the top-level fields: the header's, `setup`, `steps`, and the game's own
    `sections(game)`. The game is read first, since the fields allowed depend on it."""
    data = reader.value(())
    game = default_game
    if isinstance(data, Mapping) and "game" in data:
        game = reader.one_of(("game",), games)
    reader.mapping((), HEADER_FIELDS + sections(game) + BODY_FIELDS,
                   required=("example", "sources") + BODY_FIELDS)
    return Header(reader.text(("example",)), game, reader.texts(("readings",)))


def read_document(path: Path, display_path: Path | None = None) -> Document:
    """The scenario file parsed, read through the project boundary (inside its folder)."""
    document = Document(display_path or path)
    try:
        raw = read_input(path, root=path.parent, limit=MAX_FILE_BYTES)
    except InputRefused as refused:
        document.problems.append(error(Position(document.path), "file-unreadable",
                                       Message("cannot read the scenario: {reason}",
                                               reason=refused.reason)))
        return document
    if b"\x00" in raw:
        document.problems.append(error(Position(document.path), "file-binary",
                                       Message("file contains a NUL byte: binary data, not YAML "
                                               "text")))
        return document
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        document.problems.append(error(Position(document.path, line), "file-encoding",
                                       Message("file is not UTF-8 text (offset {start})",
                                               start=exc.start)))
        return document
    # Never written back, so read by libyaml (source/reader.py): ten times faster on a long
    # playthrough, with the same data, positions and problems.
    return parse_text(text, document, round_trip=False)


class Reader:
    """Typed access to a document's data, each fault reported with its position."""

    def __init__(self, document: Document):
        self.document = document

    def over(self, document: Document) -> "Reader":
        """The same reader (the same card checks) over another document."""
        twin = copy.copy(self)
        twin.document = document
        return twin

    def fail(self, location: Location, code: str, message: Message, at_key: bool = False):
        position = (self.document.key_position(location) if at_key
                    else self.document.position(location))
        raise Invalid(error(position, code, message))

    def position(self, location: Location) -> Position:
        return self.document.position(location)

    def present(self, location: Location) -> bool:
        node = self.document.data
        for step in location:
            if isinstance(node, Mapping) and step in node:
                node = node[step]
            elif isinstance(node, list) and isinstance(step, int) and step < len(node):
                node = node[step]
            else:
                return False
        return True

    def value(self, location: Location) -> Any:
        node = self.document.data
        for step in location:
            node = node[step]
        return node

    def mapping(self, location: Location, allowed: tuple[str, ...] | None,
                required: tuple[str, ...] = ()) -> dict:
        data = self.value(location)
        if data is None:
            data = {}
        if not isinstance(data, Mapping):
            self.fail(location, "schema-type", Message("{location} must be a mapping",
                                                       location=name(location)))
        for key in data:
            if allowed is not None and key not in allowed:
                self.fail(location + (key,), "schema-unknown-field",
                          Message("unknown field {key} in {location}; expected one of: {allowed}",
                                  key=repr(key), location=name(location),
                                  allowed=', '.join(allowed)), at_key=True)
        for key in required:
            if key not in data:
                self.fail(location, "schema-missing-field",
                          Message("{location} needs the field {key}", location=name(location),
                                  key=repr(key)))
        return data

    def sequence(self, location: Location) -> list:
        data = self.value(location)
        if data is None:
            return []
        if not isinstance(data, list):
            self.fail(location, "schema-type", Message("{location} must be a list",
                                                       location=name(location)))
        return data

    def text(self, location: Location) -> str:
        data = self.value(location)
        if not isinstance(data, str) or not data.strip():
            self.fail(location, "schema-type", Message("{location} must be text",
                                                       location=name(location)))
        return str(data)

    def integer(self, location: Location, minimum: int = 0) -> int:
        data = self.value(location)
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail(location, "schema-type", Message("{location} must be a whole number",
                                                       location=name(location)))
        if data < minimum:
            self.fail(location, "schema-range", Message("{location} must be at least {minimum}",
                                                        location=name(location), minimum=minimum))
        return int(data)

    def flag(self, location: Location) -> bool:
        data = self.value(location)
        if not isinstance(data, bool):
            self.fail(location, "schema-type", Message("{location} must be true or false",
                                                       location=name(location)))
        return data

    def one_of(self, location: Location, choices: tuple[str, ...] | list[str]) -> str:
        data = self.value(location)
        if not isinstance(data, (str, int)) or isinstance(data, bool) or data not in choices:
            self.fail(location, "schema-range",
                      Message("{location}: {value} is not one of {choices}",
                              location=name(location), value=repr(data),
                              choices=', '.join(map(str, choices)) or '(none given)'))
        return data

    def texts(self, location: Location) -> list[str]:
        if not self.present(location):
            return []
        return [self.text(location + (index,)) for index in range(len(self.sequence(location)))]


class CardReader(Reader):
    """Typed access, and card ids checked against the card database (`cards`: id to a
    model object with its `kind`)."""

    def __init__(self, document: Document, cards: Mapping[str, Any]):
        super().__init__(document)
        self.cards = cards

    def card(self, location: Location, *kinds: str) -> str:
        data = self.value(location)
        if not isinstance(data, str):
            self.fail(location, "schema-type", Message("{location} must be a card id",
                                                       location=name(location)))
        card = self.cards.get(data)
        if card is None:
            self.fail(location, "unknown-id",
                      Message("unknown card id {card}: the card database has no such card",
                              card=repr(data)))
        if kinds and card.kind not in kinds:
            self.fail(location, "wrong-kind",
                      Message("card {card} is a {kind}, but {location} takes {kinds} cards",
                              card=repr(data), kind=card.kind, location=name(location),
                              kinds=' or '.join(kinds)))
        return data

    def cards_list(self, location: Location, *kinds: str) -> list[str]:
        return [self.card(location + (index,), *kinds)
                for index in range(len(self.sequence(location)))]


def read_hypothetical_cards(reader: CardReader, models: Mapping[str, type]) -> dict[str, Any]:
    """`hypothetical_cards`: cards a scenario makes up to show a rule no card of the
    database shows (or, in a random game, to stand where the database gives no values), by
    kind and id, each checked by the model of its kind (`models`) as in the card files.
    They join only this scenario's cards, never the database."""
    root = (HYPOTHETICAL,)
    reader.mapping(root, tuple(models))
    cards: dict[str, Any] = {}
    for kind, entries in reader.value(root).items():
        if entries is not None and not isinstance(entries, Mapping):
            reader.fail(root + (kind,), "schema-type",
                        Message("{location} must be a mapping from card ids to cards",
                                location=name(root + (kind,))))
        for card_id, raw in (entries or {}).items():
            here = root + (kind, card_id)
            if card_id in reader.cards or card_id in cards:
                reader.fail(here, "duplicate-id",
                            Message("id {card_id} is already a card's: a hypothetical card needs "
                                    "an id of its own", card_id=repr(card_id)), at_key=True)
            if not isinstance(raw, Mapping):
                reader.fail(here, "schema-type", Message("card {card_id} must be a mapping of "
                                                         "fields", card_id=repr(card_id)))
            card, problems = validation_problems(models[kind], {**raw, "id": card_id},
                                                 Origin(reader.document, "", here))
            if problems:
                raise Invalid(problems[0])
            cards[str(card_id)] = card
    return cards


def name(location: Location) -> str:
    return shown_location(location) or "the file"


LINES = "lines"
SECTION = "section"


def read_citations(reader: Reader, location: Location, rulebooks: Mapping[str, int],
                   languages: tuple[str, ...], locator: str = LINES) -> list[Citation]:
    """`sources`: each a rulebook file with its language and where in it: the lines cited
    (`lines: 806-998`) or, with `locator` SECTION, the section's heading (`section: ...`).

    `rulebooks` maps each file the game may cite to its number of lines, so a citation
    past the end of the file is refused; every language in `languages` must be cited.
    """
    citations = []
    for index in range(len(reader.sequence(location))):
        here = location + (index,)
        reader.mapping(here, ("file", "language", locator), required=("file", "language", locator))
        file = reader.one_of(here + ("file",), tuple(rulebooks))
        language = reader.one_of(here + ("language",), languages)
        if locator == SECTION:
            citations.append(Citation(file, language, section=reader.text(here + (SECTION,))))
        else:
            first, last = read_lines(reader, here + (LINES,), file, rulebooks[file])
            citations.append(Citation(file, language, first, last))
    if not citations:
        reader.fail(location, "schema-missing-field", Message("a scenario cites at least one rulebook"))
    missing = [language for language in languages
               if language not in {citation.language for citation in citations}]
    if missing:
        reader.fail(location, "schema-missing-field",
                    Message("sources must cite the rulebook in each of {languages}; missing: "
                            "{missing}", languages=', '.join(languages), missing=', '.join(missing)))
    return citations


def read_lines(reader: Reader, location: Location, file: str, length: int) -> tuple[int, int]:
    """A line (`1855`) or a range of lines (`806-998`) of a rulebook `length` lines long."""
    lines = reader.value(location)
    match = LINE_RANGE.match(str(lines)) if isinstance(lines, (str, int)) else None
    first = int(match.group(1)) if match else 0
    last = int(match.group(2) or first) if match else 0
    if not match or not 1 <= first <= last:
        reader.fail(location, "schema-type",
                    Message("{location} must be a line or a range such as 806-998",
                            location=name(location)))
    if last > length:
        reader.fail(location, "schema-range", Message("{location}: {file} has only {length} lines",
                                                      location=name(location), file=file,
                                                      length=length))
    return first, last


ChoiceReader = Callable[[Reader, Location], tuple[Any, str]]
ActionReader = Callable[[Reader, Location], Any]


@dataclass(frozen=True)
class Keys:
    """In a checkpoint schema: a mapping whose keys the scenario defines (the planets of
    its setup, say), each holding a value of the schema `inner`."""

    names: tuple[str, ...]
    inner: Any = None


@dataclass(frozen=True)
class StepGrammar:
    """What a game's steps may hold: its procedures, events, deciders and choices.

    `checkpoint` is the schema of the state's plain view: each field maps to the schema
    of its value, None for a value compared as a whole, or `Keys` for keys the scenario
    defines. Every key of every checkpoint is checked against it before the replay.
    """

    actions: Mapping[str, ActionReader]
    events: tuple[str, ...]
    actors: Callable[[], tuple[str, ...]]
    choices: Mapping[str, ChoiceReader]
    chance_kinds: frozenset[str]
    checkpoint: Mapping[str, Any]


def read_steps(reader: Reader, location: Location, grammar: StepGrammar) -> list[Step]:
    steps = [_step(reader, location + (index,), index + 1, grammar)
             for index in range(len(reader.sequence(location)))]
    if not steps:
        reader.fail(location, "schema-missing-field", Message("a scenario needs at least one step"))
    if steps[0].action is None:
        reader.fail(location + (0,), "schema-missing-field",
                    Message("the first step needs 'do': the procedure the example starts with"))
    return steps


def _step(reader: Reader, location: Location, number: int, grammar: StepGrammar) -> Step:
    spec = reader.mapping(location, ("narrates", "do", "until", "times", "decisions", "expect"),
                          required=("narrates",))
    narrates = reader.text(location + ("narrates",))
    action = _action(reader, location + ("do",), grammar) if "do" in spec else None
    until = (reader.one_of(location + ("until",), grammar.events + (END,))
             if "until" in spec else END)
    times = reader.integer(location + ("times",), 1) if "times" in spec else 1
    decisions = [_decision(reader, location + ("decisions", index), grammar)
                 for index in range(len(reader.sequence(location + ("decisions",))))
                 ] if "decisions" in spec else []
    expect = expect_position = None
    if "expect" in spec:
        reader.mapping(location + ("expect",), tuple(grammar.checkpoint))
        check_checkpoint(reader, location + ("expect",), grammar.checkpoint)
        expect = plain(spec["expect"])
        expect_position = reader.position(location + ("expect",))
    return Step(number, reader.position(location), narrates, action, until, times, decisions,
                expect, expect_position)


def check_checkpoint(reader: Reader, location: Location, schema: Mapping[str, Any] | Keys):
    """Every key of a checkpoint, nested ones included, names a field of the state's view,
    so a misspelt key fails the load at its own line, not the comparison at `expect`."""
    data = reader.value(location)
    if not isinstance(data, Mapping):
        return
    for key in data:
        if isinstance(schema, Keys):
            allowed, inner = schema.names, schema.inner
        else:
            allowed, inner = tuple(schema), schema.get(str(key))
        if str(key) not in allowed:
            close = difflib.get_close_matches(str(key), allowed, n=1)
            field = name(location + (key,))
            reader.fail(location + (key,), "schema-unknown-field",
                        Message("{field} is no field of the game state; did you mean {close}?",
                                field=field, close=repr(close[0])) if close
                        else Message("{field} is no field of the game state; expected one of: "
                                     "{allowed}", field=field,
                                     allowed=", ".join(allowed) or "nothing"),
                        at_key=True)
        if isinstance(inner, (Mapping, Keys)):
            check_checkpoint(reader, location + (key,), inner)


def _action(reader: Reader, location: Location, grammar: StepGrammar) -> Action:
    spec = reader.mapping(location, tuple(grammar.actions))
    if len(spec) != 1:
        reader.fail(location, "schema-rule",
                    Message("'do' names exactly one procedure, one of: {actions}",
                            actions=', '.join(grammar.actions)))
    action = next(iter(spec))
    arguments = grammar.actions[action](reader, location + (action,))
    return Action(action, arguments, reader.position(location))


def _decision(reader: Reader, location: Location, grammar: StepGrammar) -> ScriptedDecision:
    spec = reader.mapping(location, ("by", "forced") + tuple(grammar.choices), required=("by",))
    kinds = [key for key in spec if key not in ("by", "forced")]
    if len(kinds) != 1:
        reader.fail(location, "schema-rule",
                    Message("a decision names who decides ('by') and exactly one kind of choice"))
    kind = kinds[0]
    actor = reader.one_of(location + ("by",), grammar.actors())
    if (actor == CHANCE) != (kind in grammar.chance_kinds):
        reader.fail(location + ("by",), "schema-rule",
                    Message("only chance decides {chance_kinds}, and chance decides nothing else",
                            chance_kinds=', '.join(sorted(grammar.chance_kinds))))
    choice, shown = grammar.choices[kind](reader, location + (kind,))
    forced = reader.flag(location + ("forced",)) if "forced" in spec else False
    return ScriptedDecision(actor, kind, choice, reader.position(location), shown, forced)


def plain(data: Any) -> Any:
    """Round-trip containers as plain dicts, lists and scalars."""
    if isinstance(data, Mapping):
        return {str(key): plain(value) for key, value in data.items()}
    if isinstance(data, list):
        return [plain(value) for value in data]
    if isinstance(data, str):
        return str(data)
    return data
