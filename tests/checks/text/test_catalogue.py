"""The templates' gettext catalogues: each fault a positioned problem in that cardkit.po;
entries with msgctxt are entries like the others; status counts them."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardkit.checks.output import format_problem
from cardkit.checks.runner import validate
from cardkit.cli import main

CATALOGUES = Path(__file__).parent / "catalogues"
TARGET = Path("locales/es/LC_MESSAGES/cardkit.po")


def expected(path: Path) -> list[str]:
    return re.findall(r"^# expect: (.*)$", path.read_text(encoding="utf-8", errors="replace"), re.M)


@pytest.mark.parametrize("fixture", sorted(CATALOGUES.glob("*.po")), ids=lambda path: path.stem)
def test_one_fault_in_a_template_catalogue_gives_exactly_its_problem(minimal_database, fixture):
    (minimal_database / TARGET).parent.mkdir(parents=True)
    shutil.copyfile(fixture, minimal_database / TARGET)

    report = validate(minimal_database)

    assert [format_problem(problem) for problem in report.problems] == expected(fixture)


def test_status_counts_the_template_strings(minimal_database):
    (minimal_database / TARGET).parent.mkdir(parents=True)
    shutil.copyfile(CATALOGUES / "placeholder-unknown.po", minimal_database / TARGET)
    catalogue = minimal_database / TARGET
    catalogue.write_text(catalogue.read_text(encoding="utf-8") + '\n#, fuzzy\nmsgid "Plan"\nmsgstr "Plan"\n'
                         '\nmsgid "Tactic"\nmsgstr ""\n', encoding="utf-8")

    result = CliRunner().invoke(main, ["status", str(minimal_database), "--lang", "es"])

    assert result.exit_code == 0, result.output
    assert "es       -        templates                3      1        1" in result.output
    assert f"{TARGET}:20: stale: es templates 'Plan'" in result.output
    assert f"{TARGET}:23: missing: es templates 'Tactic'" in result.output


def test_status_json_lists_the_unfinished_template_strings(minimal_database):
    (minimal_database / TARGET).parent.mkdir(parents=True)
    shutil.copyfile(CATALOGUES / "placeholder-unknown.po", minimal_database / TARGET)
    catalogue = minimal_database / TARGET
    catalogue.write_text(catalogue.read_text(encoding="utf-8") + '\nmsgctxt "deck"\nmsgid "not known"\n'
                         'msgstr ""\n', encoding="utf-8")

    result = CliRunner().invoke(main, ["status", str(minimal_database), "--format", "json"])

    data = json.loads(result.output)
    assert {"language": "es", "game": None, "kind": "templates", "translated": 3, "stale": 0,
            "missing": 1} \
        in data["summary"]
    assert data["templates"] == [{"language": "es", "context": "deck", "msgid": "not known",
                                  "state": "missing", "position": f"{TARGET}:20:1"}]
