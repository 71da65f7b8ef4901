"""Fonts from the project only: WeasyPrint's font configuration knows no system font.

WeasyPrint asks fontconfig for every font it has not been given by `@font-face`, including
the fallback for a character the given fonts lack; fontconfig would then pick a system font
(Droid Sans Fallback for CJK text, say) and embed it. Each render therefore gets a
fontconfig configuration that lists no font folder at all: the only fonts it knows are the
project's, loaded from `templates/fonts.css` through the project fetcher. A character none of
them holds prints as an empty box, and `glyphs.glyph_problems` reports it before anyone prints.
"""

from __future__ import annotations

import atexit
import os
import shutil
import weakref
from pathlib import Path

from weasyprint.text.fonts import FontConfiguration

# A valid fontconfig file with no <dir> and no <include> of the system's configuration.
NO_SYSTEM_FONTS = Path(__file__).with_name("no-system-fonts.conf")


def project_font_config() -> FontConfiguration:
    """A font configuration for one render that holds only the fonts its stylesheets load."""
    previous = os.environ.get("FONTCONFIG_FILE")
    # fontconfig reads FONTCONFIG_FILE when WeasyPrint creates the configuration, and only then.
    os.environ["FONTCONFIG_FILE"] = str(NO_SYSTEM_FONTS)
    try:
        configuration = FontConfiguration()
        _made.add(configuration)
        return configuration
    finally:
        if previous is None:
            del os.environ["FONTCONFIG_FILE"]
        else:
            os.environ["FONTCONFIG_FILE"] = previous


# Every font configuration this process made and still holds.
_made: weakref.WeakSet[FontConfiguration] = weakref.WeakSet()


@atexit.register
def remove_font_copies() -> None:
    """Removes the temporary folder each font configuration still held at exit copied the
    project's fonts into. WeasyPrint removes
    it when the configuration is freed, but one still held when the process ends may never
    be freed (`cardkit` freezes the collector at exit), or be freed after the interpreter
    took down what removes it. `_folder` is the attribute WeasyPrint's own clean-up reads;
    emptied, that clean-up has nothing left to do.
    (`tests/render/test_rebuild.py` runs builds and an export with a `TMPDIR` of their own
    and requires it empty.)"""
    for configuration in list(_made):
        folder = getattr(configuration, "_folder", None)
        if folder:
            shutil.rmtree(folder, ignore_errors=True)
            configuration._folder = None
