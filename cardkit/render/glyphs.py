"""`glyph-missing`: characters the project's fonts cannot print in the styles they print in.

Fonts come from the project only (see fonts.py). Which font prints a text is chosen as CSS
chooses: by the `@font-face` rules of the stylesheets (`templates/fonts.css`, a project may
override it) and the style the text is set in. So a character is printable in a style only
if a font declared for that style holds it: Arabic in the regular font and not in the
oblique one prints upright text and fails in italic. Every family the stylesheets declare
stands behind the others (`fonts.css` names them all, in order, for `html`): the shipped
"Cardkit Sans Upright" family declares the regular font for italic use, so a script the
oblique font lacks (Arabic) prints upright inside italic text rather than as boxes.
WeasyPrint synthesizes no slant, and it does not honour `unicode-range` (a face so limited
is chosen for every character), hence a family rather than a range.

Which text is set in which style is not worked out per text (that takes the layout); every
style the print templates use anywhere counts for every text: regular, and bold and italic
where any stylesheet or template uses them.

This check finds such characters before anything is printed, in everything a language
prints from data: card texts, the template catalogue's strings and the glossary of the
reference sheets, one problem per text naming its characters. It reads the fonts'
character maps with fontTools (a WeasyPrint dependency) and the stylesheets with tinycss2
(another), lays nothing out, and so runs where texts are made: `i18n init` (the language's
letters), `validate`, `i18n import`, the workbench and `build`.
"""

from __future__ import annotations

import hashlib
import json
import re
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from io import BytesIO
from pathlib import Path, PurePosixPath

from cardkit.faces.cache import FaceCache, cache_key
from cardkit.faces.catalogue import template_strings
from cardkit.faces.stylesheets import STYLESHEETS
from cardkit.messages import Message
from cardkit.model.database import Database
from cardkit.model.texts import field_location
from cardkit.problems import Position, Problem, error, warning
from cardkit.render.resources import RESOURCE_LIMIT
from cardkit.source.boundary import InputRefused
from cardkit.source.templates import template_file, template_files

FONT_SUFFIXES = (".ttf", ".otf")
# Characters that take no glyph of their own: format controls (joiners, soft hyphens,
# variation selectors are marks and do) and control codes.
WITHOUT_GLYPH = {"Cc", "Cf"}
FONT_DECLARATIONS = "fonts.css"
# The print styles: (italic, bold). Bold italic is used where bold text holds italic text.
REGULAR, BOLD, ITALIC, BOLD_ITALIC = (False, False), (False, True), (True, False), (True, True)
STYLE_NAMES = {REGULAR: Message("regular"), BOLD: Message("bold"), ITALIC: Message("italic"),
               BOLD_ITALIC: Message("bold italic")}
# What sets a style in the stylesheets, and the elements WeasyPrint's own stylesheet sets
# in it, in the print templates.
ITALIC_USE = re.compile(r"font-style\s*:\s*(italic|oblique)|<(i|em|cite|var|dfn|address)\b", re.I)
BOLD_USE = re.compile(r"font-weight\s*:\s*(bold|bolder|[6-9]00)|<(b|strong|th|h[1-6])\b", re.I)
# Templates for screens, which browsers print with their own fonts.
SCREEN_TEMPLATES = ("site", "workbench")
# How many of a language's letters `i18n init` shows of each gap.
SHOWN_LETTERS = 30


@dataclass(frozen=True)
class FontFace:
    """One `@font-face` rule: its family, the style it declares and the font file it loads."""

    family: str
    italic: bool
    weight: int
    font: str  # the file's name under templates/fonts/


