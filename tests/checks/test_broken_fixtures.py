"""Every broken fixture, applied to the minimal database, causes exactly its expected problems."""

from __future__ import annotations

import pytest

from cardkit.checks.output import format_problem
from cardkit.checks.provenance import is_our_wording_in
from cardkit.checks.runner import validate
from cardkit.model.database import load_database
from tests.conftest import MINIMAL_PRINTED_DATABASE, broken_fixtures


@pytest.mark.parametrize("fixture", broken_fixtures("source") + broken_fixtures("model")
                         + broken_fixtures("checks"))
def test_one_fault_gives_exactly_its_problem(minimal_database, fixture):
    fixture.apply(minimal_database)

    report = validate(minimal_database)

    written = "\n".join(format_problem(problem) for problem in report.problems)
    assert written.splitlines() == fixture.expected


def test_minimal_database_is_clean(minimal_database):
    assert validate(minimal_database).problems == []


def test_the_printed_minimal_database_is_clean_and_its_spanish_is_the_printed_wording():
    assert validate(MINIMAL_PRINTED_DATABASE).problems == []
    database = load_database(MINIMAL_PRINTED_DATABASE)[0]
    spanish = {card_id: entry.texts for card_id, entry in database.texts["es"].items()}
    assert sorted(spanish) == ["iron-matron", "pickle"]
    assert [(card_id, path) for card_id, texts in spanish.items() for path in texts
            if is_our_wording_in(database, "es", card_id, path)] == []
    assert is_our_wording_in(database, "en", "iron-matron", "name")
