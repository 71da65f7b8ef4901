"""Fit: the font size each card text is printed at, measured with WeasyPrint on the real
templates and fonts.

A fit box (`data-fit` in the templates) has a fixed size. A text that overflows it at the
template's size is tried at smaller sizes, a quarter point at a time, down to the box's
floor; the largest size that fits is the one printed. Below the floor the text does not fit:
that is a problem to fix in the text or the template.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields
from html.parser import HTMLParser
from pathlib import Path, PurePosixPath

from cardkit.faces.art import prepare_pictures
from cardkit.faces.cache import FaceCache, Fit
from cardkit.faces.documents import LanguageContext, face_html
from cardkit.faces.faces import Face, FitSizes, Printed, reference_texts
from cardkit.faces.stylesheets import FACE_STYLESHEETS
from cardkit.messages import Message
from cardkit.model.database import Database
from cardkit.model.texts import field_location, field_value, translatable_fields
from cardkit.problems import Position, Problem, error, warning
from cardkit.render.fitting import Fitting
from cardkit.render.preflight import preflight_problems
from cardkit.render.renderer import Renderer
from cardkit.source.layout import SOURCE_LANGUAGE
from cardkit.source.templates import template_files

STEP = 0.25
# Overflow smaller than this (in CSS px, 1/96 in) is rounding, not a visible problem.
TOLERANCE = 0.05
PX_PER_MM = 96 / 25.4


@dataclass(frozen=True)
class Measurement:
    nominal: float
    floor: float
    overflow: float


@dataclass
class FittedFace:
    """A face laid out at the sizes fitting chose: its fits and the rendered document."""

    face: Face
    fits: list[Fit]
    sizes: FitSizes
    document: object
    html: str  # at the sizes chosen


def fit_face(renderer: Renderer, context: LanguageContext, face: Face,
             natural: str | None = None) -> FittedFace:
    """Renders a face at its natural sizes and measures that render. Only a face with a box
    that overflows is laid out again, smaller (see _shrink). `natural` is the face's HTML at
    its natural sizes, when the caller has it already."""
    html = natural if natural is not None else face_html(context, Printed(face, {}))
    document = renderer.render(html, FACE_STYLESHEETS)
    nominal = _measurements(document)
    fits = {key: Fit(*key, m.nominal, m.nominal, True) for key, m in nominal.items()
            if m.overflow <= TOLERANCE}
    overflowing = {key: m for key, m in nominal.items() if m.overflow > TOLERANCE}
    sizes: FitSizes = {}
    if overflowing:
        shrunk, document = _shrink(renderer, context, face, overflowing)
        fits.update(shrunk)
        sizes = sizes_of(list(fits.values()))
        html = face_html(context, Printed(face, sizes))
        if document is None:
            document = renderer.render(html, FACE_STYLESHEETS)
    return FittedFace(face, sorted(fits.values(), key=lambda fit: fit.path), sizes, document, html)


def measure_language(context: LanguageContext, renderer: Renderer | None = None) -> list[Fit]:
    """Every fit box of every face in one language, in face order."""
    renderer = renderer or Renderer(context.root)
    return [fit for face in context.faces for fit in fit_face(renderer, context, face).fits]


def sizes_of(fits: list[Fit]) -> FitSizes:
    return {(fit.face_id, fit.path): fit.size for fit in fits if fit.shrunk}


# Candidate sizes laid out per render while shrinking: most texts fit within a point.
_CANDIDATES_PER_RENDER = 3


def _shrink(renderer: Renderer, context: LanguageContext, face: Face,
            overflowing: dict[tuple[str, str], Measurement]):
    """The largest size that fits for each overflowing box of a face, trying sizes a quarter
    point apart from the top, a few pages (one per size) per render, until every box fits
    or reaches its floor. Returns the fits, and the laid-out page at exactly the sizes
    chosen when one was tried (else None), so that it need not be laid out again."""
    largest = max(m.nominal for m in overflowing.values())
    smallest = min(m.floor for m in overflowing.values())
    candidates = _candidates(largest, smallest)
    result, tried, pages = {}, {}, []
    for start in range(0, len(candidates), _CANDIDATES_PER_RENDER):
        chunk = [Printed(face, {key: max(min(size, m.nominal - STEP), m.floor)
                                for key, m in overflowing.items()})
                 for size in candidates[start:start + _CANDIDATES_PER_RENDER]]
        document = renderer.render(face_html(context, *chunk), FACE_STYLESHEETS)
        pages += [(printed.sizes, document, index) for index, printed in enumerate(chunk)]
        tried.update(_measurements(document, every=True))
        for key, nominal in overflowing.items():
            fitting = [size for (box, size), m in tried.items() if box == key and m.overflow <= TOLERANCE]
            if fitting and key not in result:
                result[key] = Fit(*key, nominal.nominal, max(fitting), True)
        if len(result) == len(overflowing):
            break
    for key, nominal in overflowing.items():
        if key not in result:
            at_floor = tried.get((key, nominal.floor))
            overflow = at_floor.overflow if at_floor else nominal.overflow
            result[key] = Fit(*key, nominal.nominal, nominal.floor, False,
                              round(overflow / PX_PER_MM, 1))
    chosen = {key: fit.size for key, fit in result.items()}
    reusable = next((document.copy([document.pages[index]]) for sizes, document, index in pages
                     if sizes == chosen), None)
    return result, reusable


def _candidates(largest: float, smallest: float) -> list[float]:
    sizes, size = [], largest - STEP
    while size >= smallest - 1e-9:
        sizes.append(round(size, 2))
        size -= STEP
    return sizes


def fit_boxes(document):
    """Every fit box of a laid-out document: (page index, element, box)."""
    for index, page in enumerate(document.pages):
        seen = set()
        for box in page._page_box.descendants(placeholders=True):
            element = box.element
            if element is None or element.get("data-fit") is None or id(element) in seen:
                continue
            seen.add(id(element))
            yield index, element, box


def _measurements(document, every: bool = False):
    """Each fit box of a laid-out document: keyed by (face id, path), or with `every`, by
    ((face id, path), size) so one face may be measured at several sizes."""
    measured = {}
    for _, element, box in fit_boxes(document):
        face_id, path = element.get("data-fit").split("|", 1)
        size = float(element.get("data-size"))
        measurement = Measurement(float(element.get("data-nominal")),
                                  float(element.get("data-floor")), _overflow(box))
        measured[((face_id, path), size) if every else (face_id, path)] = measurement
    return measured


def _overflow(box) -> float:
    """How far, in CSS px, the content of a fixed-size box reaches past its bottom or right edge."""
    bottom = box.content_box_y() + box.height
    right = box.content_box_x() + box.width
    reach = 0.0
    for descendant in box.descendants(placeholders=True):
        if descendant is box:
            continue
        if hasattr(descendant, "margin_height"):
            reach = max(reach, descendant.position_y + descendant.margin_height() - bottom)
        if type(descendant).__name__ in ("TextBox", "InlineReplacedBox", "InlineBox"):
            reach = max(reach, descendant.position_x + descendant.margin_width() - right)
    return reach


# Fit budgets fill every box with more text than it can hold and count what fits. The text
# is about twice as long as the densest shipped box holds (some 23 characters per mm of
# height at 6.5 pt); a box it does not overflow is filled again with a text four times as
# long. Laying out less text than that is most of what measuring costs.
_FILLER_PER_MM = 45
_FILLER_GROWTH = 4
_FILLER_LIMIT = 200_000
_HEIGHT = re.compile(r"height:\s*([0-9.]+)mm")


@dataclass(frozen=True)
class _Filled(Face):
    """A card face whose every text is `fillers[path]` (or `filler`), long enough to overflow."""

    fillers: tuple[tuple[str, str], ...] = ()
    filler: str = ""

    def text(self, path: str) -> str:
        return dict(self.fillers).get(path, self.filler)

    def known(self, path: str) -> bool:
        return True

    def provisional(self, path: str) -> bool:
        return False

    def unconfirmed(self, path: str) -> bool:
        return False

    @property
    def has_provisional(self) -> bool:
        return False

    @property
    def has_unconfirmed(self) -> bool:
        return False


def measure_budgets(renderer: Renderer, context: LanguageContext,
                    faces: list[Face]) -> dict[str, dict[str, int]]:
    """How many characters each translatable text of each card face can hold, by face id
    and field path: the characters of whole lines that fit in the text's box at the box's
    smallest size, measured with the real templates, fonts and box. The box is filled with
    the field's own text (the English where the language has none) repeated, so words are
    as long as the language's. The faces are laid out together, one page each."""
    cards = [face for face in faces if face.card is not None]
    boxes = {face.id: _fit_boxes_of(face_html(context, Printed(face, {}))) for face in cards}
    texts = {face.id: set(translatable_fields(face.card)) for face in cards}
    lengths = {(face_id, path): max(1, round(box.height * _FILLER_PER_MM))
               for face_id, face_boxes in boxes.items() for path, box in face_boxes.items()}
    budgets: dict[str, dict[str, int]] = {}
    pending = cards
    while pending:
        pages = [Printed(_filled(context.database, context.language, face, lengths),
                         {(face.id, path): box.floor for path, box in boxes[face.id].items()})
                 for face in pending]
        document = renderer.render(face_html(context, *pages), FACE_STYLESHEETS)
        short = set()
        for _, element, box in fit_boxes(document):
            face_id, path = element.get("data-fit").split("|", 1)
            if path in texts[face_id]:
                budgets.setdefault(face_id, {})[path] = _characters_within(box)
                if _overflow(box) <= TOLERANCE and lengths[face_id, path] < _FILLER_LIMIT:
                    lengths[face_id, path] *= _FILLER_GROWTH
                    short.add(face_id)
        pending = [face for face in pending if face.id in short]
    return budgets


