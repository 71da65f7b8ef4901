"""Broken ISS Vanguard scenarios, one fault each: the exact message, line and column."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cardkit.rules.core.replay import replay_file
from tests.rules.broken_scenarios import assert_its_one_fault

BROKEN = Path(__file__).parent / "broken_vanguard"


@pytest.mark.parametrize("path", sorted(BROKEN.glob("*.yaml")), ids=lambda path: path.stem)
def test_broken_vanguard_scenario_reports_its_one_fault(path: Path):
    result = replay_file(path, {}, display_path=Path(path.name))

    assert_its_one_fault(path, result)


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
