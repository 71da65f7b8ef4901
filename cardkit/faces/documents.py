"""HTML assembly: each face on its own page, the duplex check and the reference sheets of a
language and game."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from jinja2 import Environment

from cardkit.faces.environment import load_translations, make_environment
from cardkit.faces.faces import Face, Printed, back_faces, card_faces, sheet_sections
from cardkit.faces.layout import (BLEED, CARD_HEIGHT, CARD_WIDTH, Paper, instructions_slot,
                                   registration_labels, slot)
from cardkit.model.database import Database
from cardkit.model.glossary import GlossaryTerm, terms_of_game
from cardkit.source.layout import SOURCE_LANGUAGE

if TYPE_CHECKING:
    from cardkit.faces.art import Picture


@dataclass
class LanguageContext:
    """What every document of one language is assembled from: the faces of `games` (by
    default every game of the database), one game after another. Contexts of one language
    may share an `environment` (its templates and catalogue), so each template is loaded
    once per language."""

    root: Path
    language: str
    database: Database
    games: list[str] | None = None
    environment: Environment | None = None
    # The owner's pictures by face id (faces/art.py); faces without one print without.
    pictures: dict[str, Picture] = field(default_factory=dict)
    faces: list[Face] = field(init=False)
    backs: list[Face] = field(init=False)

    def __post_init__(self):
        if self.environment is None:
            self.environment = make_environment(self.templates,
                                                load_translations(self.root, self.language),
                                                language=self.language)
        self.games = list(self.games) if self.games is not None else self.database.games
        self.refresh(self.database)

    def refresh(self, database: Database) -> None:
        """Takes the faces from `database`, another state of the same project."""
        self.database = database
        self.faces = [face for game in self.games
                      for face in card_faces(database, self.language, game, self.environment)]
        self.backs = back_faces(self.faces)

    @property
    def game(self) -> str:
        """The one game of a context made for one game (a build's)."""
        if len(self.games) != 1:
            raise ValueError(f"a context of {len(self.games)} games has no one game")
        return self.games[0]

    def face(self, face_id: str) -> Face:
        return next(face for face in (*self.faces, *self.backs) if face.id == face_id)

    @property
    def templates(self) -> Path:
        return self.root / "templates"

    def glossary(self) -> list[GlossaryTerm]:
        """The terms of the context's one game in its language, alphabetically."""
        terms = terms_of_game(self.database.glossaries.get(self.language, {}),
                              self.database.glossaries.get(SOURCE_LANGUAGE, {}), self.game)
        return sorted(terms.values(), key=lambda term: term.term.casefold())

    def render(self, template: str, **values) -> str:
        return self.environment.get_template(template).render(
            language=self.language, card_width=CARD_WIDTH, card_height=CARD_HEIGHT,
            bleed=BLEED, pictures=self.pictures, **values)


def registration_html(context: LanguageContext, paper: Paper) -> str:
    """The duplex check's words and numbers on two pages; rendered with the FACE_STYLESHEETS."""
    return context.render("registration.html", paper=paper, game=context.game,
                          instructions=slot(paper, instructions_slot(paper)),
                          labels=registration_labels(paper, instructions_slot(paper)))


def credited(context: LanguageContext) -> list[tuple[Face, Picture]]:
    """The faces of the context that show a picture, with it, in print order."""
    return [(face, context.pictures[face.id]) for face in (*context.faces, *context.backs)
            if face.id in context.pictures]


def credits_html(context: LanguageContext, paper: Paper) -> str:
    """The credits page ending the card sheets: each picture's credit, by card; rendered
    with the FACE_STYLESHEETS."""
    return context.render("credits.html", paper=paper, credited=credited(context))


def reference_html(context: LanguageContext, paper: Paper) -> str:
    """The reference sheets of the context's one game, on the paper upright; rendered with
    the REFERENCE_STYLESHEETS."""
    upright = replace(paper, width=min(paper.width, paper.height), height=max(paper.width, paper.height))
    return context.render("reference_sheets.html", paper=upright, glossary=context.glossary(),
                          game=context.game, sections=sheet_sections(context.environment, context.game))


def face_html(context: LanguageContext, *pages: Printed) -> str:
    """Each face on a page of its own at bleed size, at the sizes given for it; rendered
    with the FACE_STYLESHEETS."""
    return context.render("faces.html", pages=list(pages))
