"""`cardkit build` output errors: a message naming the file and the reason, exit 1 or 2, and
the previous files whole. Rendering itself is replaced by fixed bytes here (the render tests
cover it); what is tested is the choice of the output folder and the writing of the files."""

from __future__ import annotations

import errno
import os
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardkit.cli import main
from cardkit.render.folders import CACHE_FOLDER
from cardkit.source import transaction as transaction_module
from cardkit.source.transaction import STAGING
from tests.conftest import PROJECT_ROOT, with_face_cache
from tests.render.conftest import duel_folder

PDF_NAMES = ["cards-a4.pdf", "cards-letter.pdf", "reference-a4.pdf", "reference-letter.pdf"]
# Where the Duel's English PDFs go: en/, or duel/en/ beside other games.
ENGLISH = duel_folder("en")


@pytest.fixture(autouse=True)
def rendered(face_cache, tmp_path: Path) -> Path:
    """The output folder of the tests, holding the faces already rendered: the build
    only imposes and writes."""
    return with_face_cache(tmp_path / "out", face_cache)


def previous_build(out: Path) -> dict[str, bytes]:
    (out / ENGLISH).mkdir(parents=True, exist_ok=True)
    for name in PDF_NAMES:
        (out / ENGLISH / name).write_bytes(f"%PDF previous {name}\n".encode())
    return pdfs(out)


def pdfs(out: Path) -> dict[str, bytes]:
    return {str(path.relative_to(out)): path.read_bytes() for path in sorted(out.rglob("*"))
            if path.is_file() and CACHE_FOLDER not in path.relative_to(out).parts}


def run_build(out: str, *extra: str):
    return CliRunner().invoke(main, ["build", str(PROJECT_ROOT), "--game", "duel", "--lang", "en", "--quiet",
                                     "--out", out, "--jobs", "1", *extra])


