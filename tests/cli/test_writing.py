"""Writing commands through the CLI: the lock's wait and timeout, the recovery sentence,
links kept, links to outside refused without reading or echoing them."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from cardkit.cli import main
from cardkit.source.lock import project_lock
from cardkit.source import transaction as module
from cardkit.source.transaction import STAGING, Transaction


def run(*arguments: str, **environment: str):
    return CliRunner(env=environment).invoke(main, list(arguments))


def test_a_second_writer_waits_then_fails_with_exit_1(minimal_database: Path):
    before = (minimal_database / "cards" / "duel" / "plans.yaml").read_bytes()
    with project_lock(minimal_database):
        result = run("fmt", str(minimal_database), CARDKIT_LOCK_TIMEOUT="0.2")
    assert result.exit_code == 1
    assert result.output == (
        f"{minimal_database}: another cardkit command is writing this project; waiting up to 0.2 s\n"
        f"Error: {minimal_database}: another cardkit command is writing this project and has not "
        "finished within 0.2 s; nothing was written, try again when it ends\n")
    assert (minimal_database / "cards" / "duel" / "plans.yaml").read_bytes() == before


def test_a_writing_command_first_completes_an_interrupted_write_and_says_so(minimal_database: Path):
    plans = minimal_database / "cards" / "duel" / "plans.yaml"
    transaction = Transaction(minimal_database).__enter__()
    transaction.write(plans, plans.read_text().replace("value: 13", "value: 12"))
    original, module._apply = module._apply, lambda *arguments: 0  # killed after the journal
    try:
        transaction._commit()
    finally:
        module._apply = original
    result = run("mark-translated", "--lang", "es", "--all", "--root", str(minimal_database))
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == (
        f"{minimal_database / STAGING}: an interrupted write had been committed; it was completed "
        "(1 of 1 files still to move)")
    assert "value: 12" in plans.read_text()


def test_fmt_writes_through_a_link_inside_the_project_and_keeps_it(minimal_database: Path):
    plans = minimal_database / "cards" / "duel" / "plans.yaml"
    kept = minimal_database / "kept-plans.yaml"
    kept.write_text(plans.read_text().replace("\n  ", "\n    "))
    plans.unlink()
    plans.symlink_to(kept)
    result = run("fmt", str(minimal_database))
    assert result.exit_code == 0, result.output
    assert plans.is_symlink() and plans.resolve() == kept.resolve()
    assert kept.read_text().startswith("wild:\n  colour: orange\n")


@pytest.mark.slow
def test_fmt_refuses_a_link_to_outside_without_reading_it(minimal_database: Path, tmp_path: Path):
    secret = tmp_path / "passwd"
    secret.write_text("root:x:0:0:root:/root:/bin/bash\n")
    plans = minimal_database / "cards" / "duel" / "plans.yaml"
    plans.unlink()
    plans.symlink_to(secret)
    result = run("fmt", str(minimal_database))
    assert result.exit_code == 1
    assert result.output.splitlines()[0] == (
        f"cards/duel/plans.yaml:1:1: error: file-unreadable: not read: {plans} is a link to "
        f"{secret}, outside {minimal_database}; only files inside it are read")
    assert "root:x" not in result.output
    assert plans.is_symlink() and secret.read_text() == "root:x:0:0:root:/root:/bin/bash\n"


def test_validate_names_a_link_to_outside_and_echoes_nothing(minimal_database: Path, tmp_path: Path):
    secret = tmp_path / "shadow"
    secret.write_text("root:*:19000:0:99999:7:::\n")
    plans = minimal_database / "cards" / "duel" / "plans.yaml"
    plans.unlink()
    plans.symlink_to(secret)
    result = run("validate", str(minimal_database))
    assert result.exit_code == 1
    assert "root:*" not in result.output
    assert (f"cards/duel/plans.yaml:1:1: error: file-unreadable: not read: {plans} is a link to "
            f"{secret}, outside {minimal_database}; only files inside it are read") in result.output


def test_import_of_a_link_to_outside_or_a_device_is_refused(minimal_database: Path, tmp_path: Path):
    (tmp_path / "environ.po").symlink_to("/proc/self/environ")
    (tmp_path / "zero.po").symlink_to("/dev/zero")
    linked = run("i18n", "import", str(tmp_path / "environ.po"), "--root", str(minimal_database))
    device = run("i18n", "import", str(tmp_path / "zero.po"), "--root", str(minimal_database))
    assert (linked.exit_code, device.exit_code) == (2, 2)
    assert linked.output.startswith(f"Error: {tmp_path / 'environ.po'}: {tmp_path / 'environ.po'} is "
                                    "a link to /proc/")
    assert "PATH=" not in linked.output
    assert device.output == (f"Error: {tmp_path / 'zero.po'}: {tmp_path / 'zero.po'} is a link to "
                             f"/dev/zero, outside {tmp_path}; only files inside it are read\n")
