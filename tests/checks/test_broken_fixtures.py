"""Every broken fixture, applied to the minimal database, causes exactly its expected problems."""

from __future__ import annotations

import pytest

from cardkit.checks.output import format_problem
from cardkit.checks.runner import validate
from tests.conftest import broken_fixtures


@pytest.mark.parametrize("fixture", broken_fixtures("source") + broken_fixtures("model")
                         + broken_fixtures("checks"))
def test_one_fault_gives_exactly_its_problem(minimal_database, fixture):
    fixture.apply(minimal_database)

    report = validate(minimal_database)

    written = "\n".join(format_problem(problem) for problem in report.problems)
    assert written.splitlines() == fixture.expected


def test_minimal_database_is_clean(minimal_database):
    assert validate(minimal_database).problems == []
