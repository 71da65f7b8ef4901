"""HTML assembly: each face on its own page, the duplex check and the reference sheets of a language."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from jinja2 import Environment

from cardkit.model.database import Database
from cardkit.model.glossary import GlossaryTerm
from cardkit.render.environment import load_translations, make_environment
from cardkit.render.faces import REFERENCE_SECTIONS, Face, Printed, back_faces, card_faces
from cardkit.render.layout import (BLEED, CARD_HEIGHT, CARD_WIDTH, Paper, instructions_slot,
                                   registration_labels, slot)

FACE_STYLESHEETS = "cards"
REFERENCE_STYLESHEETS = "reference"


@dataclass
class LanguageContext:
    """What every document of one language is assembled from."""

    root: Path
    language: str
    database: Database
    environment: Environment = field(init=False)
    faces: list[Face] = field(init=False)
    backs: list[Face] = field(init=False)

    def __post_init__(self):
        self.environment = make_environment(self.templates, load_translations(self.root, self.language))
        self.faces = card_faces(self.database, self.language)
        self.backs = back_faces(self.faces)

    def face(self, face_id: str) -> Face:
        return next(face for face in (*self.faces, *self.backs) if face.id == face_id)

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


def registration_html(context: LanguageContext, paper: Paper) -> str:
    """The duplex check's words and numbers on two pages; rendered with the FACE_STYLESHEETS."""
    return context.render("registration.html", paper=paper,
                          instructions=slot(paper, instructions_slot(paper)),
                          labels=registration_labels(paper, instructions_slot(paper)))


def reference_html(context: LanguageContext, paper: Paper) -> str:
    """The reference sheets, on the paper upright; rendered with the REFERENCE_STYLESHEETS."""
    upright = replace(paper, width=min(paper.width, paper.height), height=max(paper.width, paper.height))
    return context.render("reference_sheets.html", paper=upright, glossary=context.glossary(),
                          sections=REFERENCE_SECTIONS)


def face_html(context: LanguageContext, *pages: Printed) -> str:
    """Each face on a page of its own at bleed size, at the sizes given for it; rendered
    with the FACE_STYLESHEETS."""
    return context.render("faces.html", pages=list(pages))
