"""The translator's review page: every card of a language beside its English source, each
rendered with the production card templates at the sizes fitting chose, with its problems
and translation state, filterable in the browser.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path

from markupsafe import Markup

from cardkit.checks.runner import Strictness, load_checked
from cardkit.checks.status import FieldState, translation_states
from cardkit.faces.cache import FaceCache, Fit
from cardkit.faces.documents import LanguageContext
from cardkit.faces.faces import Face, Printed
from cardkit.faces.layout import BLEED, CARD_HEIGHT, CARD_WIDTH
from cardkit.faces.stylesheets import STYLESHEETS
from cardkit.model.database import Database, DatabaseHasErrors
from cardkit.problems import Problem, Severity
from cardkit.render import CACHE_FOLDER, preflight_problems, problems_of, render_faces, sizes_of
from cardkit.source.atomic import write_atomic
from cardkit.source.layout import SOURCE_LANGUAGE, LanguageRefused, translatable_language
from cardkit.source.templates import template_file
from cardkit.source.transaction import WriteFailed, reason_of

STATE_ORDER = ("missing", "stale", "translated")


class ReviewRefused(Exception):
    """The review cannot be built for this language."""


@dataclass(frozen=True)
class ReviewRow:
    card_id: str
    game: str
    kind: str
    state: str
    source: Markup
    translation: Markup
    problems: list[Problem]
    fields: list[FieldState]
    # (the facts, why we read them so) of the card and of its texts in this language
    readings: list[tuple[str, str]]


def write_review(root: Path, language: str, out: Path, watch: bool = False,
                 jobs: int | None = None) -> Path:
    """Builds `<out>/review/<language>.html` and returns its path; raises
    DatabaseHasErrors when the database is not whole, or when `validate` or the build's
    preflight finds an error no card's row can show (in a template catalogue or a font):
    the review renders with them as the build does. Each card's own problems, errors
    included, are shown beside it.

    The faces' fits come from the build's face cache (`<out>/.cache/`), so only faces that
    changed are rendered. With `watch`, the page reloads itself when it is rebuilt: it polls
    `<language>.generation.js`, written after the page, for a new generation."""
    root = root.resolve()
    checked = load_checked(root, Strictness.UNREADABLE)
    database, report = checked.database, checked.report
    try:
        translatable_language(language, database.languages)
    except LanguageRefused as exc:
        raise ReviewRefused(str(exc)) from None
    store = FaceCache(out / CACHE_FOLDER).open()
    shown = [*report.problems,
             *preflight_problems(database, root, [SOURCE_LANGUAGE, language], store)]
    refused = [problem for problem in shown
               if problem.severity is Severity.ERROR and problem.card_id is None]
    if refused:  # what build refuses and no card's row could show: the catalogues, the fonts
        raise DatabaseHasErrors(root, refused)
    target = out / "review" / f"{language}.html"
    rendered = render_faces(root, database, [SOURCE_LANGUAGE, language], [], store, jobs)
    fits = {lang: [fit for target, context in rendered.contexts.items() if target.language == lang
                   for face in context.faces for fit in rendered.faces[target, face.id].fits]
            for lang in (SOURCE_LANGUAGE, language)}
    html = review_html(root, database, language, target.parent, fits, shown,
                       reload_script=generation_file(language) if watch else None)
    generation = hashlib.sha256(html.encode()).hexdigest()[:16]
    _write(target, html.replace(GENERATION_MARK, generation))
    if watch:
        _write(target.parent / generation_file(language),
               f'window.reviewGeneration = "{generation}";\n')
    return target


def _write(path: Path, text: str) -> None:
    try:
        write_atomic(path, text)
    except OSError as exc:
        raise WriteFailed(path, reason_of(exc)) from None


# Stands for the page's generation in its HTML until the page's digest is known.
GENERATION_MARK = "@@generation@@"


def generation_file(language: str) -> str:
    return f"{language}.generation.js"


def review_html(root: Path, database: Database, language: str, page_folder: Path,
                fits: dict[str, list[Fit]], problems: list[Problem],
                reload_script: str | None = None) -> str:
    """The review page of every game's cards, from each language's fits and the database's
    problems; `reload_script` names the generation file a page under `--watch` polls."""
    source, translation = (LanguageContext(root, lang, database) for lang in (SOURCE_LANGUAGE, language))
    problems = list(problems)
    for context in (source, translation):
        problems += problems_of(database, context.language, fits[context.language], context.templates)
    states = translation_states(database, [language])
    rows = [_row(face, source_face, source, translation, fits, problems, states)
            for face, source_face in zip(translation.faces, source.faces, strict=True)
            if face.card is not None]
    # Each stylesheet where it is: the project's own, or the package's it does not override.
    stylesheets = [Path(os.path.relpath(template_file(root, name).path, page_folder.resolve())).as_posix()
                   for name in STYLESHEETS["cards"]]
    return translation.render(
        "review.html", rows=rows, review_language=language, states=STATE_ORDER,
        stylesheets=stylesheets, outline_width=CARD_WIDTH + 2 * BLEED,
        outline_height=CARD_HEIGHT + 2 * BLEED, reload_script=reload_script,
        generation=GENERATION_MARK)


def _row(face: Face, source_face: Face, source: LanguageContext, translation: LanguageContext,
         fits: dict, problems: list[Problem], states: list[FieldState]) -> ReviewRow:
    fields = [state for state in states if state.card_id == face.id]
    state = min((field.state for field in fields), key=STATE_ORDER.index, default="translated")
    mine = [problem for problem in problems if problem.card_id == face.id
            and _concerns(problem, translation.language)]
    return ReviewRow(face.id, face.game, face.kind, state,
                     _render_face(source, source_face, fits[source.language]),
                     _render_face(translation, face, fits[translation.language]),
                     mine, [field for field in fields if field.state != "translated"],
                     _readings(face))


def _readings(face: Face) -> list[tuple[str, str]]:
    """The facts of the card and of its texts that are readings, not stated in a rulebook."""
    groups = [*(face.card.sources if face.card is not None else []),
              *(face.entry.sources if face.entry is not None else [])]
    return [(", ".join(group.facts), group.reading) for group in groups if group.reading]


def _concerns(problem: Problem, language: str) -> bool:
    """Problems of the card's facts, its English text, or this language's text."""
    parts = problem.position.path.parts
    return parts[0] == "cards" or parts[:2] in (("locales", language), ("locales", SOURCE_LANGUAGE))


def _render_face(context: LanguageContext, face: Face, fits) -> Markup:
    return Markup(context.render("review_face.html", printed=Printed(face, sizes_of(fits))))
