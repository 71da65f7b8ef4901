"""One build per test session: English on A4 and German on Letter prove every point the
render tests make; the other combinations run the same code."""

from __future__ import annotations

import shutil
from functools import cache
from pathlib import Path

import pikepdf
import pytest
from pypdf import PdfReader

from cardkit.faces.games import targets
from cardkit.model.database import load_database
from tests.conftest import MINIMAL_DATABASE, once_per_run
from tests.rules.conftest import replace_in

PROJECT = Path(__file__).resolve().parents[2]


@cache
def duel_folder(language: str, root: Path = PROJECT) -> str:
    """Where a build of the project at `root` puts the Duel's PDFs of one language, relative
    to the output folder: `<ll>` or, beside other games, `duel/<ll>`."""
    return targets(load_database(root)[0], ["duel"], [language])[0].folder


@pytest.fixture(scope="session")
def reader(built):
    cache = {}

    def open_pdf(language: str, name: str) -> PdfReader:
        key = (language, name)
        if key not in cache:
            cache[key] = PdfReader(built / duel_folder(language) / f"{name}.pdf")
        return cache[key]
    return open_pdf


@pytest.fixture
def project_copy(tmp_path) -> Path:
    """A copy of the project's database, templates and catalogues to break on purpose."""
    for folder in ("cards", "locales", "templates"):
        shutil.copytree(PROJECT / folder, tmp_path / folder)
    return tmp_path


GERMAN_EDIT = ("locales/de/duel/aliens.yaml", "muss er sie zeigen", "muss er sie offen zeigen")


def edit_german(root: Path) -> None:
    """The German edit the rebuild tests make: one word added to the Iron Matron's text."""
    file, old, new = GERMAN_EDIT
    replace_in(root / file, old, new)


@pytest.fixture(scope="session")
def cold_edited_build(tmp_path_factory) -> Path:
    """The Duel in German on A4, built cold (no face cache, one process) from a copy of the
    project with `GERMAN_EDIT` made: what every incremental build after that edit must write.
    Made once per run; tests only read it."""
    from cardkit.render.pipeline import build

    def make(folder: Path) -> None:
        project = folder / "project"
        for name in ("cards", "locales", "templates"):
            shutil.copytree(PROJECT / name, project / name)
        edit_german(project)
        build(project, folder / "out", ["de"], ["a4"], jobs=1, cache=False, games=["duel"])

    return once_per_run(tmp_path_factory, "cold-edited", make) / "out"


@pytest.fixture
def art_project(tmp_path) -> Path:
    """The minimal database with the project's templates and the test pictures."""
    return make_art_project(tmp_path)


def make_art_project(folder: Path) -> Path:
    from tests.render.art_pictures import make_pictures  # draws with Pillow: only for these tests

    root = folder / "db"
    shutil.copytree(MINIMAL_DATABASE, root)
    shutil.copytree(PROJECT / "templates", root / "templates")
    make_pictures(root / "art" / "duel", folder / "elsewhere")
    return root


@pytest.fixture(scope="session")
def art_faces(tmp_path_factory) -> Path:
    """The face cache of the art project as `art_project` gives it, built in English on A4
    once per run: a build starting from it renders only the faces a test's changes touch."""
    from cardkit.render import CACHE_FOLDER, build

    def make(folder: Path) -> None:
        build(make_art_project(folder), folder / "out", ["en"], ["a4"], jobs=2)

    return once_per_run(tmp_path_factory, "art", make) / "out" / CACHE_FOLDER


def mm(points) -> float:
    return float(points) * 25.4 / 72


def placements(path: Path) -> list[tuple[int, str, float, float, float, float]]:
    """Every face drawn on the pages of an imposed PDF: (page index, XObject name, then its
    painted rectangle in mm from the bottom left: x, y, width, height)."""
    placed = []
    with pikepdf.open(path) as pdf:
        for index, page in enumerate(pdf.pages):
            xobjects = page.Resources.get("/XObject", {})
            origin = (0.0, 0.0)
            for operands, operator in pikepdf.parse_content_stream(page):
                if str(operator) == "cm":
                    origin = (float(operands[4]), float(operands[5]))
                elif str(operator) == "Do":
                    name = str(operands[0])
                    _, _, width, height = (float(value) for value in xobjects[name].BBox)
                    placed.append((index, name.removeprefix("/"), mm(origin[0]), mm(origin[1]),
                                   mm(width), mm(height)))
    return placed
