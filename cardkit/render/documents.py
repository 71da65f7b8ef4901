"""HTML assembly: the card sheets, the reference sheets and the fit-measuring sheet of a language."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from jinja2 import Environment

from cardkit.model.database import Database
from cardkit.model.glossary import GlossaryTerm
from cardkit.render.environment import load_translations, make_environment
from cardkit.render.faces import REFERENCE_SECTIONS, Face, FitSizes, Printed, card_faces
from cardkit.render.layout import (BLEED, CARD_HEIGHT, CARD_WIDTH, Paper, Rectangle, back_slot,
                                   crop_marks, grid, sheets, slot)

@dataclass(frozen=True)
class Placed:
    printed: Printed
    slot: Rectangle

    @property
    def outline(self) -> Rectangle:
        """The card's printed area: its cut outline and the bleed around it."""
        return self.slot.grown(BLEED)


@dataclass(frozen=True)
class Sheet:
    number: int
    fronts: list[Placed]
    backs: list[Placed]


@dataclass
class LanguageContext:
    """What every document of one language is assembled from."""

    root: Path
    language: str
    database: Database
    environment: Environment = field(init=False)
    faces: list[Face] = field(init=False)

    def __post_init__(self):
        self.environment = make_environment(self.templates, load_translations(self.root, self.language))
        self.faces = card_faces(self.database, self.language)

    @property
    def templates(self) -> Path:
        return self.root / "templates"

    def glossary(self) -> list[GlossaryTerm]:
        terms = self.database.glossaries.get(self.language, {})
        return sorted(terms.values(), key=lambda term: term.term.casefold())

    def render(self, template: str, **values) -> str:
        return self.environment.get_template(template).render(
            language=self.language, card_width=CARD_WIDTH, card_height=CARD_HEIGHT,
            bleed=BLEED, **values)


def card_sheets_html(context: LanguageContext, paper: Paper, sizes: FitSizes) -> str:
    laid_out = []
    for number, indices in enumerate(sheets(len(context.faces)), start=1):
        faces = [context.faces[index] for index in indices]
        laid_out.append(Sheet(
            number,
            [Placed(Printed(face, sizes), slot(paper, position))
             for position, face in enumerate(faces)],
            [Placed(Printed(face, sizes), back_slot(paper, position))
             for position, face in enumerate(faces)]))
    backs = sorted({face.back for face in context.faces})
    return context.render(
        "card_sheets.html", paper=paper, sheets=laid_out, grid=grid(paper),
        marks=crop_marks(paper), registration=[slot(paper, index) for index in range(9)],
        back_registration=[back_slot(paper, index) for index in range(9)], deck_backs=backs)


def reference_html(context: LanguageContext, paper: Paper) -> str:
    return context.render("reference_sheets.html", paper=paper, glossary=context.glossary(),
                          sections=REFERENCE_SECTIONS)


def measuring_html(context: LanguageContext, pages: list[Printed]) -> str:
    """Each face on a page of its own, card-sized, at the sizes given for it."""
    return context.render("measure.html", pages=pages)
