"""Cross-references between the card facts and each language's texts.

- a text entry for an id no card has, or filed under the wrong kind;
- texts for parts a card does not have (a power it lacks, a prize it does not give);
- field paths in `provisional`, `translated_from` and `notes` that name no text of the card;
- cards without a name or text in a language (a warning, per card and language; an error
  in English, the source: an emptied or missing English file must not pass); a language
  with no folder for a game has not begun translating it, and only `cardkit status` lists
  that game's texts as missing;
- glossaries that lost terms: a term English texts use that a translation's glossary lacks,
  or a term of a translation's glossary the English glossary lacks.
"""

from __future__ import annotations

import difflib
from pathlib import Path

from cardkit.checks.text.lexicon import Lexicon
from cardkit.messages import Message
from cardkit.model.database import Database
from cardkit.model.texts import ENTRY_METADATA, Entry, field_location, field_value, translatable_fields
from cardkit.problems import Position, Problem, error, warning
from cardkit.source.layout import GLOSSARY_FILE, SOURCE_LANGUAGE

# The entry metadata keyed or listed by text path (silence is keyed by problem code).
PATH_LISTS = tuple(name for name in ENTRY_METADATA if name != "silence")


# At most this many ids are compared with an unknown one to suggest the closest: difflib
# compares two ids in time of their length, so all of them for each of many unknown ids
# would make the check quadratic in the size of the database.
SUGGESTION_CANDIDATES = 200


class _IdSuggester:
    """The closest known id to an unknown one, among ids that begin alike."""

    def __init__(self, ids):
        self.by_start: dict[str, list[str]] = {}
        for known in ids:
            bucket = self.by_start.setdefault(known[:1], [])
            if len(bucket) < SUGGESTION_CANDIDATES:
                bucket.append(known)

    def closest(self, unknown: str) -> str | None:
        found = difflib.get_close_matches(unknown, self.by_start.get(unknown[:1], []), n=1)
        return found[0] if found else None


def check_references(database: Database) -> list[Problem]:
    return [problem for language in database.languages
            for problem in check_references_of(database, language)]


def check_references_of(database: Database, language: str) -> list[Problem]:
    """The references of the texts in `language`, which read besides them only the card
    facts; the English part adds the glossaries' lost terms, which read only the English
    texts and the glossaries."""
    problems: list[Problem] = []
    suggester = None
    for (text_language, card_id), origin in database.text_origins.items():
        if text_language != language:
            continue
        entry = database.text(language, card_id)
        if entry is None:
            continue  # failed its own schema check, reported already
        card = database.cards.get(card_id)
        if card is None:
            if card_id in database.invalid_cards or (None, origin.game, entry.kind) in database.unreadable:
                continue  # the card's own problems are reported already
            suggester = suggester or _IdSuggester(database.cards)
            close = suggester.closest(card_id)
            message = (Message("text for {card}, but no card has that id; did you mean {close}?",
                               card=repr(card_id), close=repr(close)) if close
                       else Message("text for {card}, but no card has that id", card=repr(card_id)))
            problems.append(error(origin.key_position(), "unknown-id", message,
                                  suggestion=close, card_id=card_id))
            continue
        expected = translatable_fields(card)
        problems += _texts_without_fact(entry, expected, origin, card,
                                        database.card_origins[card_id].document.path.as_posix())
        problems += _stray_paths(entry, expected, origin, language)
    for card_id, card in database.cards.items():
        expected = translatable_fields(card)
        entry = database.text(language, card_id)
        game = database.card_origins[card_id].game
        if (language, card_id) in database.invalid_texts or (language, game, card.kind) in database.unreadable:
            continue
        missing = [path for path in expected if entry is None or field_value(entry, path) is None]
        if not missing:
            continue
        if language != SOURCE_LANGUAGE and (language, game) not in database.begun:
            continue  # a translation not begun: `cardkit status` lists it as missing
        origin = database.text_origins.get((language, card_id)) or database.card_origins[card_id]
        if language == SOURCE_LANGUAGE:
            problems.append(error(
                origin.key_position(), "missing-source-text",
                Message("{kind} {card_id} has no English text for: {missing}; English is the "
                        "source every translation follows", kind=card.kind,
                        card_id=repr(card_id), missing=', '.join(missing)), card_id=card_id))
        else:
            problems.append(warning(
                origin.key_position(), "missing-text",
                Message("{kind} {card_id} has no {language} text for: {missing}",
                        kind=card.kind, card_id=repr(card_id), language=language,
                        missing=', '.join(missing)),
                card_id=card_id))
    return problems + (_lost_glossary_terms(database) if language == SOURCE_LANGUAGE else [])


