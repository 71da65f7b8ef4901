"""`cardkit build`: every game, language and paper into build/<game>/<ll>/cards-<paper>.pdf
and reference-<paper>.pdf (build/<ll>/ while the database holds one game, see faces/games.py).

Each face (a card's front in one language, a deck's back, a quick-reference card) is
rendered once, at bleed size, and measured for fit from that same render; only a face
whose text overflows at its natural size is laid out again smaller. Faces and their fits
are kept in the face cache (`<out>/.cache/`, see faces/cache.py), with the fit budgets of the
cards' translated texts (budgets.py, for the exchange files and the checks), so a rebuild
renders only what changed. The papers then cost imposition only (impose.py), and a game's
language is imposed as soon as its faces are ready, while the others render; the cache keeps the imposed sheets
too, so a language none of whose faces changed is not imposed again. The reference sheets and the
duplex check flow with the paper, so they are rendered per paper, and cached the same way.
The cache also keeps the compiled templates, so a rebuild compiles nothing, and each game's
plan in each language (plans.py), so a rebuild makes no HTML for a game and language none of
whose inputs changed.

Rendering is spread over worker processes (workers.py), forked once this process has
loaded the database, parsed the stylesheets and compiled the templates, so they start with
all of it. The face or two of a rebuild after an edit, too few to be worth worker processes,
are laid out in this process. Everything is rendered in memory first; only when every document is
ready are the files written, so a failed build leaves the previous PDFs in place. The bytes
do not depend on the number of processes, nor on what the cache held.
"""

from __future__ import annotations

import hashlib
import stat
from collections import Counter
from collections.abc import Callable, Collection
from concurrent.futures import Future, as_completed
from dataclasses import dataclass, field
from functools import cache
from importlib.metadata import version
from pathlib import Path
from typing import Protocol

from cardkit.checks.runner import Strictness, load_checked
from cardkit.messages import Message, Plural
from cardkit.faces.art import DEFAULT_ART_DPI, Pictures, prepare_pictures
from cardkit.faces.cache import FaceCache, Fit, budget_key, cache_key, document_key, face_key
from cardkit.faces.documents import LanguageContext, credited, face_html
from cardkit.faces.errors import RenderError
from cardkit.faces.faces import Face, FitSizes, Printed, sheet_sections, sheet_shows_glossary
from cardkit.faces.games import Target, targets
from cardkit.faces.layout import PAPERS, Slot, face_name, sheets_by_back
from cardkit.faces.stylesheets import FACE_STYLESHEETS, REFERENCE_STYLESHEETS
from cardkit.model.database import Database, DatabaseHasErrors
from cardkit.problems import Problem, Severity
from cardkit.render.budgets import has_budgets
from cardkit.render.checked import CleanChecks
from cardkit.render.fit import problems_of, sizes_of
from cardkit.render.fitting import Fitting
from cardkit.render.folders import CACHE_FOLDER
from cardkit.render.glyphs import FONT_SUFFIXES
from cardkit.render.heap import frozen_heap
from cardkit.render.hyphenation import PatternPrefetch
from cardkit.render.plans import (PlanInputs, PlannedFace, PlanRecord, encode_record, face_fingerprint,
                                  read_record)
from cardkit.render.preflight import preflight_problems
from cardkit.render.renderer import Renderer
from cardkit.render.resources import RESOURCE_LIMIT
from cardkit.render.workers import (BudgetJob, DocumentJob, Executor, FaceJob, Worker, document_html,
                                    job_processes, measure_job_budgets, render_document, render_face,
                                    start_worker, worker_count)
from cardkit.source.boundary import InputRefused, read_input
from cardkit.source.lock import LockTimeout, LockUnavailable, output_lock
from cardkit.source.templates import template_files
from cardkit.source.transaction import Transaction, WriteFailed, reason_of


