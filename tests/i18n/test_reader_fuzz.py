"""Mutated exchange files: every one is read and checked, or refused with a line; never a
traceback. The mutants start from real exports and flip, drop or insert bytes and escapes."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardkit.checks.runner import load_checked
from cardkit.i18n.catalogue import ImportRefused
from cardkit.i18n.export import build_catalogue
from cardkit.i18n.importer import _Plan, import_catalogue
from cardkit.model.plurals import plural_forms
from cardkit.i18n.po import read_po, write_po
from cardkit.i18n.xliff import read_xliff, write_xliff
from tests.conftest import MINIMAL_DATABASE

SPLICES = st.sampled_from([b"\\x110000", b"\\xFFFFFFFF", b"\\x" + b"f" * 5000, b"\\000", b"\x1b",
                           "\u0085".encode(), b"{coUnt}", b"{count:x>3000000000}", b"\"", b"\n",
                           b"&#27;", b"<g>", b"approved=\"no\" ", b"#, fuzzy\n", b"msgstr[7] "])


@pytest.fixture(scope="module")
def exports() -> dict[str, tuple]:
    checked = load_checked(MINIMAL_DATABASE)
    catalogue = build_catalogue(checked.database, "es")
    return {"po": (write_po(catalogue).encode(), read_po, checked),
            "xliff": (write_xliff(catalogue).encode(), read_xliff, checked)}


@pytest.mark.slow
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(file_format=st.sampled_from(["po", "xliff"]), data=st.data())
def test_a_mutated_file_is_read_and_checked_or_refused(exports, file_format, data):
    raw, reader, checked = exports[file_format]
    mutated = bytearray(raw)
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(mutated)))
        cut = data.draw(st.integers(0, 8))
        mutated[at:at + cut] = data.draw(st.one_of(SPLICES, st.binary(max_size=6)))

    try:
        received = reader(bytes(mutated), Path(f"es.{file_format}"))
        if received.language != "es" or received.exported_for not in (None, received.language) \
                or received.database not in (None, "duel"):
            import_catalogue(checked, received)  # refused before writing
            raise AssertionError("a file for another language or database was accepted")
        # Every check of the units, short of the import's check and write, which the import
        # tests cover on copies of the database.
        plan = _Plan(MINIMAL_DATABASE, checked.database, received, plural_forms("es"))
        plan.take_all(received.units)
    except ImportRefused as refused:
        assert refused.faults and all(fault.position.line >= 1 for fault in refused.faults)
