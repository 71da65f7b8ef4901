"""The project lock: a second writer waits, says so, and gives up after the timeout."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardkit.messages import Message
from cardkit.source.lock import LockTimeout, LockUnavailable, project_lock


def test_a_second_writer_waits_then_fails(tmp_path: Path):
    told: list[Message] = []
    with project_lock(tmp_path):
        with pytest.raises(LockTimeout) as timed_out:
            with project_lock(tmp_path, timeout=0.2, on_wait=told.append):
                pytest.fail("the lock was taken twice")
    assert [str(message) for message in told] == [f"{tmp_path}: another cardkit command is writing this project; "
                    "waiting up to 0.2 s"]
    assert str(timed_out.value) == (f"{tmp_path}: another cardkit command is writing this project "
                                    "and has not finished within 0.2 s; nothing was written, try "
                                    "again when it ends")


def test_the_lock_is_free_again_after_the_holder_ends(tmp_path: Path):
    with project_lock(tmp_path):
        pass
    with project_lock(tmp_path, timeout=0):
        pass
    assert list(tmp_path.iterdir()) == []  # no lock file is left behind


def test_a_missing_project_folder_is_a_clear_error(tmp_path: Path):
    with pytest.raises(LockUnavailable, match="absent: cannot open the project folder to lock it"):
        with project_lock(tmp_path / "absent"):
            pass