class BuildFailed(Exception):
    """The build stopped before writing anything; `problems` or the message say why."""

    def __init__(self, message: Message | str, problems: list[Problem] | None = None):
        super().__init__(message)
        self.problems = problems or []


@dataclass
class BuildResult:
    written: list[Path] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    # What the reader should know about the output that is not a problem of the data.
    notes: list[str] = field(default_factory=list)
    # What had to be rendered, as "<ll>/<face id>" or "<ll>/<document>-<paper>"; the rest
    # came from the face cache.
    rendered: list[str] = field(default_factory=list)


class Outputs(Protocol):
    """What a build writes besides its faces' cache: `formats` names them ("pdf": the card
    and reference sheets); `files` makes every other format's files from what the build
    rendered. publish/outputs.py holds the formats; a build given none writes the PDFs."""

    formats: tuple[str, ...]

    @property
    def imposes(self) -> bool: ...

    def files(self, database: Database, rendered: Rendered, documents: dict[Target, dict[str, bytes]],
              out: Path, store: FaceCache, jobs: int | None) -> tuple[dict[Path, bytes], list[str]]: ...


@dataclass(frozen=True)
class PdfOnly:
    """The card and reference sheets, nothing else."""

    formats: tuple[str, ...] = ("pdf",)
    imposes: bool = True

    def files(self, *made) -> tuple[dict[Path, bytes], list[str]]:
        return {}, []


# Called after each finished step with (steps done, steps in all, what was done).
Progress = Callable[[int, int, str], None]


@dataclass
class _Face:
    """A rendered face: its fits, and its one-page PDF, kept in the face cache under `key`
    (`pdf` None until read from there: only what is imposed or rasterised again is read)."""

    fits: list[Fit]
    key: str
    pdf: bytes | None = None


