"""`cardkit new` on a scratch copy of the shipped database: the stub, its English name,
what to fill next, and each refusal with nothing written."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from cardkit.checks.runner import validate
from cardkit.cli import main
from tests.rules.conftest import copy_database


def run_new(root: Path, *arguments: str):
    return CliRunner().invoke(main, ["new", *arguments, "--root", str(root)])


def snapshot(root: Path) -> dict[Path, bytes]:
    return {path: path.read_bytes() for path in sorted(root.rglob("*")) if path.is_file()}


@pytest.mark.slow
def test_an_alien_stub_validates_and_says_what_to_fill(tmp_path):
    root = copy_database(tmp_path)
    before = (root / "cards/duel/aliens.yaml").read_text()
    result = run_new(root, "alien", "abductor", "--game", "duel", "--name", "Abductor")
    assert result.exit_code == 0, result.output
    assert (root / "cards/duel/aliens.yaml").read_text() == (
        before + "\nabductor:\n  unknown: [complexity, powers]\n")
    assert (root / "locales/en/duel/aliens.yaml").read_text().endswith(
        "\nabductor:\n  name: Abductor\n  provisional: [name]\n")
    lines = result.stdout.splitlines()
    assert lines[0] == ("cards/duel/aliens.yaml:50: give complexity, powers with a source (a "
                        "declared printing or rulebook lines), and take each off `unknown` "
                        "(docs/fields.md lists the fields)")
    marked_at = len((root / "locales/en/duel/aliens.yaml").read_text().splitlines())  # its provisional
    assert f"locales/en/duel/aliens.yaml:{marked_at}: the name is ours (provisional)" in result.stdout
    assert "cards/duel/box.yaml:1: declare the printing" in result.stdout
    assert validate(root).errors == []


@pytest.mark.slow
def test_a_fact_the_model_needs_is_given_at_once(tmp_path):
    root = copy_database(tmp_path)
    refused = run_new(root, "plan", "orange-7", "--game", "duel")
    assert refused.exit_code == 2
    assert "a plan of duel cannot leave value unknown: give --fact value=..." in refused.output
    result = run_new(root, "plan", "orange-7", "--game", "duel", "--fact", "value=7")
    assert result.exit_code == 0, result.output
    assert "orange-7:\n  unknown: [colour, name]\n  value: 7\n" in (root / "cards/duel/plans.yaml").read_text()
    assert "the fact 'value' has no source" in result.stdout


@pytest.mark.parametrize("arguments, message", [
    (["alien", "iron-matron", "--game", "duel"], "'iron-matron' exists already: cards/duel/aliens.yaml:20"),
    (["artifact", "x", "--game", "duel"], "duel has no card kind 'artifact'; its kinds are alien, "
     "emissary, discovery, event, maintenance, plan, reinforcement, planet, tactic"),
    (["alien", "Iron_Matron", "--game", "duel"], "'Iron_Matron' is not a card id"),
    (["alien", "x", "--game", "chess"], "the database has no game 'chess'; it has classic, cosmic, duel"),
])
def test_refusals_write_nothing(tmp_path, arguments, message):
    root = copy_database(tmp_path)
    before = snapshot(root)
    result = run_new(root, *arguments)
    assert result.exit_code == 2
    assert message in result.output and "nothing was written" in result.output
    assert snapshot(root) == before
