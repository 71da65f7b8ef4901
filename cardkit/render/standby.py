"""A worker process forked as a build begins, ready by the time a rebuild knows its jobs.

After an edit, a build with a warm face cache lays out a face or two. In its own process
that first costs importing WeasyPrint and parsing the faces' stylesheets (about 0.3 s),
paid only once the database is loaded and checked and the plan made: one core does
everything while the other waits. A standby is forked at the start instead: it imports
WeasyPrint, parses the stylesheets and loads the database (which it was forked before) on
the second core while this process loads, checks and plans, then runs the jobs it is
sent, in order, each result sent back as soon as it is done; the build imposes the sheets
of a face while the standby measures the next job's budgets.

The standby loads the database from the files itself, as a worker that cannot be forked
does (workers.py): should a card file change between the two readings, a face it lays out
again at smaller sizes shows the newer text, under the key of what it shows (cache.py),
and the plan record of that build is not kept (`PlanInputs.unchanged`).

Only a build in a process that ends with it asks for one (`build(fork_standby=True)`, as
`cardkit build` does): a process that lives on is better off loading WeasyPrint itself,
once for all its builds. A build that has no job for it, or enough for worker processes,
stops it at once. It is forked only from a process with no other thread, since a lock
another thread held at the fork would stay held in the child.
"""

from __future__ import annotations

import gc
import os
import pickle
import signal
import sys
import threading
from collections import deque
from concurrent.futures import Future
from contextlib import AbstractContextManager, nullcontext
from multiprocessing import Pipe
from multiprocessing.connection import Connection
from pathlib import Path

from cardkit.render.cache import FaceCache
from cardkit.render.errors import RenderError
from cardkit.render.workers import start_standby_worker, worker_count


def start_standby(root: Path, store: FaceCache, jobs: int | None) -> AbstractContextManager[Standby | None]:
    """A standby for a build into `store`, closed as the block ends, where one can help:
    the cache is there (most likely a rebuild), a second process may render (`--jobs`),
    this process can fork and runs no other thread, and it has not loaded WeasyPrint
    already, which would make laying out here the quicker."""
    if (store.folder is None or not store.folder.is_dir() or worker_count(jobs, 2) < 2
            or not hasattr(os, "fork") or threading.active_count() > 1 or "weasyprint" in sys.modules):
        return nullcontext(None)
    try:
        return Standby(root, store)
    except OSError:  # no process or pipe to be had: this process lays the faces out
        return nullcontext(None)


class Standby:
    """One worker process, forked now; `submit` has the same meaning as `Executor`'s."""

    def __init__(self, root: Path, store: FaceCache):
        job_reader, job_writer = Pipe(duplex=False)
        result_reader, result_writer = Pipe(duplex=False)
        try:
            self.pid: int | None = os.fork()
        except OSError:
            for end in (job_reader, job_writer, result_reader, result_writer):
                end.close()
            raise
        if self.pid == 0:
            try:  # the child never returns into the build that forked it
                job_writer.close()
                result_reader.close()
                _serve(root, store, job_reader, result_writer)
            finally:
                os._exit(1)
        job_reader.close()
        result_writer.close()
        self._jobs: Connection = job_writer
        self._results: Connection = result_reader
        self._waiting: deque[Future] = deque()
        self._lock = threading.Lock()
        self._ended = False
        self._reader: threading.Thread | None = None  # started with the first job

    def __enter__(self) -> Standby:
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()

    def submit(self, function, *arguments) -> Future:
        future: Future = Future()
        with self._lock:
            if self._ended:
                future.set_exception(_stopped())
                return future
            self._waiting.append(future)
        try:
            self._jobs.send((function, arguments))
        except OSError:  # it has ended: the reader fails the job
            pass
        if self._reader is None:
            self._reader = threading.Thread(target=self._read, daemon=True)
            self._reader.start()
        return future

    def _read(self) -> None:
        """Hands each result to the job it answers, in the order they were sent, until the
        standby ends; the jobs it leaves unanswered fail, and so do any sent later."""
        while True:
            try:
                succeeded, outcome = self._results.recv()
            except (EOFError, OSError):
                break
            future = self._waiting.popleft()
            if succeeded:
                future.set_result(outcome)
            else:
                future.set_exception(outcome)
        with self._lock:
            self._ended = True
            unanswered = list(self._waiting)
            self._waiting.clear()
        for future in unanswered:
            future.set_exception(_stopped())

    def close(self) -> None:
        """Ends the standby: one that was sent jobs has answered them all and ends when it
        reads the end of its jobs; one that was not may still be setting up, and is stopped.
        Closing it again does nothing."""
        if self.pid is None:
            return
        if self._reader is None:
            os.kill(self.pid, signal.SIGTERM)
        self._jobs.close()
        if self._reader is not None:
            self._reader.join()
        self._results.close()
        os.waitpid(self.pid, 0)
        self.pid = None


def _serve(root: Path, store: FaceCache, jobs: Connection, results: Connection) -> None:
    """The standby's life: set up as a worker, answer each job until the build closes the
    pipe, and leave as a worker process does, without the parent's exit handlers."""
    signal.signal(signal.SIGTERM, _stop)
    status = 0
    try:
        try:
            start_standby_worker(root, store)
            failure = None
        except Exception as exc:  # the build learns of it from the first job's answer
            failure = _sendable(exc)
        gc.freeze()  # what it has set up stays, as in a worker forked from the build (heap.py)
        while True:
            try:
                function, arguments = jobs.recv()
            except EOFError:
                break
            if failure is not None:
                results.send((False, failure))
                continue
            try:
                results.send((True, function(*arguments)))
            except Exception as exc:
                results.send((False, _sendable(exc)))
    except BaseException:  # stopped, or the build is gone: there is no one left to answer
        status = 1
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)  # nothing interrupts the clean-up
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        fonts = sys.modules.get("cardkit.render.fonts")  # loaded with WeasyPrint, if it was
        if fonts is not None:
            fonts.remove_font_copies()
        os._exit(status)


def _stop(signal_number, frame) -> None:
    raise SystemExit(1)


def _stopped() -> RenderError:
    return RenderError("the standby renderer process stopped before finishing its jobs")


def _sendable(exc: Exception) -> Exception:
    """`exc` itself where the build can rebuild it from a pickle, as a RenderError otherwise."""
    try:
        pickle.loads(pickle.dumps(exc))
        return exc
    except Exception:
        return RenderError(f"{type(exc).__name__}: {exc}")
