"""The data files as JSON Schemas and as a field reference, both made from the models.

Every kind of data file maps ids to entries of one model (card facts and texts per game
and kind, the glossary), or is one model (a game's box, a phrasebook). `file_schemas`
gives the JSON Schema (Draft 2020-12) of each, with the globs of the files it describes,
so an editor running the YAML language server completes and checks them as they are
typed (`cardkit schema -o DIR`, `.vscode/settings.json`). `fields_reference` writes
`docs/fields.md`: every field of every card kind of every game, with its type, allowed
values, whether it is required and an example.

What a schema cannot say stays with `cardkit validate`: a fact given or listed under
`unknown`, the rules a model checks across fields (a reinforcement's value or parity,
a tactic's two halves, the standard hand size), references between files, sources and
every text check.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardkit.model.base import CardId
from cardkit.model.database import declare_games
from cardkit.model.games import GAMES
from cardkit.model.glossary import Glossary
from cardkit.model.phrasebook import Phrasebook
from cardkit.model.schema import json_schema

DRAFT = "https://json-schema.org/draft/2020-12/schema"
ID_PATTERN = json_schema(CardId)["pattern"]
# Kept by the key an entry is filed under, never written in it.
FROM_KEY = "id"


@dataclass(frozen=True)
class FileSchema:
    name: str  # the schema's file name: `duel-alien.facts.schema.json`
    title: str
    globs: tuple[str, ...]  # the data files it describes, from the project folder
    schema: dict


def _entries(model: Any, title: str) -> dict:
    """A file of id -> entry of `model`: the entry's schema without the id it is filed by."""
    entry = json_schema(model)
    defs = entry.pop("$defs", {})
    entry["properties"].pop(FROM_KEY, None)
    entry["required"] = [name for name in entry.get("required", []) if name != FROM_KEY]
    if not entry["required"]:
        entry.pop("required")
    schema = {"$schema": DRAFT, "title": title, "type": "object",
              "propertyNames": {"pattern": ID_PATTERN}, "additionalProperties": entry}
    if defs:
        schema["$defs"] = defs
    return schema


def _whole(model: Any, title: str) -> dict:
    return {"$schema": DRAFT, "title": title} | json_schema(model)


def file_schemas() -> list[FileSchema]:
    schemas = []
    for game in GAMES.values():
        schemas.append(FileSchema(f"{game.name}-box.schema.json", f"{game.name}: box.yaml",
                                  (f"cards/{game.name}/box.yaml",), _whole(game.box, f"{game.name} box")))
        for kind in game.kinds:
            stem = f"{kind.file_stem}.yaml"
            schemas.append(FileSchema(
                f"{game.name}-{kind.name}.facts.schema.json", f"{game.name} {kind.name}: facts",
                (f"cards/{game.name}/{stem}", f"cards/{game.name}/**/{stem}"),
                _entries(kind.facts, f"{game.name} {kind.name} facts")))
            if kind.texts is not None:
                schemas.append(FileSchema(
                    f"{game.name}-{kind.name}.texts.schema.json", f"{game.name} {kind.name}: texts",
                    (f"locales/*/{game.name}/{stem}", f"locales/*/{game.name}/**/{stem}"),
                    _entries(kind.texts, f"{game.name} {kind.name} texts")))
    schemas.append(FileSchema("glossary.schema.json", "glossary", ("locales/*/glossary.yaml",),
                              {"$schema": DRAFT, "title": "glossary"} | json_schema(Glossary)))
    schemas.append(FileSchema("phrasebook.schema.json", "phrasebook", ("locales/*/phrasebook.yaml",),
                              _whole(Phrasebook, "phrasebook")))
    return schemas


# The field reference


@dataclass(frozen=True)
class FieldRow:
    path: str
    type: str
    allowed: str
    required: str
    example: str


def _deref(schema: dict, node: dict) -> dict:
    while "$ref" in node:
        node = schema["$defs"][node["$ref"].rsplit("/", 1)[1]]
    return node


