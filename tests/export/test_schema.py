"""The export's schema generator: the models' schemas gathered into one, and the command
that writes the package's file (`python -m cardkit.export.schema`)."""

from __future__ import annotations

import json

import pytest
from pydantic import BaseModel

from cardkit.export.schema import _Definitions, export_schema, schema_bytes, write_schema


def test_two_models_of_one_name_that_differ_are_refused():
    def power(timing: type) -> type[BaseModel]:
        return type("Power", (BaseModel,), {"__annotations__": {"timing": timing}})

    class Alien(BaseModel):
        power: power(str)

    class OtherAlien(BaseModel):
        power: power(int)

    definitions = _Definitions()
    definitions.of(Alien)
    with pytest.raises(ValueError, match="two definitions named Power differ"):
        definitions.of(OtherAlien)


@pytest.mark.slow
def test_the_command_writes_the_file_only_when_it_changed(tmp_path):
    target = tmp_path / "cardkit-export-1.schema.json"
    target.write_text("{}\n", encoding="utf-8")
    assert write_schema(target)
    assert target.read_bytes() == schema_bytes()
    assert json.loads(target.read_text(encoding="utf-8")) == export_schema()
    assert not write_schema(target)


def test_every_reference_names_a_definition():
    schema = export_schema()

    def references(node):
        if isinstance(node, dict):
            if "$ref" in node:
                yield node["$ref"]
            for value in node.values():
                yield from references(value)
        elif isinstance(node, list):
            for value in node:
                yield from references(value)

    found = set(references(schema))
    assert found and found <= {f"#/$defs/{name}" for name in schema["$defs"]}
