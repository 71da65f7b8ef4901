"""The database the project ships is valid and in canonical form."""

from __future__ import annotations

from cardkit.checks.runner import validate
from cardkit.problems import Severity
from cardkit.source.canonical import format_database
from tests.conftest import PROJECT_ROOT


def test_shipped_database_has_no_errors():
    report = validate(PROJECT_ROOT)

    assert [str(p.position) + " " + p.message for p in report.problems
            if p.severity is Severity.ERROR] == []


def test_shipped_database_is_canonical():
    assert format_database(PROJECT_ROOT, write=False).changed == []
