"""The JSON Schema of the export (docs/export.md), made from the models.

What the export takes from a model, its schema takes from the model's own JSON Schema
(`cardkit.model.schema`): each kind's facts, each box, the sources and the glossary terms,
and the types of ids, paths, languages and fingerprints. Written here by hand is only what
is the export's own: the game file around them, a card's record, its texts with their
states, and meta.json.

The package ships the schema as a file, which the export copies beside its data. After a
model changes, write the file anew and commit it:

    .venv/bin/python -m cardkit.export.schema

A test fails while the file differs from what the models give.
"""

from __future__ import annotations

from pathlib import Path

from cardkit.checks.provenance import NOT_FACTS
from cardkit.export.dataset import (FORMAT_VERSION, SCHEMA_SOURCE, TEXT_STATES, WORDINGS,
                                    encode_json)
from cardkit.model.base import CardId, FieldPath
from cardkit.model.games import GAMES
from cardkit.model.kinds import CardKind, Game
from cardkit.model.glossary import GlossaryTerm
from cardkit.model.provenance import Language, Sources
from cardkit.model.schema import DEFS_REF_TEMPLATE, json_schema
from cardkit.model.texts import Fingerprint, ProblemCode, Text
from cardkit.source.atomic import write_atomic

_MAJOR = FORMAT_VERSION.split(".")[0]


class _Definitions:
    """The schema's `$defs`: the export's own, and those of the models it uses."""

    def __init__(self) -> None:
        self.defs: dict[str, dict] = {}

    def add(self, name: str, definition: dict) -> None:
        if self.defs.setdefault(name, definition) != definition:
            raise ValueError(f"two definitions named {name} differ: the export's schema holds one")

    def of(self, model) -> dict:
        """The model's schema as the export writes it, its `$defs` moved into the whole."""
        schema = json_schema(model, DEFS_REF_TEMPLATE, mode="serialization")
        for name, definition in schema.pop("$defs", {}).items():
            self.add(name, definition)
        return schema


def export_schema() -> dict:
    """The whole schema every `<game>.json` follows (meta.json follows its `$defs/meta`)."""
    definitions = _Definitions()
    definitions.add("field", _field())
    definitions.add("texts", _texts(definitions))
    definitions.add("meta", _meta())
    definitions.add("GlossaryTerm", definitions.of(GlossaryTerm))
    for game in GAMES.values():
        definitions.add(f"{game.name}-card", _card(game, definitions))
        definitions.add(f"{game.name}-box", _without_title(definitions.of(game.box)))
        for kind in game.kinds:
            definitions.add(f"{game.name}-{kind.name}-facts", _facts(kind, definitions))
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"urn:cardkit:export:{_MAJOR}",
        "title": f"cardkit export, format {FORMAT_VERSION}",
        "description": "One game of the cardkit card database (<game>.json). docs/export.md "
                       "describes every field and the versioning rule: additions are minor, "
                       "changes are major.",
        "type": "object",
        "required": ["format", "game", "languages", "box", "cards", "glossary"],
        "additionalProperties": False,
        "properties": {
            "format": _format(),
            "game": {"enum": list(GAMES)},
            "languages": _languages(),
            "box": {"type": ["object", "null"]},
            "cards": {"type": "object", "propertyNames": json_schema(CardId)},
            "glossary": {"type": "object", "propertyNames": json_schema(Language),
                         "additionalProperties": {
                             "type": "object", "propertyNames": json_schema(CardId),
                             "additionalProperties": {"$ref": _ref("GlossaryTerm")}}},
        },
        "allOf": [{
            "if": {"properties": {"game": {"const": game.name}}},
            "then": {"properties": {
                "box": {"anyOf": [{"$ref": _ref(f"{game.name}-box")}, {"type": "null"}]},
                "cards": {"additionalProperties": {"$ref": _ref(f"{game.name}-card")}},
            }},
        } for game in GAMES.values()],
        "$defs": definitions.defs,
    }


def schema_bytes() -> bytes:
    """The schema file's bytes, encoded as the export encodes its data."""
    return encode_json(export_schema())


def _facts(kind: CardKind, definitions: _Definitions) -> dict:
    """A kind's facts: its model less the fields a card's record holds elsewhere."""
    schema = _without_title(definitions.of(kind.facts))
    schema["properties"] = {name: value for name, value in schema["properties"].items()
                            if name not in NOT_FACTS}
    required = [name for name in schema.pop("required", []) if name not in NOT_FACTS]
    return {**schema, "required": required} if required else schema


