"""Transactions: every file of a write lands, or none; an interrupted one is completed or
discarded by the next command; links stay links; failures name the file and the reason.
A journal that is not one cardkit wrote for this folder is refused at its line and nothing
is touched (tests/source/journals/ holds one malformed journal per file)."""

from __future__ import annotations

import errno
import os
import stat
import subprocess
from pathlib import Path

import pytest

from cardkit.source import transaction as transaction_module
from cardkit.source.transaction import (JOURNAL, STAGING, JournalRefused, Transaction, WriteFailed,
                                       recover)

JOURNALS = Path(__file__).parent / "journals"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    (root / "cards").mkdir(parents=True)
    (root / "cards" / "a.yaml").write_text("old a\n")
    (root / "cards" / "b.yaml").write_text("old b\n")
    return root


def contents(root: Path) -> dict[str, str]:
    return {str(path.relative_to(root)): path.read_text() for path in sorted(root.rglob("*"))
            if path.is_file()}


def test_all_files_are_written_and_keep_their_mode(project: Path):
    os.chmod(project / "cards" / "a.yaml", 0o640)
    with Transaction(project) as transaction:
        transaction.write(project / "cards" / "a.yaml", "new a\n")
        transaction.write(project / "cards" / "new" / "c.yaml", b"new c\n")
    assert contents(project) == {"cards/a.yaml": "new a\n", "cards/b.yaml": "old b\n",
                                 "cards/new/c.yaml": "new c\n"}
    assert (project / "cards" / "a.yaml").stat().st_mode & 0o777 == 0o640
    assert not (project / STAGING).exists()


def test_an_exception_in_the_block_changes_nothing(project: Path):
    before = contents(project)
    with pytest.raises(RuntimeError):
        with Transaction(project) as transaction:
            transaction.write(project / "cards" / "a.yaml", "new a\n")
            transaction.write(project / "cards" / "new" / "c.yaml", "new c\n")
            raise RuntimeError("stop")
    assert contents(project) == before
    assert sorted(os.listdir(project / "cards")) == ["a.yaml", "b.yaml"]
    assert not (project / STAGING).exists()


def test_a_link_inside_the_project_is_written_through_and_stays_a_link(project: Path):
    (project / "cards" / "link.yaml").symlink_to("a.yaml")
    with Transaction(project) as transaction:
        transaction.write(project / "cards" / "link.yaml", "through\n")
    assert (project / "cards" / "link.yaml").is_symlink()
    assert (project / "cards" / "a.yaml").read_text() == "through\n"


def test_a_link_to_outside_is_refused_and_the_outside_file_untouched(project: Path, tmp_path: Path):
    outside = tmp_path / "passwd"
    outside.write_text("root:x:0:0\n")
    (project / "cards" / "link.yaml").symlink_to(outside)
    with pytest.raises(WriteFailed) as failed:
        with Transaction(project) as transaction:
            transaction.write(project / "cards" / "b.yaml", "new b\n")
            transaction.write(project / "cards" / "link.yaml", "x: 1\n")
    assert str(failed.value) == (f"{project / 'cards' / 'link.yaml'}: is a link to {outside}, "
                                 f"outside {project.resolve()}; not written through")
    assert outside.read_text() == "root:x:0:0\n"
    assert (project / "cards" / "b.yaml").read_text() == "old b\n"
    assert (project / "cards" / "link.yaml").is_symlink()


def test_a_folder_where_a_file_should_be_is_refused(project: Path):
    (project / "cards" / "c.yaml").mkdir()
    with pytest.raises(WriteFailed, match=r"c.yaml: is a folder where a file should be written$"):
        with Transaction(project) as transaction:
            transaction.write(project / "cards" / "c.yaml", "x\n")


def test_a_missing_or_file_directory_is_refused(project: Path):
    with pytest.raises(WriteFailed, match=r"absent: does not exist$"):
        Transaction(project / "absent").__enter__()
    with pytest.raises(WriteFailed, match=r"a.yaml: is not a folder$"):
        Transaction(project / "cards" / "a.yaml").__enter__()


def test_a_full_disk_while_staging_changes_nothing(project: Path, monkeypatch):
    before = contents(project)
    real_write = os.write
    calls = []

    def filling_write(descriptor, data):
        calls.append(1)
        if len(calls) == 2:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_write(descriptor, data)

    monkeypatch.setattr(transaction_module.os, "write", filling_write)
    with pytest.raises(WriteFailed) as failed:
        with Transaction(project) as transaction:
            transaction.write(project / "cards" / "a.yaml", "new a\n")
            transaction.write(project / "cards" / "b.yaml", "new b\n")
    assert str(failed.value) == f"{project / 'cards' / 'b.yaml'}: no space left on the device (disk full)"
    assert contents(project) == before
    assert not (project / STAGING).exists()