def test_a_build_writes_every_pdf(tmp_path: Path):
    result = run_build(str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    assert sorted(pdfs(tmp_path / "out")) == [f"{ENGLISH}/{name}" for name in PDF_NAMES]


@pytest.mark.parametrize(("out", "message"), [
    ("", "Error: --out is empty; name the folder the output goes to"),
    (str(PROJECT_ROOT), f"Error: --out {PROJECT_ROOT}: is the database folder; name a folder for "
                        "the output, such as build"),
    ("/dev/null", "Error: --out /dev/null: is not a folder"),
])
def test_an_unusable_out_is_refused(out: str, message: str):
    result = run_build(out)
    assert (result.exit_code, result.output) == (2, message + "\n")


def test_out_naming_a_file_is_refused(tmp_path: Path):
    (tmp_path / "file").write_text("mine")
    result = run_build(str(tmp_path / "file"))
    assert (result.exit_code, result.output) == (2, f"Error: --out {tmp_path / 'file'}: is not a folder\n")
    assert (tmp_path / "file").read_text() == "mine"


def test_jobs_beyond_the_cores_are_clamped_with_a_note(tmp_path: Path):
    result = run_build(str(tmp_path / "out"), "--jobs", "100000")
    cores = len(os.sched_getaffinity(0))
    assert result.exit_code == 0
    assert f"note: --jobs 100000 is more than the {cores} cores here; using {cores}" in result.output


def test_a_folder_where_a_pdf_should_be(tmp_path: Path):
    out = tmp_path / "out"
    before = previous_build(out)
    (out / ENGLISH / "cards-letter.pdf").unlink()
    (out / ENGLISH / "cards-letter.pdf").mkdir()
    del before[f"{ENGLISH}/cards-letter.pdf"]
    result = run_build(str(out))
    assert (result.exit_code, result.output) == (1, (
        f"Error: build failed: {out / ENGLISH / 'cards-letter.pdf'}: is a folder where a file should "
        "be written; the previous files are unchanged\n"))
    assert pdfs(out) == before and not (out / STAGING).exists()


def test_proc_as_out_is_a_message(tmp_path: Path):
    result = run_build("/proc")
    assert result.exit_code == 1
    assert result.output.startswith(f"Error: build failed: /proc/{CACHE_FOLDER}: ")
    assert "Traceback" not in result.output


def test_an_injected_full_disk_leaves_the_previous_pdfs(tmp_path: Path, monkeypatch):
    out = tmp_path / "out"
    before = previous_build(out)
    real_write, calls = os.write, []

    def filling_write(descriptor, data):
        calls.append(1)
        if len(calls) == 3:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_write(descriptor, data)

    monkeypatch.setattr(transaction_module.os, "write", filling_write)
    result = run_build(str(out))
    assert (result.exit_code, result.output) == (1, (
        f"Error: build failed: {out / ENGLISH / 'reference-a4.pdf'}: no space left on the device "
        "(disk full); the previous files are unchanged\n"))
    assert pdfs(out) == before and not (out / STAGING).exists()


@pytest.fixture
def small_disk(tmp_path: Path, face_cache: Path):
    """A tmpfs with room for the face cache and 256 KiB more, less than the new PDFs need,
    where the machine lets the tests mount one (as root); else skipped, the injected full
    disk above still runs."""
    mount_point = tmp_path / "disk"
    mount_point.mkdir()
    pages = sum(-(-path.stat().st_size // 4096) for path in face_cache.rglob("*") if path.is_file())
    size = (pages + 64) * 4096
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(mount_point)],
                             capture_output=True)
    if mounted.returncode != 0:
        pytest.skip("cannot mount a tmpfs here: " + mounted.stderr.decode(errors="replace").strip())
    with_face_cache(mount_point / "out", face_cache)
    yield mount_point
    subprocess.run(["umount", "-l", str(mount_point)], check=True)


def test_a_real_full_disk_leaves_the_previous_pdfs(small_disk: Path):
    out = small_disk / "out"
    before = previous_build(out)
    result = run_build(str(out))
    assert result.exit_code == 1
    assert result.output.startswith("Error: build failed: ")
    assert result.output.endswith(": no space left on the device (disk full); the previous files "
                                  "are unchanged\n")
    assert pdfs(out) == before and not (out / STAGING).exists()


def test_a_read_only_disk_is_a_message(small_disk: Path):
    out = small_disk / "out"
    before = previous_build(out)
    subprocess.run(["mount", "-o", "remount,ro", str(small_disk)], check=True)
    result = run_build(str(out))
    assert (result.exit_code, result.output) == (1, (
        f"Error: build failed: {out / STAGING}: read-only file system; the previous files are "
        "unchanged\n"))
    assert pdfs(out) == before


def test_an_immutable_pdf_is_a_message(small_disk: Path):
    out = small_disk / "out"
    before = previous_build(out)
    if subprocess.run(["chattr", "+i", str(out / ENGLISH / "cards-a4.pdf")]).returncode != 0:
        pytest.skip("chattr +i is not available here")
    try:
        result = run_build(str(out))
    finally:
        subprocess.run(["chattr", "-i", str(out / ENGLISH / "cards-a4.pdf")], check=True)
    assert (result.exit_code, result.output) == (1, (
        f"Error: build failed: {out / ENGLISH / 'cards-a4.pdf'}: permission denied: the file is not "
        "writable; the previous files are unchanged\n"))
    assert pdfs(out) == before


def test_export_into_a_missing_folder_is_a_message(minimal_database: Path, tmp_path: Path):
    target = tmp_path / "absent" / "es.po"
    result = CliRunner().invoke(main, ["i18n", "export", "--lang", "es", "--root", str(minimal_database),
                                       "-o", str(target)])
    assert (result.exit_code, result.output) == (
        1, f"Error: {tmp_path / 'absent'}: does not exist; nothing was written\n")


def test_review_checks_out_like_build(tmp_path: Path):
    (tmp_path / "file").write_text("mine")
    result = CliRunner().invoke(main, ["review", "--lang", "es", "--root", str(PROJECT_ROOT),
                                       "--out", str(tmp_path / "file")])
    assert (result.exit_code, result.output) == (2, f"Error: --out {tmp_path / 'file'}: is not a folder\n")
    assert (tmp_path / "file").read_text() == "mine"


def test_export_into_an_unwritable_place_is_a_message(minimal_database: Path):
    result = CliRunner().invoke(main, ["i18n", "export", "--lang", "es", "--root", str(minimal_database),
                                       "-o", "/proc/es.po"])
    assert result.exit_code == 1
    assert result.output.startswith(f"Error: /proc/{STAGING}: ")
    assert result.output.endswith("; nothing was written\n")
