"""Mutants of the shipped database's files never make validate end in a traceback: every fault is a problem with a position or a message, and the exit code says so.
benchmarks/mutants.py runs many more of these outside the suite."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardkit.cli import main
from tests.conftest import PROJECT_ROOT

SHIPPED_FILES = sorted(str(path.relative_to(PROJECT_ROOT))
                       for folder in ("cards", "locales") for path in (PROJECT_ROOT / folder).rglob("*.yaml"))
HOSTILE = ["<<: *a", "!foo x", "!!python/tuple [1]", "!!omap [{a: 1}]", "013", "0x0d", "1:30",
           "!!int abc", "!!bool yes", "9" * 5000, '"\\x1b"', '"\\x85"', '"  "', "*a", "&a [1]",
           "%TAG ! tag:x,1:", "[", "{", "'", "\t", "\x00", "\x1b", "- - -", "? ", ": :"]


@pytest.fixture(scope="module")
def shipped_copy(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("shipped")
    for folder in ("cards", "locales"):
        shutil.copytree(PROJECT_ROOT / folder, root / folder)
    return root


@st.composite
def mutants(draw):
    relative = draw(st.sampled_from(SHIPPED_FILES))
    data = (PROJECT_ROOT / relative).read_bytes()
    where = draw(st.integers(0, len(data)))
    kind = draw(st.sampled_from(["replace", "insert", "delete", "hostile"]))
    if kind == "hostile":
        piece = draw(st.sampled_from(HOSTILE)).encode("utf-8")
        end = data.find(b"\n", where)
        return relative, data[:where] + piece + (data[end:] if end >= 0 else b"")
    byte = bytes([draw(st.integers(0, 255))])
    if kind == "replace":
        return relative, data[:where] + byte + data[where + 1:]
    if kind == "insert":
        return relative, data[:where] + byte + data[where:]
    return relative, data[:where] + data[where + 1:]


@pytest.mark.slow
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(mutants())
def test_a_mutated_shipped_file_never_ends_in_a_traceback(shipped_copy, mutant):
    relative, data = mutant
    target = shipped_copy / relative
    target.write_bytes(data)
    try:
        result = CliRunner().invoke(main, ["validate", str(shipped_copy)])
        assert result.exception is None or isinstance(result.exception, SystemExit), (
            relative, result.output, result.exception)
        assert result.exit_code in (0, 1)
    finally:
        target.write_bytes((PROJECT_ROOT / relative).read_bytes())
