"""JSON Schemas of the models, as pydantic writes them: the one place every schema the
project ships takes a model's schema from (the export's, cardkit/export/schema.py), so a
model that changes changes each of them alike.
"""

from __future__ import annotations

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
