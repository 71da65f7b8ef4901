"""The data files' JSON Schemas and the field reference, against the models: shipped and
up to date, every shipped file valid under its schema (read by jsonschema, the reference
validator), and every broken fixture the models refuse for a type or value refused by the
schema too."""

from __future__ import annotations

import fnmatch
import json
import shutil
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from cardkit.cli import main
from cardkit.model.database import declare_games
from cardkit.model.files import editor_settings, fields_reference, file_schemas, schema_text
from cardkit.source.yamlfile import load_yaml
from tests.conftest import MINIMAL_DATABASE, PROJECT_ROOT, BrokenFixture

declare_games(PROJECT_ROOT)  # the shipped schemas cover the games declared in data too (vanguard)
SCHEMAS = file_schemas()
# The faults of a type or a value, which a JSON Schema can say; the others (a rule across
# fields, a missing fact that may be listed under unknown) are the models' alone.
TYPE_OR_VALUE = ("schema-type", "schema-range")


def schema_for(relative: str):
    return next((item for item in SCHEMAS
                 if any(fnmatch.fnmatch(relative, glob.replace("**/", "*/")) or fnmatch.fnmatch(relative, glob)
                        for glob in item.globs)), None)


def data_files(root: Path) -> list[Path]:
    """The card, text and box files; not a game's declaration (`cards/<game>/game.yaml`),
    which its own reader checks (`game-declaration`)."""
    return sorted(path for folder in ("cards", "locales") for path in (root / folder).rglob("*.yaml")
                  if not (folder == "cards" and path.name == "game.yaml"))


def test_the_shipped_schemas_editor_mapping_and_field_reference_are_up_to_date():
    """`.venv/bin/python -m cardkit.model.files` writes them anew."""
    declare_games(PROJECT_ROOT)
    shipped = {path.name: path.read_text(encoding="utf-8") for path in (PROJECT_ROOT / "schemas").glob("*.json")}
    assert shipped == {item.name: schema_text(item.schema) for item in SCHEMAS}
    assert (PROJECT_ROOT / ".vscode/settings.json").read_text(encoding="utf-8") == editor_settings()
    assert (PROJECT_ROOT / "docs/fields.md").read_text(encoding="utf-8") == fields_reference()


@pytest.mark.slow
def test_cardkit_schema_writes_every_schema(tmp_path):
    result = CliRunner().invoke(main, ["schema", "-o", str(tmp_path / "out"), "--fields",
                                       str(tmp_path / "fields.md")])
    assert result.exit_code == 0, result.output
    assert sorted(path.name for path in (tmp_path / "out").iterdir()) == sorted(item.name for item in SCHEMAS)
    assert (tmp_path / "fields.md").read_text(encoding="utf-8") == fields_reference()
    for path in (tmp_path / "out").iterdir():
        jsonschema.Draft202012Validator.check_schema(json.loads(path.read_text(encoding="utf-8")))


def test_the_field_reference_lists_every_kind_of_every_game():
    text = fields_reference()
    assert "## duel: alien" in text and "## classic: artifact" in text and "## cosmic: encounter" in text
    assert "| `powers.<id>.timing` | one of | `always`, `setup`, `contests`, `duels`, " \
           "`contests-and-duels` | unless unknown | `always` |" in text
    assert "| `complexity` | one of | `green`, `yellow`, `red` | unless unknown | `green` |" in text


@pytest.mark.slow
def test_every_shipped_data_file_is_valid_under_its_schema():
    checked = 0
    for path in data_files(PROJECT_ROOT):
        relative = path.relative_to(PROJECT_ROOT).as_posix()
        item = schema_for(relative)
        assert item is not None, f"{relative} has no schema"
        data = load_yaml(path, Path(relative), root=PROJECT_ROOT).data
        errors = list(jsonschema.Draft202012Validator(item.schema).iter_errors(json.loads(json.dumps(data))))
        assert errors == [], f"{relative}: {errors[0].message}"
        checked += 1
    assert checked >= 40


def _type_or_value_fixtures() -> list:
    found = []
    for folder in ("broken", "broken-games"):
        for path in sorted((Path(__file__).parent / folder).glob("*.yaml")):
            fixture = BrokenFixture.read(path)
            if any(f"error: {code}:" in line for line in fixture.expected for code in TYPE_OR_VALUE):
                found.append(pytest.param(fixture, id=path.stem))
    return found


@pytest.mark.parametrize("fixture", _type_or_value_fixtures())
def test_each_fixture_the_models_refuse_for_a_type_or_value_the_schema_refuses_too(tmp_path, fixture):
    root = tmp_path / "db"
    shutil.copytree(MINIMAL_DATABASE, root)
    target = fixture.apply(root)
    relative = target.relative_to(root).as_posix()
    item = schema_for(relative)
    assert item is not None
    data = load_yaml(target, Path(relative), root=root).data
    errors = list(jsonschema.Draft202012Validator(item.schema).iter_errors(json.loads(json.dumps(data))))
    assert errors, f"{fixture.path.name}: the schema accepts what the model refuses"
