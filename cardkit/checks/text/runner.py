"""Runs the text checks over every text of every card in every language."""

from __future__ import annotations

from pathlib import Path

from cardkit.checks.text.lexicon import Lexicon
from cardkit.checks.text.lint import (Finding, check_against_source, check_alone, check_english_tags,
                                      check_formula_start,
                                      check_placeholders, check_surface)
from cardkit.messages import Message
from cardkit.model.database import Database
from cardkit.model.effects import CARD_COUNTS, COUNTED_EFFECTS, EFFECT_NAMES
from cardkit.model.phrasebook import (PHRASE_VARIANTS, Phrasebook, PluralPhrase, declared_placeholders,
                                      phrase_of)
from cardkit.model.plurals import PluralMismatch, plural_category, plural_forms
from cardkit.model.texts import effect_for_field, field_location, field_value, is_name, translatable_fields
from cardkit.placeholders import names
from cardkit.problems import Position, Problem, error, warning
from cardkit.source.layout import GLOSSARY_FILE, SOURCE_LANGUAGE


def build_lexicons(database: Database) -> dict[str, Lexicon]:
    """A lexicon per language, of every game's terms (`Lexicon.for_game` narrows it)."""
    source = database.glossaries.get(SOURCE_LANGUAGE, {})
    return {language: Lexicon(language, database.glossaries.get(language, {}),
                              database.phrasebooks.get(language, Phrasebook()), source)
            for language in database.languages}


def check_texts(database: Database, lexicons: dict[str, Lexicon]) -> list[Problem]:
    return check_lexicon_files(database) + [
        problem for language in database.languages
        for problem in check_texts_of(database, lexicons, language)]


def check_lexicon_files(database: Database) -> list[Problem]:
    """What the text checks find in the glossaries and phrasebooks themselves."""
    return _glossary_coverage(database) + check_phrases(database)


def check_texts_of(database: Database, lexicons: dict[str, Lexicon], language: str) -> list[Problem]:
    """The text checks of every card's texts in `language`, which read besides them only
    the card facts, the English texts and the lexicons."""
    problems = []
    every_game = lexicons.get(language)
    if every_game is None:
        return problems
    source_lexicon = lexicons.get(SOURCE_LANGUAGE)
    for card_id, card in database.cards.items():
        entry = database.text(language, card_id)
        if entry is None:
            continue
        fields = translatable_fields(card)
        source_entry = database.text(SOURCE_LANGUAGE, card_id)
        game = database.game_of(card_id)
        lexicon = every_game.for_game(game)
        origin = database.text_origins[(language, card_id)]
        for path in fields:
            text = field_value(entry, path)
            if text is None:
                continue
            effect = effect_for_field(card, path)
            if effect is not None:
                findings = _check_wording(text, effect, lexicon, path)
            else:
                findings = check_alone(text, lexicon)
                source = field_value(source_entry, path) if source_entry else None
                if language != SOURCE_LANGUAGE and source is not None and source_lexicon:
                    findings += check_against_source(text, source, lexicon,
                                                     source_lexicon.for_game(game), is_name(path))
            if language == SOURCE_LANGUAGE:
                findings += check_english_tags(text)
            findings += check_formula_start(text)
            if findings:
                position = origin.position(field_location(path))
                problems += [_problem(finding, position, card_id, path) for finding in findings]
    return problems


def _check_wording(text: str, effect, lexicon: Lexicon, path: str) -> list[Finding]:
    """A formulaic text must word its card's effect exactly as the phrasebook does."""
    phrase = lexicon.phrasebook.phrase(effect, lexicon.language)
    description = (Message("{effect} (optional)", effect=effect.effect)
                   if getattr(effect, "optional", False) else effect.effect)
    if phrase is None:
        return [Finding("phrase-missing",
                        Message("the {language} phrasebook has no wording for {effect}",
                                language=lexicon.language, effect=description))]
    declared = declared_placeholders(effect.effect)
    if check_placeholders(phrase, declared, declared):
        return []  # the phrase itself is reported; its broken wording is expected of no card
    expected = lexicon.phrasebook.wording(effect, lexicon.language)
    if text == expected:
        return []
    if " ".join(text.split()) == expected:
        return [Finding("whitespace", Message("the spacing differs from the phrasebook's wording"),
                        expected, is_warning=True)]
    return [Finding("effect-wording", Message("does not say what the card does ({effect}); "
                                              "expected: {expected}", effect=description,
                                              expected=repr(expected)), expected)]


