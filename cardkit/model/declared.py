"""A game declared in data: `cards/<game>/game.yaml` says what its cards are, and this module
turns it into the same models the games written in Python have, registered in the same
registry (`model/games.py`), so everything that follows from a game's models (validation,
`cardkit new`, the sheets, the JSON export and its schema, status, the checks on texts, the
translators' exchange, the faces) works for it unchanged.

A declaration names the game's title per language and its kinds; each kind its file, its
facts with their types, which are required and which may be left `unknown`, the texts
translated into each language (the name always), its deck and the template of its face.
docs/data.md, "Adding a game", describes the file for its writers.

Every problem of a declaration is reported at once, each at its line and column; a game
whose declaration has any is not registered, and its files are then reported as of an
unknown game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field, StringConstraints, create_model

from cardkit.messages import Message
from cardkit.model.base import ArtPath, CardId, CardModel, NotBlank
from cardkit.model.box import Box, Count
from cardkit.model.kinds import CardKind, Game
from cardkit.model.texts import Entry, NamedEntry, Text
from cardkit.problems import Problem, error
from cardkit.source.layout import SOURCE_LANGUAGE
from cardkit.source.yamlfile import Document, Location

DECLARATION_FILE = "game.yaml"
GENERIC_TEMPLATE = "cards/_declared.html"
CODE = "game-declaration"

SCALAR_TYPES = ("text", "integer", "number", "choice", "reference", "yes-no", "picture")
TYPES = (*SCALAR_TYPES, "list")
TEXT_ROLES = ("rule", "flavour")
# Fields every card or text has already (model/base.py, model/texts.py): no fact or text
# may take their names.
RESERVED = ("id", "kind", "name", "unknown", "sources", "art", "provisional", "translated_from",
            "notes", "silence")
FACT_NAME = re.compile(r"^[a-z][a-z_]*$")
KIND_NAME = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")
LANGUAGE = re.compile(r"^[a-z]{2,3}$")

GAME_KEYS = ("title", "kinds")
KIND_KEYS = ("file", "label", "facts", "shows", "texts", "deck", "template")
# A built-in game's faces and backs are its own templates: what a generic face reads (label,
# shows, deck) has no place there; `code` says what of a kind its Python plug-in holds.
BUILT_IN_KIND_KEYS = ("file", "facts", "texts", "template", "code")
FACT_KEYS = {"text": ("type", "label", "required", "unknown", "max_length"),
             "integer": ("type", "label", "required", "unknown", "min", "max"),
             "number": ("type", "label", "required", "unknown", "min", "max"),
             "choice": ("type", "label", "required", "unknown", "values"),
             "reference": ("type", "label", "required", "unknown", "kind"),
             "yes-no": ("type", "label", "required", "unknown"),
             "picture": ("type", "label", "required", "unknown"),
             "list": ("type", "label", "required", "unknown", "of", "min_items", "max_items")}


@dataclass(frozen=True)
class DeclaredFact:
    name: str
    type: str
    labels: dict[str, str]
    # For a list, the type of its items; for a reference (or a list of them), the kind.
    item_type: str | None = None
    refers_to: str | None = None

    def label_in(self, language: str) -> str:
        return _in_language(self.labels, language) or self.name.replace("_", " ").capitalize()

    def shown(self, card: CardModel, name_of=str) -> str:
        """The fact's value as a face prints it; `name_of` gives the name a reference
        prints for a card's id."""
        value = getattr(card, self.name)
        show = name_of if self.refers_to is not None else _plain
        if isinstance(value, list):
            return ", ".join(show(item) for item in value)
        return show(value)


@dataclass(frozen=True)
class DeclaredText:
    name: str
    role: str  # `rule` or `flavour`


@dataclass(frozen=True)
class DeclaredKind:
    """What a face needs of a declared kind: its label, the facts it shows, its texts."""

    labels: dict[str, str]
    deck: str
    facts: tuple[DeclaredFact, ...]
    shows: tuple[str, ...]
    texts: tuple[DeclaredText, ...]

    def label_in(self, language: str) -> str:
        return _in_language(self.labels, language)

    @property
    def shown_facts(self) -> list[DeclaredFact]:
        return [fact for fact in self.facts if fact.name in self.shows]

    @property
    def off_face(self) -> tuple[str, ...]:
        """The facts the face does not show, and the flavour texts: their being unknown
        leaves the face whole."""
        return (tuple(fact.name for fact in self.facts if fact.name not in self.shows)
                + tuple(text.name for text in self.texts if text.role == "flavour"))


