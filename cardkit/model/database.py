"""Builds the Database from loaded sources: every card and text validated against its model.

Schema problems (wrong type, out of range, unknown or missing field) are reported here,
with the position of the offending value, because only here is each value checked
against its model.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from cardkit.messages import Message, Plural
from cardkit.model.base import CardModel
from cardkit.model.box import Box
from cardkit.model.declared import declare_game, reference_problems
from cardkit.model.games import BUILT_IN, GAMES, use_declared, with_article
from cardkit.model.kinds import CardKind, Game
from cardkit.model.glossary import Glossary, GlossaryTerm
from cardkit.model.phrasebook import Phrasebook
from cardkit.model.provenance import CITATION_TAGS
from cardkit.model.texts import Entry
from cardkit.problems import Position, Problem, error, shown_location
from cardkit.source.layout import SOURCE_LANGUAGE
from cardkit.source.layout import discover
from cardkit.source.tree import Sources, load_sources
from cardkit.source.yamlfile import Document, Location, load_yaml


@dataclass(frozen=True)
class Origin:
    """Where a card or text entry was read from."""

    document: Document
    game: str
    prefix: Location = ()

    @property
    def key(self) -> str | None:
        return self.prefix[0] if self.prefix else None

    def position(self, location: Location = ()) -> Position:
        return self.document.position(self.prefix + tuple(location))

    def key_position(self, location: Location = ()) -> Position:
        return self.document.key_position(self.prefix + tuple(location))


@dataclass
class Database:
    cards: dict[str, CardModel] = field(default_factory=dict)
    card_origins: dict[str, Origin] = field(default_factory=dict)
    card_kinds: dict[str, str] = field(default_factory=dict)
    # Ids whose facts failed their checks: reported once, and not again through their texts.
    invalid_cards: set[str] = field(default_factory=set)
    languages: list[str] = field(default_factory=list)
    texts: dict[str, dict[str, Entry]] = field(default_factory=dict)
    text_origins: dict[tuple[str, str], Origin] = field(default_factory=dict)
    invalid_texts: set[tuple[str, str]] = field(default_factory=set)
    # (language or None for the facts, game, kind) of files that could not be read at all:
    # what they would hold is unknown, so nothing is reported as missing from them.
    unreadable: set[tuple[str | None, str, str]] = field(default_factory=set)
    # (language, game) of every language folder that holds a file of the game: a language
    # with no folder for a game has not begun translating it.
    begun: set[tuple[str, str]] = field(default_factory=set)
    boxes: dict[str, Box] = field(default_factory=dict)
    box_origins: dict[str, Origin] = field(default_factory=dict)
    glossaries: dict[str, Glossary] = field(default_factory=dict)
    glossary_origins: dict[tuple[str, str], Origin] = field(default_factory=dict)
    # Every term id each glossary file names, valid or not.
    glossary_keys: dict[str, set[str]] = field(default_factory=dict)
    # The terms each glossary names but has not chosen yet (left out of `glossaries`).
    unfilled_terms: dict[str, dict[str, Origin]] = field(default_factory=dict)
    phrasebooks: dict[str, Phrasebook] = field(default_factory=dict)
    phrasebook_origins: dict[str, Origin] = field(default_factory=dict)
    # Games whose declaration in data has errors: their files are not read, and not
    # reported as of an unknown game either (the declaration's problems say why).
    undeclared: set[str] = field(default_factory=set)

    @property
    def translations(self) -> list[str]:
        return [language for language in self.languages if language != SOURCE_LANGUAGE]

    def cards_of_kind(self, kind: str, game: str | None = None) -> list[CardModel]:
        """The cards of a kind, of one game or (None) of every game that has the kind."""
        return [card for card in self.cards.values()
                if card.kind == kind and (game is None or self.game_of(card.id) == game)]

    def game_of(self, card_id: str) -> str:
        return self.card_origins[card_id].game

    @property
    def games(self) -> list[str]:
        """The games the database holds cards or a box of, in name order."""
        return sorted({origin.game for origin in self.card_origins.values()} | set(self.boxes))

    def text(self, language: str, card_id: str) -> Entry | None:
        return self.texts.get(language, {}).get(card_id)

    def locale_file(self, language: str, card_id: str) -> Path:
        """The file, under the root, that holds the card's texts in `language` or will hold
        them: the one its entry is in, else the card's own file mirrored under
        `locales/<language>/` (`cards/duel/aliens.yaml`: `locales/de/duel/aliens.yaml`)."""
        origin = self.text_origins.get((language, card_id))
        if origin is not None:
            return origin.document.path
        return Path("locales", language, *self.card_origins[card_id].document.path.parts[1:])


def load_database(root: Path) -> tuple[Database, list[Problem], int]:
    """The database under `root`, every problem found reading and building it, and the
    number of files read."""
    sources = load_sources(root)
    database, problems = assemble(sources)
    return database, sources.problems + problems, len(sources.all_documents())


class DatabaseHasErrors(Exception):
    """The database has errors, so a command that needs it whole cannot run."""

    def __init__(self, root: Path, errors: list[Problem]):
        self.errors = errors
        super().__init__(Plural("the database under {root} has {count} error; `cardkit validate` "
                                "lists it",
                                "the database under {root} has {count} errors; `cardkit validate` "
                                "lists them", count=len(errors), root=root))


def assemble(sources: Sources) -> tuple[Database, list[Problem]]:
    database = Database(languages=list(sources.layout.languages))
    problems: list[Problem] = []
    database.undeclared = _declare_games(sources, problems)
    for game, document in sources.box_documents.items():
        if game in database.undeclared:
            continue
        if game not in GAMES:
            problems.append(_unknown_game(document, game))
            continue
        validated = _validate_whole(GAMES[game].box, document, game, problems)
        if validated is not None:
            database.boxes[game], database.box_origins[game] = validated
    for card_file, document in sources.card_documents:
        if card_file.game in database.undeclared:
            continue
        kind = _kind_of_file(document, card_file.game, card_file.stem, problems)
        if kind is None:
            continue
        model = kind.facts
        if document.data is None and document.problems:
            database.unreadable.add((None, card_file.game, kind.name))
        for key, raw, origin in _entries(document, card_file.game, problems):
            if key in database.card_origins:
                problems.append(_duplicate(origin, database.card_origins[key], "card"))
                continue
            card = _validated_entry(model, key, raw, origin, problems)
            database.card_origins[key] = origin
            database.card_kinds[key] = kind.name
            if card is None:
                database.invalid_cards.add(key)
            else:
                database.cards[key] = card
        database.invalid_cards.update(document.rejected_keys)
    for language, document in sources.glossary_documents.items():
        glossary = database.glossaries.setdefault(language, {})
        if isinstance(document.data, dict):
            database.glossary_keys[language] = {str(key) for key in document.data}
        for key, raw, origin in _entries(document, "", problems, what="term"):
            if "term" in raw and raw["term"] is None:  # left empty, as `cardkit i18n init` writes it
                database.unfilled_terms.setdefault(language, {})[key] = origin
                continue
            term = _validated_entry(GlossaryTerm, key, raw, origin, problems, with_id=False)
            if term is not None:
                glossary[key] = term
                database.glossary_origins[(language, key)] = origin
    for language, document in sources.phrasebook_documents.items():
        validated = _validate_whole(Phrasebook, document, "", problems)
        if validated is not None:
            database.phrasebooks[language], database.phrasebook_origins[language] = validated
    for locale_file, document in sources.locale_documents:
        language = locale_file.language
        texts = database.texts.setdefault(language, {})
        database.begun.add((language, locale_file.game))
        if locale_file.game in database.undeclared:
            continue
        kind = _kind_of_file(document, locale_file.game, locale_file.stem, problems)
        if kind is None:
            continue
        model = kind.texts
        if model is None:
            problems.append(error(Position(document.path), "untranslatable-kind",
                                  Message("{kind} cards have no text to translate; remove this "
                                          "file", kind=kind.name)))
            continue
        if document.data is None and document.problems:
            database.unreadable.add((language, locale_file.game, kind.name))
        for key, raw, origin in _entries(document, locale_file.game, problems):
            card_origin = database.card_origins.get(key)
            if card_origin is not None and card_origin.game != locale_file.game:
                problems.append(error(origin.key_position(), "wrong-game",
                                      Message("{card} is a card of {game}, but its text is filed "
                                              "with the texts of {filed}", card=repr(key),
                                              game=card_origin.game, filed=locale_file.game),
                                      card_id=key))
                continue
            card_kind = database.card_kinds.get(key)
            if card_kind is not None and card_kind != kind.name:
                problems.append(error(origin.key_position(), "wrong-kind",
                                      Message("{card} is {kind} card, but its text is filed "
                                              "with the {filed} cards", card=repr(key),
                                              kind=with_article(card_kind), filed=kind.name),
                                      card_id=key))
                continue
            if (language, key) in database.text_origins:
                problems.append(_duplicate(origin, database.text_origins[(language, key)], "text"))
                continue
            entry = _validated_entry(model, key, raw, origin, problems)
            database.text_origins[(language, key)] = origin
            if entry is None:
                database.invalid_texts.add((language, key))
            else:
                texts[key] = entry
        database.invalid_texts.update((language, key) for key in document.rejected_keys)
    problems += reference_problems(database)
    return database, problems


def declare_games(root: Path) -> list[Problem]:
    """Registers the games the database under `root` declares in data, reading nothing
    else; the problems of their declarations."""
    sources = Sources(discover(root))
    for game, path in sources.layout.game_files.items():
        sources.game_documents[game] = load_yaml(path, sources.layout.shown(path), root=sources.layout.root,
                                                 round_trip=False)
    problems: list[Problem] = []
    _declare_games(sources, problems)
    return problems


def _declare_games(sources: Sources, problems: list[Problem]) -> set[str]:
    """Registers the games the sources declare in data, in place of any declared before;
    the names of those whose declaration has errors."""
    declared, failed = [], set()
    for game, document in sorted(sources.game_documents.items()):
        if game in BUILT_IN:
            problems.append(error(document.position(()), "game-declaration", Message(
                "the game {game} is built into cardkit; a declaration cannot replace it",
                game=game)))
            continue
        made, found = _declared_game(game, document)
        problems += found
        if made is not None:
            declared.append(made)
        else:
            failed.add(game)
    use_declared(declared)
    return failed


# The last good declaration of each game by its file and text, with what checking it found:
# the workbench assembles the database again for every draft, and building a declared game's
# models (pydantic) is most of that.
_DECLARED: dict[str, tuple[tuple[Path, str], Game, list[Problem]]] = {}


def _declared_game(game: str, document: Document) -> tuple[Game | None, list[Problem]]:
    """`declare_game`, the Game and its problems reused while the declaration's file and text
    are the same (a problem names the file)."""
    kept = _DECLARED.get(game)
    read_as = (document.path, document.text)
    if document.text is not None and kept is not None and kept[0] == read_as:
        return kept[1], list(kept[2])
    made, found = declare_game(game, document)
    if made is not None and document.text is not None:
        _DECLARED[game] = (read_as, made, list(found))
    return made, found


def _unknown_game(document: Document, game: str) -> Problem:
    return error(Position(document.path), "unknown-game",
                 Message("no game is named {game}; the games are: {games}", game=repr(game),
                         games=", ".join(sorted(GAMES))))


def _kind_of_file(document: Document, game: str, stem: str,
                  problems: list[Problem]) -> CardKind | None:
    """The card kind a file of `game` holds by its name, or None and the problem why not."""
    if game not in GAMES:
        problems.append(_unknown_game(document, game))
        return None
    kind = GAMES[game].kind_in_file(stem)
    if kind is None:
        problems.append(error(Position(document.path), "unknown-file",
                              Message("file name says no card kind of {game}; expected one of: "
                                      "{names}", game=game,
                                      names=", ".join(GAMES[game].file_names))))
    return kind


def _entries(document: Document, game: str, problems: list[Problem], what: str = "card"):
    data = document.data
    if data is None:
        return
    if not isinstance(data, dict):
        problems.append(error(document.position(()), "schema-type",
                              Message("this file is a mapping from card ids to cards")
                              if what == "card" else
                              Message("this file is a mapping from term ids to terms")))
        return
    for key, raw in data.items():
        if key in document.rejected_keys:
            continue
        origin = Origin(document, game, (key,))
        if not isinstance(key, str):
            value = _kind_of_value(key)
            problems.append(error(origin.key_position(), "schema-type",
                                  Message("card ids are text, not {value}", value=value)
                                  if what == "card" else
                                  Message("term ids are text, not {value}", value=value)))
            continue
        if not isinstance(raw, dict):
            value = _kind_of_value(raw)
            problems.append(error(origin.position(), "schema-type",
                                  Message("card {card} must be a mapping of fields, not {value}",
                                          card=repr(key), value=value)
                                  if what == "card" else
                                  Message("term {term} must be a mapping of fields, not {value}",
                                          term=repr(key), value=value), card_id=key))
            document.rejected_keys.add(key)
            continue
        if "id" in raw:
            problems.append(error(origin.key_position(("id",)), "schema-unknown-field",
                                  Message("unknown field 'id': a card's id is the key it is "
                                          "filed under"), card_id=key))
            document.rejected_keys.add(key)
            continue
        yield key, raw, origin


def _duplicate(origin: Origin, first: Origin, what: str) -> Problem:
    first_position = first.key_position()
    shown = {"id": repr(origin.key), "first": first_position}
    message = (Message("id {id} is already used by a card at {first}", **shown) if what == "card"
               else Message("id {id} is already used by a text at {first}", **shown))
    return error(origin.key_position(), "duplicate-id", message, card_id=origin.key,
                 related=(first_position,))


def _validate_whole(model: type[BaseModel], document: Document, game: str,
                    problems: list[Problem]) -> tuple[Any, Origin] | None:
    """A file that is one model as a whole (box.yaml, phrasebook.yaml), with its origin."""
    if document.rejected_keys:
        return None  # a value was cut out of it, and reported where it stood
    if not isinstance(document.data, dict):
        if not document.problems:
            problems.append(error(document.position(()), "schema-type",
                                  Message("{file} is a mapping of fields",
                                          file=document.path.name)))
        return None
    origin = Origin(document, game)
    value = _validate(model, dict(document.data), origin, problems)
    return None if value is None else (value, origin)


def _validated_entry(model: type[BaseModel], key: str, raw: dict, origin: Origin,
                     problems: list[Problem], with_id: bool = True) -> Any:
    """The entry `key` of the origin's document validated by `model` (its id added where
    the model has one), or None; its problems added to `problems`. Made once per document
    and model: the document keeps it."""
    made = origin.document.validated
    if (model, key) not in made:
        found: list[Problem] = []
        payload = {**raw, "id": key} if with_id else dict(raw)
        made[model, key] = (_validate(model, payload, origin, found), found)
    value, found = made[model, key]
    problems += found
    return value


def validation_problems(model: type[BaseModel], payload: dict,
                        origin: Origin) -> tuple[Any, list[Problem]]:
    """`payload` validated by `model`, or None and every problem at its position in origin."""
    problems: list[Problem] = []
    return _validate(model, payload, origin, problems), problems


def _validate(model: type[BaseModel], payload: dict, origin: Origin,
              problems: list[Problem]) -> Any:
    try:
        return model.model_validate(payload)
    except ValidationError as exc:
        for detail in exc.errors(include_url=False):
            problems.append(_schema_problem(model, detail, payload, origin))
        return None


def _schema_problem(model: type[BaseModel], detail: dict, raw: dict, origin: Origin) -> Problem:
    location = _data_location(raw, detail["loc"])
    kind = detail["type"]
    here = origin.position(location)
    name = shown_location(location) or origin.key or "file"
    value = detail.get("input")
    context = detail.get("ctx") or {}
    suggestion = None
    # The one field at fault.
    about = _data_path(location) if location and location != ("id",) else None
    if location == ("id",):
        here = origin.key_position()
    elif kind == "missing":
        here = origin.key_position(location[:-1])
    elif not location or kind in ("fact_missing", "union_tag_not_found"):
        here = origin.key_position(location)
    elif kind == "union_tag_invalid":
        here = origin.position(location + (context.get("discriminator", "").strip("'"),))
    if kind in ("missing", "fact_missing", "union_tag_not_found"):
        missing = context.get("field") or context.get("discriminator", "").strip("'") or name
        at = location + (missing,) if kind != "missing" else location
        path = shown_location(at) or name
        code, about = "schema-missing-field", _data_path(at) or name
        message = (Message("missing field '{path}' (list it under 'unknown' if the rulebooks do "
                           "not give it)", path=path) if kind == "fact_missing"
                   else Message("missing field '{path}'", path=path))
    elif kind == "extra_forbidden":
        here = origin.key_position(location)
        allowed = _allowed_fields(model, location)
        close = difflib.get_close_matches(str(location[-1]), allowed, n=1)
        suggestion = close[0] if close else None
        code = "schema-unknown-field"
        message = (Message("unknown field '{name}'; did you mean '{suggestion}'?", name=name,
                           suggestion=suggestion) if suggestion
                   else Message("unknown field '{name}'", name=name))
    elif kind in ("literal_error", "union_tag_invalid", "enum"):
        expected = context.get("expected") or context.get("expected_tags", "")
        code = "schema-range"
        message = Message("{name}: {value} is not one of {expected}", name=name,
                          value=_show(value if kind != "union_tag_invalid" else context.get("tag")),
                          expected=expected)
        options = [option.strip(" '") for option in str(expected).replace(" or ", ",").split(",")]
        close = difflib.get_close_matches(str(context.get("tag", value)), options, n=1)
        suggestion = close[0] if close else None
    elif kind in _LIMITS:
        limit = next(context[bound] for bound in ("ge", "le", "gt", "lt", "min_length", "max_length")
                     if bound in context)
        if isinstance(limit, float) and limit.is_integer():
            limit = int(limit)  # as pydantic says it: "less than or equal to 1"
        code = "schema-range"
        message = Message("{name}: {value} is out of range: {limit}", name=name, value=_show(value),
                          limit=_LIMITS[kind].with_values(limit=limit))
    elif kind == "control_character":
        code, message = "control-character", Message("{name}: {detail}", name=name,
                                                     detail=context["message"])
    elif kind == "blank_text":
        code = "blank-text"
        message = Message("{name}: {detail}; write the text, or leave the field out", name=name,
                          detail=context["message"])
    elif kind == "string_pattern_mismatch":
        code = "schema-range"
        message = (Message("{name}: {value} is not a valid id (lowercase letters, digits and "
                           "hyphens)", name=name, value=_show(value))
                   if "a-z0-9]+(-" in str(context.get("pattern"))
                   else Message("{name}: {value} is malformed", name=name, value=_show(value)))
    elif kind.endswith("_type") or kind in ("model_attributes_type", "dict_type", "list_type"):
        expected = _TYPE_NAMES.get(kind, kind.removesuffix("_type"))
        code = "schema-type"
        message = Message("{name}: expected {expected}, got {value}", name=name, expected=expected,
                          value=_kind_of_value(value))
    else:
        # A model's own rule says its message; pydantic's other errors say theirs in English.
        code = "schema-rule"
        message = Message("{name}: {detail}", name=name,
                          detail=context.get("message", detail["msg"]))
    return error(here, code, message, suggestion=suggestion, card_id=origin.key, field=about)


def _data_path(location: tuple) -> str:
    """A place in an entry as `Problem.field` names it: list items from 0, as the data is
    addressed (messages count them from 1, `shown_location`)."""
    return ".".join(str(step) for step in location)


# What a value out of its model's bounds should be, by pydantic's error type; the bound is
# filled in where the problem is made.
_LIMITS = {
    "greater_than_equal": Message("input should be greater than or equal to {limit}"),
    "less_than_equal": Message("input should be less than or equal to {limit}"),
    "greater_than": Message("input should be greater than {limit}"),
    "less_than": Message("input should be less than {limit}"),
    "too_short": Message("its length should be at least {limit}"),
    "string_too_short": Message("its length should be at least {limit}"),
    "too_long": Message("its length should be at most {limit}"),
    "string_too_long": Message("its length should be at most {limit}"),
}


_TYPE_NAMES = {
    "int_type": Message("a whole number"),
    "string_type": Message("text"),
    "bool_type": Message("true or false"),
    "dict_type": Message("a mapping"),
    "model_type": Message("a mapping"),
    "model_attributes_type": Message("a mapping"),
    "list_type": Message("a list"),
    "float_type": Message("a number"),
}


def _data_location(raw: dict, loc: tuple) -> Location:
    """Pydantic's error location without the tags it inserts for discriminated unions."""
    location: list = []
    node: Any = {**raw}
    for step in loc:
        if isinstance(node, dict) and step not in node and (
                step in (node.get("effect"), node.get("kind")) or step in CITATION_TAGS):
            continue
        location.append(step)
        try:
            node = node[step]
        except (KeyError, IndexError, TypeError):
            node = None
    return tuple(location)


