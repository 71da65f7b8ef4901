"""The card images and decks of one build per test session, shared by the tests of every
format."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardkit.publish.outputs import Outputs
from cardkit.render import build
from tests.conftest import once_per_run, with_face_cache
from tests.render.conftest import PROJECT, art_project  # noqa: F401  (a fixture the site's tests use)


@pytest.fixture(scope="session")
def images_built(tmp_path_factory, face_cache) -> Path:
    """The card images and Tabletop Simulator decks of every game in every language, from
    the session's face cache."""
    def make(out: Path) -> None:
        with_face_cache(out, face_cache)
        build(PROJECT, out, jobs=2, outputs=Outputs(("png", "tts")))

    return once_per_run(tmp_path_factory, "images", make)
