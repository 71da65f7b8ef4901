"""Which translated texts are done, stale or missing.

A translation is *translated* when it records the fingerprint of the current English text,
*stale* when the English text changed since (or no fingerprint was recorded), *missing*
when there is no text. Nothing is ever copied from English.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from cardkit.model.database import Database, Origin
from cardkit.model.texts import field_location, field_value, fingerprint, translatable_fields
from cardkit.problems import Position, Problem, warning
from cardkit.source.layout import SOURCE_LANGUAGE

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
    reason: str = ""

    @property
    def position(self) -> Position:
        """Where the text stands, or (missing) the entry or card it belongs to."""
        if self.text is None:
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
                                         source, text, reason))
    return states


def _state_of(source, text, entry, path) -> tuple[str, str]:
    if text is None:
        return "missing", "no text"
    if source is None:
        return "stale", "the English text is missing, so nothing confirms this translation"
    recorded = entry.translated_from.get(path)
    if recorded is None:
        return "stale", "records no fingerprint of the English text it was translated from"
    if recorded != fingerprint(source):
        return "stale", "was translated from an earlier English text"
    return "translated", ""


def check_staleness(states: list[FieldState]) -> list[Problem]:
    return [warning(state.position, "stale-translation",
                    f"{state.path}: this {state.language} text {state.reason}", card_id=state.card_id,
                    field=state.path)
            for state in states if state.state == "stale"]


def summarize(states: list[FieldState]) -> dict[tuple[str, str, str], Counter]:
    """(language, game, kind) -> how many fields are in each state."""
    summary: dict[tuple[str, str, str], Counter] = {}
    for state in states:
        summary.setdefault((state.language, state.game, state.kind), Counter())[state.state] += 1
    return summary


@dataclass(frozen=True)
class ArtState:
    """Whether one card names a picture (`art`), for `cardkit status`."""

    game: str
    kind: str
    card_id: str
    has_art: bool
    position: Position


def art_states(database: Database, game: str | None = None) -> list[ArtState]:
    """Every card of `game` (default: every game) in file order, with or without a picture."""
    return [ArtState(database.game_of(card.id), card.kind, card.id, card.art is not None,
                     database.card_origins[card.id].key_position())
            for card in database.cards.values()
            if game is None or database.game_of(card.id) == game]