def interrupted(project: Path, committed: bool, moved: int) -> None:
    """Leaves the state a kill would: staged files, a journal or not, some renames done."""
    transaction = Transaction(project).__enter__()
    transaction.write(project / "cards" / "a.yaml", "new a\n")
    transaction.write(project / "cards" / "b.yaml", "new b\n")
    if committed:
        original = transaction_module._apply
        transaction_module._apply = lambda *arguments: 0
        try:
            transaction._commit()
        finally:
            transaction_module._apply = original
        for name, target, _ in transaction.staged[:moved]:
            os.replace(project / STAGING / name, target)


def test_recover_discards_an_uncommitted_write(project: Path):
    before = contents(project)
    interrupted(project, committed=False, moved=0)
    assert recover(project, in_project=True) == (f"{project / STAGING}: an interrupted write had not been committed; "
                                "it was discarded and no file was changed")
    assert contents(project) == before and not (project / STAGING).exists()


@pytest.mark.parametrize("moved", [0, 1, 2])
def test_recover_completes_a_committed_write(project: Path, moved: int):
    interrupted(project, committed=True, moved=moved)
    assert (project / STAGING / JOURNAL).exists()
    assert recover(project, in_project=True) == (f"{project / STAGING}: an interrupted write had been committed; "
                                f"it was completed ({2 - moved} of 2 files still to move)")
    assert contents(project) == {"cards/a.yaml": "new a\n", "cards/b.yaml": "new b\n"}
    assert recover(project, in_project=True) is None


def test_a_second_transaction_while_one_is_pending_is_refused(project: Path):
    interrupted(project, committed=False, moved=0)
    with pytest.raises(WriteFailed, match="another write is in progress here, or was interrupted"):
        Transaction(project).__enter__()


def test_a_failure_after_the_commit_point_says_so_and_recover_completes(project: Path, monkeypatch):
    real_replace = os.replace

    def failing_replace(source, target):
        if str(target).endswith("b.yaml"):
            raise OSError(errno.EIO, os.strerror(errno.EIO), str(target))
        return real_replace(source, target)

    monkeypatch.setattr(transaction_module.os, "replace", failing_replace)
    with pytest.raises(WriteFailed) as failed:
        with Transaction(project) as transaction:
            transaction.write(project / "cards" / "a.yaml", "new a\n")
            transaction.write(project / "cards" / "b.yaml", "new b\n")
    assert failed.value.committed
    assert str(failed.value) == (f"{project.resolve() / 'cards' / 'b.yaml'}: input/output error; the "
                                 "write was committed, and the next cardkit command that writes here "
                                 "completes it")
    monkeypatch.setattr(transaction_module.os, "replace", real_replace)
    assert recover(project, in_project=True).endswith("it was completed (1 of 2 files still to move)")
    assert contents(project) == {"cards/a.yaml": "new a\n", "cards/b.yaml": "new b\n"}


def test_the_journal_names_each_target_relative_to_the_folder(project: Path):
    interrupted(project, committed=True, moved=0)
    assert (project / STAGING / JOURNAL).read_text() == (
        f"0\t{b'cards/a.yaml'.hex()}\n1\t{b'cards/b.yaml'.hex()}\nend\n")


def everything(folder: Path) -> dict[str, tuple[str, bytes]]:
    """Every entry under `folder` with its kind and content (links: where they lead)."""
    found = {}
    for path in sorted(folder.rglob("*")):
        mode = path.lstat().st_mode
        if stat.S_ISLNK(mode):
            found[str(path.relative_to(folder))] = ("link", os.fsencode(os.readlink(path)))
        elif stat.S_ISREG(mode):
            found[str(path.relative_to(folder))] = ("file", path.read_bytes())
        else:
            found[str(path.relative_to(folder))] = (stat.filemode(mode)[0], b"")
    return found


def planted(project: Path, journal: bytes) -> Path:
    """A staging folder holding two staged files and `journal`, as an attacker would plant
    it; returns the staging folder."""
    staging = project / STAGING
    staging.mkdir()
    (staging / "0").write_text("PLANTED\n")
    (staging / "1").write_text("PLANTED\n")
    (staging / JOURNAL).write_bytes(journal)
    return staging


def refused(project: Path, top: Path) -> str:
    """The refusal of `recover(project, in_project=True)`, checked to have changed nothing under `top`."""
    before = everything(top)
    with pytest.raises(JournalRefused) as refusal:
        recover(project, in_project=True)
    assert everything(top) == before
    return str(refusal.value)


def tail(project: Path) -> str:
    return ("the interrupted write was neither completed nor discarded, and nothing was "
            f"changed; look into {project / STAGING}, then remove it")


