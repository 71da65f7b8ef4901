"""Which translated texts are done, stale or missing.

A translation is *translated* when it records the fingerprint of the current English text,
*stale* when the English text changed since (or no fingerprint was recorded), *missing*
when there is no text. Nothing is ever copied from English.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from cardkit.messages import Message
from cardkit.model.database import Database, Origin
from cardkit.model.effects import COUNTED_EFFECTS
from cardkit.model.phrasebook import marker_lists, marker_location, phrase_of, worded_phrases
from cardkit.model.plurals import PluralMismatch, plural_forms
from cardkit.model.texts import field_location, field_value, fingerprint, translatable_fields
from cardkit.problems import Position, Problem, warning
from cardkit.source.layout import GLOSSARY_FILE, PHRASEBOOK_FILE, SOURCE_LANGUAGE

STATES = ("translated", "stale", "missing")


@dataclass(frozen=True)
class FieldState:
    language: str
    card_id: str
    game: str
    kind: str
    path: str
    state: str
    origin: Origin
    source_text: str | None
    text: str | None
    # Why the text is not translated, said once (shown in the reader's language).
    reason: Message | str = ""
    # The locale file that holds the card's texts in the language, or will hold them.
    home: Path | None = None

    @property
    def position(self) -> Position:
        """Where the text stands; (missing) the entry it belongs in, or the locale file that
        will hold it when the card has no entry yet."""
        if self.text is None:
            if self.home is not None and self.origin.document.path != self.home:
                return Position(self.home)
            return self.origin.key_position()
        return self.origin.position(field_location(self.path))


def translation_states(database: Database, languages: list[str] | None = None,
                       game: str | None = None) -> list[FieldState]:
    """The state of every text of the languages (default: every translation), of one game
    or (None) of every game."""
    states = []
    for language in languages or database.translations:
        for card_id, card in database.cards.items():
            if game is not None and database.game_of(card_id) != game:
                continue
            source_entry = database.text(SOURCE_LANGUAGE, card_id)
            entry = database.text(language, card_id)
            origin = database.text_origins.get((language, card_id)) or database.card_origins[card_id]
            for path in translatable_fields(card):
                source = field_value(source_entry, path) if source_entry else None
                text = field_value(entry, path) if entry else None
                state, reason = _state_of(source, text, entry, path)
                states.append(FieldState(language, card_id, database.game_of(card_id), card.kind,
                                         path, state, origin,
                                         source, text, reason,
                                         database.locale_file(language, card_id)))
    return states


def _state_of(source, text, entry, path) -> tuple[str, Message | str]:
    if text is None:
        return "missing", Message("no text")
    if source is None:
        return "stale", Message("the English text is missing, so nothing confirms this "
                                "translation")
    recorded = entry.translated_from.get(path)
    if recorded is None:
        return "stale", Message("records no fingerprint of the English text it was translated "
                                "from")
    if recorded != fingerprint(source):
        return "stale", Message("was translated from an earlier English text")
    return "translated", ""


def check_staleness(states: list[FieldState]) -> list[Problem]:
    return [warning(state.position, "stale-translation",
                    Message("{path}: this {language} text {reason}", path=state.path,
                            language=state.language, reason=state.reason), card_id=state.card_id,
                    field=state.path)
            for state in states if state.state == "stale"]


def summarize(states: list[FieldState]) -> dict[tuple[str, str, str], Counter]:
    """(language, game, kind) -> how many fields are in each state."""
    summary: dict[tuple[str, str, str], Counter] = {}
    for state in states:
        summary.setdefault((state.language, state.game, state.kind), Counter())[state.state] += 1
    return summary


@dataclass(frozen=True)
class PartState:
    """A glossary term or phrase form of a language: filled (`translated`) or still to fill
    (`missing`), as `cardkit i18n init` leaves each."""

    language: str
    kind: str  # "glossary" or "phrasebook"
    label: str
    position: Position
    state: str


def part_states(database: Database, languages: list[str]) -> list[PartState]:
    """The state of every glossary term, effect phrase form and list of marker words the
    English ones call for."""
    parts = []
    source = database.glossaries.get(SOURCE_LANGUAGE, {})
    english = database.phrasebooks.get(SOURCE_LANGUAGE)
    for language in languages:
        glossary_file = Position(Path("locales", language, GLOSSARY_FILE))
        unfilled = database.unfilled_terms.get(language, {})
        for term_id, term in source.items():
            label = f"{term_id} (English: {term.term})"
            if term_id in database.glossaries.get(language, {}):
                parts.append(PartState(language, "glossary", label, glossary_file, "translated"))
            else:
                where = unfilled[term_id].key_position() if term_id in unfilled else glossary_file
                parts.append(PartState(language, "glossary", label, where, "missing"))
        if english is not None:
            parts += _phrase_states(database, language, english)
    return parts


def _phrase_states(database: Database, language: str, english) -> list[PartState]:
    phrasebook = database.phrasebooks.get(language)
    origin = database.phrasebook_origins.get(language)
    try:
        needed = plural_forms(language).needed
    except PluralMismatch:
        needed = ("other",)
    parts = []
    for effect, variant, _ in worded_phrases(english):
        phrase = phrase_of(phrasebook, effect, variant)
        for category in needed if effect in COUNTED_EFFECTS else ("other",):
            location = ("effects", effect, variant, category)
            filled = phrase is not None and getattr(phrase, category) is not None
            where = (origin.key_position(location) if origin is not None
                     else Position(Path("locales", language, PHRASEBOOK_FILE)))
            parts.append(PartState(language, "phrasebook", ".".join(location), where,
                                   "translated" if filled else "missing"))
    for kind, name, _ in marker_lists(english):
        if name != "words":
            continue  # the negations of "may": a language may rightly have none
        marker = phrasebook.marker(kind) if phrasebook is not None else None
        location = marker_location(kind) + ((name,) if marker is not None else ())
        where = (origin.key_position(location) if origin is not None
                 else Position(Path("locales", language, PHRASEBOOK_FILE)))
        parts.append(PartState(language, "phrasebook", ".".join(marker_location(kind) + (name,)),
                               where, "translated" if marker is not None and marker.words
                               else "missing"))
    return parts


@dataclass(frozen=True)
class ArtState:
    """Whether one card names a picture (`art`), for `cardkit status`."""

    game: str
    kind: str
    card_id: str
    has_art: bool
    position: Position


def art_states(database: Database, game: str | None = None,
               pictured: Callable[[str, str], bool] = lambda game, kind: True) -> list[ArtState]:
    """Every card of `game` (default: every game) in file order, with or without a picture,
    of the kinds that `pictured(game, kind)` says have a place for one on their face."""
    return [ArtState(database.game_of(card.id), card.kind, card.id, card.art is not None,
                     database.card_origins[card.id].key_position())
            for card in database.cards.values()
            if (game is None or database.game_of(card.id) == game)
            and pictured(database.game_of(card.id), card.kind)]
