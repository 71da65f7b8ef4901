"""Broken ISS Vanguard scenarios, one fault each: the exact message, line and column."""

from __future__ import annotations

import os
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


def test_a_scenario_linked_from_outside_its_folder_is_refused(tmp_path):
    outside = tmp_path / "outside.yaml"
    outside.write_text((BROKEN.parent.parent / "examples" / "vanguard" /
                        "injury-dice-damage-first.yaml").read_text(encoding="utf-8"),
                       encoding="utf-8")
    (tmp_path / "examples").mkdir()
    link = tmp_path / "examples" / "linked.yaml"
    link.symlink_to(outside)

    result = replay_file(link, {}, display_path=Path("linked.yaml"))

    [problem] = result.problems
    assert (problem.code, problem.message) == (
        "file-unreadable", f"cannot read the scenario: {link} is a link to {outside}, outside "
                           f"{link.parent}; only files inside it are read")


def test_a_fifo_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "waiting.yaml"
    os.mkfifo(fifo)

    result = replay_file(fifo, {}, display_path=Path("waiting.yaml"))

    [problem] = result.problems
    assert (problem.code, problem.message) == (
        "file-unreadable", "cannot read the scenario: is a FIFO (named pipe), not a regular file")
