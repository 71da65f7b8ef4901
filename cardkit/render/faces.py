"""What goes on each card face and back, per language: the database's cards in print order,
followed by the quick-reference cards."""

from __future__ import annotations

from dataclasses import dataclass

from cardkit.model.base import CardModel
from cardkit.model.database import Database
from cardkit.model.texts import Entry, field_value
from cardkit.render.backs import back_of

KIND_ORDER = ("alien", "emissary", "discovery", "event", "maintenance", "plan", "reinforcement",
              "planet", "tactic")

# The quick-reference cards, printed with the card sheets from templates/reference_card.html;
# each shows the macros <name>_title and <name>_body of templates/reference/content.html.
# The sheets show the sections; the duel's eleven steps take two cards.
REFERENCE_SECTIONS = ("duel", "contest", "tactics", "destiny", "roles")
REFERENCE_CARDS = ("duel_1_6", "duel_7_11", "contest", "tactics", "destiny", "roles")
REFERENCE_BACK = "reference"
REFERENCE_TEMPLATE = "reference_card.html"
REFERENCE_TEXTS = "reference/content.html"
BACK_TEMPLATE = "back.html"


@dataclass(frozen=True)
class Face:
    id: str
    kind: str
    template: str
    back: str
    card: CardModel | None = None
    entry: Entry | None = None

    def text(self, path: str) -> str | None:
        return field_value(self.entry, path) if self.entry is not None else None

    def provisional(self, path: str) -> bool:
        return self.entry is not None and path in self.entry.provisional

    def known(self, path: str) -> bool:
        """Whether the rulebooks give this fact or text; the rest is printed as not known."""
        return self.card is None or self.card.knows(path)

    @property
    def has_provisional(self) -> bool:
        return self.entry is not None and bool(self.entry.provisional)


def card_faces(database: Database, language: str, game: str = "duel") -> list[Face]:
    """Every card face of one game of the database in print order, then the quick-reference
    cards."""
    faces = []
    for kind in KIND_ORDER:
        for card in database.cards_of_kind(kind, game):
            faces.append(Face(card.id, kind, f"cards/{kind}.html", back_of(card, database), card,
                              database.text(language, card.id)))
    for name in REFERENCE_CARDS:
        faces.append(Face(f"reference-{name}", "reference", REFERENCE_TEMPLATE,
                          REFERENCE_BACK))
    return faces


def back_faces(faces: list[Face]) -> list[Face]:
    """One face per deck back the given faces wear, in a stable order."""
    return [Face(f"back-{back}", "back", BACK_TEMPLATE, back)
            for back in sorted({face.back for face in faces})]


# Font sizes (pt) chosen by fitting, keyed by face id and field path; a text not listed
# keeps the size its template gives it.
FitSizes = dict[tuple[str, str], float]


@dataclass(frozen=True)
class Printed:
    """A face with the font sizes its texts are printed at."""

    face: Face
    sizes: FitSizes

    def size(self, path: str, nominal: float) -> str:
        return f"{self.sizes.get((self.face.id, path), nominal):g}"
