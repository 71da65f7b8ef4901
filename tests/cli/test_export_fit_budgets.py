"""`cardkit i18n export` notes each card text's fit budget, measured with the templates."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardkit.cli import main
from tests.conftest import PROJECT_ROOT


def export(root: Path, *extra: str, language: str = "de"):
    return CliRunner().invoke(main, ["i18n", "export", "--lang", language, "--root", str(root), *extra])


@pytest.mark.slow
def test_each_card_text_carries_its_fit_budget(tmp_path):
    result = export(PROJECT_ROOT, "--game", "duel", "--build-dir", str(tmp_path))
    assert result.exit_code == 0, result.output
    entry = result.output.split('msgctxt "alien:swarm:name"')[0].rsplit("\n\n", 1)[1]
    budget = re.search(r"#\. Fit budget: about (\d+) characters fit this text's box at its "
                       r"smallest size\.", entry)
    assert budget and 10 < int(budget.group(1)) < 200
    assert f"#, max-length:{budget.group(1)}\n" in entry  # the same budget, for the tool's length check
    # every card text has one; the phrasebook's phrases are printed in many boxes: none
    assert result.output.count("#. Fit budget:") == result.output.count('msgctxt "') - \
        result.output.count('msgctxt "phrasebook:')


def test_a_database_without_templates_exports_without_budgets(minimal_database: Path):
    result = export(minimal_database, language="es")
    assert result.exit_code == 0 and "Fit budget" not in result.output
    assert not (minimal_database / "build").exists()


def test_budgets_can_be_left_out():
    result = export(PROJECT_ROOT, "--no-fit-budgets")
    assert result.exit_code == 0 and "Fit budget" not in result.output