def build(root: Path, out: Path, languages: list[str] | None = None,
          papers: list[str] | None = None, jobs: int | None = None,
          progress: Progress | None = None, cache: bool = True,
          games: list[str] | None = None, outputs: Outputs = PdfOnly(),
          art_dpi: int = DEFAULT_ART_DPI, print_ready: bool = False,
          known_only: bool = False) -> BuildResult:
    """Renders and writes the PDFs of `games` (default: every game), or whatever else
    `outputs` asks for (publish/outputs.py); with `cache` False the face cache is neither read nor
    written (`--no-cache`). Pictures are downsampled to `art_dpi` at their printed size. With
    `print_ready`, the PDFs are written as PDF/X-4 (pdf.print_ready); the cache holds the
    plain ones. With `known_only`, the card sheets leave out the placeholders: the cards
    whose face says the rulebooks do not give the rest of them."""
    root = root.resolve()
    store = FaceCache(out / CACHE_FOLDER if cache else None)
    clean = CleanChecks(store)
    database = _load(root, clean)
    languages = languages or database.languages
    papers = (papers or list(PAPERS)) if outputs.imposes else []
    unknown = [language for language in languages if language not in database.languages]
    if unknown:
        raise BuildFailed(Message("no locale for {languages} under {folder}; known: {known}",
                                  languages=", ".join(unknown), folder=root / "locales",
                                  known=", ".join(database.languages)))
    games = games or database.games
    unknown = [game for game in games if game not in database.games]
    if unknown:
        raise BuildFailed(Message("no game {games} under {folder}; known: {known}",
                                  games=", ".join(unknown), folder=root / "cards",
                                  known=", ".join(database.games)))
    store.open()
    clean.write()
    preflight = preflight_problems(database, root, languages, store)
    if not preflight:  # a refused catalogue or font would refuse the templates too
        try:
            pictures = prepare_pictures(database, root, art_dpi, store, jobs=jobs)
        except RenderError as exc:
            raise BuildFailed(str(exc)) from None
        preflight = pictures.errors
    if preflight:
        raise BuildFailed(Plural("{count} problem would print wrong", "{count} problems would print wrong",
                                 count=len(preflight)), preflight)
    imposed: dict[tuple[Target, str], bytes] = {}
    fonts = _Fonts(root)

    def impose(rendered: Rendered, target: Target) -> None:
        """The card sheets of a target whose faces are all at hand, while the rest render."""
        context = rendered.contexts[target]
        faces = (*context.faces, *context.backs)
        keys = {face_name(face.id): rendered.faces[target, face.id].key for face in faces}
        left_out = ({face.id for face in context.faces if is_placeholder(rendered.faces[target, face.id].fits)}
                    if known_only else set())
        for paper in papers:
            laid_out = card_sheets(context, paper, left_out)
            imposed[target, paper] = _imposed(
                store, paper, rendered.documents[target, "registration", paper], laid_out, keys,
                lambda: {face_name(face.id): rendered.pdf(target, face.id) for face in faces},
                fonts, rendered.documents.get((target, "credits", paper)))
            rendered.advance(f"{target}/{paper}: imposed")

    rendered = render_faces(root, database, languages, papers, store, jobs, progress,
                            later_steps=len(games) * len(languages) * len(papers),
                            ready=impose if outputs.imposes else None, games=games,
                            pictures=pictures,
                            meanwhile=fonts.prepare if outputs.imposes else None)
    contexts, faces, documents = rendered.contexts, rendered.faces, rendered.documents
    result = BuildResult(notes=pictures.notes + _glossary_notes(database, contexts),
                         problems=pictures.warnings)
    result.rendered = rendered.rendered

    for target, context in contexts.items():
        fits = [fit for face in (*context.faces, *context.backs)
                for fit in faces[target, face.id].fits if not fit.fits]
        result.problems += problems_of(database, target.language, fits, context.templates)
    overflowing = [problem for problem in result.problems if problem.severity is Severity.ERROR]
    if overflowing:
        raise BuildFailed(Plural("{count} text does not fit its box even at the smallest size",
                                 "{count} texts do not fit their boxes even at the smallest size",
                                 count=len(overflowing)), result.problems)

    pdfs: dict[Target, dict[str, bytes]] = {target: {} for target in contexts}
    for target in contexts:
        for paper in papers:
            pdfs[target][f"cards-{paper}.pdf"] = imposed[target, paper]
            if (target, "reference", paper) in documents:
                pdfs[target][f"reference-{paper}.pdf"] = documents[target, "reference", paper]
    if print_ready:
        from cardkit.render.pdf import print_ready as pdfx

        pdfs = {target: {name: pdfx(pdf) for name, pdf in named.items()} for target, named in pdfs.items()}
    files = ({out / target.folder / name: pdf for target, named in pdfs.items() for name, pdf in named.items()}
             if "pdf" in outputs.formats else {})
    others, made = outputs.files(database, rendered, pdfs, out, store, jobs)
    files.update(others)
    result.rendered += made
    result.written = write_outputs(out, files)
    return result


@dataclass
class Rendered:
    """Every face of some games in some languages, and their documents for some papers, by
    target (one game in one language)."""

    contexts: dict[Target, LanguageContext]
    store: FaceCache
    faces: dict[tuple[Target, str], _Face] = field(default_factory=dict)
    documents: dict[tuple[Target, str, str], bytes] = field(default_factory=dict)
    # What was rendered rather than read from the cache, as in BuildResult.
    rendered: list[str] = field(default_factory=list)
    advance: Callable[[str], None] = lambda what: None

    def pdf(self, target: Target, face_id: str) -> bytes:
        """A face's one-page PDF: read from the face cache when first asked for, or, should
        its entry have been damaged or removed since the plan found it, rendered again here."""
        face = self.faces[target, face_id]
        if face.pdf is None:
            face.pdf = self.store.get(face.key)
        if face.pdf is None:
            context = self.contexts[target]
            rendered = render_face(FaceJob(target, face_id, face_html(context, Printed(context.face(face_id), {})),
                                           context.pictures.get(face_id)))
            self.store.put(rendered.face_key, rendered.pdf)
            face.pdf = rendered.pdf
            self.rendered.append(f"{target}/{face_id}")
        return face.pdf

    def sizes(self, target: Target) -> FitSizes:
        context = self.contexts[target]
        return sizes_of([fit for face in (*context.faces, *context.backs)
                         for fit in self.faces[target, face.id].fits])


