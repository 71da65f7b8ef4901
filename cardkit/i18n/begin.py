"""`cardkit i18n init LL`: what a new language needs before its first text is translated.

    locales/LL/glossary.yaml              every English term, its approved form left to fill
    locales/LL/phrasebook.yaml            every formulaic part, per CLDR plural category of LL
    locales/LL/LC_MESSAGES/cardkit.po     the template strings, as `pybabel init` makes them

Values left empty are work to do, not faults: `cardkit status` lists them, and `validate`
and `build` treat the language as begun with nothing translated yet. The English of each
value stands beside it as a comment. No game folder is made: a game begins with its first
text (the import, the workbench, or a file copied from English).
"""

from __future__ import annotations

import io
import json
from datetime import datetime, timezone
from pathlib import Path

from babel import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from cardkit.checks.text.catalogue import catalogue_path

from cardkit.i18n.negations import negations_of
from cardkit.messages import Message
from cardkit.model.database import Database
from cardkit.model.effects import COUNTED_EFFECTS, EFFECT_NAMES
from cardkit.model.phrasebook import PHRASE_VARIANTS, phrase_of
from cardkit.model.plurals import PluralMismatch, plural_forms
from cardkit.source.transaction import Transaction
from cardkit.source.layout import GLOSSARY_FILE, PHRASEBOOK_FILE, SOURCE_LANGUAGE
from cardkit.source.templates import template_file

# The strings of the print templates, under templates/ (the project's, else the package's).
TEMPLATE_CATALOGUE = "cardkit.pot"
# The line width of the template catalogues, as `pybabel update -w 100` keeps them.
CATALOGUE_WIDTH = 100


class BeginRefused(Exception):
    """A language that cannot be begun: unknown to Babel, or begun already."""


def begin_language(root: Path, database: Database, language: str) -> list[Path]:
    """Writes the new language's glossary, phrasebook and template catalogue under `root`;
    returns the files written. Nothing is written when the language is refused."""
    locale = known_locale(language)
    folder = root / "locales" / language
    if folder.exists():
        raise BeginRefused(Message("locales/{language}/ exists already: the language has begun "
                                   "(`cardkit status --lang {language}` lists what is left)",
                                   language=language))
    files = {
        folder / GLOSSARY_FILE: glossary_skeleton(database, locale),
        folder / PHRASEBOOK_FILE: phrasebook_skeleton(database, language, locale),
    }
    template = template_file(root, TEMPLATE_CATALOGUE).path
    if template.is_file():
        files[catalogue_path(root, language)] = begun_catalogue(template.read_bytes(), locale)
    with Transaction(root) as transaction:
        for path, text in files.items():
            transaction.write(path, text)
    return list(files)


def known_locale(language: str) -> Locale:
    """The Babel locale of a language code, with the plural rules a phrasebook needs."""
    if language == SOURCE_LANGUAGE:
        raise BeginRefused(Message("English is the source language: it is not begun as a translation"))
    try:
        locale = Locale.parse(language)
        plural_forms(language)
    except (UnknownLocaleError, ValueError, PluralMismatch):
        raise BeginRefused(Message("{language} is not a language code Babel knows (such as fr, pl, "
                                   "pt_BR)", language=repr(language))) from None
    if str(locale) != language:
        raise BeginRefused(Message("write the language code as Babel does: {babel}, not {language}",
                                   babel=repr(str(locale)), language=repr(language)))
    return locale


def _quoted(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def glossary_skeleton(database: Database, locale: Locale) -> str:
    lines = [f"# {locale.english_name} game terms. Fill in `term`, the approved form, for each",
             "# English term (the comment above it); add `forms` (further approved forms) and",
             "# `forbidden` (variants a text must not use) where they help. An empty term is one",
             "# still to choose: `cardkit status` lists it, and the text checks skip it.", ""]
    for term_id, term in database.glossaries.get(SOURCE_LANGUAGE, {}).items():
        english = ", ".join([term.term, *term.forms])
        lines.append(f"{term_id}:")
        lines.append(f"  # English: {english}" + (f" ({term.definition})" if term.definition else ""))
        lines.append("  term:")
    return "\n".join(lines) + "\n"


def phrasebook_skeleton(database: Database, language: str, locale: Locale) -> str:
    """Every part of the English phrasebook, empty, with the English as comments; each
    counted effect gets one line per CLDR plural category a card's count chooses in the
    language."""
    english = database.phrasebooks.get(SOURCE_LANGUAGE)
    needed = plural_forms(language).needed
    lines = [f"# How {locale.english_name} words the formulaic parts of card texts. Fill in each",
             "# empty value; the English stands above it. Effect phrases are chosen by the CLDR",
             f"# plural category of the count ({', '.join(needed)} in {locale.english_name});",
             "# `{count}` is the number and stays in the text. Empty values are still to write:",
             "# `cardkit status` lists them.", ""]
    if english is None:
        return "\n".join(lines) + "\n"
    lines.append("numerals:")
    for value, words in english.numerals.items():
        lines.append(f"  {value}:  # English: {', '.join(words or [])}")
    if english.optional is not None:
        lines += _optional_skeleton(english.optional.words or [], negations_of(language))
    if english.timing:
        lines.append("timing:")
        for timing, marker in english.timing.items():
            lines.append(f"  {timing}:  # English: words: [{', '.join(marker.words if marker else [])}]")
    lines.append("effects:")
    for effect in EFFECT_NAMES:
        variants = [(variant, phrase_of(english, effect, variant)) for variant in PHRASE_VARIANTS]
        variants = [(variant, phrase) for variant, phrase in variants if phrase is not None]
        if not variants:
            continue
        lines.append(f"  {effect}:")
        for variant, phrase in variants:
            lines.append(f"    {variant}:")
            categories = needed if effect in COUNTED_EFFECTS else ("other",)
            for category in categories:
                source = phrase.one if category == "one" and phrase.one else phrase.other
                lines.append(f"      # {_quoted(source)}")
                lines.append(f"      {category}:")
    return "\n".join(lines) + "\n"


def _optional_skeleton(english_words: list[str], negations: tuple[str, ...]) -> list[str]:
    """The phrasebook's `optional` entry: its words to fill, and the negations that make them
    no option in the language, where cardkit knows them (`negations.py`)."""
    english = f"words: [{', '.join(english_words)}]"
    if not negations:
        return [f"optional:  # English: {english}"]
    return ["optional:",
            f"  words:  # English: {english}",
            "  # A word for \"may\" right after one of these is no option (\"cannot\"): edit the",
            "  # list if the language negates otherwise.",
            f"  unless_preceded_by: [{', '.join(map(_quoted, negations))}]"]


def begun_catalogue(template: bytes, locale: Locale) -> str:
    """The template catalogue begun for `locale`, as `pybabel init` writes it: the
    language's header, every string untranslated; its plural forms numbered as cardkit's
    exports number them (gettext's, not the Babel release's: model/plurals.py)."""
    catalog: Catalog = read_po(io.BytesIO(template), locale=locale)
    catalog.locale = locale
    catalog.revision_date = datetime.now(timezone.utc)
    catalog.fuzzy = False
    catalog.mime_headers = [("Plural-Forms", plural_forms(str(locale)).header)]
    out = io.BytesIO()
    write_po(out, catalog, width=CATALOGUE_WIDTH)
    return out.getvalue().decode("utf-8")
