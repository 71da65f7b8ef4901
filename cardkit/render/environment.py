"""The Jinja environment: autoescaped templates, gettext catalogues through Babel, icon markup."""

from __future__ import annotations

import gettext
from io import BytesIO
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape
from markupsafe import Markup, escape

from cardkit.model.icons import ICON_NAMES, ICON_TOKEN

CATALOGUE_DOMAIN = "cardkit"


def catalogue_path(root: Path, language: str) -> Path:
    return root / "locales" / language / "LC_MESSAGES" / f"{CATALOGUE_DOMAIN}.po"


def load_translations(root: Path, language: str) -> gettext.NullTranslations:
    """The language's catalogue of template strings, compiled in memory from its .po file.

    English is the templates' own language; a language without a catalogue falls back to it.
    """
    path = catalogue_path(root, language)
    if not path.is_file():
        return gettext.NullTranslations()
    with path.open("rb") as stream:
        catalog = read_po(stream, locale=language, domain=CATALOGUE_DOMAIN)
    compiled = BytesIO()
    write_mo(compiled, catalog, use_fuzzy=False)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


def make_environment(templates: Path, translations: gettext.NullTranslations) -> Environment:
    environment = Environment(
        loader=FileSystemLoader(templates),
        autoescape=select_autoescape(["html", "svg"], default_for_string=True, default=True),
        extensions=["jinja2.ext.i18n"],
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    environment.install_gettext_translations(translations, newstyle=True)
    environment.filters["icons"] = IconMarkup(templates / "icons")
    environment.globals["icon"] = environment.filters["icons"].svg
    return environment


class IconMarkup:
    """The `icons` filter: escapes a text, then turns each known `[token]` into its inline SVG.

    Unknown tokens stay as the escaped text they are, so a mistake shows on the card.
    """

    def __init__(self, folder: Path):
        self.folder = folder

    def __call__(self, text: str) -> Markup:
        escaped = str(escape(text))
        return Markup(ICON_TOKEN.sub(self._replace, escaped))

    def _replace(self, match) -> str:
        name = match.group(1)
        return self.svg(name) if name in ICON_NAMES else match.group(0)

    def svg(self, name: str) -> Markup:
        if name not in ICON_NAMES:
            raise KeyError(f"no icon named {name!r}")
        return Markup(_inline_svg(self.folder / f"{name}.svg", name))


def _inline_svg(path: Path, name: str) -> str:
    source = path.read_text(encoding="utf-8").strip()
    return source.replace("<svg ", f'<svg class="icon icon-{name}" role="img" aria-label="{name}" ', 1)
