"""What goes on each card face and back, per language: each game's cards in print order,
followed by its quick-reference cards."""

from __future__ import annotations

from dataclasses import dataclass

from jinja2 import Environment, TemplateNotFound

from cardkit.faces.backs import back_of, back_rules
from cardkit.faces.games import kinds_of
from cardkit.model.base import CardModel
from cardkit.model.database import Database
from cardkit.model.games import GAMES
from cardkit.model.texts import Entry, field_value, fingerprint, translatable_fields
from cardkit.source.layout import SOURCE_LANGUAGE

REFERENCE_BACK = "reference"
REFERENCE_TEMPLATE = "reference_card.html"
BACK_TEMPLATE = "back.html"


def card_template(game: str, kind: str) -> str:
    """The template of one kind of card of one game: a kind name may repeat across games
    with other facts (the classic game's alien is not the Duel's). A kind declared in data
    names its own, or the generic face of declared kinds."""
    declared = GAMES[game].kind(kind) if game in GAMES else None
    if declared is not None and declared.template is not None:
        return declared.template
    return f"cards/{game}/{kind}.html"


def reference_texts(game: str) -> str:
    """A game's quick-reference texts: a `<section>_title` and `<section>_body` macro per
    section, the lists `sheet_sections` (what the reference sheets show, in order) and
    `reference_cards` (the quick-reference cards printed with the cards; a section too long
    for one card is split into several, each with its own macros), and `shows_glossary`."""
    return f"reference/{game}.html"


@dataclass(frozen=True)
class Face:
    id: str
    kind: str
    template: str
    back: str
    card: CardModel | None = None
    entry: Entry | None = None
    game: str = ""
    # The card's English texts, printed (marked) where the face's language lacks a text.
    source: Entry | None = None
    # For a kind declared in data: the name, in the face's language (else English), of each
    # card its references name, as (id, name) pairs.
    referenced: tuple[tuple[str, str], ...] = ()

    def name_of(self, card_id: str) -> str:
        """The name a reference prints: the card's name, or its id where it has none."""
        return dict(self.referenced).get(card_id, card_id)

    def text(self, path: str) -> str | None:
        return field_value(self.entry, path) if self.entry is not None else None

    def source_text(self, path: str) -> str | None:
        """The English text printed in place of a text the language lacks."""
        return field_value(self.source, path) if self.source is not None else None

    @property
    def has_untranslated(self) -> bool:
        """Whether the face prints an English text for want of a translation."""
        return self.card is not None and any(
            self.text(path) is None and self.source_text(path) is not None
            for path in translatable_fields(self.card))

    def unconfirmed(self, path: str) -> bool:
        """Whether the face prints a translation not confirmed against the current English
        text (stale: a fuzzy guess, or translated from an earlier English text)."""
        text, source = self.text(path), self.source_text(path)
        return (text is not None and source is not None and self.entry is not None
                and self.entry.translated_from.get(path) != fingerprint(source))

    @property
    def has_unconfirmed(self) -> bool:
        return self.card is not None and self.source is not None and any(
            self.unconfirmed(path) for path in translatable_fields(self.card))

    def provisional(self, path: str) -> bool:
        return self.entry is not None and path in self.entry.provisional

    def known(self, path: str) -> bool:
        """Whether the rulebooks give this fact or text; the rest is printed as not known."""
        return self.card is None or self.card.knows(path)

    @property
    def has_provisional(self) -> bool:
        return self.entry is not None and bool(self.entry.provisional)

    @property
    def back_id(self) -> str:
        """The id of the back face this face wears."""
        return f"back-{self.game}-{self.back}"


def card_faces(database: Database, language: str, game: str,
               environment: Environment) -> list[Face]:
    """Every card face of one game in print order, then its quick-reference cards (named
    by its reference texts, read through `environment`)."""
    faces = []
    rules = back_rules(environment, game)
    for kind in kinds_of(game):
        for card in database.cards_of_kind(kind, game):
            source = database.text(SOURCE_LANGUAGE, card.id) if language != SOURCE_LANGUAGE else None
            faces.append(Face(card.id, kind, card_template(game, kind),
                              back_of(card, database, rules), card,
                              database.text(language, card.id), game, source,
                              _referenced(database, language, game, card)))
    for name in reference_cards(environment, game):
        faces.append(Face(f"reference-{name}", "reference", REFERENCE_TEMPLATE,
                          REFERENCE_BACK, game=game))
    return faces


def _referenced(database: Database, language: str, game: str,
                card: CardModel) -> tuple[tuple[str, str], ...]:
    declared = GAMES[game].declared
    if declared is None:
        return ()
    names = []
    for fact in declared.kinds[card.kind].facts:
        if fact.refers_to is None:
            continue
        value = getattr(card, fact.name)
        for target in value if isinstance(value, list) else [value] if value is not None else []:
            entry = database.text(language, target) or database.text(SOURCE_LANGUAGE, target)
            name = entry.texts.get("name") if entry is not None else None
            if name is not None:
                names.append((target, name))
    return tuple(names)


def reference_cards(environment: Environment, game: str) -> list[str]:
    texts = _reference_module(environment, game)
    return list(texts.reference_cards) if texts is not None else []


def sheet_sections(environment: Environment, game: str) -> list[str]:
    """The sections of a game's reference sheets; none for a game without reference texts,
    which has no reference sheets."""
    texts = _reference_module(environment, game)
    return list(texts.sheet_sections) if texts is not None else []


def sheet_shows_glossary(environment: Environment, game: str) -> bool:
    """Whether a game's reference sheets list the language's glossary (its terms are one
    game's: a game whose texts declare `shows_glossary` true)."""
    texts = _reference_module(environment, game)
    return texts is not None and bool(texts.shows_glossary)


def _reference_module(environment: Environment, game: str):
    try:
        return environment.get_template(reference_texts(game)).module
    except TemplateNotFound as exc:
        if exc.name != reference_texts(game):
            raise
        return None


def back_faces(faces: list[Face]) -> list[Face]:
    """One face per deck back the given faces wear, in a stable order."""
    return [Face(f"back-{game}-{back}", "back", BACK_TEMPLATE, back, game=game)
            for game, back in sorted({(face.game, face.back) for face in faces})]


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
