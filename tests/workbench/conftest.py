"""A copy of the shipped database per test, sharing one warmed face cache so that opening
a workbench lays out no face that an earlier test already fitted."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardkit.render.folders import CACHE_FOLDER
from cardkit.workbench.service import Workbench
from tests.conftest import once_per_run, with_face_cache

PROJECT = Path(__file__).resolve().parents[2]


def copy_project(target: Path) -> Path:
    for folder in ("cards", "locales", "templates"):
        shutil.copytree(PROJECT / folder, target / folder)
    return target


@pytest.fixture(scope="session")
def workbench_cache(tmp_path_factory, face_cache) -> Path:
    """A face cache holding the fits of the shipped database in English and German: the
    session build's, which shares the workbench's fit keys, and the budgets it adds."""
    def make(base: Path) -> None:
        copy_project(base)
        with_face_cache(base / "build", face_cache)
        Workbench(base, "de", base / "build" / CACHE_FOLDER).card("iron-matron")  # and its fit budgets

    return once_per_run(tmp_path_factory, "warm", make) / "build" / CACHE_FOLDER


@pytest.fixture
def project(tmp_path, workbench_cache) -> Path:
    root = copy_project(tmp_path / "project")
    shutil.copytree(workbench_cache, root / "build" / CACHE_FOLDER)
    return root


@pytest.fixture
def workbench(project) -> Workbench:
    return Workbench(project, "de", project / "build" / CACHE_FOLDER)


@pytest.fixture(scope="module")
def shared_workbench(tmp_path_factory, workbench_cache) -> Workbench:
    """One workbench for the tests of a module that write nothing."""
    root = copy_project(tmp_path_factory.mktemp("shared") / "project")
    shutil.copytree(workbench_cache, root / "build" / CACHE_FOLDER)
    return Workbench(root, "de", root / "build" / CACHE_FOLDER)