# Called with what has been rendered so far and a target whose faces and documents are all
# among it.
Ready = Callable[[Rendered, Target], None]


def render_faces(root: Path, database: Database, languages: list[str], papers: list[str],
                 store: FaceCache, jobs: int | None = None, progress: Progress | None = None,
                 later_steps: int = 0, ready: Ready | None = None,
                 games: list[str] | None = None, pictures: Pictures | None = None,
                 meanwhile: Callable[[], None] | None = None) -> Rendered:
    """Every face of `games` (default: all) in `languages` and the reference sheets and
    duplex check of each paper: from the cache where it holds them whole, rendered (in
    parallel) otherwise. `ready` is called for each target as soon as it is complete, while
    the others may still render. `later_steps` are steps the caller reports after these,
    through `Rendered.advance`. `pictures` (faces/art.py) are drawn on the faces they belong to;
    `meanwhile` is called while other processes lay out faces or documents."""
    # With a second core, the hyphenation patterns the cache lacks are parsed there while
    # this process plans.
    with PatternPrefetch(languages if worker_count(jobs, 2) > 1 else [], store) as patterns:
        worker = start_worker(root, database, store, patterns)
        try:  # read before the contexts read the templates and catalogues
            inputs = PlanInputs(root, database, languages, worker.renderer) if store.folder is not None else None
        except RenderError as exc:
            raise BuildFailed(str(exc)) from None
        result = Rendered({target: worker.context(target)
                           for target in targets(database, games or database.games, languages)}, store)
        for context in result.contexts.values():
            context.pictures.update(pictures.of_language(context.language) if pictures else {})
        try:
            fitting = Fitting(worker.renderer, store)
            face_jobs, document_jobs, budget_jobs, planned = _plan(worker, fitting, result, papers, inputs)
            processes = job_processes(jobs, face_jobs, document_jobs, budget_jobs)
            if processes > 1:
                # The sets the jobs use, parsed here once (the plan may have taken the
                # digests from the cache's records), so that the workers forked next start
                # with them and WeasyPrint.
                for stylesheets in {_stylesheets_of(job) for job in (*face_jobs, *document_jobs, *budget_jobs)}:
                    worker.renderer.parse(stylesheets)
        except RenderError as exc:
            raise BuildFailed(str(exc)) from None
        # The workers start with the languages whose patterns are ready.
        parsing = {language for language in languages if patterns.parsing(language)}
        face_jobs.sort(key=lambda job: job.target.language in parsing)
        document_jobs.sort(key=lambda job: job.target.language in parsing)
        _render_jobs(root, processes, fitting, patterns, result, face_jobs, document_jobs, budget_jobs,
                     len(face_jobs) + len(document_jobs) + len(budget_jobs) + later_steps, progress, ready,
                     meanwhile)
        _keep_records(result, worker.renderer, planned, inputs)
    result.rendered.sort()
    return result


def _stylesheets_of(job: FaceJob | DocumentJob | BudgetJob) -> str:
    """The stylesheet set a job renders with (faces/documents.py)."""
    return REFERENCE_STYLESHEETS if isinstance(job, DocumentJob) and job.document == "reference" else FACE_STYLESHEETS