@dataclass(frozen=True)
class _Box:
    floor: float
    height: float  # mm


class _FitBoxParser(HTMLParser):
    def __init__(self):
        super().__init__()
        self.boxes: dict[str, _Box] = {}

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if attributes.get("data-fit") is not None:
            height = _HEIGHT.search(attributes.get("style") or "")
            self.boxes[attributes["data-fit"].split("|", 1)[1]] = _Box(
                float(attributes["data-floor"]), float(height.group(1)) if height else 0.0)


def _fit_boxes_of(html: str) -> dict[str, _Box]:
    """The fit boxes of a face's HTML by path: each one's floor size and height."""
    parser = _FitBoxParser()
    parser.feed(html)
    return parser.boxes


def _filled(database: Database, language: str, face: Face, lengths: dict[tuple[str, str], int]) -> _Filled:
    fillers = []
    for path in translatable_fields(face.card):
        sample = (face.text(path) or field_value(database.text(SOURCE_LANGUAGE, face.id), path)
                  or face.id)
        fillers.append((path, _repeat(sample, lengths.get((face.id, path), 1))))
    return _Filled(**{field.name: getattr(face, field.name) for field in fields(Face)},
                   fillers=tuple(fillers), filler=face.id)


def _repeat(sample: str, length: int) -> str:
    sample = " ".join(sample.split())
    return " ".join([sample] * (length // (len(sample) + 1) + 1))


def _characters_within(box) -> int:
    """The characters of the lines of a fit box that end inside it."""
    bottom = box.content_box_y() + box.height + TOLERANCE
    count = 0
    for line in box.descendants():
        if type(line).__name__ == "LineBox" and line.position_y + line.height <= bottom:
            count += sum(len(text.text) for text in line.descendants()
                         if type(text).__name__ == "TextBox")
    return count


def print_problems(database: Database, root: Path, store: FaceCache | None = None) -> list[Problem]:
    """`cardkit validate --fit`: what would print wrong, the preflight's findings (template
    catalogues, characters the fonts lack, the cards' pictures) and then every text's fit, unless the preflight
    refused a file the render needs (a catalogue or font), which the render would refuse too.
    With `store` (the build's face cache), fits it holds under a face's fit key are taken
    from it and those laid out now are kept in it, as the build keeps them."""
    store = store or FaceCache(None)
    preflight = preflight_problems(database, root)
    if any(problem.code == "file-unreadable" for problem in preflight):
        return preflight
    return (preflight + prepare_pictures(database, root, store=store).problems
            + fit_problems(database, root, store=store))


def fit_problems(database: Database, root: Path, languages: list[str] | None = None,
                 store: FaceCache | None = None) -> list[Problem]:
    """Per card and language, each text that had to shrink
    (a warning saying by how much) and each that does not fit even at its floor (an error).

    `root` is the project folder holding templates/ and locales/; languages default to all;
    `store`, a face cache to take fits from and keep them in."""
    problems = []
    fitting = Fitting(Renderer(root), store or FaceCache(None))
    for language in languages or database.languages:
        context = LanguageContext(root.resolve(), language, database)
        fits = [fit for face in context.faces for fit in fitting.fits(context, face)]
        problems += problems_of(database, language, fits, context.templates)
    return problems


def problems_of(database: Database, language: str, fits: list[Fit], templates: Path) -> list[Problem]:
    """Problems of the fits that shrank or overflow; `templates` is where the reference
    cards' texts are read from, to point at them."""
    return [_problem(database, language, fit, templates) for fit in fits if fit.shrunk or not fit.fits]


def _problem(database: Database, language: str, fit: Fit, templates: Path) -> Problem:
    position, card_id = _position(database, language, fit, templates)
    field = fit.path if card_id is not None else None
    what = f"{fit.path} ({language})"
    if not fit.fits:
        return error(position, "fit-overflow",
                     Message("{what} does not fit its box even at the floor size {size} pt: "
                             "{overflow_mm} mm too much", what=what, size=f"{fit.size:g}",
                             overflow_mm=f"{fit.overflow_mm:g}"), card_id=card_id, field=field,
                     suggestion="shorten the text")
    percent = round(100 * fit.size / fit.nominal)
    return warning(position, "fit-shrunk",
                   Message("{what} shrinks from {nominal} pt to {size} pt ({percent}%) to fit",
                           what=what, nominal=f"{fit.nominal:g}", size=f"{fit.size:g}",
                           percent=percent),
                   card_id=card_id, field=field)


def _position(database: Database, language: str, fit: Fit, templates: Path) -> tuple[Position, str | None]:
    """The text's own line in the locale file; the card's where the language lacks the text;
    for a reference card, the line of the template macro that holds the text, in its game's
    reference texts."""
    if fit.face_id in database.cards:
        origin = database.text_origins.get((language, fit.face_id))
        entry = database.text(language, fit.face_id)
        if origin is not None and field_value(entry, fit.path) is not None:
            return origin.position(field_location(fit.path)), fit.face_id
        if origin is not None:
            return origin.position(), fit.face_id
        return database.card_origins[fit.face_id].position(), fit.face_id
    macro = f"{{% macro {fit.face_id.removeprefix('reference-')}_{fit.path}("
    # The face id names the section, not the game: its macro is in one game's texts.
    reference = PurePosixPath(reference_texts("*"))
    for texts in template_files(templates.parent, str(reference.parent), reference.name):
        lines = texts.path.read_text(encoding="utf-8").splitlines()
        line = next((number for number, text in enumerate(lines, 1) if text.startswith(macro)), None)
        if line is not None:
            return Position(Path(texts.key), line), None
    return Position(Path(templates.name)), None
