"""`cardkit build`: every language and paper into build/<ll>/cards-<paper>.pdf and
reference-<paper>.pdf.

Everything is rendered in memory first; only when every document rendered are the files
written, each atomically, so a failed build leaves the previous PDFs in place. Languages
and papers render in parallel processes; the bytes do not depend on how many.
"""

from __future__ import annotations

import os
from functools import cache
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path

from cardkit.model.database import Database, DatabaseHasErrors, load_database, load_valid_database
from cardkit.problems import Problem
from cardkit.render.documents import LanguageContext, card_sheets_html, reference_html
from cardkit.render.faces import FitSizes
from cardkit.render.fit import Fit, measure_language, problems_of, sizes_of
from cardkit.render.layout import BLEED, PAPERS, grid
from cardkit.render.pdf import PageBoxes, RenderError, render_document, write_pdf
from cardkit.source.transaction import Transaction, WriteFailed, reason_of


class BuildFailed(Exception):
    """The build stopped before writing anything; `problems` or the message say why."""

    def __init__(self, message: str, problems: list[Problem] | None = None):
        super().__init__(message)
        self.problems = problems or []


@dataclass
class BuildResult:
    written: list[Path] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    # What the reader should know about the output that is not a problem of the data.
    notes: list[str] = field(default_factory=list)


# Called after each finished step with (steps done, steps in all, what was done).
Progress = Callable[[int, int, str], None]


def build(root: Path, out: Path, languages: list[str] | None = None,
          papers: list[str] | None = None, jobs: int | None = None,
          progress: Progress | None = None) -> BuildResult:
    root = root.resolve()
    database = _load(root)
    languages = languages or database.languages
    papers = papers or list(PAPERS)
    unknown = [language for language in languages if language not in database.languages]
    if unknown:
        raise BuildFailed(f"no locale for {', '.join(unknown)} under {root / 'locales'}; "
                          f"known: {', '.join(database.languages)}")
    result = BuildResult(notes=_glossary_notes(database, languages))
    documents: dict[Path, bytes] = {}
    steps = len(languages) * (1 + 2 * len(papers))
    done = 0

    def advance(what: str) -> None:
        nonlocal done
        done += 1
        if progress is not None:
            progress(done, steps, what)

    with _executor(jobs) as executor:
        fit_jobs = {executor.submit(_measure, root, language): language
                    for language in languages}
        render_jobs = {}
        # A language's documents start rendering as soon as its texts are fitted, so the
        # cores are not idle while the last language is still being measured.
        for future in as_completed(fit_jobs):
            language = fit_jobs[future]
            fits = _result(future)
            advance(f"{language}: fitted texts")
            result.problems += problems_of(database, language, [fit for fit in fits if not fit.fits],
                                          root / "templates")
            for paper in papers:
                for document in ("cards", "reference"):
                    job = executor.submit(_render, root, language, paper, document, sizes_of(fits))
                    render_jobs[job] = out / language / f"{document}-{paper}.pdf"
        for future in as_completed(render_jobs):
            path = render_jobs[future]
            documents[path] = _result(future)
            advance(f"{path.parent.name}/{path.name}")
    result.written += _write_all(out, documents)
    return result


def _write_all(out: Path, documents: dict[Path, bytes]) -> list[Path]:
    """Every PDF or none: one transaction over the output folder (docs/printing.md)."""
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise WriteFailed(out, reason_of(exc)) from None
    with Transaction(out) as transaction:
        for path in sorted(documents):
            transaction.write(path, documents[path])
    return sorted(documents)


def _load(root: Path) -> Database:
    try:
        return load_valid_database(root)
    except DatabaseHasErrors as exc:
        raise BuildFailed(str(exc), exc.errors) from None


def _executor(jobs: int | None) -> Executor:
    return ProcessPoolExecutor(max_workers=jobs or os.cpu_count() or 1)


def _result(future):
    try:
        return future.result()
    except RenderError as exc:
        raise BuildFailed(str(exc)) from None


# The jobs below run in worker processes: each loads the database itself (cached per
# process) rather than receiving it pickled with its YAML documents.

def _measure(root: Path, language: str) -> list[Fit]:
    return measure_language(_context(root, language))


def _render(root: Path, language: str, paper_name: str, document: str, sizes: FitSizes) -> bytes:
    context = _context(root, language)
    paper = PAPERS[paper_name]
    if document == "cards":
        outline = grid(paper)
        rendered = render_document(card_sheets_html(context, paper, sizes), root, context.templates)
        return write_pdf(rendered, PageBoxes(paper.height, outline, outline.grown(BLEED)))
    rendered = render_document(reference_html(context, paper), root, context.templates)
    return write_pdf(rendered)


@cache
def _context(root: Path, language: str) -> LanguageContext:
    return LanguageContext(root, language, load_database(root)[0])


def _glossary_notes(database: Database, languages: list[str]) -> list[str]:
    return [f"locales/{language}/glossary.yaml: no glossary yet; the {language} reference "
            "sheets are printed without one"
            for language in languages if not database.glossaries.get(language)]
