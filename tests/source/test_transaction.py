"""Transactions: every file of a write lands, or none; an interrupted one is completed or
discarded by the next command; links stay links; failures name the file and the reason."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from cardkit.source import transaction as transaction_module
from cardkit.source.transaction import JOURNAL, STAGING, Transaction, WriteFailed, recover


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
        transaction_module._apply = lambda staging: None
        try:
            transaction._commit()
        finally:
            transaction_module._apply = original
        for name, target, _ in transaction.staged[:moved]:
            os.replace(project / STAGING / name, target)


def test_recover_discards_an_uncommitted_write(project: Path):
    before = contents(project)
    interrupted(project, committed=False, moved=0)
    assert recover(project) == (f"{project / STAGING}: an interrupted write had not been committed; "
                                "it was discarded and no file was changed")
    assert contents(project) == before and not (project / STAGING).exists()


@pytest.mark.parametrize("moved", [0, 1, 2])
def test_recover_completes_a_committed_write(project: Path, moved: int):
    interrupted(project, committed=True, moved=moved)
    assert (project / STAGING / JOURNAL).exists()
    assert recover(project) == (f"{project / STAGING}: an interrupted write had been committed; "
                                f"it was completed ({2 - moved} of 2 files still to move)")
    assert contents(project) == {"cards/a.yaml": "new a\n", "cards/b.yaml": "new b\n"}
    assert recover(project) is None


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
    assert recover(project).endswith("it was completed (1 of 2 files still to move)")
    assert contents(project) == {"cards/a.yaml": "new a\n", "cards/b.yaml": "new b\n"}
