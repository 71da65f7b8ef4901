"""The processes a build renders in, and the jobs it gives them.

A process renders with what its `Worker` holds: the database (loaded once), one Renderer,
a context per game and language (one environment per language) and the templates compiled
once for all of them. The build sets up its own process's worker, then forks the others
from it, so they start with all of it; where processes cannot fork, each loads the
database itself, once. A job is a `FaceJob` (a face to fit and render), a `DocumentJob` (a reference
sheet or duplex check for one paper) or a `BudgetJob` (cards to measure for their fit
budgets, budgets.py); each returns what the face cache keeps, with the hyphenation points
of words the process worked out (hyphenation.py).
"""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from jinja2 import Environment

from cardkit.faces.art import Picture
from cardkit.faces.cache import CompiledTemplates, FaceCache, Fit, document_key, face_key, fit_key
from cardkit.faces.documents import (LanguageContext, credits_html, face_html, reference_html,
                                      registration_html)
from cardkit.faces.environment import load_translations, make_environment
from cardkit.faces.faces import Printed
from cardkit.faces.games import Target
from cardkit.faces.layout import PAPERS
from cardkit.faces.stylesheets import FACE_STYLESHEETS, REFERENCE_STYLESHEETS
from cardkit.model.database import Database, load_database
from cardkit.render.fit import fit_face, measure_budgets
from cardkit.render.hyphenation import PatternPrefetch, Words
from cardkit.render.renderer import Renderer
from cardkit.source.children import die_with_parent


@dataclass(frozen=True)
class FaceJob:
    """A face to fit and render; `natural` is its HTML at its natural sizes."""

    target: Target
    face_id: str
    natural: str
    picture: Picture | None = None


@dataclass(frozen=True)
class DocumentJob:
    """A document of a target for one paper: `reference` sheets, the `registration`
    (duplex) check or the pictures' `credits`."""

    target: Target
    document: str
    paper: str


@dataclass(frozen=True)
class BudgetJob:
    """Card faces of a target to measure for their fit budgets, each with the key the
    cache keeps them under, and the pictures they show."""

    target: Target
    faces: tuple[tuple[str, str], ...]  # (face id, budget key)
    pictures: tuple[tuple[str, Picture], ...] = ()  # (face id, picture)


# The hyphenation points of words a job worked out, by the key of their record.
Learned = dict[str, Words]


@dataclass(frozen=True)
class RenderedFace:
    fit_key: str
    fits: list[Fit]
    face_key: str
    pdf: bytes
    learned: Learned


@dataclass(frozen=True)
class RenderedDocument:
    key: str
    pdf: bytes
    learned: Learned


@dataclass(frozen=True)
class MeasuredBudgets:
    budgets: dict[str, dict[str, int]]  # by the key each face's budgets are kept under
    learned: Learned


def document_html(context: LanguageContext, document: str, paper: str) -> tuple[str, str]:
    """A document's HTML and the stylesheets it is rendered with."""
    if document == "reference":
        return reference_html(context, PAPERS[paper]), REFERENCE_STYLESHEETS
    if document == "credits":
        return credits_html(context, PAPERS[paper]), FACE_STYLESHEETS
    return registration_html(context, PAPERS[paper]), FACE_STYLESHEETS


class Worker:
    """What a process renders with."""

    def __init__(self, root: Path, database: Database, store: FaceCache,
                 patterns: PatternPrefetch):
        self.root = root
        self.database = database
        self.patterns = patterns
        self.renderer = Renderer(root, store)  # parses nothing until first used
        self.templates = CompiledTemplates(store)
        self.contexts: dict[Target, LanguageContext] = {}
        self.environments: dict[str, Environment] = {}

    def context(self, target: Target) -> LanguageContext:
        if target not in self.contexts:
            if target.language not in self.environments:
                self.environments[target.language] = make_environment(
                    self.root / "templates", load_translations(self.root, target.language),
                    bytecode_cache=self.templates, language=target.language)
            self.contexts[target] = LanguageContext(self.root, target.language, self.database,
                                                    [target.game], self.environments[target.language])
        return self.contexts[target]


_WORKER: Worker | None = None


def start_worker(root: Path, database: Database, store: FaceCache,
                 patterns: PatternPrefetch) -> Worker:
    """Sets up this process's worker for a build of `database`, with the hyphenation
    patterns being parsed for it. A renderer whose stylesheets and fonts are unchanged is
    kept (`review --watch`)."""
    global _WORKER
    previous = _WORKER
    _WORKER = Worker(root, database, store, patterns)
    if previous is not None and previous.root == root and previous.renderer.current():
        _WORKER.renderer = previous.renderer
    return _WORKER