def _describe(schema: dict, node: dict) -> tuple[str, str, str]:
    """A plain field's type, allowed values and a made-up example of its form."""
    node = _deref(schema, node)
    discriminated = _discriminator(schema, node)
    if discriminated:
        return "mapping", discriminated, ""
    branches = [_deref(schema, branch) for branch in node.get("anyOf", []) if branch.get("type") != "null"]
    if branches and len(branches) > 1:
        described = [_describe(schema, branch) for branch in branches]
        return (" or ".join(dict.fromkeys(kind for kind, _, _ in described)),
                ", ".join(allowed for _, allowed, _ in described if allowed), described[0][2])
    if branches:
        node = branches[0]
    if node.get("type") == "object" or "properties" in node:
        return "mapping", node.get("title", ""), ""
    if "enum" in node or "const" in node:
        values = node.get("enum", [node.get("const")])
        return "one of", ", ".join(f"`{value}`" for value in values), str(values[0])
    kind = node.get("type")
    if kind == "integer":
        low, high = node.get("minimum"), node.get("maximum")
        allowed = f"{low} to {high}" if low is not None and high is not None else ""
        return "whole number", allowed, str(low if low is not None and low > 0 else 1)
    if kind == "number":
        low, high = node.get("minimum"), node.get("maximum")
        allowed = (f"{low:g} to {high:g}" if low is not None and high is not None
                   else f"at least {low:g}" if low is not None else "")
        return "number", allowed, "0.5"
    if kind == "boolean":
        return "true or false", "", "true"
    if kind == "string":
        allowed = f"pattern `{node['pattern']}`" if "pattern" in node else ""
        if "maxLength" in node:
            allowed += ("; " if allowed else "") + f"at most {node['maxLength']} characters"
        return "text", allowed, "an-id" if node.get("pattern") == ID_PATTERN else "Some words"
    if kind == "array":
        item, allowed, example = _describe(schema, node.get("items", {}))
        return f"list of {item}", allowed, f"[{example}]"
    return "mapping", "", ""


def _discriminator(schema: dict, node: dict) -> str:
    """For a union of models told apart by one key (an effect): that key's values."""
    for branch in [node, *node.get("anyOf", [])]:
        found = _deref(schema, branch).get("discriminator")
        if found:
            values = ", ".join(f"`{value}`" for value in found["mapping"])
            return f"`{found['propertyName']}` one of {values}, with the fields each takes"
    return ""


def _rows(schema: dict, node: dict, prefix: str, required: set[str], depth: int = 0) -> list[FieldRow]:
    node = _deref(schema, node)
    rows: list[FieldRow] = []
    for name, child in node.get("properties", {}).items():
        path = f"{prefix}{name}"
        rows += _field(schema, child, path, "yes" if name in required else "no", depth)
    for pattern, child in node.get("patternProperties", {}).items():
        rows += _field(schema, child, f"{prefix}<id>", "", depth)
    return rows


def _field(schema: dict, child: dict, path: str, required: str, depth: int) -> list[FieldRow]:
    target = _deref(schema, child)
    options = [_deref(schema, branch) for branch in target.get("anyOf", []) if branch.get("type") != "null"]
    inner = options[0] if len(options) == 1 else target
    if depth < 6 and ("properties" in inner or "patternProperties" in inner):
        return [FieldRow(path, "mapping", "", required, "")] + _rows(
            schema, inner, path + ".", set(inner.get("required", [])), depth + 1)
    if depth < 6 and inner.get("type") == "array" and "properties" in _deref(schema, inner.get("items", {})):
        items = _deref(schema, inner["items"])
        return [FieldRow(path, "list of mappings", _bounds(inner), required, "")] + _rows(
            schema, items, path + "[].", set(items.get("required", [])), depth + 1)
    kind, allowed, example = _describe(schema, child)
    return [FieldRow(path, kind, allowed, required, example)]


