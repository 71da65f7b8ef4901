"""Shared test helpers: the minimal database and broken fixtures applied to a copy of it."""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

TESTS = Path(__file__).parent
MINIMAL_DATABASE = TESTS / "fixtures" / "minimal"
# The minimal database's two aliens with a Spanish printing declared and cited (a printing
# made up for the tests): its Spanish texts are the printed wording, as the shipped ones are.
MINIMAL_PRINTED_DATABASE = TESTS / "fixtures" / "minimal-printed"
PROJECT_ROOT = TESTS.parent
# Every language the project holds, as found: a language begun in locales/ is tested too.
SHIPPED_LANGUAGES = sorted(folder.name for folder in (PROJECT_ROOT / "locales").iterdir()
                           if folder.is_dir())
SHIPPED_TRANSLATIONS = [language for language in SHIPPED_LANGUAGES if language != "en"]


@dataclass(frozen=True)
class BrokenFixture:
    """A file with one fault: where it goes in the minimal database and what it must cause."""

    path: Path
    target: str
    expected: list[str]

    @classmethod
    def read(cls, path: Path) -> "BrokenFixture":
        header = path.read_bytes().split(b"\n")
        target, expected = None, []
        for raw in header:
            line = raw.decode("utf-8", errors="replace")
            if line.startswith("# target: "):
                target = line.removeprefix("# target: ")
            elif line.startswith("# expect: "):
                expected.append(line.removeprefix("# expect: "))
            elif not line.startswith("#"):
                break
        assert target and expected, f"{path}: a broken fixture names its target and expected problems"
        return cls(path, target, expected)

    def apply(self, root: Path) -> Path:
        destination = root / self.target
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(self.path, destination)
        return destination


# Fixtures that build the shipped database, draw pictures, or drive a browser or a server:
# a test that uses one is in the full suite only, not in the fast tier (`./dev test --fast`,
# `-m "not slow"`). Other slow tests carry `@pytest.mark.slow` themselves.
SLOW_FIXTURES = {"box_build", "face_cache", "workbench_cache", "built", "images_built", "site", "review_page",
                 "art_project", "browser", "server", "cold_edited_build",
                 "minimal_face_cache"}


def pytest_collection_modifyitems(items):
    for item in items:
        if SLOW_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.slow)


def broken_fixtures(folder: str) -> list:
    files = sorted((TESTS / folder / "broken").glob("*.yaml"))
    return [pytest.param(BrokenFixture.read(path), id=path.stem) for path in files]


def once_per_run(tmp_path_factory, name: str, make: Callable[[Path], None]) -> Path:
    """The folder `name`, filled by `make` once per test run: with pytest-xdist, the first
    worker to ask makes it while the others wait for it, so a session's build is not made
    once per worker. What is in it is shared: tests read it, or copy it to change it."""
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent  # the run's folder, above each worker's own
    folder, made = base / name, base / f"{name}.made"
    with open(base / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not made.exists():
            shutil.rmtree(folder, ignore_errors=True)  # a worker stopped while making it
            folder.mkdir()
            make(folder)
            made.touch()
    return folder


@pytest.fixture(scope="session")
def box_build(tmp_path_factory) -> Path:
    """The shipped database built once per test run: every game in every language on both
    papers. The folder holds the PDFs (`<game>/<ll>/cards-<paper>.pdf`) and the face cache."""
    from cardkit.render import build

    return once_per_run(tmp_path_factory, "box", lambda out: build(
        PROJECT_ROOT, out, SHIPPED_LANGUAGES, ["a4", "letter"], jobs=2))


@pytest.fixture(scope="session")
def minimal_face_cache(tmp_path_factory) -> Path:
    """The face cache of the minimal database in English and Spanish on both papers, built
    cold once per run: a build of it into a folder starting with a copy lays out no face.
    (The minimal database is one game: its PDFs are `<ll>/cards-<paper>.pdf`.) It is built
    by a new `cardkit build` process: a worker that has rendered templates before keeps
    them compiled and would leave their compiled form out of the cache, which a build
    starting from the copy would then add."""
    from cardkit.render.folders import CACHE_FOLDER

    def build(out: Path) -> None:
        subprocess.run([str(Path(sys.executable).with_name("cardkit")), "build",
                        str(MINIMAL_DATABASE), "--lang", "en,es", "--quiet", "--jobs", "1",
                        "--out", str(out)], check=True, timeout=600)

    return once_per_run(tmp_path_factory, "minimal", build) / CACHE_FOLDER


@pytest.fixture(scope="session")
def face_cache(box_build) -> Path:
    """The session build's face cache: a build whose output folder starts with a copy of it
    renders nothing."""
    from cardkit.render.folders import CACHE_FOLDER

    return box_build / CACHE_FOLDER


@pytest.fixture(scope="session")
def built(tmp_path_factory, face_cache) -> Path:
    """The Duel in English and German on both papers, from the session's face cache."""
    from cardkit.render import build

    def make(out: Path) -> None:
        with_face_cache(out, face_cache)
        build(PROJECT_ROOT, out, ["en", "de"], ["a4", "letter"], jobs=2, games=["duel"])

    return once_per_run(tmp_path_factory, "build", make)


@pytest.fixture(scope="session")
def site(tmp_path_factory, face_cache) -> Path:
    """The gallery site of the shipped database, built once per run by `cardkit site` from
    the session's face cache; tests only read it."""
    from click.testing import CliRunner

    from cardkit.cli import main

    def make(out: Path) -> None:
        with_face_cache(out, face_cache)
        result = CliRunner().invoke(main, ["site", str(PROJECT_ROOT), "--out", str(out / "site"), "--quiet"])
        assert result.exit_code == 0, result.output

    return once_per_run(tmp_path_factory, "site", make) / "site"


def with_face_cache(out: Path, cache: Path) -> Path:
    """`out` holding a copy of the session's face cache; returns `out`."""
    shutil.copytree(cache, out / cache.name)
    return out


@cache
def _shipped_load() -> tuple:
    from cardkit.model.database import load_database
    from cardkit.model.games import GAMES

    loaded = load_database(PROJECT_ROOT)
    return loaded, dict(GAMES)


def shipped_database():
    """The shipped database as `load_database` gives it (database, problems, files), read once
    per process and shared: tests only read it. The game registry is set as reading it sets it."""
    from cardkit.model.games import GAMES

    loaded, games = _shipped_load()
    GAMES.clear()
    GAMES.update(games)
    return loaded


@pytest.fixture(autouse=True)
def shipped_games_registered():
    """Every test starts with the game registry as the shipped database sets it (the built-in
    games and ISS Vanguard, declared in data). The registry holds the declared games of the
    database read last, and many tests read another one (the minimal database, a scratch
    project): without this, a test using the shipped database read at import would find
    Vanguard or not depending on the order the tests ran in."""
    shipped_database()


@pytest.fixture
def minimal_database(tmp_path: Path) -> Path:
    root = tmp_path / "db"
    shutil.copytree(MINIMAL_DATABASE, root)
    return root


def copy_minimal_printed(destination: Path) -> Path:
    """The printed minimal database (MINIMAL_PRINTED_DATABASE) copied to `destination`, to
    change safely: a test of an edit's marks that needs no more than a few aliens."""
    shutil.copytree(MINIMAL_PRINTED_DATABASE, destination)
    return destination
