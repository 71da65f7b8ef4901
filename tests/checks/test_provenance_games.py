"""Provenance per game on a copy of the shipped database: each game cites its own
rulebooks, box facts included; one fault each, reported at its position."""

from __future__ import annotations

import pytest

from cardkit.checks.output import format_problem
from cardkit.checks.runner import validate
from tests.rules.conftest import copy_database, replace_in

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
        "cards/classic/encounter.yaml", f"- file: {CLASSIC}\n          lines: '674'",
        f"- file: {DUEL_ES}\n          lines: '674'",
        f"error: provenance-unknown-file: '{DUEL_ES}' is not one of the rulebooks box.yaml lists "
        f"({CLASSIC})", id="classic-card-cites-the-duel"),
    pytest.param(
        "cards/cosmic/encounter.yaml", "lines: '223'", "lines: '288'",
        f"error: provenance-line-range: lines 288 are not in {COSMIC}, which has 287 lines",
        id="cosmic-past-the-end"),
])
def test_a_game_cites_its_own_rulebooks(tmp_path, file, old, new, message):
    root = copy_database(tmp_path / "db")
    replace_in(root / file, old, new)

    [problem] = [format_problem(problem) for problem in validate(root).problems]

    line = _line_containing(root, file, new.splitlines()[0])
    assert problem.startswith(f"{file}:{line}:") and problem.endswith(message)


def test_a_box_fact_without_a_source_is_reported_at_the_fact(tmp_path):
    root = copy_database(tmp_path / "db")
    source = (f"  - facts: [starting_hand]\n    cites:\n      - file: {CLASSIC}\n        lines: '150'\n"
              '        quote: "7 Cartas de la baraja"\n')
    replace_in(root / "cards/classic/box.yaml", source, "")

    problems = [format_problem(problem) for problem in validate(root).problems]

    line = _line_of(root, "cards/classic/box.yaml", "starting_hand: 7")
    assert problems == [f"cards/classic/box.yaml:{line}:1: error: provenance-missing: the fact "
                        "'starting_hand' has no source: cite it, give a reading, or list it under "
                        "'unknown'"]