def _allowed_fields(model: type[BaseModel], location: Location) -> list[str]:
    """The field names allowed where an unknown field stands, for suggestions: of each
    model that may stand there (a citation is of one of two kinds)."""
    current: list[Any] = [model]
    for step in location[:-1]:
        following: list[Any] = []
        for candidate in current:
            fields = getattr(candidate, "model_fields", {})
            # A step that is no field is a mapping key or list index: its elements share one model.
            following += _models_in(fields[step].annotation) if step in fields else [candidate]
        current = following
    names = [name for candidate in current for name in getattr(candidate, "model_fields", {})
             if name not in ("id", "kind")]
    return list(dict.fromkeys(names))


def _models_in(annotation: Any) -> list[type[BaseModel]]:
    """The pydantic models inside an annotation such as `Prize | None`, `dict[str, Power]`
    or the union of citations."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    found = []
    for argument in getattr(annotation, "__args__", ()) or ():
        found += _models_in(argument)
    metadata = getattr(annotation, "__origin__", None)
    if not found and metadata not in (None, annotation):
        found = _models_in(metadata)
    return list(dict.fromkeys(found))


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _kind_of_value(value: Any) -> Message | str:
    if value is None:
        return Message("nothing")
    if isinstance(value, bool):
        return Message("true/false ({value})", value=str(value).lower())
    if isinstance(value, int):
        return Message("a number ({value})", value=value)
    if isinstance(value, float):
        return Message("a decimal number ({value})", value=value)
    if isinstance(value, str):
        return Message("text ({value})", value=_show(value))
    if isinstance(value, dict):
        return Message("a mapping")
    if isinstance(value, list):
        return Message("a list")
    return type(value).__name__