def _render_jobs(root: Path, processes: int, fitting: Fitting, patterns: PatternPrefetch, result: Rendered,
                 face_jobs: list[FaceJob], document_jobs: list[DocumentJob], budget_jobs: list[BudgetJob],
                 steps: int, progress: Progress | None, ready: Ready | None,
                 meanwhile: Callable[[], None] | None) -> None:
    """Renders the planned jobs into `result`, keeping each in the cache (and in `patterns`
    the hyphenation points the jobs worked out), and calls `ready` for each target as soon
    as it is complete. The fit budgets only go into the cache: no output waits for them."""
    done = 0

    def advance(what: str) -> None:
        nonlocal done
        done += 1
        if progress is not None:
            progress(done, steps, what)

    result.advance = advance
    waiting = Counter(job.target for job in (*face_jobs, *document_jobs))

    def finished(target: Target) -> None:
        waiting[target] -= 1
        if waiting[target] == 0 and ready is not None:
            ready(result, target)

    for target in result.contexts:
        if not waiting[target] and ready is not None:
            ready(result, target)
    # The reference sheets and budgets, the longest jobs, are started first, so that they do
    # not end last.
    order = [(measure_job_budgets, budget_jobs), (render_document, document_jobs), (render_face, face_jobs)]
    # The workers start here, forked from this process once it has loaded the database,
    # parsed the stylesheets and compiled the templates: they inherit all of it, frozen (heap.py).
    with frozen_heap(), Executor(root, processes) as run:
        pending: dict[Future, FaceJob | DocumentJob | BudgetJob] = {
            run(function, job): job for function, batch in order for job in batch}
        if meanwhile is not None and (face_jobs or document_jobs) and processes > 1:
            meanwhile()
        for future in as_completed(pending):
            job, made = pending[future], _result(future)
            patterns.keep(made.learned)
            if isinstance(job, BudgetJob):
                for key, budgets in made.budgets.items():
                    fitting.keep_budgets(key, budgets)
                advance(f"{job.target}: fit budgets")
                continue
            if isinstance(job, DocumentJob):
                result.store.put(made.key, made.pdf)
                result.documents[job.target, job.document, job.paper] = made.pdf
                what = f"{job.target}/{job.document}-{job.paper}"
            else:
                fitting.keep(made.fit_key, made.fits)
                result.store.put(made.face_key, made.pdf)
                result.faces[job.target, job.face_id] = _Face(made.fits, made.face_key, made.pdf)
                what = f"{job.target}/{job.face_id}"
            result.rendered.append(what)
            advance(what)
            finished(job.target)


def write_outputs(out: Path, files: dict[Path, bytes]) -> list[Path]:
    """Every file or none: one transaction over the output folder (docs/printing.md);
    returns their paths in order. A file that already holds its new bytes is left as it is
    (after an edit, most of them)."""
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise WriteFailed(out, reason_of(exc)) from None
    changed = [path for path in sorted(files) if not _holds(out, path, files[path])]
    if changed:
        try:
            with output_lock(out), Transaction(out) as transaction:
                for path in changed:
                    transaction.write(path, files[path])
        except (LockTimeout, LockUnavailable) as exc:
            raise WriteFailed(out, str(exc).removeprefix(f"{out}: ")) from None
    return sorted(files)


def _holds(out: Path, path: Path, content: bytes) -> bool:
    try:
        found = path.lstat()
        if not stat.S_ISREG(found.st_mode) or found.st_size != len(content):
            return False
        return read_input(path, root=out, limit=len(content)) == content
    except (OSError, InputRefused):
        return False


@dataclass
class _Planned:
    """What planning a target found, to be kept as its plan record (plans.py) under `key`
    once its faces are rendered: each face's fingerprint and fit key, each document's key by
    paper, the files its HTML names, and the faces rendered whose HTML at their chosen sizes
    is yet to be seen for them."""

    target: Target
    key: str
    fingerprints: dict[str, str] = field(default_factory=dict)
    fit_keys: dict[str, str] = field(default_factory=dict)
    documents: dict[str, dict[str, str]] = field(default_factory=dict)
    named: set[str] = field(default_factory=set)
    unseen: set[str] = field(default_factory=set)


