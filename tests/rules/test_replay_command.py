"""`cardkit replay` through click's CliRunner: results, diffs and exit codes."""

from __future__ import annotations

import os
import shutil
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardkit.cli.replay import replay_command
from tests.rules.conftest import EXAMPLES, PROJECT_ROOT, copy_database, replace_in

BROKEN = Path(__file__).parent / "broken" / "duel"


def _invoke(*arguments: str):
    return CliRunner().invoke(replay_command, list(arguments), catch_exceptions=False)


@pytest.mark.slow
def test_every_shipped_example_holds(monkeypatch):
    monkeypatch.chdir(PROJECT_ROOT)
    result = _invoke()
    examples = sorted(EXAMPLES.rglob("*.yaml"))
    assert result.exit_code == 0, result.output
    assert result.output.count("\nok    ") + result.output.startswith("ok    ") == len(examples)
    assert result.output.endswith(f"{len(examples)} of {len(examples)} examples hold\n")


def test_a_failing_example_prints_the_diff_and_exits_1(tmp_path):
    root = copy_database(tmp_path)
    replace_in(root / "cards/duel/plans.yaml", "value: 6", "value: 7")
    example = shutil.copy(EXAMPLES / "duel" / "duel-example.yaml", tmp_path / "duel.yaml")
    result = _invoke("--database", str(root), str(example))
    assert result.exit_code == 1
    assert f"FAIL  {example}" in result.output
    assert "  after 7 of 8 steps" in result.output
    assert "duel.influence.blue: expected 14, actual 15" in result.output
    assert "-    blue: 14\n  +    blue: 15" in result.output
    assert result.output.endswith("0 of 1 examples hold\n")


def test_a_scenario_that_does_not_load_is_reported_with_file_and_line_and_exits_2(monkeypatch):
    monkeypatch.chdir(PROJECT_ROOT)
    path = BROKEN.relative_to(PROJECT_ROOT) / "unknown-card.yaml"
    result = _invoke(str(path))
    assert result.exit_code == 2
    assert (f"  {path}:11:20: error: unknown-id: unknown card id 'wilde': "
            "the card database has no such card") in result.output


def test_no_examples_found_is_a_usage_error(tmp_path):
    copy_database(tmp_path)
    empty = tmp_path / "nothing-here"
    empty.mkdir()
    result = _invoke("--database", str(tmp_path), str(empty))
    assert result.exit_code == 2
    assert "no worked examples found" in result.output


def test_a_broken_card_database_is_a_usage_error(tmp_path):
    root = copy_database(tmp_path)
    replace_in(root / "cards/duel/plans.yaml", "value: 6", "value: six")
    result = _invoke("--database", str(root), str(EXAMPLES))
    assert result.exit_code == 2
    assert "cards/duel/plans.yaml:29:10: error: schema-type: value: expected a whole number" in result.output
    assert f"the database under {root} has 1 error; `cardkit validate` lists it" in result.output


def test_one_scenario_that_does_not_load_among_failing_ones_exits_2(monkeypatch):
    monkeypatch.chdir(PROJECT_ROOT)
    broken = BROKEN.relative_to(PROJECT_ROOT)
    result = _invoke(str(broken / "illegal-decision.yaml"), str(broken / "unknown-card.yaml"))
    assert result.exit_code == 2
    assert result.output.endswith("0 of 2 examples hold\n")


def test_a_scenario_that_loads_and_fails_exits_1(monkeypatch):
    monkeypatch.chdir(PROJECT_ROOT)
    result = _invoke(str(BROKEN.relative_to(PROJECT_ROOT) / "illegal-decision.yaml"))
    assert result.exit_code == 1


def test_a_device_is_refused_with_a_message_and_exit_2(monkeypatch):
    monkeypatch.chdir(PROJECT_ROOT)
    result = _invoke("/dev/zero")
    assert result.exit_code == 2
    assert ("  /dev/zero:1:1: error: file-unreadable: cannot read the scenario: "
            "is a device, not a regular file") in result.output


def test_a_fifo_is_refused_without_blocking(monkeypatch, tmp_path):
    monkeypatch.chdir(PROJECT_ROOT)
    fifo = tmp_path / "example.yaml"
    os.mkfifo(fifo)
    result = _invoke(str(fifo))
    assert result.exit_code == 2
    assert (f"  {fifo}:1:1: error: file-unreadable: cannot read the scenario: is a FIFO "
            "(named pipe), not a regular file") in result.output


def test_links_and_devices_among_the_examples_are_refused_not_skipped(tmp_path, monkeypatch):
    # Issue 22, W5: `replay` with no paths searched tests/examples/ and passed over links
    # and device nodes in silence, reporting every example held.
    root = copy_database(tmp_path / "project")
    examples = root / "tests" / "examples"
    examples.mkdir(parents=True)
    shutil.copy(EXAMPLES / "duel" / "duel-example.yaml", examples)
    outside = tmp_path / "outside.yaml"
    shutil.copy(EXAMPLES / "duel" / "hand-size.yaml", outside)
    (examples / "linked-out.yaml").symlink_to(outside)
    (examples / "linked-in.yaml").symlink_to(examples / "duel-example.yaml")
    (examples / "more").symlink_to(tmp_path, target_is_directory=True)
    os.mkfifo(examples / "waiting.yaml")
    monkeypatch.chdir(root)

    result = _invoke()

    assert result.exit_code == 2
    folder = Path("tests/examples")
    for name, reason in (
            ("linked-in.yaml", f"is a link to {examples / 'duel-example.yaml'}"),
            ("linked-out.yaml", f"is a link to {outside}"),
            ("more", f"is a link to {tmp_path}")):
        assert (f"FAIL  {folder / name}\n  {folder / name}:1:1: error: file-unreadable: cannot "
                f"read the scenario: {reason}; a folder of examples is searched without "
                "following links\n") in result.output
    assert (f"FAIL  {folder / 'waiting.yaml'}\n  {folder / 'waiting.yaml'}:1:1: error: "
            "file-unreadable: cannot read the scenario: is a FIFO (named pipe), not a regular "
            "file\n") in result.output
    assert f"ok    {folder / 'duel-example.yaml'}  (8 steps)" in result.output
    assert result.output.endswith("1 of 5 examples hold\n")


def test_a_device_among_the_examples_is_refused(tmp_path, monkeypatch):
    root = copy_database(tmp_path / "project")
    examples = root / "tests" / "examples"
    examples.mkdir(parents=True)
    try:
        os.mknod(examples / "zero.yaml", 0o600 | stat.S_IFCHR, os.makedev(1, 5))
    except PermissionError:
        pytest.skip("making a device node needs a privilege this test does not have")
    monkeypatch.chdir(root)

    result = _invoke()

    assert result.exit_code == 2
    assert ("  tests/examples/zero.yaml:1:1: error: file-unreadable: cannot read the scenario: "
            "is a device, not a regular file") in result.output
    assert result.output.endswith("0 of 1 examples hold\n")