@dataclass(frozen=True)
class FontCoverage:
    """The code points each print style can print, and the fonts that print it."""

    styles: dict[tuple[bool, bool], frozenset[int]]
    fonts: dict[tuple[bool, bool], tuple[str, ...]]

    def gaps(self, text: str) -> dict[tuple[tuple[bool, bool], ...], list[str]]:
        """The characters of `text` some style cannot print, by the styles that cannot."""
        found: dict[tuple[tuple[bool, bool], ...], list[str]] = {}
        for character in dict.fromkeys(text):
            if character.isspace() or unicodedata.category(character) in WITHOUT_GLYPH:
                continue
            lacking = tuple(style for style, points in self.styles.items()
                            if ord(character) not in points)
            if lacking:
                found.setdefault(lacking, []).append(character)
        return found

    def text_problem(self, position: Position, card_id: str | None, what: str, language: str,
                     text: str) -> Problem | None:
        """An error naming each character of `text` a style cannot print; None when every
        style prints all of it."""
        gaps = self.gaps(text)
        if not gaps:
            return None
        return error(position, "glyph-missing",
                     Message("{what} ({language}) would print empty boxes: {gaps}", what=what,
                             language=language, gaps=self.describe(gaps, _named)),
                     card_id=card_id, field=what if card_id is not None else None,
                     suggestion="use another character, or add a font that has it to "
                                "templates/fonts/ and declare it in templates/fonts.css")

    def describe(self, gaps: dict, characters: Callable[[list[str]], str | Message]) -> Message:
        parts = []
        for lacking, found in gaps.items():
            if set(lacking) == set(self.styles):
                parts.append(Message("{characters} in none of the project's fonts",
                                     characters=characters(found)))
            else:
                fonts = sorted({font for style in lacking for font in self.fonts[style]})
                parts.append(Message("{characters} in no {styles} font ({fonts})",
                                     characters=characters(found),
                                     styles=_joined([STYLE_NAMES[style] for style in lacking], _either),
                                     fonts=", ".join(fonts) or "-"))
        return _joined(parts, _both)


def _named(characters: list[str]) -> str:
    return ", ".join(f"{character!r} (U+{ord(character):04X} "
                     f"{unicodedata.name(character, 'unnamed character')})"
                     for character in characters)


def _shown(characters: list[str]) -> str | Message:
    shown = " ".join(characters[:SHOWN_LETTERS])
    if len(characters) <= SHOWN_LETTERS:
        return shown
    return Message("{shown} and {more} more", shown=shown, more=len(characters) - SHOWN_LETTERS)


def _joined(parts: list, join: Callable[[object, object], Message]) -> Message | str:
    joined = parts[-1]
    for part in reversed(parts[:-1]):
        joined = join(part, joined)
    return joined


def _either(first: object, rest: object) -> Message:
    return Message("{first} or {rest}", first=first, rest=rest)


def _both(first: object, rest: object) -> Message:
    return Message("{first}; {rest}", first=first, rest=rest)


def glyph_problems(database: Database, root: Path, languages: list[str] | None = None,
                   store: FaceCache | None = None,
                   coverage: FontCoverage | None = None) -> list[Problem]:
    """Per language, each card text, template string or glossary entry holding characters
    a print style's fonts lack: an error naming them, at the text's own line, with the
    card it belongs to. `store` keeps the fonts' character maps; `coverage`, when given,
    is the fonts' already read."""
    root = root.resolve()
    problems = []
    if coverage is None:
        coverage, problems = font_coverage(root, store or FaceCache(None))
    if coverage is None:
        return problems  # with a font or stylesheet unread, what the fonts lack is not known
    # A character every style prints needs no closer look; most texts hold only such characters.
    everywhere = {chr(code) for code in frozenset.intersection(*coverage.styles.values())}
    for language in languages or database.languages:
        for locate, card_id, what, text in _printed_texts(database, root, language):
            if set(text) <= everywhere:
                continue
            problem = coverage.text_problem(locate(), card_id, what, language, text)
            if problem is not None:
                problems.append(problem)
    return problems


def language_glyph_problems(root: Path, language: str,
                            store: FaceCache | None = None) -> list[Problem]:
    """For a language about to begin: a warning naming the letters of the language (as
    CLDR writes it, see `language_letters`) that a print style's fonts lack."""
    root = root.resolve()
    coverage, problems = font_coverage(root, store or FaceCache(None))
    if coverage is None:
        return problems
    gaps = coverage.gaps("".join(language_letters(language)))
    if not gaps:
        return []
    count = len({character for found in gaps.values() for character in found})
    return [warning(Position(Path(template_file(root, FONT_DECLARATIONS).key)), "glyph-missing",
                    Message("{count} letters of {language} would print as empty boxes: {gaps}",
                            count=count, language=language,
                            gaps=coverage.describe(gaps, _shown)),
                    suggestion="add a font that has them to templates/fonts/ and declare it "
                               "in templates/fonts.css (docs/translating.md)")]


def language_letters(language: str) -> list[str]:
    """The letters (and marks) of a language, in code point order, as CLDR writes the
    language: the characters of the names of languages, territories, scripts, months and
    days in its own locale data. Babel ships no exemplar characters; these names are the
    CLDR text it does ship in the language, and cover the alphabet a translation uses."""
    from babel import Locale

    locale = Locale.parse(language)
    texts = [*locale.languages.values(), *locale.territories.values(), *locale.scripts.values()]
    for names in (locale.months, locale.days):
        for width in ("wide", "abbreviated"):
            texts += list(names.get("format", {}).get(width, {}).values())
    return sorted({character for text in texts for character in text
                   if unicodedata.category(character)[0] in "LM"})