def _bounds(node: dict) -> str:
    low, high = node.get("minItems"), node.get("maxItems")
    return f"{low} to {high} items" if low is not None and high is not None else ""


def fields_reference() -> str:
    """`docs/fields.md`: every field of every card kind of every game."""
    lines = ["# Fields of every card kind", "",
             "Generated from the models (`.venv/bin/python -m cardkit.model.files` writes it anew, "
             "with `schemas/` and `.vscode/settings.json`); a test fails "
             "when it is out of date. `unknown`, `sources` (docs/data.md) and, in texts, "
             "`provisional`, `translated_from`, `notes` and `silence` (docs/translating.md) are "
             "left out: every entry may have them.", "",
             "**Required**: `yes` must be given; `unless unknown` must be given or listed under "
             "`unknown`; `no` may be left out. An example shows a value's form, not a real card. "
             "`<id>` stands for a key of your choosing (a slug: `lay-down-the-law`), `[]` for each "
             "item of a list.", "",
             "What the schemas cannot say stays with `cardkit validate`: a fact given or listed "
             "under `unknown`, the rules a model checks across fields (a reinforcement's value or "
             "parity, a tactic's two halves, a hand size that differs from 6), references between "
             "files and the box counts, sources, and every text check.", ""]
    skipped = {"id", "kind", "unknown", "sources", "provisional", "translated_from", "notes", "silence"}
    for game in GAMES.values():
        for kind in game.kinds:
            lines += [f"## {game.name}: {kind.name}", "",
                      f"`cards/{game.name}/…/{kind.file_stem}.yaml`"
                      + (f", texts in `locales/<ll>/{game.name}/…/{kind.file_stem}.yaml`" if kind.texts else ""),
                      ""]
            parts = [("Facts", kind.facts,
                      {*kind.facts.required_facts, *kind.facts.required_parts})]
            if kind.texts is not None:
                parts.append(("Texts", kind.texts, set()))
            for title, model, unless_unknown in parts:
                schema = json_schema(model)
                rows = [row for row in _rows(schema, schema, "", set(schema.get("required", [])))
                        if row.path.split(".")[0].split("[")[0] not in skipped]
                if not rows:
                    continue
                lines += [f"{title}:", "", "| field | type | allowed | required | example |",
                          "|---|---|---|---|---|"]
                for row in rows:
                    required = "unless unknown" if row.path in unless_unknown else row.required or "no"
                    example = f"`{row.example}`" if row.example else ""
                    allowed = row.allowed.replace("|", "\\|")
                    lines.append(f"| `{row.path}` | {row.type} | {allowed} | {required} | {example} |")
                lines.append("")
    return "\n".join(lines).rstrip("\n") + "\n"


def schema_text(schema: dict) -> str:
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def editor_settings(folder: str = "schemas") -> str:
    """`.vscode/settings.json`: each shipped schema mapped to the files it describes, for the
    YAML language server (`yaml.schemas`)."""
    mapping = {f"./{folder}/{item.name}": list(item.globs) for item in file_schemas()}
    return json.dumps({"yaml.schemas": mapping}, indent=2) + "\n"


def write_shipped(root: Path) -> None:
    """Writes the shipped schemas (`schemas/`), `.vscode/settings.json` and `docs/fields.md`
    anew, for the games written in Python and those the project declares in data:
    `python -m cardkit.model.files` from the project folder."""
    declare_games(root)
    (root / "schemas").mkdir(exist_ok=True)
    for item in file_schemas():
        (root / "schemas" / item.name).write_text(schema_text(item.schema), encoding="utf-8")
    (root / ".vscode").mkdir(exist_ok=True)
    (root / ".vscode" / "settings.json").write_text(editor_settings(), encoding="utf-8")
    (root / "docs" / "fields.md").write_text(fields_reference(), encoding="utf-8")


if __name__ == "__main__":
    write_shipped(Path.cwd())
