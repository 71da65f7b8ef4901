"""The standby: a worker process forked as a build begins, which answers the jobs it is sent
in order from its own process, hands back what went wrong, and ends without a trace."""

from __future__ import annotations

import os
import signal
import sys
import tempfile
import time
from pathlib import Path

import pytest

from cardkit.render import workers
from cardkit.render.cache import FaceCache
from cardkit.render.errors import RenderError
from cardkit.render.games import Target
from cardkit.render.standby import Standby, start_standby
from cardkit.render.workers import BudgetJob
from cardkit.source.transaction import WriteFailed
from tests.conftest import PROJECT_ROOT
from tests.render.art_pictures import MINIMAL_ART, with_art


def refuse(message: str) -> None:
    raise RenderError(message)


class Unpicklable(Exception):
    def __init__(self, first: str, second: str):
        super().__init__(f"{first} {second}")


def raise_unpicklable() -> None:
    raise Unpicklable("no", "pickle")


def fail_to_write(path: str) -> None:
    raise WriteFailed(Path(path), "No space left on device")


def budgets_and_pictures(job: BudgetJob) -> tuple[dict, list[str]]:
    """The budgets the standby measures, and the faces its context shows a picture on."""
    measured = workers.measure_job_budgets(job)
    return measured.budgets, sorted(workers._WORKER.context(job.target).pictures)


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


@pytest.fixture
def own_temporary_folder(tmp_path, monkeypatch) -> Path:
    """A temporary folder of the test's own, which the standby inherits when forked."""
    folder = tmp_path / "temporary"
    folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    return folder


def test_jobs_run_in_the_standby_in_order_and_their_results_come_back(tmp_path, own_temporary_folder):
    with Standby(PROJECT_ROOT, FaceCache(tmp_path / "cache")) as standby:
        first, second = standby.submit(os.getpid), standby.submit(sum, [1, 2, 3])
        assert first.result(timeout=60) == standby.pid != os.getpid()
        assert second.result(timeout=60) == 6
        pid = standby.pid
    assert gone(pid)
    assert list(own_temporary_folder.iterdir()) == []  # its copy of the fonts is removed


@pytest.mark.slow
def test_what_a_job_raised_is_raised_here(tmp_path):
    with Standby(PROJECT_ROOT, FaceCache(tmp_path / "cache")) as standby:
        refused, unpicklable = standby.submit(refuse, "no room"), standby.submit(raise_unpicklable)
        unwritten = standby.submit(fail_to_write, str(tmp_path / "cache" / "entry"))
        with pytest.raises(RenderError, match="^no room$"):
            refused.result(timeout=60)
        with pytest.raises(RenderError, match="^Unpicklable: no pickle$"):
            unpicklable.result(timeout=60)
        # A full disk there is the failure `cardkit build` reports for a full disk here.
        with pytest.raises(WriteFailed) as failed:
            unwritten.result(timeout=60)
        assert (failed.value.path, failed.value.reason) == (tmp_path / "cache" / "entry", "No space left on device")


def test_a_standby_that_could_not_set_up_answers_each_job_with_why(tmp_path):
    with Standby(tmp_path / "no-database", FaceCache(None)) as standby:
        answers = [standby.submit(os.getpid), standby.submit(os.getpid)]
        for answer in answers:
            with pytest.raises(Exception, match="no card database here"):
                answer.result(timeout=60)


@pytest.mark.slow
def test_an_unused_standby_is_stopped_while_it_sets_up_and_leaves_nothing(tmp_path, own_temporary_folder):
    standby = Standby(PROJECT_ROOT, FaceCache(tmp_path / "cache"))
    pid = standby.pid
    time.sleep(0.3)  # well into its setting up
    standby.close()
    standby.close()  # again: nothing more to do
    assert gone(pid)
    assert list(own_temporary_folder.iterdir()) == []


def test_jobs_a_standby_leaves_unanswered_fail_and_so_do_later_ones(tmp_path):
    with Standby(PROJECT_ROOT, FaceCache(tmp_path / "cache")) as standby:
        sleeping = standby.submit(time.sleep, 60)
        os.kill(standby.pid, signal.SIGKILL)
        with pytest.raises(RenderError, match="^the standby renderer process stopped before finishing its jobs$"):
            sleeping.result(timeout=60)
        with pytest.raises(RenderError, match="stopped before finishing its jobs"):
            standby.submit(os.getpid).result(timeout=60)


def test_the_standby_measures_budgets_on_the_faces_with_their_pictures(art_project, tmp_path):
    from cardkit.render.art import prepare_pictures
    from cardkit.model.database import load_database

    with_art(art_project, MINIMAL_ART)
    database = load_database(art_project)[0]
    pictures = prepare_pictures(database, art_project, 150, FaceCache(None)).of_language("de")
    face_id = sorted(pictures)[0]
    job = BudgetJob(Target("duel", "de", "de"), ((face_id, "key"),), ((face_id, pictures[face_id]),))
    with Standby(art_project, FaceCache(tmp_path / "cache")) as standby:
        budgets, pictured = standby.submit(budgets_and_pictures, job).result(timeout=120)
    assert pictured == [face_id]
    assert budgets["key"]


def test_a_standby_is_started_only_where_it_can_help(tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    monkeypatch.setitem(sys.modules, "weasyprint", object())
    with start_standby(PROJECT_ROOT, FaceCache(cache), 2) as standby:
        assert standby is None  # WeasyPrint is loaded here: laying out here is the quicker
    monkeypatch.delitem(sys.modules, "weasyprint")
    with start_standby(PROJECT_ROOT, FaceCache(cache), 2) as standby:
        assert standby is None  # no cache yet: a first build
    cache.mkdir()
    for store, jobs in ((FaceCache(None), 2), (FaceCache(cache), 1)):  # --no-cache, --jobs 1
        with start_standby(PROJECT_ROOT, store, jobs) as standby:
            assert standby is None
    with start_standby(PROJECT_ROOT, FaceCache(cache), 2) as standby:
        assert isinstance(standby, Standby)
    assert standby.pid is None  # closed with the block


def test_where_no_process_can_be_forked_the_build_lays_out_itself(tmp_path, monkeypatch):
    def no_process():
        raise BlockingIOError("Resource temporarily unavailable")

    (tmp_path / "cache").mkdir()
    monkeypatch.delitem(sys.modules, "weasyprint", raising=False)
    monkeypatch.setattr(os, "fork", no_process)
    open_files = len(os.listdir("/proc/self/fd"))
    with start_standby(PROJECT_ROOT, FaceCache(tmp_path / "cache"), 2) as standby:
        assert standby is None
    assert len(os.listdir("/proc/self/fd")) == open_files  # its pipes closed