def _plan(worker: Worker, fitting: Fitting, rendered: Rendered, papers: list[str],
          inputs: PlanInputs | None) -> tuple[list[FaceJob], list[DocumentJob], list[BudgetJob], list[_Planned]]:
    """Takes from the cache what it holds whole; returns the rest as jobs, and the plans to
    keep as records: of each target planned without a record that holds (whose inputs are
    unchanged), or whose record lacked a paper. A target without one takes each face whose
    fingerprint its faces record holds from there, and makes the HTML of the others."""
    store = fitting.store
    face_jobs, document_jobs, budget_jobs, planned = [], [], [], []
    for target, context in rendered.contexts.items():
        key = inputs.key(target, context) if inputs is not None else None
        record = _record(store, key, worker.renderer, context)
        plan = _Planned(target, key or "")
        if record is None:
            known = read_record(store, inputs.faces_key(target, context), worker.renderer) if key else None
            face_jobs += _faces_planned(fitting, rendered, target, plan, known)
        else:
            plan.documents, plan.named = dict(record.documents), set(record.named)
            face_jobs += _faces_from_record(store, rendered, target, record, plan)
        unmeasured = [(face.id, budget_key(plan.fit_keys[face.id])) for face in (*context.faces, *context.backs)
                      if has_budgets(target.language, face) and not store.holds(budget_key(plan.fit_keys[face.id]))]
        if unmeasured:
            budget_jobs.append(BudgetJob(target, tuple(unmeasured), tuple(
                (face_id, context.pictures[face_id]) for face_id, _ in unmeasured if face_id in context.pictures)))
        lacking, documents = False, _documents(context)
        for paper in papers:
            keys = plan.documents.get(paper)
            if keys is None or sorted(keys) != sorted(documents):
                lacking = True
                keys = plan.documents[paper] = {}
                for document in documents:
                    html, stylesheets = document_html(context, document, paper)
                    keys[document] = document_key(worker.renderer, html, stylesheets)
                    plan.named.update(worker.renderer.named_files(html))
            for document in documents:
                pdf = store.get(keys[document])
                if pdf is None:
                    document_jobs.append(DocumentJob(target, document, paper))
                else:
                    rendered.documents[target, document, paper] = pdf
        if key is not None and (record is None or lacking):
            planned.append(plan)
    return face_jobs, document_jobs, budget_jobs, planned


def _record(store: FaceCache, key: str | None, renderer: Renderer, context: LanguageContext) -> PlanRecord | None:
    """The plan record under `key` if it is whole and lists the context's faces."""
    record = read_record(store, key, renderer) if key is not None else None
    faces = [face.id for face in (*context.faces, *context.backs)]
    return record if record is not None and [face.id for face in record.faces] == faces else None


def _faces_from_record(store: FaceCache, rendered: Rendered, target: Target, record: PlanRecord,
                       plan: _Planned) -> list[FaceJob]:
    """Each face as its record has it, with no HTML made, where the cache holds its
    rendering; the rest as jobs."""
    context, jobs = rendered.contexts[target], []
    for face, known in zip((*context.faces, *context.backs), record.faces):
        plan.fingerprints[face.id] = known.fingerprint
        plan.fit_keys[face.id] = known.fit_key
        if store.holds(known.face_key):
            rendered.faces[target, face.id] = _Face(known.fits, known.face_key)
        else:
            jobs.append(FaceJob(target, face.id, face_html(context, Printed(face, {})),
                                context.pictures.get(face.id)))
    return jobs


