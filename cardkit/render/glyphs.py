"""`glyph-missing`: characters the project's fonts cannot print.

Fonts come from the project only (see fonts.py), so a character none of them holds prints
as an empty box. This check finds such characters before anything is printed, in everything
a language prints from data: card texts, the template catalogue's strings and the glossary
of the reference sheets. It reads the fonts' character maps with fontTools (a WeasyPrint
dependency) and lays nothing out, so it is cheap enough to run on every build.
"""

from __future__ import annotations

import hashlib
import json
import unicodedata
from collections.abc import Callable, Iterator
from functools import partial
from io import BytesIO
from pathlib import Path

from cardkit.faces.cache import FaceCache, cache_key
from cardkit.faces.catalogue import template_strings
from cardkit.messages import Message
from cardkit.model.database import Database
from cardkit.model.texts import field_location
from cardkit.problems import Position, Problem, error
from cardkit.render.resources import RESOURCE_LIMIT
from cardkit.source.boundary import InputRefused
from cardkit.source.templates import template_files

FONT_SUFFIXES = (".ttf", ".otf")
# Characters that take no glyph of their own: format controls (joiners, soft hyphens,
# variation selectors are marks and do) and control codes.
WITHOUT_GLYPH = {"Cc", "Cf"}


def glyph_problems(database: Database, root: Path, languages: list[str] | None = None,
                   store: FaceCache | None = None) -> list[Problem]:
    """Per language, each character of a card text, template string or glossary entry that
    any of the project's fonts (`templates/fonts/`) lacks: an error naming the character,
    at the text's own line, with the card it belongs to. `store` keeps the fonts' character
    maps."""
    root = root.resolve()
    fonts, problems = project_fonts(root, store or FaceCache(None))
    if problems:
        return problems  # with a font unread, what the fonts lack is not known
    # A character every font maps needs no closer look; most texts hold only such characters.
    everywhere = {chr(code) for code in set.intersection(*fonts.values())} if fonts else set()
    for language in languages or database.languages:
        for locate, card_id, what, text in _printed_texts(database, root, language):
            if set(text) <= everywhere:
                continue
            for character in dict.fromkeys(text):
                if character in everywhere or character.isspace() or unicodedata.category(character) in WITHOUT_GLYPH:
                    continue
                lacking = [name for name, characters in fonts.items() if ord(character) not in characters]
                if lacking:
                    problems.append(_problem(locate(), card_id, what, language, character,
                                             lacking, len(fonts)))
    return problems


def project_fonts(root: Path, store: FaceCache) -> tuple[dict[str, set[int]], list[Problem]]:
    """The code points each font under `templates/fonts/` maps, by the font's file name,
    kept in `store` by the font's content; and a `file-unreadable` error at each font the
    project boundary refuses (a link leading outside, a device) or that is no font."""
    fonts, problems = {}, []
    for font in template_files(root, "fonts"):
        path = font.path
        if path.suffix.lower() not in FONT_SUFFIXES:
            continue
        try:
            content = font.read(RESOURCE_LIMIT)
        except InputRefused as exc:
            problems.append(error(Position(Path(font.key)), "file-unreadable",
                                  Message("the font is refused: {reason}", reason=exc.reason)))
            continue
        key = cache_key("character map", hashlib.sha256(content).hexdigest())
        kept = store.get(key)
        if kept is None:
            try:
                from fontTools.ttLib import TTFont  # only for a font the cache has not mapped

                characters = TTFont(BytesIO(content), lazy=True).getBestCmap() or {}
            except Exception as exc:  # fontTools fails on a damaged font in many ways
                problems.append(error(Position(Path(font.key)), "file-unreadable",
                                      Message("the font cannot be read as TrueType or OpenType "
                                              "({error})", error=type(exc).__name__)))
                continue
            kept = json.dumps(sorted(characters)).encode()
            store.put(key, kept)
        fonts[path.name] = set(json.loads(kept))
    return fonts, problems


def _problem(position: Position, card_id: str | None, what: str, language: str, character: str,
             lacking: list[str], font_count: int) -> Problem:
    name = unicodedata.name(character, "unnamed character")
    where = (Message("is in none of the project's fonts") if len(lacking) == font_count
             else Message("is missing from {fonts} of the project's fonts",
                          fonts=", ".join(lacking)))
    return error(position, "glyph-missing",
                 Message("{what} ({language}): {character} (U+{codepoint} {name}) {where}; it "
                         "would print as an empty box", what=what, language=language,
                         character=repr(character), codepoint=f"{ord(character):04X}", name=name,
                         where=where), card_id=card_id,
                 field=what if card_id is not None else None,
                 suggestion="use another character, or add a font that has it to templates/fonts/")


def _printed_texts(database: Database, root: Path,
                   language: str) -> Iterator[tuple[Callable[[], Position], str | None, str, str]]:
    """(position, card id, what, text) of everything the language prints from data, the
    position as a function: it is looked up only for a text with a problem."""
    for card_id in database.cards:
        entry = database.text(language, card_id)
        origin = database.text_origins.get((language, card_id))
        if entry is None or origin is None:
            continue
        for path, text in entry.texts.items():
            yield partial(origin.position, field_location(path)), card_id, path, text
    for key, term in database.glossaries.get(language, {}).items():
        origin = database.glossary_origins[(language, key)]
        for field in ("term", "forms", "definition"):
            value = getattr(term, field)
            for text in value if isinstance(value, list) else [value] if value else []:
                yield partial(origin.position, (field,)), None, f"glossary {key}.{field}", text
    yield from _catalogue_texts(root, language)


def _catalogue_texts(root: Path, language: str) -> Iterator[tuple[Callable[[], Position], None, str, str]]:
    try:
        strings = template_strings(root, language)
    except InputRefused:
        return  # catalogue_problems reports it, and the render refuses it: nothing of it prints
    for string in strings:
        yield (lambda position=string.position: position), None, string.label, string.string