def _card(game: Game, definitions: _Definitions) -> dict:
    return {
        "type": "object",
        "required": ["kind", "facts", "unknown", "sources", "texts"],
        "additionalProperties": False,
        "properties": {
            "kind": {"enum": [kind.name for kind in game.kinds]},
            "facts": {"type": "object"},
            "unknown": {"type": "array", "items": json_schema(FieldPath),
                        "description": "Facts and texts the rulebooks do not give: absent "
                                       "from facts, unless listed under partial."},
            "partial": {"type": "array", "items": json_schema(FieldPath), "minItems": 1,
                        "description": "Facts listed under unknown that the rulebooks give in "
                                       "part: facts hold the part they give (a tactic's one "
                                       "known half)."},
            "sources": definitions.of(Sources),
            "texts": {"type": "object", "propertyNames": json_schema(Language),
                      "additionalProperties": {"$ref": _ref("texts")}},
        },
        "oneOf": [{"properties": {"kind": {"const": kind.name},
                                  "facts": {"$ref": _ref(f"{game.name}-{kind.name}-facts")}}}
                  for kind in game.kinds],
    }


def _texts(definitions: _Definitions) -> dict:
    path = json_schema(FieldPath)
    return {
        "description": "A card's texts in one language, and what the language's entry "
                       "records about them.",
        "type": "object",
        "required": ["fields"],
        "additionalProperties": False,
        "properties": {
            "fields": {"type": "object", "propertyNames": path,
                       "additionalProperties": {"$ref": _ref("field")}},
            "provisional": {"type": "array", "items": path,
                            "description": "Texts whose wording is ours, not printed."},
            "notes": {"type": "object", "propertyNames": path, "additionalProperties": json_schema(Text)},
            "silence": {"type": "object", "propertyNames": json_schema(ProblemCode),
                        "additionalProperties": json_schema(Text),
                        "description": "Problem codes the entry silences, with the reason."},
            "sources": definitions.of(Sources),
        },
    }


def _field() -> dict:
    """One text and its state, with what each state requires and forbids."""
    return {
        "description": "One text of a card in one language, by its field path.",
        "type": "object",
        "required": ["state"],
        "additionalProperties": False,
        "properties": {
            "state": {"enum": list(TEXT_STATES),
                      "description": "source: the English text; confirmed: translated from the "
                                     "current English text; stale: from an earlier one; "
                                     "unconfirmed: no English fingerprint recorded; missing: no text."},
            "text": json_schema(Text),
            "fingerprint": {**json_schema(Fingerprint),
                            "description": "English only: the fingerprint of this text."},
            "translated_from": {**json_schema(Fingerprint),
                                "description": "Translations only: the fingerprint of the English "
                                               "text this one was made from."},
            "wording": {"enum": list(WORDINGS),
                        "description": "Since 1.2, with every text: printed, the wording of the "
                                       "printed card (cited to it, or quoted from the rulebook as "
                                       "the card's words); ours, a translation or rewording by "
                                       "the project, marked † where it prints."},
        },
        "allOf": [
            {"if": {"properties": {"state": {"const": "missing"}}},
             "then": {"not": {"anyOf": [{"required": ["text"]}, {"required": ["wording"]}]}},
             "else": {"required": ["text"]}},
            {"if": {"properties": {"state": {"const": "source"}}},
             "then": {"required": ["fingerprint"], "not": {"required": ["translated_from"]}},
             "else": {"not": {"required": ["fingerprint"]}}},
            {"if": {"properties": {"state": {"enum": ["confirmed", "stale"]}}},
             "then": {"required": ["translated_from"]}},
            {"if": {"properties": {"state": {"const": "unconfirmed"}}},
             "then": {"not": {"required": ["translated_from"]}}},
        ],
    }


def _meta() -> dict:
    return {
        "description": "meta.json: what made the export, and the digest of its game files.",
        "type": "object",
        "required": ["format", "schema", "cardkit", "commit", "digest", "games", "languages"],
        "additionalProperties": False,
        "properties": {
            "format": _format(),
            "schema": {"type": "string"},
            "cardkit": {"type": "string"},
            "commit": {"anyOf": [{"type": "string", "pattern": "^[0-9a-f]{40}$"}, {"type": "null"}]},
            "digest": {"type": "string", "pattern": "^sha256:[0-9a-f]{64}$"},
            "games": {"type": "array", "items": {"enum": list(GAMES)}, "uniqueItems": True},
            "languages": _languages(),
        },
    }


def _format() -> dict:
    """Any version of this major one: a reader of 1.0 reads 1.x."""
    return {"type": "string", "pattern": f"^{_MAJOR}\\.[0-9]+\\.[0-9]+$"}


def _languages() -> dict:
    return {"type": "array", "items": json_schema(Language), "uniqueItems": True}


def _without_title(schema: dict) -> dict:
    """A model's schema without the class name pydantic gives it: its name in `$defs` says
    what it is in the export's terms (`duel-box`, not `DuelBox`)."""
    return {key: value for key, value in schema.items() if key != "title"}


def _ref(name: str) -> str:
    return DEFS_REF_TEMPLATE.format(model=name)


def write_schema(path: Path = SCHEMA_SOURCE) -> bool:
    """Writes the schema file anew from the models (by default the package's); whether it
    changed."""
    data = schema_bytes()
    if path.exists() and path.read_bytes() == data:
        return False
    write_atomic(path, data)
    return True


if __name__ == "__main__":
    changed = write_schema()
    print(f"{SCHEMA_SOURCE}: {'written anew from the models' if changed else 'unchanged'}")