@dataclass(frozen=True)
class DeclaredGame:
    titles: dict[str, str]
    kinds: dict[str, DeclaredKind] = field(default_factory=dict)

    def title_in(self, language: str) -> str:
        return _in_language(self.titles, language)

    def back_label(self, back: str, language: str) -> str | None:
        """The label of the back a deck of the game wears, or None for no deck of it: the
        labels of the kinds shuffled into the deck."""
        labels = [kind.label_in(language) for kind in self.kinds.values() if kind.deck == back]
        return " / ".join(labels) if labels else None


def _in_language(texts: dict[str, str], language: str) -> str:
    return texts.get(language) or texts.get(SOURCE_LANGUAGE) or next(iter(texts.values()), "")


def _plain(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


@dataclass(frozen=True)
class PlugIn:
    """What Python says of a kind of a built-in game beside its declaration. `facts` is the
    model of what no declaration can express (nested facts, structured effects, rules across
    facts, computed texts): the whole kind when the declaration adds no fact, else the base the
    declared facts are added to; `texts` the model of its texts then (None: nothing to
    translate). `class_name` names the model made from the declaration."""

    facts: type[CardModel] | None = None
    texts: type[Entry] | None = None
    class_name: str | None = None


@dataclass(frozen=True)
class BuiltIn:
    """A game that ships with cardkit: its declaration inside the package, its box model and
    its kinds' plug-ins. Its faces are its own templates, `cards/<game>/<kind>.html`."""

    box: type[Box]
    plug_ins: dict[str, PlugIn] = field(default_factory=dict)


class DeclaredCard(CardModel):
    """The base of every declared kind's facts: its texts are the name and those declared."""

    TEXT_PATHS: ClassVar[tuple[str, ...]] = ()

    def text_paths(self) -> list[str]:
        return ["name", *type(self).TEXT_PATHS]


class DeclaredBox(Box):
    """A declared game's box: how many cards of each kind, under the kind's file name, each
    optional; a kind whose count is not given is not counted."""

    def expected(self) -> dict[str, int]:
        return {kind: getattr(self, name) for kind, name in self.FIELD_BY_KIND.items()
                if getattr(self, name) is not None}


class _Reader:
    """Walks a declaration's data, collecting every problem with its position."""

    def __init__(self, document: Document):
        self.document = document
        self.problems: list[Problem] = []

    def report(self, location: Location, message: Message, *, at_key: bool = False) -> None:
        position = (self.document.key_position(location) if at_key
                    else self.document.position(location))
        self.problems.append(error(position, CODE, message))

    def mapping(self, value: Any, location: Location, what: str) -> dict | None:
        if isinstance(value, dict):
            return value
        self.report(location, Message("{what} must be a mapping", what=what))
        return None

    def keys(self, value: dict, location: Location, allowed: tuple[str, ...], what: str) -> None:
        for key in value:
            if key not in allowed:
                self.report((*location, key), Message(
                    "unknown key {key} in {what}; the keys are: {keys}", key=repr(key), what=what,
                    keys=", ".join(allowed)), at_key=True)

    def languages(self, value: Any, location: Location, what: str) -> dict[str, str]:
        """A text per language: `{en: ..., es: ...}`, English included."""
        texts = self.mapping(value, location, what)
        if texts is None:
            return {}
        found = {}
        for language, text in texts.items():
            if not isinstance(language, str) or not LANGUAGE.match(language):
                self.report((*location, language), Message(
                    "{what}: {language} is not a language code such as en or es", what=what,
                    language=repr(language)), at_key=True)
            elif not isinstance(text, str) or not text.strip():
                self.report((*location, language), Message("{what} in {language} must be text",
                                                           what=what, language=language))
            else:
                found[language] = text
        if found and SOURCE_LANGUAGE not in texts:
            self.report(location, Message("{what} has no English ({language}) wording",
                                          what=what, language=SOURCE_LANGUAGE))
        return found

    def flag(self, value: dict, key: str, location: Location) -> bool:
        flag = value.get(key, False)
        if not isinstance(flag, bool):
            self.report((*location, key), Message("{key} must be true or false", key=key))
            return False
        return flag

    def number(self, value: dict, key: str, location: Location, whole: bool) -> Any:
        given = value.get(key)
        if given is None:
            return None
        if isinstance(given, bool) or not isinstance(given, int if whole else (int, float)):
            self.report((*location, key), Message("{key} must be a whole number", key=key) if whole
                        else Message("{key} must be a number", key=key))
            return None
        return given


def declare_game(name: str, document: Document,
                 built_in: BuiltIn | None = None) -> tuple[Game | None, list[Problem]]:
    """The game `name` as its declaration says it, or None and every problem of the
    declaration. `built_in` for a game that ships with cardkit: its box and plug-ins."""
    reader = _Reader(document)
    data = document.data
    if data is None:
        return None, reader.problems  # unreadable: the reading problems say why
    top = reader.mapping(data, (), "a game declaration")
    if top is None:
        return None, reader.problems
    reader.keys(top, (), GAME_KEYS, "the game")
    titles = {}
    if "title" in top:
        titles = reader.languages(top["title"], ("title",), "title")
    else:
        reader.report((), Message("missing {key} in {what}", key="title", what="the game"))
    raw_kinds = top.get("kinds")
    if raw_kinds is None:
        reader.report((), Message("missing {key} in {what}", key="kinds", what="the game"))
        raw_kinds = {}
    raw_kinds = reader.mapping(raw_kinds, ("kinds",), "kinds") or {}
    kind_names = [kind for kind in raw_kinds if isinstance(kind, str) and KIND_NAME.match(kind)]
    for kind in raw_kinds:
        if kind not in kind_names:
            reader.report(("kinds", kind), Message(
                "{name} is not a kind name: lowercase letters, digits and hyphens",
                name=repr(kind)), at_key=True)
    for kind in built_in.plug_ins if built_in is not None else ():
        if kind not in raw_kinds:
            reader.report(("kinds",), Message(
                "a plug-in is registered for the kind {kind}, which the declaration does not "
                "declare", kind=kind))
    files: dict[str, str] = {}
    parts = []
    for kind in kind_names:
        built = _kind(reader, name, kind, raw_kinds[kind], kind_names, files, built_in)
        if built is not None:
            parts.append(built)
    if reader.problems:
        return None, reader.problems
    title = titles.get(SOURCE_LANGUAGE, name)
    if built_in is not None:
        return Game(name, tuple(kind for kind, _ in parts), built_in.box, title), []
    declared = DeclaredGame(titles, {kind.name: declaration for kind, declaration in parts})
    box_fields: dict[str, Any] = {kind.file_stem: (Count | None, None) for kind, _ in parts}
    box = create_model(f"{_class_name(name)}Box", __base__=DeclaredBox, **box_fields)
    box.FIELD_BY_KIND = {kind.name: kind.file_stem for kind, _ in parts}
    return Game(name, tuple(kind for kind, _ in parts), box, title, declared=declared), []


def _kind(reader: _Reader, game: str, kind: str, raw: Any, kinds: list[str], files: dict[str, str],
          built_in: BuiltIn | None) -> tuple[CardKind, DeclaredKind | None] | None:
    location: Location = ("kinds", kind)
    spec = reader.mapping(raw, location, f"the kind {kind}")
    if spec is None:
        return None
    what = f"the kind {kind}"
    reader.keys(spec, location, KIND_KEYS if built_in is None else BUILT_IN_KIND_KEYS, what)
    plug_in = PlugIn()
    if built_in is not None:
        plug_in = built_in.plug_ins.get(kind, plug_in)
        _code(reader, spec, location, kind, plug_in)
    stem = spec.get("file", kind)
    if not isinstance(stem, str) or not KIND_NAME.match(stem) or stem == "box" or stem == "game":
        reader.report((*location, "file"), Message(
            "file {file} is not a usable file name: lowercase letters, digits and hyphens, "
            "neither box nor game", file=repr(stem)))
    elif stem in files:
        reader.report((*location, "file") if "file" in spec else location, Message(
            "the kinds {first} and {second} are both kept in {file}.yaml; give each kind a file "
            "of its own", first=files[stem], second=kind, file=stem), at_key="file" not in spec)
    else:
        files[stem] = kind
    labels = reader.languages(spec["label"], (*location, "label"), "label") if "label" in spec else {}
    facts = []
    raw_facts = reader.mapping(spec.get("facts", {}), (*location, "facts"), "facts") or {}
    model_fields: dict[str, Any] = {}
    unknown_allowed = []
    for fact_name, fact_spec in raw_facts.items():
        fact_location = (*location, "facts", fact_name)
        if not _usable_name(reader, fact_name, fact_location):
            continue
        built = _fact(reader, fact_name, fact_spec, fact_location, kinds)
        if built is None:
            continue
        fact, annotation, required, may_be_unknown = built
        facts.append(fact)
        if required:
            model_fields[fact_name] = (annotation, ...)
        else:
            model_fields[fact_name] = (annotation | None, None)
        if may_be_unknown:
            unknown_allowed.append(fact_name)
    texts = _texts(reader, spec, location, raw_facts)
    template = spec.get("template", GENERIC_TEMPLATE if built_in is None else None)
    if template is not None and (not isinstance(template, str) or not re.match(
            r"^[A-Za-z0-9_-]+(/[A-Za-z0-9_.-]+)*\.html$", template)):
        reader.report((*location, "template"), Message(
            "template {template} is not a template under templates/, such as "
            "cards/mygame/ship.html", template=repr(template)))
    file_stem = stem if isinstance(stem, str) else kind
    if plug_in.facts is not None and not model_fields:
        return CardKind(kind, file_stem, plug_in.facts, plug_in.texts, template=template), None
    base = plug_in.facts or DeclaredCard
    if built_in is not None:
        class_name = plug_in.class_name or _class_name(kind)
    else:
        class_name = _class_name(game) + _class_name(kind)
    kind_literal = (Literal[kind], kind)
    facts_model = create_model(class_name, __base__=base, kind=kind_literal, **model_fields)
    facts_model.required_facts = (*base.required_facts, *unknown_allowed)
    if base is DeclaredCard:
        facts_model.TEXT_PATHS = tuple(text.name for text in texts)
    texts_model = plug_in.texts if plug_in.facts is not None else create_model(
        f"{class_name}Text", __base__=NamedEntry, kind=kind_literal,
        **{text.name: (Text | None, None) for text in texts})
    card_kind = CardKind(kind, file_stem, facts_model, texts_model, template=template)
    if built_in is not None:
        return card_kind, None
    return card_kind, _face(reader, spec, location, kind, labels, facts, raw_facts, texts)


def _code(reader: _Reader, spec: dict, location: Location, kind: str, plug_in: PlugIn) -> None:
    """A kind whose facts a Python plug-in holds says so, and why, under `code`; no other may."""
    if plug_in.facts is not None:
        if not isinstance(spec.get("code"), str) or not spec["code"].strip():
            reader.report(location, Message(
                "the facts of {kind} are in Python ({model}); say under code what of them and why",
                kind=kind, model=plug_in.facts.__name__), at_key=True)
        if "texts" in spec:
            reader.report((*location, "texts"), Message(
                "the texts of {kind} are its plug-in's ({model}); declare them there",
                kind=kind, model=plug_in.facts.__name__), at_key=True)
    elif "code" in spec:
        reader.report((*location, "code"), Message(
            "no Python plug-in holds facts of {kind}; declare them under facts", kind=kind),
            at_key=True)


def _texts(reader: _Reader, spec: dict, location: Location, raw_facts: dict) -> list[DeclaredText]:
    texts = []
    raw_texts = reader.mapping(spec.get("texts", {}), (*location, "texts"), "texts") or {}
    for text_name, role in raw_texts.items():
        text_location = (*location, "texts", text_name)
        if not _usable_name(reader, text_name, text_location):
            continue
        if text_name in raw_facts:
            reader.report(text_location, Message(
                "{name} is both a fact and a text; give the text another name", name=text_name),
                at_key=True)
        elif role not in TEXT_ROLES:
            reader.report(text_location, Message(
                "text {name}: {role} is not a kind of text; the kinds are: {roles}",
                name=text_name, role=repr(role), roles=", ".join(TEXT_ROLES)))
        else:
            texts.append(DeclaredText(text_name, role))
    return texts


def _face(reader: _Reader, spec: dict, location: Location, kind: str, labels: dict[str, str],
          facts: list[DeclaredFact], raw_facts: dict, texts: list[DeclaredText]) -> DeclaredKind:
    """What the generic face and the backs read of a kind of a game declared in data."""
    fact_names = [fact.name for fact in facts]
    shows = spec.get("shows", [fact.name for fact in facts if fact.type != "picture"])
    if not isinstance(shows, list) or not all(isinstance(item, str) for item in shows):
        reader.report((*location, "shows"), Message("shows must be a list of the kind's facts"))
        shows = []
    for index, shown in enumerate(shows):
        if shown not in raw_facts:
            reader.report((*location, "shows", index), Message(
                "shows {name}, which is no fact of the kind; its facts are: {facts}",
                name=repr(shown), facts=", ".join(fact_names) or "none"))
    deck = spec.get("deck", kind)
    if not isinstance(deck, str) or not KIND_NAME.match(deck):
        reader.report((*location, "deck"), Message(
            "deck {deck} is not a deck name: lowercase letters, digits and hyphens",
            deck=repr(deck)))
        deck = kind
    return DeclaredKind(labels or {SOURCE_LANGUAGE: kind}, deck, tuple(facts), tuple(shows),
                        tuple(texts))


def _usable_name(reader: _Reader, name: Any, location: Location) -> bool:
    if not isinstance(name, str) or not FACT_NAME.match(name):
        reader.report(location, Message(
            "{name} is not a usable name: lowercase letters and underscores, starting with a "
            "letter", name=repr(name)), at_key=True)
        return False
    if name in RESERVED:
        reader.report(location, Message(
            "{name} is a field every card has already; choose another name", name=name),
            at_key=True)
        return False
    return True


def _fact(reader: _Reader, name: str, spec: Any, location: Location,
          kinds: list[str]) -> tuple[DeclaredFact, Any, bool, bool] | None:
    if isinstance(spec, str):
        spec = {"type": spec}
    spec = reader.mapping(spec, location, f"the fact {name}")
    if spec is None:
        return None
    required = reader.flag(spec, "required", location)
    may_be_unknown = reader.flag(spec, "unknown", location)
    if required and may_be_unknown:
        reader.report(location, Message(
            "{name} is both required and allowed to be unknown; a required fact is always "
            "given, so choose one", name=name), at_key=True)
    if spec.get("type") == "list":
        reader.keys(spec, location, FACT_KEYS["list"], f"the fact {name}")
        item = spec.get("of")
        if item is None:
            reader.report(location, Message("missing {key} in {what}", key="of",
                                            what=f"the fact {name}"), at_key=True)
            return None
        item_spec = {"type": item} if isinstance(item, str) else item
        item_location = (*location, "of")
        if isinstance(item_spec, dict) and item_spec.get("type") == "list":
            reader.report(item_location, Message("a list of lists is not a type; list the items "
                                                 "of one type"))
            return None
        built = _scalar(reader, name, item_spec, item_location, kinds, inner=True)
        if built is None:
            return None
        item_type, annotation, refers_to = built
        low = reader.number(spec, "min_items", location, whole=True)
        high = reader.number(spec, "max_items", location, whole=True)
        bounds = {key: value for key, value in (("min_length", low), ("max_length", high))
                  if value is not None}
        labels = _labels(reader, spec, location)
        return (DeclaredFact(name, "list", labels, item_type, refers_to),
                Annotated[list[annotation], Field(**bounds)], required, may_be_unknown)
    built = _scalar(reader, name, spec, location, kinds, inner=False)
    if built is None:
        return None
    fact_type, annotation, refers_to = built
    return (DeclaredFact(name, fact_type, _labels(reader, spec, location), refers_to=refers_to),
            annotation, required, may_be_unknown)


def _labels(reader: _Reader, spec: dict, location: Location) -> dict[str, str]:
    return reader.languages(spec["label"], (*location, "label"), "label") if "label" in spec else {}


def _scalar(reader: _Reader, name: str, spec: Any, location: Location, kinds: list[str],
            inner: bool) -> tuple[str, Any, str | None] | None:
    """A scalar type's name, its annotation and the kind it refers to (references only)."""
    spec = reader.mapping(spec, location, f"the type of {name}")
    if spec is None:
        return None
    fact_type = spec.get("type")
    if fact_type not in TYPES:
        reader.report((*location, "type") if "type" in spec else location, Message(
            "unknown type {type}; the types are: {types}", type=repr(fact_type),
            types=", ".join(TYPES)), at_key="type" not in spec)
        return None
    allowed = FACT_KEYS[fact_type] if not inner else tuple(
        key for key in FACT_KEYS[fact_type] if key not in ("label", "required", "unknown"))
    reader.keys(spec, location, allowed, f"the fact {name}")
    if fact_type == "text":
        longest = reader.number(spec, "max_length", location, whole=True) or 300
        return fact_type, Annotated[str, StringConstraints(min_length=1, max_length=longest), NotBlank], None
    if fact_type in ("integer", "number"):
        whole = fact_type == "integer"
        low = reader.number(spec, "min", location, whole)
        high = reader.number(spec, "max", location, whole)
        if low is not None and high is not None and low > high:
            reader.report((*location, "min"), Message(
                "{name}: the lowest value {low} is above the highest {high}", name=name, low=low,
                high=high))
        bounds = {key: value for key, value in (("ge", low), ("le", high)) if value is not None}
        return fact_type, Annotated[int if whole else float, Field(**bounds)], None
    if fact_type == "choice":
        values = spec.get("values")
        if (not isinstance(values, list) or not values
                or not all(isinstance(value, str) and value for value in values)):
            reader.report((*location, "values") if "values" in spec else location, Message(
                "{name}: values must be a list of the texts to choose from", name=name),
                at_key="values" not in spec)
            return None
        return fact_type, Literal[tuple(values)], None
    if fact_type == "reference":
        target = spec.get("kind")
        if target not in kinds:
            reader.report((*location, "kind") if "kind" in spec else location, Message(
                "{name} refers to the kind {kind}, which the game does not declare; its kinds "
                "are: {kinds}", name=name, kind=repr(target), kinds=", ".join(kinds)),
                at_key="kind" not in spec)
            return None
        return fact_type, CardId, target
    if fact_type == "yes-no":
        return fact_type, bool, None
    if fact_type == "picture":
        return fact_type, ArtPath, None
    reader.report((*location, "type"), Message("a list of lists is not a type; list the items "
                                               "of one type"))
    return None


def _class_name(name: str) -> str:
    return "".join(part.capitalize() for part in re.split(r"[-_]", name))


def reference_problems(database: Any) -> list[Problem]:
    """A reference of a declared game that names no card of the kind it refers to."""
    from cardkit.model.games import GAMES

    problems = []
    for card_id, card in database.cards.items():
        game = GAMES.get(database.game_of(card_id))
        if game is None or game.declared is None:
            continue
        declared = game.declared.kinds[card.kind]
        for fact in declared.facts:
            if fact.refers_to is None:
                continue
            value = getattr(card, fact.name)
            targets = value if isinstance(value, list) else [value] if value is not None else []
            for index, target in enumerate(targets):
                if database.card_kinds.get(target) == fact.refers_to and \
                        database.game_of(target) == game.name:
                    continue
                location = (fact.name, index) if isinstance(value, list) else (fact.name,)
                problems.append(error(database.card_origins[card_id].position(location),
                                      "unknown-id", Message(
                                          "{fact}: no {kind} card has the id {id}",
                                          fact=fact.name, kind=fact.refers_to, id=repr(target)),
                                      card_id=card_id, field=fact.name))
    return problems