def journal_fixtures() -> list:
    return [pytest.param(path, id=path.stem) for path in sorted(JOURNALS.glob("*.journal"))]


@pytest.mark.parametrize("fixture", journal_fixtures())
def test_a_malformed_journal_is_refused_at_its_line_and_nothing_changes(project: Path, tmp_path: Path,
                                                                          fixture: Path):
    """Each fixture: `# ` comment lines, the `# expect:` lines among them naming the message,
    then the journal's bytes."""
    lines = fixture.read_bytes().split(b"\n")
    header = [line.decode() for line in lines if line.startswith(b"# ")]
    expected = [line.removeprefix("# expect: ") for line in header if line.startswith("# expect: ")]
    planted(project, b"\n".join(lines[len(header):]))
    (tmp_path / "victim.txt").write_text("precious\n")
    journal = project / STAGING / JOURNAL
    message = refused(project, tmp_path)
    assert message == "\n".join([*(line.format(journal=journal) for line in expected), tail(project)])


def test_a_planted_journal_does_not_overwrite_a_file_outside(project: Path, tmp_path: Path):
    """The issue's reproduction: an absolute target outside the project, in a journal
    otherwise well formed."""
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    journal = project / STAGING / JOURNAL
    planted(project, f"0\t{os.fsencode(str(victim)).hex()}\nend\n".encode())
    assert refused(project, tmp_path) == (
        f"{journal}:1: the target {str(victim)[:24]!r}... is an absolute path; a journal names its "
        "targets relative to the folder it protects (cardkit before this version wrote absolute "
        f"paths, which are not followed)\n{tail(project)}")
    assert victim.read_text() == "precious\n"


def test_a_target_through_a_link_leading_outside_is_refused(project: Path, tmp_path: Path):
    (tmp_path / "outside").mkdir()
    victim = tmp_path / "outside" / "victim.txt"
    victim.write_text("precious\n")
    (project / "cards" / "out").symlink_to(tmp_path / "outside")
    planted(project, f"0\t{b'cards/out/victim.txt'.hex()}\nend\n".encode())
    assert refused(project, tmp_path) == (
        f"{project / STAGING / JOURNAL}:1: the target 'cards/out/victim.txt' leads to {victim}, "
        f"outside {project}\n{tail(project)}")


def test_a_staged_name_climbing_out_cannot_take_a_file_from_outside(project: Path, tmp_path: Path):
    """The issue's second attack: `../../secret.txt` as a staged name would move a file from
    outside into the project and delete it where it was."""
    secret = tmp_path / "secret.txt"
    secret.write_text("secret\n")
    planted(project, f"../../secret.txt\t{b'cards/a.yaml'.hex()}\nend\n".encode())
    assert refused(project, tmp_path).startswith(
        f"{project / STAGING / JOURNAL}:1: the staged file '../../secret.txt' is not a name "
        "cardkit gives a staged file (a number)\n")
    assert secret.read_text() == "secret\n"
    assert (project / "cards" / "a.yaml").read_text() == "old a\n"


@pytest.mark.parametrize("kind", ["link", "fifo", "hard link"])
def test_a_staged_file_that_is_not_a_regular_file_of_its_own_is_refused(project: Path, tmp_path: Path,
                                                                        kind: str):
    secret = tmp_path / "secret.txt"
    secret.write_text("secret\n")
    staging = planted(project, f"0\t{b'cards/a.yaml'.hex()}\nend\n".encode())
    (staging / "0").unlink()
    if kind == "link":
        (staging / "0").symlink_to(secret)
    elif kind == "fifo":
        os.mkfifo(staging / "0")
    else:
        os.link(secret, staging / "0")
    reason = {"link": "is a link, not a regular file", "fifo": "is a FIFO (named pipe), not a regular file",
              "hard link": "has 2 names (hard links); a staged file has one"}[kind]
    assert refused(project, tmp_path) == (
        f"{project / STAGING / JOURNAL}:1: the staged file '0' {reason}\n{tail(project)}")


def test_a_target_that_is_a_fifo_is_not_replaced(project: Path, tmp_path: Path):
    os.mkfifo(project / "cards" / "pipe")
    planted(project, f"0\t{b'cards/pipe'.hex()}\nend\n".encode())
    assert refused(project, tmp_path) == (
        f"{project / STAGING / JOURNAL}:1: the target 'cards/pipe' is a FIFO (named pipe), not a "
        f"regular file\n{tail(project)}")


def test_a_journal_that_is_a_link_is_refused(project: Path, tmp_path: Path):
    staging = planted(project, f"0\t{b'cards/a.yaml'.hex()}\nend\n".encode())
    (staging / JOURNAL).rename(tmp_path / "journal")
    (staging / JOURNAL).symlink_to(tmp_path / "journal")
    assert refused(project, tmp_path) == (
        f"{staging / JOURNAL}: is a link, not a regular file\n{tail(project)}")


