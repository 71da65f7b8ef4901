"""`-o`: an output that exists and is not a regular file is written through, never replaced;
`-o -` and `-o /dev/stdout` are standard output. The device is a node made in a temporary
folder, never the system's own. Inside an output folder (build, review) such a file is
refused instead, and stays."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardkit.cli import main
from cardkit.source.transaction import STAGING
from tests.conftest import PROJECT_ROOT, with_face_cache


@pytest.fixture(autouse=True)
def fixed_export_time(monkeypatch):
    """Two exports compared across a minute's turn would differ in PO-Revision-Date."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767225600")


def export(root: Path, output: str):
    return CliRunner().invoke(main, ["i18n", "export", "--lang", "es", "--no-fit-budgets",
                                     "--root", str(root), "-o", output])


def expected_po(root: Path) -> str:
    result = CliRunner().invoke(main, ["i18n", "export", "--lang", "es", "--no-fit-budgets",
                                       "--root", str(root)])
    assert result.exit_code == 0
    return result.output


def read_while(fifo: Path, write):
    """What a reader of `fifo` receives while `write()` runs, and `write()`'s result. A
    writer that never opens the FIFO leaves the reader with nothing, not hanging."""
    received = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_text(encoding="utf-8")))
    reader.start()
    result = write()
    while reader.is_alive():
        try:
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))  # the reader sees the end
        except OSError:  # the reader has not opened it yet
            pass
        reader.join(0.1)
    return received, result


def test_a_fifo_is_written_through_and_stays_a_fifo(minimal_database: Path, tmp_path: Path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    received, result = read_while(fifo, lambda: export(minimal_database, str(fifo)))
    assert result.exit_code == 0, result.output
    assert received == [expected_po(minimal_database)]
    assert stat.S_ISFIFO(fifo.lstat().st_mode)
    assert not (tmp_path / STAGING).exists()


def test_a_character_device_is_written_through_and_stays_a_device(minimal_database: Path, tmp_path: Path):
    device = tmp_path / "fakenull"
    try:
        os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 3))  # a null device of our own
    except PermissionError:
        pytest.skip("making a device node needs CAP_MKNOD")
    result = export(minimal_database, str(device))
    assert (result.exit_code, result.output) == (0, "")
    assert stat.S_ISCHR(device.lstat().st_mode) and device.lstat().st_rdev == os.makedev(1, 3)
    assert sorted(path.name for path in tmp_path.iterdir()) == ["db", "fakenull"]


def test_a_link_to_a_fifo_is_written_through_and_stays_a_link(minimal_database: Path, tmp_path: Path):
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "link.po").symlink_to("fifo")
    received, result = read_while(tmp_path / "fifo",
                                  lambda: export(minimal_database, str(tmp_path / "link.po")))
    assert result.exit_code == 0, result.output
    assert received == [expected_po(minimal_database)]
    assert (tmp_path / "link.po").is_symlink()


def test_dash_is_standard_output_and_makes_no_file(minimal_database: Path, tmp_path: Path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = export(minimal_database, "-")
    assert result.exit_code == 0
    assert result.output == expected_po(minimal_database)
    assert not (tmp_path / "-").exists()


def cardkit_process(arguments: list[str], stdout) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", "from cardkit.cli import main; main()", *arguments],
                          stdout=stdout, stderr=subprocess.PIPE, timeout=120)


@pytest.mark.slow
def test_dev_stdout_is_standard_output_through_a_pipe(minimal_database: Path):
    run = cardkit_process(["i18n", "export", "--lang", "es", "--no-fit-budgets", "--root",
                           str(minimal_database), "-o", "/dev/stdout"], subprocess.PIPE)
    assert run.returncode == 0, run.stderr
    assert run.stdout.decode("utf-8") == expected_po(minimal_database)


@pytest.mark.slow
def test_dev_stdout_is_standard_output_into_a_redirected_file(minimal_database: Path, tmp_path: Path):
    """Standard output redirected to a regular file: /dev/stdout leads to that file, outside
    /dev, and is still written as standard output, not refused or replaced."""
    redirected = tmp_path / "redirected.po"
    with redirected.open("wb") as stream:
        run = cardkit_process(["i18n", "export", "--lang", "es", "--no-fit-budgets", "--root",
                               str(minimal_database), "-o", "/dev/stdout"], stream)
    assert run.returncode == 0, run.stderr
    assert redirected.read_text(encoding="utf-8") == expected_po(minimal_database)


def test_a_regular_file_is_replaced_whole(minimal_database: Path, tmp_path: Path):
    target = tmp_path / "es.po"
    target.write_text("old\n")
    target.chmod(0o640)
    result = export(minimal_database, str(target))
    assert result.exit_code == 0, result.output
    assert target.read_text(encoding="utf-8") == expected_po(minimal_database)
    assert target.stat().st_mode & 0o777 == 0o640


def test_a_pdf_that_is_a_fifo_is_refused_not_replaced(tmp_path: Path, face_cache: Path):
    """Inside an output folder nothing is written through: a FIFO where a PDF belongs stops
    the build, and stays."""
    out = with_face_cache(tmp_path / "out", face_cache)
    (out / "duel" / "en").mkdir(parents=True)
    fifo = out / "duel" / "en" / "cards-a4.pdf"
    os.mkfifo(fifo)
    result = CliRunner().invoke(main, ["build", str(PROJECT_ROOT), "--game", "duel", "--lang", "en",
                                       "--paper", "a4", "--quiet", "--out", str(out)])
    assert (result.exit_code, result.output) == (1, (
        f"Error: build failed: {fifo}: is a FIFO (named pipe), not a regular file; it is not "
        "replaced; the previous files are unchanged\n"))
    assert stat.S_ISFIFO(fifo.lstat().st_mode)
    assert sorted(path.name for path in fifo.parent.iterdir()) == ["cards-a4.pdf"]


def test_a_review_page_that_is_a_fifo_is_refused_not_replaced(tmp_path: Path, face_cache: Path):
    out = with_face_cache(tmp_path / "out", face_cache)
    (out / "review").mkdir()
    fifo = out / "review" / "es.html"
    os.mkfifo(fifo)
    result = CliRunner().invoke(main, ["review", "--lang", "es", "--root", str(PROJECT_ROOT),
                                       "--out", str(out)])
    assert (result.exit_code, result.output) == (1, (
        f"Error: review not written: {fifo}: is a FIFO (named pipe), not a regular file; it is "
        "not replaced\n"))
    assert stat.S_ISFIFO(fifo.lstat().st_mode)