def _faces_planned(fitting: Fitting, rendered: Rendered, target: Target, plan: _Planned,
                   known: PlanRecord | None) -> list[FaceJob]:
    """Each face as `known` (the target's faces record) has it, with no HTML made, where it
    holds the face's fingerprint and the cache its rendering; else by the keys of its HTML:
    from the cache where it holds the face whole, as a job otherwise. The files the faces
    taken from `known` name are among those it lists."""
    context, jobs = rendered.contexts[target], []
    by_fingerprint = {face.fingerprint: face for face in known.faces} if known is not None else {}
    taken = False
    for face in (*context.faces, *context.backs):
        fingerprint = plan.fingerprints[face.id] = face_fingerprint(face)
        planned = by_fingerprint.get(fingerprint)
        if planned is not None and fitting.store.holds(planned.face_key):
            plan.fit_keys[face.id] = planned.fit_key
            rendered.faces[target, face.id] = _Face(planned.fits, planned.face_key)
            taken = True
            continue
        natural = face_html(context, Printed(face, {}))
        plan.fit_keys[face.id] = fitting.key(context, face, natural)
        plan.named.update(fitting.renderer.named_files(natural))
        cached = _cached_face(fitting, context, face, natural, plan.fit_keys[face.id], plan.named)
        if cached is None:
            jobs.append(FaceJob(target, face.id, natural, context.pictures.get(face.id)))
            plan.unseen.add(face.id)
        else:
            rendered.faces[target, face.id] = cached
    if taken:
        plan.named.update(known.named)
    return jobs


def _keep_records(rendered: Rendered, renderer: Renderer, planned: list[_Planned],
                  inputs: PlanInputs | None) -> None:
    """Keeps the plan record of each target planned, once all its faces are at hand, under its
    key and its faces key; none when a file read for the keys has changed since (it may have
    been read in either state)."""
    if not planned or inputs is None or not inputs.unchanged():
        return
    for plan in planned:
        target, context = plan.target, rendered.contexts[plan.target]
        faces = []
        for face in (*context.faces, *context.backs):
            done = rendered.faces[target, face.id]
            faces.append(PlannedFace(face.id, plan.fingerprints[face.id], plan.fit_keys[face.id], done.key,
                                     done.fits))
            if face.id in plan.unseen:
                plan.named.update(renderer.named_files(face_html(context, Printed(face, sizes_of(done.fits)))))
        named = sorted(plan.named)
        try:
            digest = renderer.named_files_digest(named)
        except RenderError:
            continue
        record = encode_record(PlanRecord(faces, plan.documents, named, digest))
        rendered.store.put(plan.key, record)
        rendered.store.put(inputs.faces_key(target, context), record)


def _documents(context: LanguageContext) -> tuple[str, ...]:
    """The documents of a context's game: its reference sheets unless it has no reference
    texts, the duplex check, and the credits page where a face shows a picture."""
    return ((("reference",) if sheet_sections(context.environment, context.game) else ())
            + ("registration",) + (("credits",) if credited(context) else ()))


def _load(root: Path, clean: CleanChecks) -> Database:
    """The database, refused as `validate` would refuse it (text checks included), checked
    again only when `clean` holds no record of the same files found without an error
    (checked.py)."""
    try:
        return load_checked(root, Strictness.ANY_ERROR, clean=clean).database
    except DatabaseHasErrors as exc:
        raise BuildFailed(str(exc), exc.errors) from None


def _cached_face(fitting: Fitting, context: LanguageContext, face: Face,
                 natural: str, key: str, named: set[str]) -> _Face | None:
    """The face from the cache when its fit is there and whole and its rendering at the
    chosen sizes is there (read, and checked whole, only when needed); `natural` is its HTML
    at its natural sizes, `key` its fit key. Adds to `named` the files its HTML at the
    chosen sizes names."""
    fits = fitting.cached(key)
    if fits is None:
        return None
    sizes = sizes_of(fits)
    final = face_html(context, Printed(face, sizes)) if sizes else natural
    named.update(fitting.renderer.named_files(final))
    key = face_key(fitting.renderer, final)
    return _Face(fits, key) if fitting.store.holds(key) else None


def _result(future: Future):
    try:
        return future.result()
    except RenderError as exc:
        raise BuildFailed(str(exc)) from None