def test_a_staging_folder_that_is_a_link_is_refused(project: Path, tmp_path: Path):
    """A journal lying outside the folder, reached through a linked staging folder."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "0").write_text("PLANTED\n")
    (elsewhere / JOURNAL).write_text(f"0\t{b'cards/a.yaml'.hex()}\nend\n")
    (project / STAGING).symlink_to(elsewhere)
    assert refused(project, tmp_path) == (
        f"{project / STAGING}: is a link to {elsewhere}, not the staging folder cardkit makes\n"
        f"{tail(project)}")


def test_a_staging_file_is_refused(project: Path, tmp_path: Path):
    (project / STAGING).write_text("not a folder\n")
    assert refused(project, tmp_path) == (
        f"{project / STAGING}: is a regular file, not the staging folder cardkit makes\n"
        f"{tail(project)}")


def test_a_target_through_a_link_inside_replaces_the_file_the_link_leads_to(project: Path):
    (project / "cards" / "link.yaml").symlink_to("a.yaml")
    planted(project, f"0\t{b'cards/link.yaml'.hex()}\nend\n".encode())
    assert recover(project, in_project=True).endswith("it was completed (1 of 1 files still to move)")
    assert (project / "cards" / "link.yaml").is_symlink()
    assert (project / "cards" / "a.yaml").read_text() == "PLANTED\n"


def test_a_copied_project_completes_its_own_write_and_never_the_original(project: Path, tmp_path: Path):
    """`cp -a A B` of a project whose write was interrupted after its commit point: B's
    recovery writes B's files; A's stay as they were until A's own recovery."""
    interrupted(project, committed=True, moved=1)
    copy = tmp_path / "copy"
    subprocess.run(["cp", "-a", str(project), str(copy)], check=True)
    original = everything(project)
    assert recover(copy, in_project=True).endswith("it was completed (1 of 2 files still to move)")
    assert contents(copy) == {"cards/a.yaml": "new a\n", "cards/b.yaml": "new b\n"}
    assert everything(project) == original
    assert recover(project, in_project=True).endswith("it was completed (1 of 2 files still to move)")
    assert contents(project) == {"cards/a.yaml": "new a\n", "cards/b.yaml": "new b\n"}


def test_a_write_to_a_fifo_or_device_is_refused_and_it_stays(project: Path):
    os.mkfifo(project / "cards" / "pipe.yaml")
    os.mknod(project / "cards" / "null.yaml", stat.S_IFCHR | 0o666, os.makedev(1, 3))
    for name, kind in (("pipe.yaml", "a FIFO (named pipe)"), ("null.yaml", "a device")):
        with pytest.raises(WriteFailed) as failed:
            with Transaction(project) as transaction:
                transaction.write(project / "cards" / "a.yaml", "new a\n")
                transaction.write(project / "cards" / name, "x\n")
        assert str(failed.value) == (f"{project / 'cards' / name}: is {kind}, not a regular file; "
                                     "it is not replaced")
    assert stat.S_ISFIFO((project / "cards" / "pipe.yaml").lstat().st_mode)
    assert stat.S_ISCHR((project / "cards" / "null.yaml").lstat().st_mode)
    assert (project / "cards" / "a.yaml").read_text() == "old a\n"


def test_a_write_killed_after_its_last_move_is_reported_as_completed(project: Path):
    """Killed between the journal's removal and the staging folder's: every file is new, and
    the next command says so."""
    interrupted(project, committed=True, moved=2)
    os.replace(project / STAGING / JOURNAL, project / STAGING / transaction_module.DONE)
    assert recover(project, in_project=True) == (
        f"{project / STAGING}: an interrupted write had been committed and completed; the "
        "staging folder it left was removed")
    assert contents(project) == {"cards/a.yaml": "new a\n", "cards/b.yaml": "new b\n"}
    assert not (project / STAGING).exists()


def test_outside_a_project_a_staging_folder_without_its_stamp_is_refused(tmp_path: Path):
    out = tmp_path / "out"
    out.mkdir()
    interrupted_in = Transaction(out).__enter__()
    interrupted_in.write(out / "a.txt", "new\n")
    (out / STAGING / transaction_module.STAMP).unlink()
    with pytest.raises(JournalRefused, match="was not made here by cardkit"):
        recover(out)
    assert (out / STAGING / "0").read_text() == "new\n"


def test_outside_a_project_a_staging_folder_killed_before_its_stamp_is_discarded(tmp_path: Path):
    out = tmp_path / "out"
    (out / STAGING).mkdir(parents=True)
    assert recover(out) == (f"{out / STAGING}: an interrupted write had not been committed; it "
                            "was discarded and no file was changed")
    assert not (out / STAGING).exists()
