"""The checks work for every game: each fault of a game's data beyond its schema is
reported once, at its position, with its exact message."""

from __future__ import annotations

import pytest

from cardkit.checks.output import format_problem
from cardkit.checks.runner import validate
from tests.model.test_games import broken_game_fixtures, two_game_database


@pytest.mark.parametrize("fixture", broken_game_fixtures("checks"))
def test_one_fault_of_a_game_gives_exactly_its_problem(tmp_path, fixture):
    root = two_game_database(tmp_path)
    fixture.apply(root)

    report = validate(root)

    assert [format_problem(problem) for problem in report.problems] == fixture.expected