class _Fonts:
    """The project's font files, which the sheets' font subsets are merged from: read to key
    the sheets, and parsed (fontTools) only when sheets are imposed."""

    def __init__(self, root: Path):
        self.root = root
        self._by_name: dict[str, bytes] | None = None
        self._digests: list[str] | None = None

    def digests(self) -> list[str]:
        if self._digests is None:
            self._digests = [f"{font.name.name} {_digest(font.read(RESOURCE_LIMIT))}"
                             for font in template_files(self.root, "fonts")
                             if font.name.suffix.lower() in FONT_SUFFIXES]
        return self._digests

    def prepare(self) -> None:
        """Imports and reads what imposing takes, while other processes render the faces."""
        from cardkit.render.impose import impose_cards  # noqa: F401

        self.by_name()

    def by_name(self) -> dict[str, bytes]:
        if self._by_name is None:
            from cardkit.render.fontmerge import project_font_files

            self._by_name = project_font_files(self.root)
        return self._by_name


def card_sheets(context, paper: str, left_out: Collection[str] = ()) -> list[list[Slot | None]]:
    """The context's cards but those `left_out` (by face id) on the sheets of `paper`, slot by
    slot (layout.sheets_by_back)."""
    faces = [face for face in context.faces if face.id not in left_out]
    return [[None if index is None else Slot(face_name(faces[index].id), face_name(faces[index].back_id))
             for index in indices]
            for indices in sheets_by_back([face.back_id for face in faces], PAPERS[paper])]


# The fit path of the line a placeholder's face prints at its foot (templates/macros.html).
PLACEHOLDER_PATH = "placeholder"


def is_placeholder(fits: list[Fit]) -> bool:
    """Whether a face is a placeholder: it prints the line saying the rulebooks do not give
    the rest of the card (templates/macros.html, footer), which is a fit box of its own."""
    return any(fit.path == PLACEHOLDER_PATH for fit in fits)


def _imposed(store: FaceCache, paper: str, registration: bytes, laid_out: list[list[Slot]],
             face_keys: dict[str, str], faces: Callable[[], dict[str, bytes]], fonts: _Fonts,
             credits: bytes | None) -> bytes:
    """The card sheets of a paper (impose.impose_cards), from the cache when it holds them
    for exactly these faces (by their keys in the face cache, each of which names one
    rendering), duplex check, credits page, layout and fonts, imposed by this pikepdf,
    fontTools and code; `faces()` gives the faces' PDFs by name, read only to impose."""
    key = cache_key("sheets", *_imposition_code(), *fonts.digests(),
                    repr(PAPERS[paper]), repr(laid_out), _digest(registration), _digest(credits or b""),
                    *(f"{name} {face_key}" for name, face_key in sorted(face_keys.items())))
    imposed = store.get(key)
    if imposed is None:
        from cardkit.render.impose import impose_cards

        imposed = impose_cards(PAPERS[paper], registration, laid_out, faces(), fonts.by_name(), credits, store)
        store.put(key, imposed)
    return imposed


def _digest(content: bytes) -> str:
    return hashlib.sha256(content).hexdigest()


@cache
def _imposition_code() -> tuple[str, ...]:
    """What the imposed sheets are made by, besides their faces: pikepdf (and the qpdf its
    release bundles), fontTools and cardkit's imposition code, named without importing the
    libraries, so a cached sheet of another version of any of them is not used."""
    package = Path(__file__).parent.parent
    code = (package / "render" / "impose.py", package / "faces" / "layout.py", package / "render" / "fontmerge.py")
    return (f"pikepdf {version('pikepdf')}", f"fontTools {version('fonttools')}",
            _digest(b"".join(path.read_bytes() for path in code)))


def _glossary_notes(database: Database, contexts: dict[Target, LanguageContext]) -> list[str]:
    """A note per language without a glossary whose reference sheets would show one."""
    languages = sorted({target.language for target, context in contexts.items()
                        if sheet_shows_glossary(context.environment, target.game)})
    return [f"locales/{language}/glossary.yaml: no glossary yet; the {language} reference "
            "sheets are printed without one"
            for language in languages if not database.glossaries.get(language)]
