"""`cardkit validate` and `cardkit fmt` through click's CliRunner: output formats and exit codes."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardkit.cli import main
from tests.conftest import TESTS, BrokenFixture

RANGE_FAULT = BrokenFixture.read(TESTS / "model" / "broken" / "range-plan-value.yaml")
MISSING_TEXT = BrokenFixture.read(TESTS / "checks" / "broken" / "missing-text.yaml")


def run(*arguments: str):
    return CliRunner().invoke(main, list(arguments))


def test_clean_database_exits_0_with_a_summary(minimal_database):
    result = run("validate", str(minimal_database))

    assert result.exit_code == 0
    assert result.output.startswith("0 errors, 0 warnings in 17 files.")
    assert "alien 2/27" in result.output


def test_errors_exit_1_in_text_format(minimal_database):
    RANGE_FAULT.apply(minimal_database)

    result = run("validate", str(minimal_database))

    assert result.exit_code == 1
    assert result.output.splitlines()[0] == RANGE_FAULT.expected[0]


def test_json_format_carries_every_field(minimal_database):
    RANGE_FAULT.apply(minimal_database)

    result = run("validate", "--format", "json", str(minimal_database))

    report = json.loads(result.output)
    assert result.exit_code == 1
    assert report["errors"] == 1
    assert report["problems"][0] == {
        "path": "cards/duel/plans.yaml", "line": 5, "column": 10, "severity": "error",
        "code": "schema-range", "card": "wild", "field": "value",
        "message": "value: 43 is out of range: input should be less than or equal to 42"}


def test_github_format_writes_workflow_annotations(minimal_database):
    RANGE_FAULT.apply(minimal_database)

    result = run("validate", "--format", "github", str(minimal_database))

    assert result.output == ("::error file=cards/duel/plans.yaml,line=5,col=10,title=schema-range::"
                             "value%3A 43 is out of range%3A input should be less than or equal to 42\n"
                             .replace("%3A", ":"))


def test_warnings_pass_unless_strict(minimal_database):
    MISSING_TEXT.apply(minimal_database)

    assert run("validate", str(minimal_database)).exit_code == 0
    assert run("validate", "--strict", str(minimal_database)).exit_code == 1


def test_folder_without_a_database_exits_2(tmp_path: Path):
    result = run("validate", str(tmp_path))

    assert result.exit_code == 2
    assert "no card database here (expected a cards/ folder)" in result.output
    assert "Traceback" not in result.output


def test_unknown_format_is_a_usage_error(minimal_database):
    assert run("validate", "--format", "xml", str(minimal_database)).exit_code == 2


def test_fmt_check_reports_and_writes_nothing(minimal_database):
    plans = minimal_database / "cards/duel/plans.yaml"
    messy = "# keep me\nwild:\n    colour:   orange   # and me\n    value: 13\ninadequate: {colour: blue, value: 6}\n"
    plans.write_text(messy)

    result = run("fmt", "--check", str(minimal_database))

    assert result.exit_code == 1
    assert "cards/duel/plans.yaml:3:1: warning: not-canonical" in result.output
    assert plans.read_text() == messy


@pytest.mark.slow
def test_fmt_keeps_comments_and_key_order_and_is_idempotent(minimal_database):
    plans = minimal_database / "cards/duel/plans.yaml"
    plans.write_text("# keep me\nwild:\n    value: 13\n    colour:   orange   # and me\ninadequate: {colour: blue, value: 6}\n")

    assert run("fmt", str(minimal_database)).exit_code == 0
    once = plans.read_text()
    assert run("fmt", str(minimal_database)).exit_code == 0

    assert plans.read_text() == once
    assert once == ("# keep me\nwild:\n  value: 13\n  colour: orange       # and me\n"
                    "inadequate: {colour: blue, value: 6}\n")
    assert run("fmt", "--check", str(minimal_database)).exit_code == 0


def test_fmt_leaves_a_file_that_does_not_parse_untouched(minimal_database):
    plans = minimal_database / "cards/duel/plans.yaml"
    broken = "wild: [orange\n"
    plans.write_text(broken)

    result = run("fmt", str(minimal_database))

    assert result.exit_code == 1
    assert "cards/duel/plans.yaml:2:1: error: yaml-syntax" in result.output
    assert plans.read_text() == broken


def test_validate_and_fmt_agree_on_a_byte_order_mark_inside_a_file(minimal_database):
    """validate read a BOM at the start of a line with libyaml and exited 0; fmt --check read
    it with ruamel.yaml and found the file did not parse. Both now refuse it at its place."""
    fixture = BrokenFixture.read(TESTS / "source" / "broken" / "bom-inside.yaml")
    fixture.apply(minimal_database)

    validated, checked = run("validate", str(minimal_database)), run("fmt", "--check", str(minimal_database))

    assert (validated.exit_code, checked.exit_code) == (1, 1)
    assert fixture.expected[0] in validated.output.splitlines()
    assert checked.output.splitlines()[0] == fixture.expected[0]


@pytest.mark.slow
def test_fmt_names_a_data_file_it_cannot_read_and_exits_1(minimal_database):
    aliens = minimal_database / "cards" / "duel" / "aliens.yaml"
    aliens.unlink()
    try:
        os.mknod(aliens, stat.S_IFCHR | 0o666, os.makedev(1, 3))  # a null device of our own
    except PermissionError:
        pytest.skip("making a device node needs CAP_MKNOD")

    for arguments, verb in ((["fmt"], "reformatted"), (["fmt", "--check"], "would reformat")):
        result = run(*arguments, str(minimal_database))
        assert result.exit_code == 1
        assert result.output == ("cards/duel/aliens.yaml:1:1: error: file-unreadable: not read: is a "
                                 f"device, not a regular file\n17 files checked, 0 {verb}\n")
    assert stat.S_ISCHR(aliens.lstat().st_mode)


def test_a_data_folder_linked_outside_is_named_by_validate_and_fmt(minimal_database, tmp_path: Path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (minimal_database / "cards" / "duel").rename(outside / "duel")
    (minimal_database / "cards" / "duel").symlink_to(outside / "duel")
    named = (f"cards/duel:1:1: error: file-unreadable: not read: {minimal_database / 'cards' / 'duel'} "
             f"is a link to {outside / 'duel'}, outside {minimal_database}; only files inside it are "
             "read")

    validated, formatted = run("validate", str(minimal_database)), run("fmt", str(minimal_database))

    assert validated.exit_code == 1 and validated.output.splitlines()[0] == named
    assert (formatted.exit_code, formatted.output) == (1, f"{named}\n12 files checked, 0 reformatted\n")


def test_a_data_folder_linked_inside_is_named_not_skipped(minimal_database):
    (minimal_database / "cards" / "duel" / "fate").rename(minimal_database / "fate")
    (minimal_database / "cards" / "duel" / "fate").symlink_to(minimal_database / "fate")

    result = run("validate", str(minimal_database))

    assert result.exit_code == 1
    assert result.output.splitlines()[0] == (
        f"cards/duel/fate:1:1: error: file-unreadable: not read: {minimal_database / 'cards/duel/fate'} "
        f"is a link to the folder {minimal_database / 'fate'}; links to folders are not followed "
        "(move the folder here, or link its files one by one)")