def _lost_glossary_terms(database: Database) -> list[Problem]:
    source = database.glossaries.get(SOURCE_LANGUAGE, {})
    source_keys = database.glossary_keys.get(SOURCE_LANGUAGE, set())
    problems = []
    for language in database.translations:
        extra = sorted(database.glossary_keys.get(language, set()) - source_keys)
        for term_id in extra:
            problems.append(error(
                Position(Path("locales", SOURCE_LANGUAGE, GLOSSARY_FILE)), "glossary-term-lost",
                Message("the English glossary has no entry for {term_id}, which the {language} "
                        "glossary has; the English glossary is the source of every term",
                        term_id=repr(term_id), language=language)))
    used = _terms_english_texts_use(database, source)
    for language in database.translations:
        held = database.glossary_keys.get(language, set())
        for term_id, card_ids in sorted(used.items()):
            if term_id not in held:
                problems.append(error(
                    Position(Path("locales", language, GLOSSARY_FILE)), "glossary-term-lost",
                    Message("the {language} glossary has no entry for {term_id} (English: {term}), "
                            "which the English texts of {count} card(s) use, such as "
                            "{example}", language=language, term_id=repr(term_id),
                            term=repr(source[term_id].term), count=len(card_ids),
                            example=repr(min(card_ids)))))
    return problems


def _terms_english_texts_use(database: Database, glossary) -> dict[str, set[str]]:
    """The English glossary's terms found in English texts, with the cards using each."""
    if not glossary:
        return {}
    lexicon = Lexicon(SOURCE_LANGUAGE, glossary)
    used: dict[str, set[str]] = {}
    for card_id, entry in database.texts.get(SOURCE_LANGUAGE, {}).items():
        for text in entry.texts.values():
            for term_id in lexicon.terms_in(text):
                used.setdefault(term_id, set()).add(card_id)
    return used


def _texts_without_fact(entry: Entry, expected: list[str], origin, card, card_file: str) -> list[Problem]:
    problems = []
    for path in entry.texts:
        if path not in expected:
            location = field_location(path)
            unknown = [name for name in (path, location[0]) if name in card.unknown]
            message = (Message("text for {path}, which card {id} lists as unknown ({file}: "
                               "unknown: {unknown}): take it out of unknown now that the text is "
                               "known", path=repr(path), id=repr(entry.id), file=card_file,
                               unknown=unknown[0])
                       if unknown else
                       Message("text for {path}, which card {id} does not have",
                               path=repr(path), id=repr(entry.id)))
            problems.append(error(origin.key_position(location), "text-without-fact", message,
                                  card_id=entry.id, field=path))
    return problems


def _stray_paths(entry: Entry, expected: list[str], origin, language: str) -> list[Problem]:
    problems = []
    for list_name in PATH_LISTS:
        for path in getattr(entry, list_name):
            if path not in expected:
                problems.append(error(origin.key_position((list_name,)), "unknown-field-path",
                                      Message("{list_name} names {path}, which is no text of card "
                                              "{id}", list_name=list_name, path=repr(path),
                                              id=repr(entry.id)), card_id=entry.id))
    if language == SOURCE_LANGUAGE and entry.translated_from:
        problems.append(error(origin.key_position(("translated_from",)), "source-fingerprint",
                              Message("English is the source language: its texts record no "
                                      "translated_from fingerprints"), card_id=entry.id))
    return problems
