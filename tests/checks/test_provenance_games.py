"""Provenance per game on a copy of the shipped database: each game cites its own
rulebooks, box facts included; one fault each, reported at its position."""

from __future__ import annotations

import pytest

from cardkit.checks.output import format_problem
from cardkit.checks.provenance import check_against_rulebooks
from cardkit.checks.runner import validate
from cardkit.model.database import load_database
from tests.rules.conftest import copy_database, replace_in
from tests.test_shipped_database import SEEDS

DUEL_ES = "000_9d86faec0599c48a.txt"
CLASSIC = "001_9841a4286c692375.txt"
COSMIC = "002_899f4de90e84aa54.txt"


def _line_of(root, file: str, text: str) -> int:
    return (root / file).read_text(encoding="utf-8").splitlines().index(text) + 1


def _line_containing(root, file: str, text: str) -> int:
    [line] = [number for number, content in
              enumerate((root / file).read_text(encoding="utf-8").splitlines(), 1) if text in content]
    return line


@pytest.mark.parametrize("file, old, new, message", [
    pytest.param(
        "cards/classic/encounter.yaml", f"{{file: {CLASSIC}, lines: '674'}}",
        f"{{file: {DUEL_ES}, lines: '674'}}",
        f"error: provenance-unknown-file: '{DUEL_ES}' is not one of the rulebooks box.yaml lists "
        f"({CLASSIC})", id="classic-card-cites-the-duel"),
    pytest.param(
        "cards/cosmic/encounter.yaml", "lines: '223'", "lines: '287'",
        f"error: provenance-line-range: lines 287 are not in {COSMIC}, which has 286 lines",
        id="cosmic-past-the-end"),
])
def test_a_game_cites_its_own_rulebooks(tmp_path, file, old, new, message):
    root = copy_database(tmp_path / "db")
    replace_in(root / file, old, new)

    [problem] = [format_problem(problem) for problem in validate(root).problems]

    line = _line_containing(root, file, new)
    assert problem.startswith(f"{file}:{line}:") and problem.endswith(message)


def test_a_box_fact_without_a_source_is_reported_at_the_fact(tmp_path):
    root = copy_database(tmp_path / "db")
    source = f"  - facts: [starting_hand]\n    cites:\n      - {{file: {CLASSIC}, lines: '150'}}\n"
    replace_in(root / "cards/classic/box.yaml", source, "")

    problems = [format_problem(problem) for problem in validate(root).problems]

    line = _line_of(root, "cards/classic/box.yaml", "starting_hand: 7")
    assert problems == [f"cards/classic/box.yaml:{line}:1: error: provenance-missing: the fact "
                        "'starting_hand' has no source: cite it, give a reading, or list it under "
                        "'unknown'"]


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the rulebooks are not next to the project")
def test_a_box_number_its_lines_do_not_give_is_a_contradiction(tmp_path):
    root = copy_database(tmp_path / "db")
    replace_in(root / "cards/classic/box.yaml", "starting_hand: 7", "starting_hand: 8")
    database, problems, _ = load_database(root)
    assert problems == []

    line = _line_of(root, "cards/classic/box.yaml", f"      - {{file: {CLASSIC}, lines: '150'}}")
    assert [format_problem(problem) for problem in check_against_rulebooks(database, SEEDS)] == [
        f"cards/classic/box.yaml:{line}:49: error: provenance-contradicted: line 150 of {CLASSIC} "
        "do not give 8 for 'starting_hand'"]
