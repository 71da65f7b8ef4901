"""What would print wrong, found without laying anything out: for `validate --fit` and
`build` to report beside the fit measurement, and for `build` to stop on."""

from __future__ import annotations

from pathlib import Path

from cardkit.faces.cache import FaceCache
from cardkit.faces.catalogue import catalogue_problems
from cardkit.model.database import Database
from cardkit.problems import Problem
from cardkit.render.glyphs import glyph_problems


def preflight_problems(database: Database, root: Path, languages: list[str] | None = None,
                       store: FaceCache | None = None) -> list[Problem]:
    """Refused or marked-up template catalogues and characters the project's fonts lack,
    per language (all of the database's by default). Every one is an error. `store` keeps
    what does not change from run to run (the fonts' character maps)."""
    languages = languages or database.languages
    return catalogue_problems(root, languages) + glyph_problems(database, root, languages, store)