def font_coverage(root: Path, store: FaceCache) -> tuple[FontCoverage | None, list[Problem]]:
    """What each print style the templates use can print, from the fonts the stylesheets
    declare for it; None, with a `file-unreadable` error, when a font does not read, and
    None alone when a stylesheet does not (the render refuses it and says why)."""
    fonts, problems = project_fonts(root, store)
    declared = _declarations(root)
    if problems or declared is None:
        return None, problems
    faces, used = declared
    styles, chosen = {}, {}
    for style in used:
        names = tuple(dict.fromkeys(face.font for face in _chosen(faces, style) if face.font in fonts))
        chosen[style] = names
        styles[style] = frozenset().union(*(fonts[name] for name in names))
    return FontCoverage(styles, chosen), []


def _chosen(faces: list[FontFace], style: tuple[bool, bool]) -> list[FontFace]:
    """The faces CSS font matching chooses for `style` in each family: the slant first,
    then the nearest weight."""
    italic, bold = style
    chosen = []
    for family in dict.fromkeys(face.family for face in faces):
        own = [face for face in faces if face.family == family]
        slanted = [face for face in own if face.italic == italic] or own
        weight = _nearest_weight({face.weight for face in slanted}, bold)
        chosen += [face for face in slanted if face.weight == weight]
    return chosen


def _nearest_weight(weights: set[int], bold: bool) -> int:
    """CSS's choice among `weights` for bold (700) or regular (400) text."""
    if bold:
        order = sorted(w for w in weights if w >= 700) + sorted((w for w in weights if w < 700), reverse=True)
    else:
        order = ([w for w in (400, 500) if w in weights]
                 + sorted((w for w in weights if w < 400), reverse=True)
                 + sorted(w for w in weights if w > 500))
    return order[0]


def _declarations(root: Path) -> tuple[list[FontFace], list[tuple[bool, bool]]] | None:
    """The `@font-face` rules of the print stylesheets and the styles the stylesheets and
    print templates use; None when a stylesheet does not read."""
    import tinycss2

    faces, italic, bold = [], False, False
    names = dict.fromkeys(name for sheets in STYLESHEETS.values() for name in sheets)
    files = [template_file(root, name) for name in names]
    files += [file for file in template_files(root, "", "**/*.html")
              if file.name.parts[0] not in SCREEN_TEMPLATES]
    for file in files:
        try:
            text = file.read(RESOURCE_LIMIT).decode("utf-8", errors="replace")
        except InputRefused:
            if file.name.suffix == ".css":
                return None
            continue  # a template the render refuses, and says why
        italic = italic or bool(ITALIC_USE.search(text))
        bold = bold or bool(BOLD_USE.search(text))
        if file.name.suffix == ".css":
            faces += _font_faces(tinycss2.parse_stylesheet(text, skip_comments=True,
                                                           skip_whitespace=True))
    used = [REGULAR, *([BOLD] if bold else []), *([ITALIC] if italic else []),
            *([BOLD_ITALIC] if bold and italic else [])]
    return faces, used


def _font_faces(rules) -> list[FontFace]:
    import tinycss2

    faces = []
    for rule in rules:
        if rule.type != "at-rule" or rule.lower_at_keyword != "font-face" or rule.content is None:
            continue
        values = {}
        for declaration in tinycss2.parse_blocks_contents(rule.content, skip_comments=True,
                                                          skip_whitespace=True):
            if declaration.type == "declaration":
                values[declaration.lower_name] = [token for token in declaration.value
                                                  if token.type not in ("whitespace", "comment")]
        family = next((token.value for token in values.get("font-family", [])
                       if token.type in ("string", "ident")), None)
        font = next((PurePosixPath(url).name for url in map(_url, values.get("src", [])) if url), None)
        if family is None or font is None:
            continue
        style = next((token.lower_value for token in values.get("font-style", [])
                      if token.type == "ident"), "normal")
        faces.append(FontFace(family, style in ("italic", "oblique"),
                              _weight(values.get("font-weight", [])), font))
    return faces


def _url(token) -> str | None:
    if token.type == "url":
        return token.value
    if token.type == "function" and token.lower_name == "url":
        return next((part.value for part in token.arguments if part.type == "string"), None)
    return None


def _weight(tokens) -> int:
    for token in tokens:
        if token.type == "ident":
            return 700 if token.lower_value in ("bold", "bolder") else 400
        if token.type == "number" and token.is_integer:
            return token.int_value
    return 400


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
