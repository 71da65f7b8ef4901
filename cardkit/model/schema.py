"""JSON Schemas of the models, as pydantic writes them: the one place every schema the
project ships takes a model's schema from (the export's, cardkit/export/schema.py), so a
model that changes changes each of them alike; and the walk of a schema down a dotted
path to the JSON types a field takes (`leaf_types`), which the spreadsheet import reads
each cell by.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Literal

from pydantic import TypeAdapter

# Where a schema's references point: its own `$defs`, by the model's name.
DEFS_REF_TEMPLATE = "#/$defs/{model}"


def json_schema(model: Any, ref_template: str = DEFS_REF_TEMPLATE,
                mode: Literal["validation", "serialization"] = "validation") -> dict:
    """The JSON Schema (Draft 2020-12) of a model or of an annotated type (`CardId`,
    `Sources`). The models it refers to are under its `$defs`, each referred to by
    `ref_template` with the model's name for `{model}`. `mode="serialization"` describes
    what `model_dump(mode="json")` writes rather than what validation reads."""
    return TypeAdapter(model).json_schema(ref_template=ref_template, mode=mode)


@lru_cache(maxsize=None)
def _validation_schema(model: type) -> dict:
    return json_schema(model)


def leaf_types(model: type, path: str) -> frozenset[str]:
    """The JSON types the field at `path` takes in `model` (`integer`, `string`, `array`
    of plain values...), empty when the path names no plain field there. A list of
    mappings is walked by its items numbered from 1 (`halves.1.icon`)."""
    schema = _validation_schema(model)
    found: set[str] = set()
    for node in _resolve(schema, schema, path.split(".")):
        found |= _types(schema, node)
    return frozenset(found - {"null"})


def _deref(schema: dict, node: dict) -> dict:
    while "$ref" in node:
        node = schema["$defs"][node["$ref"].rsplit("/", 1)[1]]
    return node


def _resolve(schema: dict, node: dict, segments: list[str]) -> list[dict]:
    node = _deref(schema, node)
    branches = node.get("anyOf") or node.get("oneOf")
    if branches:
        return [found for branch in branches for found in _resolve(schema, branch, segments)]
    if not segments:
        return [node]
    head, *rest = segments
    if head in node.get("properties", {}):
        return _resolve(schema, node["properties"][head], rest)
    for pattern, child in node.get("patternProperties", {}).items():
        if re.search(pattern, head):
            return _resolve(schema, child, rest)
    if isinstance(node.get("additionalProperties"), dict):
        return _resolve(schema, node["additionalProperties"], rest)
    if node.get("type") == "array" and head.isdigit() and int(head) >= 1 and "items" in node:
        return _resolve(schema, node["items"], rest)
    return []


def _types(schema: dict, node: dict) -> set[str]:
    node = _deref(schema, node)
    if "const" in node:
        return {"string"} if isinstance(node["const"], str) else {"integer"}
    kind = node.get("type")
    if kind in ("string", "integer", "boolean", "null", "number"):
        return {kind}
    if kind == "array":
        items = _types(schema, node.get("items", {}))
        return {"array"} if items and items <= {"string", "integer"} else set()
    return set()