def _problem(finding: Finding, position: Position, card_id: str | None, path: str) -> Problem:
    make = warning if finding.is_warning else error
    message = (Message("{field} {finding}", field=path, finding=finding.message)
               if finding.code == "effect-wording"
               else Message("{field}: {finding}", field=path, finding=finding.message))
    return make(position, finding.code, message, suggestion=finding.suggestion, card_id=card_id,
                field=path)


def check_phrases(database: Database) -> list[Problem]:
    """Each phrase form holds only its effect's declared placeholders; a translated form
    holds every placeholder of the English phrase, and is set down like it (whitespace,
    brackets, end mark)."""
    problems = []
    english = database.phrasebooks.get(SOURCE_LANGUAGE)
    for language, phrasebook in database.phrasebooks.items():
        origin = database.phrasebook_origins[language]
        for effect in EFFECT_NAMES:
            declared = declared_placeholders(effect)
            for variant in PHRASE_VARIANTS:
                phrase = phrase_of(phrasebook, effect, variant)
                if phrase is None:
                    continue
                required: set[str] = set()
                source = phrase_of(english, effect, variant)
                if language != SOURCE_LANGUAGE and source is not None:
                    required = set().union(*(names(form) for form in _forms(source).values()))
                    required &= declared
                english_forms = _forms(source) if source is not None else {}
                problems += _lacking_forms(phrase, effect, variant, language, origin)
                for category, text in _forms(phrase).items():
                    where = origin.position(("effects", effect, variant, category))
                    findings = check_placeholders(text, required, declared)
                    if language != SOURCE_LANGUAGE and english_forms:
                        findings += check_surface(
                            text, english_forms.get(category, english_forms["other"]), is_name=False)
                    problems += [_problem(finding, where, None, f"effects.{effect}.{variant}."
                                          f"{category}") for finding in findings]
    return problems


def _lacking_forms(phrase: PluralPhrase, effect: str, variant: str, language: str,
                   origin) -> list[Problem]:
    """A `phrase-form-missing` warning at a counted effect's phrase lacking a plural category
    some count on a card chooses in `language` (a count choosing it would print nothing). A
    phrase with no form written yet is still to write: `cardkit status` lists it."""
    if effect not in COUNTED_EFFECTS or not phrase.forms():
        return []
    try:
        needed = plural_forms(language).needed
    except PluralMismatch:
        return []  # a language Babel does not know: `cardkit i18n init` refuses to begin one
    lacking = [category for category in needed if getattr(phrase, category) is None]
    if not lacking:
        return []
    shown = {"effect": effect, "variant": variant, "language": language,
             "lacking": ", ".join(lacking), "counts": _example_counts(language, lacking)}
    return [warning(origin.key_position(("effects", effect, variant)), "phrase-form-missing",
                    (Message("effects.{effect}.{variant}: no {language} phrase for the plural "
                             "category {lacking}; a card whose count is {counts} would have no "
                             "wording", **shown) if len(lacking) == 1
                     else Message("effects.{effect}.{variant}: no {language} phrase for the plural "
                                  "categories {lacking}; a card whose count is {counts} would "
                                  "have no wording", **shown)),
                    field=f"effects.{effect}.{variant}")]


def _example_counts(language: str, categories: list[str]) -> str:
    counts = [count for count in CARD_COUNTS if plural_category(language, count) in categories]
    return " or ".join(map(str, counts[:3]))


def _forms(phrase) -> dict[str, str]:
    return {category: text for category, text in phrase.model_dump(exclude_none=True).items()}


def _glossary_coverage(database: Database) -> list[Problem]:
    """Each English term needs an entry in every other language's glossary."""
    problems = []
    source = database.glossaries.get(SOURCE_LANGUAGE, {})
    for language in database.translations:
        glossary = database.glossaries.get(language)
        where = Position(Path("locales", language, GLOSSARY_FILE))
        if glossary is None:
            if source:
                problems.append(warning(where, "glossary-incomplete",
                                        Message("no {language} glossary: its texts' terms go "
                                                "unchecked", language=language)))
            continue
        held = database.glossary_keys.get(language, set())
        for term_id in source:
            if term_id not in held:
                problems.append(warning(where, "glossary-incomplete",
                                        Message("the {language} glossary has no entry for {term} "
                                                "(English: {english})", language=language,
                                                term=repr(term_id),
                                                english=repr(source[term_id].term))))
    return problems