def _join_worker(root: Path, parent: int) -> None:
    """In a worker process: keeps what it was forked with (the build's own database, its
    renderer and templates, ready to use); a process that was not forked loads the database
    itself, once, rather than receiving it pickled with its YAML documents."""
    die_with_parent(parent)
    if _WORKER is None or _WORKER.root != root:
        start_worker(root, load_database(root)[0], FaceCache(None), PatternPrefetch([]))


def render_face(job: FaceJob) -> RenderedFace:
    """Fits and renders a face, in whichever process runs the job."""
    context, renderer = _WORKER.context(job.target), _WORKER.renderer
    _WORKER.patterns.load(job.target.language)
    if job.picture is not None:
        context.pictures[job.face_id] = job.picture
        renderer.fetcher.pictures[job.picture.url] = (job.picture.data, job.picture.media_type)
    fitted = fit_face(renderer, context, context.face(job.face_id), job.natural)
    pdf = renderer.pdf(fitted.document)
    _WORKER.patterns.learn(job.target.language, [job.natural])
    return RenderedFace(fit_key(renderer, job.natural), fitted.fits, face_key(renderer, fitted.html), pdf,
                        _WORKER.patterns.learned())


def measure_job_budgets(job: BudgetJob) -> MeasuredBudgets:
    """The fit budgets of a job's faces."""
    context, renderer = _WORKER.context(job.target), _WORKER.renderer
    _WORKER.patterns.load(job.target.language)
    for face_id, picture in job.pictures:
        context.pictures[face_id] = picture
        renderer.fetcher.pictures[picture.url] = (picture.data, picture.media_type)
    faces = [context.face(face_id) for face_id, _ in job.faces]
    measured = measure_budgets(renderer, context, faces)
    _WORKER.patterns.learn(job.target.language, (face_html(context, Printed(face, {})) for face in faces))
    return MeasuredBudgets({key: measured.get(face_id, {}) for face_id, key in job.faces},
                           _WORKER.patterns.learned())


def render_document(job: DocumentJob) -> RenderedDocument:
    from cardkit.render.fontmerge import tag_by_content  # pikepdf and fontTools: only to render

    html, stylesheets = document_html(_WORKER.context(job.target), job.document, job.paper)
    renderer = _WORKER.renderer
    _WORKER.patterns.load(job.target.language)
    pdf = tag_by_content(renderer.pdf(renderer.render(html, stylesheets)))
    _WORKER.patterns.learn(job.target.language, [html])
    return RenderedDocument(document_key(renderer, html, stylesheets), pdf, _WORKER.patterns.learned())


class Executor:
    """Runs jobs in `workers` worker processes, or with one, in this process."""

    def __init__(self, root: Path, workers: int):
        # Forked, a worker starts with this process's database, renderer and templates;
        # where processes cannot fork, each loads and parses its own (_join_worker).
        forking = "fork" in multiprocessing.get_all_start_methods()
        self.pool = (ProcessPoolExecutor(
            max_workers=workers, initializer=_join_worker, initargs=(root, os.getpid()),
            mp_context=multiprocessing.get_context("fork") if forking else None)
            if workers > 1 else None)

    def __enter__(self):
        return self.submit

    def submit(self, function, *arguments) -> Future:
        if self.pool is not None:
            return self.pool.submit(function, *arguments)
        future = Future()
        try:
            future.set_result(function(*arguments))
        except Exception as exc:  # handed back through the future, as a worker's would be
            future.set_exception(exc)
        return future

    def __exit__(self, *exc_info):
        if self.pool is not None:
            self.pool.shutdown(cancel_futures=True)


def worker_count(jobs: int | None, count: int) -> int:
    """How many processes render `count` jobs when asked for `jobs` (default: a core each)."""
    return min(jobs or os.cpu_count() or 1, max(count, 1))


# A worker process costs about what laying out a face or two does: forking, copying the pages
# of this process it writes to, and the set-up of its own first layout (cffi's types, Pango's
# fonts), which this process, rendering every job itself, pays once.
_FACES_WORTH_WORKERS = 4


def job_processes(jobs: int | None, face_jobs: list[FaceJob], document_jobs: list[DocumentJob],
                  budget_jobs: list[BudgetJob]) -> int:
    """How many processes render these jobs when asked for `jobs`: this one alone for fewer faces to lay out (rendered or measured) than
    `_FACES_WORTH_WORKERS` and no document (after an edit of a text or two), else `worker_count`."""
    faces = len(face_jobs) + sum(len(job.faces) for job in budget_jobs)
    if not document_jobs and faces < _FACES_WORTH_WORKERS:
        return 1
    return worker_count(jobs, len(face_jobs) + len(document_jobs) + len(budget_jobs))
