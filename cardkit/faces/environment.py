"""The Jinja environment: autoescaped templates read through the project boundary, gettext
catalogues through Babel treated as data, icon markup."""

from __future__ import annotations

import gettext
import re
from functools import lru_cache
from io import BytesIO
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from jinja2 import BaseLoader, Environment, StrictUndefined, TemplateNotFound, select_autoescape
from jinja2.bccache import BytecodeCache
from jinja2.loaders import split_template_path
from markupsafe import Markup, escape

from cardkit.checks.text.catalogue import catalogue_path
from cardkit.faces.errors import RenderError
from cardkit.model.direction import text_direction
from cardkit.model.games import GAMES
from cardkit.model.icons import ICON_NAMES, ICON_TOKEN
from cardkit.source.boundary import InputRefused, read_input
from cardkit.source.layout import SOURCE_LANGUAGE
from cardkit.source.templates import template_file

CATALOGUE_DOMAIN = "cardkit"
TEMPLATE_LIMIT = 1 << 20
ICON_LIMIT = 1 << 18
CATALOGUE_LIMIT = 1 << 21


class TemplateRefused(RenderError):
    """A template, icon or catalogue the project boundary refused; the message names it."""


def load_translations(root: Path, language: str) -> gettext.NullTranslations:
    """The language's catalogue of template strings, compiled in memory from its .po file.

    English is the templates' own language; a language without a catalogue falls back to it.
    """
    path = catalogue_path(root, language)
    if not path.exists() and not path.is_symlink():
        return gettext.NullTranslations()
    return _compiled(_read(path, root, CATALOGUE_LIMIT), language)


@lru_cache(maxsize=8)
def parsed_catalogue(source: bytes, language: str) -> Catalog:
    """A template catalogue's .po content, parsed once for each content and language: a
    build asks for each language's several times (checks, environments, glyphs). Callers
    only read it."""
    return read_po(BytesIO(source), locale=language, domain=CATALOGUE_DOMAIN)


@lru_cache(maxsize=8)
def _compiled(source: bytes, language: str) -> gettext.GNUTranslations:
    compiled = BytesIO()
    write_mo(compiled, parsed_catalogue(source, language), use_fuzzy=False)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def make_environment(templates: Path, translations: gettext.NullTranslations,
                     root: Path | None = None,
                     bytecode_cache: BytecodeCache | None = None,
                     language: str = SOURCE_LANGUAGE) -> Environment:
    """The environment for the templates under `templates`, the project's `templates/`
    folder, with the package's in place of the files it lacks (source/templates.py); every
    file of the project it reads must lie inside `root`, the project folder (by default the
    one holding `templates`). `language` is the one `translations` are of: its text direction
    is the templates' global `direction` (so imported macros see it too)."""
    root = root or templates.parent
    environment = Environment(
        loader=ProjectLoader(root),
        bytecode_cache=bytecode_cache,
        autoescape=select_autoescape(["html", "svg"], default_for_string=True, default=True),
        extensions=["jinja2.ext.i18n"],
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    # The catalogue's strings are data like card text: plain strings that autoescaping
    # escapes on output, and never format strings (Jinja's newstyle gettext would mark them
    # safe and apply `%` to them, so "100%" would crash and "<b>" would print as markup).
    environment.install_gettext_callables(
        translations.gettext, translations.ngettext, newstyle=False,
        pgettext=translations.pgettext, npgettext=translations.npgettext)
    direction = text_direction(language)
    environment.globals["direction"] = direction
    environment.globals["text_direction"] = text_direction
    environment.filters["icons"] = IconMarkup(root, isolate_numbers=direction == "rtl")
    environment.globals["icon"] = environment.filters["icons"].svg
    environment.globals["declared_game"] = declared_game
    environment.globals["declared_kind_label"] = declared_kind_label
    return environment


def declared_game(game: str):
    """What a game declared in data says of its titles, kinds and decks (model/declared.py),
    for its faces and backs; None for a game written in Python."""
    return GAMES[game].declared if game in GAMES else None


def declared_kind_label(kind: str) -> str:
    """The English label of a kind a game declared in data, for the places that name a kind
    without its game (the site's indexes); empty for a kind none declares."""
    for game in GAMES.values():
        if game.declared is not None and kind in game.declared.kinds:
            return game.declared.kinds[kind].label_in("en")
    return ""


class ProjectLoader(BaseLoader):
    """Loads the project's templates (its own file, else the package's), each file read
    through the project boundary."""

    def __init__(self, root: Path):
        self.root = root

    def get_source(self, environment: Environment, template: str):
        name = "/".join(split_template_path(template))
        try:
            found = template_file(self.root, name)
        except ValueError:
            raise TemplateNotFound(template) from None
        path = found.path
        if not path.exists() and not path.is_symlink():
            raise TemplateNotFound(template)
        source = _read(path, found.boundary, TEMPLATE_LIMIT).decode("utf-8", errors="replace")
        modified = path.stat().st_mtime

        def uptodate() -> bool:
            # An override added or removed since changes which file is meant.
            try:
                return template_file(self.root, name).path == path and path.stat().st_mtime == modified
            except OSError:
                return False

        return source, str(path), uptodate


# A number with its sign. In a right-to-left paragraph the Unicode bidirectional algorithm
# puts a leading "-" or "+" after the digits ("-42" prints as "42-"); a left-to-right span of
# its own keeps them in order. WeasyPrint lays out such a span by its own direction; it does
# not isolate <bdi> or `unicode-bidi` (tests/render/test_right_to_left.py reads the PDF).
SIGNED_NUMBER = re.compile(r"(?<!\w)[-+\u2212]\d+(?:[.,]\d+)*")


class IconMarkup:
    """The `icons` filter: escapes a text, then turns each known `[token]` into its inline SVG.

    Unknown tokens stay as the escaped text they are, so a mistake shows on the card. With
    `isolate_numbers` (a right-to-left language's), each signed number is set left to right.
    """

    def __init__(self, root: Path, isolate_numbers: bool = False):
        self.root = root
        self.isolate_numbers = isolate_numbers

    def __call__(self, text: str) -> Markup:
        escaped = str(escape(text))
        if self.isolate_numbers:
            escaped = SIGNED_NUMBER.sub(r'<span class="number" dir="ltr">\g<0></span>', escaped)
        return Markup(ICON_TOKEN.sub(self._replace, escaped))

    def _replace(self, match) -> str:
        name = match.group(1)
        return self.svg(name) if name in ICON_NAMES else match.group(0)

    def svg(self, name: str) -> Markup:
        if name not in ICON_NAMES:
            raise KeyError(f"no icon named {name!r}")
        found = template_file(self.root, f"icons/{name}.svg")
        return Markup(_inline_svg(found.path, found.boundary, name))


def _inline_svg(path: Path, root: Path, name: str) -> str:
    source = _read(path, root, ICON_LIMIT).decode("utf-8", errors="replace").strip()
    return source.replace("<svg ", f'<svg class="icon icon-{name}" role="img" aria-label="{name}" ', 1)


def _read(path: Path, root: Path, limit: int) -> bytes:
    try:
        return read_input(path, root=root, limit=limit)
    except InputRefused as exc:
        raise TemplateRefused(f"refused to read {exc}") from None
