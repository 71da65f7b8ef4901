"""Broken ISS Vanguard scenarios, one fault each: the exact message, line and column."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardkit.rules.replay import replay_file

BROKEN = Path(__file__).parent / "broken_vanguard"


def _header(path: Path, field: str) -> str | None:
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith(f"# {field}: "):
            return line.removeprefix(f"# {field}: ")
    return None


@pytest.mark.parametrize("path", sorted(BROKEN.glob("*.yaml")), ids=lambda path: path.stem)
def test_broken_vanguard_scenario_reports_its_one_fault(path: Path):
    result = replay_file(path, {}, display_path=Path(path.name))

    assert not result.passed
    code = _header(path, "code")
    if code is not None:
        [problem] = result.problems
        reported = f"{problem.position.line}:{problem.position.column}: {problem.message}"
        assert problem.code == code
        assert problem.position.path == Path(path.name)
        assert result.failure is None
    else:
        assert not result.problems
        failure = result.failure
        reported = f"{failure.position.line}:{failure.position.column}: {failure.message}"
    assert reported == _header(path, "expect")
