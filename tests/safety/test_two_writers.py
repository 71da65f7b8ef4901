"""Two writing commands at once on one project: the lock makes one wait for the other, so
neither loses the other's update. Each pair runs several times, started together."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cardkit.checks.status import translation_states
from cardkit.checks.runner import Strictness, load_checked
from cardkit.source.canonical import format_database
from cardkit.source.transaction import STAGING
from tests.conftest import MINIMAL_DATABASE
from tests.safety.harness import finish, start
from tests.safety.test_kill import catalogue, english_changed, reindented

TRIALS = 8


def stale_texts(root: Path) -> list[str]:
    return [f"{state.card_id}.{state.path}" for state in translation_states(load_checked(root, Strictness.UNREADABLE).database, ["es"])
            if state.state == "stale"]


@pytest.mark.slow
@pytest.mark.parametrize("trial", range(TRIALS))
def test_fmt_racing_mark_translated_loses_nothing(tmp_path: Path, trial: int):
    root = tmp_path / "db"
    shutil.copytree(MINIMAL_DATABASE, root)
    reindented(root)
    english_changed(root)
    assert stale_texts(root)
    children = [start(["fmt", str(root)]),
                start(["mark-translated", "--lang", "es", "--all", "--root", str(root)])]
    assert [finish(child) for child in children] == [0, 0]
    assert format_database(root, write=False).changed == []
    assert stale_texts(root) == []


@pytest.mark.slow
@pytest.mark.parametrize("trial", range(TRIALS))
def test_import_racing_mark_translated_loses_nothing(tmp_path: Path, trial: int):
    root = tmp_path / "db"
    shutil.copytree(MINIMAL_DATABASE, root)
    reinforcements = root / "locales" / "en" / "duel" / "reinforcements.yaml"
    reinforcements.write_text(reinforcements.read_text().replace("name: ", "name: New "))
    assert stale_texts(root) == ["mega-support.name", "even-help-odd-attack.name"]
    po = catalogue(root)
    children = [start(["i18n", "import", str(po), "--root", str(root)]),
                start(["mark-translated", "--lang", "es", "--all", "--root", str(root)])]
    assert [finish(child) for child in children] == [0, 0]
    database = load_checked(root, Strictness.UNREADABLE).database
    assert database.text("es", "pickle").name == "Pepinillo"
    assert database.text("es", "wild").name == "El comodín"
    assert stale_texts(root) == []


# A command writing into a folder, held between its staging and its commit until told to go on.
WRITER_IN_PROGRESS = """
import sys
from pathlib import Path
from cardkit.source.lock import output_lock
from cardkit.source.transaction import Transaction
folder = Path(sys.argv[1])
with output_lock(folder), Transaction(folder) as transaction:
    transaction.write(folder / "first.txt", "the first command's file\\n")
    print("staged", flush=True)
    sys.stdin.readline()
"""


def _writer_staged(tmp_path: Path) -> tuple[Path, Path, dict, subprocess.Popen]:
    """An output folder, a minimal database, the environment to run cardkit in, and a first
    writer into the folder that has staged its file and holds the folder's lock."""
    out = tmp_path / "out"
    out.mkdir()
    root = tmp_path / "db"
    shutil.copytree(MINIMAL_DATABASE, root)
    environment = os.environ | {"PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    first = subprocess.Popen([sys.executable, "-c", WRITER_IN_PROGRESS, str(out)], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True, env=environment)
    assert first.stdout.readline() == "staged\n"
    return out, root, environment, first


def _sheet_export_into(out: Path, root: Path, environment: dict) -> subprocess.CompletedProcess:
    """A second command into `out`, waiting at most 1 s for its lock."""
    return subprocess.run([sys.executable, "-c", "from cardkit.cli import main; main()", "sheet",
                           "export", "--game", "duel", "--kind", "alien", "--lang", "en", "-o",
                           str(out / "aliens.csv"), "--root", str(root)],
                          capture_output=True, text=True, timeout=120,
                          env=environment | {"CARDKIT_LOCK_TIMEOUT": "1"})


def test_a_second_writer_into_one_folder_waits_and_never_takes_the_first_ones_staging(tmp_path: Path):
    out, root, environment, first = _writer_staged(tmp_path)
    try:
        second = _sheet_export_into(out, root, environment)
        assert (out / STAGING).is_dir()  # the first command's write, untouched
    finally:
        first.communicate("go on\n", timeout=120)
    assert first.returncode == 0
    assert second.returncode == 1
    assert second.stderr == (f"{out}: another cardkit command is writing into this folder; waiting up "
                             f"to 1 s\nError: {out}: another cardkit command is writing into this "
                             "folder and has not finished within 1 s; nothing was written, try again "
                             "when it ends\n")
    assert (out / "first.txt").read_text() == "the first command's file\n"
    assert not (out / "aliens.csv").exists() and not (out / STAGING).exists()


def test_a_writer_killed_holding_the_folder_lock_does_not_block_the_next(tmp_path: Path):
    out, root, environment, first = _writer_staged(tmp_path)
    first.kill()  # SIGKILL: no clean-up runs, the kernel lets go of the lock
    first.communicate(timeout=120)
    assert (out / STAGING).is_dir()
    second = _sheet_export_into(out, root, environment)
    # No wait for the dead holder (a 1 s timeout would have said so), and a true account
    assert (second.returncode, second.stderr) == (
        0, f"{out / STAGING}: an interrupted write had not been committed; it was discarded and no "
           "file was changed\n")
    assert not (out / "first.txt").exists() and not (out / STAGING).exists()
    assert (out / "aliens.csv").is_file()
