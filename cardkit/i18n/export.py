"""The catalogue of a language's texts that translators are sent: every card text with its
English source, context, notes and state, and every phrasebook effect phrase with its
plural forms. `po.py` and `xliff.py` write it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path

from cardkit.checks.status import FieldState, translation_states
from cardkit.checks.text.lexicon import Lexicon
from cardkit.i18n.catalogue import LocaleRefused, OutgoingCatalogue, OutgoingUnit, database_record
from cardkit.i18n.history import earlier_english
from cardkit.i18n.keys import card_key, phrase_key, phrasebook_key
from cardkit.messages import Message
from cardkit.model.plurals import PluralForms, PluralMismatch, plural_forms
from cardkit.model.database import Database
from cardkit.model.effects import COUNTED_EFFECTS
from cardkit.model.phrasebook import (MarkerWords, Phrasebook, PluralPhrase, marker_lists,
                                      marker_location, phrase_of, worded_phrases)
from cardkit.source.layout import SOURCE_LANGUAGE, translatable_language


def check_game(database: Database, game: str | None) -> None:
    if game is not None and game not in database.games:
        raise LocaleRefused(Message("no game {game} in the database (known: {known})",
                                    game=repr(game), known=", ".join(database.games)))


def build_catalogue(database: Database, language: str,
                    extra_notes: Mapping[str, str] | None = None,
                    game: str | None = None, root: Path | None = None,
                    max_lengths: Mapping[str, int] | None = None) -> OutgoingCatalogue:
    """Every text of `language` to translate, of one game or (None) of every game. Each
    unit's remarks name the glossary terms of its English text with their approved
    `language` forms; `extra_notes` adds a remark to the unit of each key it names (such as
    how many characters fit a text's box). The phrasebook, shared by every game, goes with
    each export. With the database's `root`, a stale text carries the English it was
    translated from, where the project's git history holds it. `max_lengths` gives the unit
    of each key it names a length limit (its fit budget). Raises LanguageRefused or
    LocaleRefused."""
    translatable_language(language, database.languages)
    check_game(database, game)
    try:
        forms = plural_forms(language)
    except PluralMismatch as exc:
        raise LocaleRefused(exc.args[0]) from None
    units = [_card_unit(database, state, root) for state in translation_states(database, [language])
             if state.source_text is not None
             and (game is None or database.game_of(state.card_id) == game)]
    units += _phrase_units(database, language, forms)
    units += _marker_units(database, language)
    terms = _GlossaryRemarks(database, language)
    extra_notes, max_lengths = extra_notes or {}, max_lengths or {}
    units = [replace(unit, remarks=unit.remarks + terms.of(unit)
                     + ((extra_notes[unit.key],) if unit.key in extra_notes else ()),
                     max_length=max_lengths.get(unit.key))
             for unit in units]
    return OutgoingCatalogue(language, forms, units, game or database_record(database.games))


class _GlossaryRemarks:
    """`glossary: ship = Nave (also Naves)` for each glossary term an English text uses."""

    def __init__(self, database: Database, language: str):
        self.english = database.glossaries.get(SOURCE_LANGUAGE, {})
        self.translated = database.glossaries.get(language, {})
        self.language = language
        self.lexicon = Lexicon(SOURCE_LANGUAGE, self.english)

    def of(self, unit: OutgoingUnit) -> tuple[str, ...]:
        used = set().union(*(self.lexicon.terms_in(source) for source in unit.sources))
        return tuple(self.remark(term_id) for term_id in self.english if term_id in used)

    def remark(self, term_id: str) -> str:
        english = self.english[term_id].term
        term = self.translated.get(term_id)
        if term is None:
            return f"glossary: {english} has no approved {self.language} term yet"
        also = f" (also {', '.join(term.forms)})" if term.forms else ""
        avoid = f"; not {', '.join(term.forbidden)}" if term.forbidden else ""
        return f"glossary: {english} = {term.term}{also}{avoid}"


def _previous_english(database: Database, state: FieldState, root: Path | None) -> str | None:
    entry = database.text(state.language, state.card_id)
    recorded = entry.translated_from.get(state.path) if entry is not None else None
    origin = database.text_origins.get((SOURCE_LANGUAGE, state.card_id))
    if root is None or state.state != "stale" or recorded is None or origin is None:
        return None
    return earlier_english(root, origin.document.path, state.card_id, state.path, recorded)


def _card_unit(database: Database, state: FieldState, root: Path | None) -> OutgoingUnit:
    source_entry = database.text(SOURCE_LANGUAGE, state.card_id)
    entry = database.text(state.language, state.card_id)
    remarks = [f"{state.kind} {source_entry.name}" if source_entry and source_entry.name
               else f"{state.kind} {state.card_id}"]
    what = "name" if state.path.rpartition(".")[2] == "name" else "text"
    if source_entry is not None and state.path in source_entry.provisional:
        remarks.append(f"the English {what} is provisional: the printed one is not known")
    if entry is not None and state.path in entry.provisional:
        remarks.append(f"this {state.language} {what} is provisional: the printed one is not known")
    if source_entry is not None and state.path in source_entry.notes:
        remarks.append(f"note: {source_entry.notes[state.path]}")
    if state.state == "stale":
        remarks.append(f"needs review: this translation {str(state.reason)}")
    return OutgoingUnit(
        key=card_key(state.kind, state.card_id, state.path),
        sources=(state.source_text,),
        plural=False,
        targets=(state.text or "",),
        needs_review=state.state == "stale",
        note=entry.notes.get(state.path) if entry is not None else None,
        remarks=tuple(remarks),
        reference=f"{state.position.path}:{state.position.line}",
        previous=_previous_english(database, state, root),
    )


def _phrase_units(database: Database, language: str, forms: PluralForms) -> list[OutgoingUnit]:
    english = database.phrasebooks.get(SOURCE_LANGUAGE)
    if english is None:
        return []
    phrasebook = database.phrasebooks.get(language)
    origin = database.phrasebook_origins.get(language)
    units = []
    for effect, variant, source in worded_phrases(english):
        target = phrase_of(phrasebook, effect, variant)
        where = (origin.position(("effects", effect, variant)) if target is not None and origin
                 else None)
        reference = f"{where.path}:{where.line}" if where else None
        remarks = (f"effect {effect}, {variant}",)
        if effect in COUNTED_EFFECTS:
            targets = tuple(_slot_text(target, slot) for slot in forms.slots)
            units.append(OutgoingUnit(phrase_key(effect, variant), (source.one or source.other,
                                                                    source.other),
                                      True, targets, False, None,
                                      remarks + ("{count} stands for the number",), reference))
        else:
            units.append(OutgoingUnit(phrase_key(effect, variant), (source.other,), False,
                                      ((target.other or "") if target else "",), False, None,
                                      remarks, reference))
    return units


# A list of words travels as one text, its words separated by this.
WORD_SEPARATOR = ", "
# The English a list of negations is sent with: English has none before its "may".
NEGATION_SOURCE = "not"


def marker_source(english: MarkerWords, name: str) -> str:
    """The English a marker list's unit is sent with: the English words, or, for the
    negations, NEGATION_SOURCE."""
    return NEGATION_SOURCE if name == "unless_preceded_by" else WORD_SEPARATOR.join(english.words or [])


def listed_words(phrasebook: Phrasebook | None, kind: str, name: str) -> list[str]:
    """A phrasebook's list `name` of a marker kind; [] where it gives none."""
    marker = phrasebook.marker(kind) if phrasebook is not None else None
    return list(getattr(marker, name) or []) if marker is not None else []


def _marker_remark(kind: str, name: str) -> str:
    if name == "unless_preceded_by":
        return ("negations: the words that, standing right before a word for 'may', make it no "
                "option (Polish 'nie' in 'nie może', cannot), separated by commas; none where the "
                "negation stands elsewhere (German 'darf nicht'); a list emptied here is kept, "
                "so remove words in the phrasebook itself")
    meaning = "optional ('may')" if kind == "optional" else f"timed '{kind}'"
    return (f"marker words: every word that makes a text {meaning}, separated by commas; a "
            "text uses one exactly where its English text does")


def _marker_units(database: Database, language: str) -> list[OutgoingUnit]:
    """A unit for each list of marker words the English phrasebook has, and for the
    negations of `optional`: a translator fills them in the tool, as the phrases."""
    phrasebook = database.phrasebooks.get(language)
    origin = database.phrasebook_origins.get(language)
    units = []
    for kind, name, english in marker_lists(database.phrasebooks.get(SOURCE_LANGUAGE)):
        location = marker_location(kind) + (name,)
        begun = phrasebook is not None and phrasebook.marker(kind) is not None
        where = (origin.key_position(location if begun else marker_location(kind))
                 if origin is not None else None)
        units.append(OutgoingUnit(
            phrasebook_key(location), (marker_source(english, name),), False,
            (WORD_SEPARATOR.join(listed_words(phrasebook, kind, name)),), False, None,
            (_marker_remark(kind, name),), f"{where.path}:{where.line}" if where else None))
    return units


def _slot_text(phrase: PluralPhrase | None, slot: tuple[str, ...]) -> str:
    """The text of a gettext form: the phrase of the first of its categories that has one."""
    if phrase is None:
        return ""
    return next((text for category in slot if (text := getattr(phrase, category))), "")
