"""The record of a database found without an error (render/checked.py): a load of the same
files skips the checks; any change to what the checks read runs them again, so an error it
brings refuses the build."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardkit.checks.runner import Strictness, load_checked
from cardkit.faces.cache import FaceCache
from cardkit.model.database import DatabaseHasErrors
from cardkit.render import checked as checked_module
from cardkit.render.checked import CleanChecks
from tests.conftest import TESTS, BrokenFixture

FORBIDDEN_TERM = BrokenFixture.read(TESTS / "checks/broken/text-glossary-forbidden.yaml")
UNKNOWN_PLACEHOLDER = TESTS / "checks/text/catalogues/placeholder-unknown.po"


def load(root: Path, store: FaceCache, **options):
    clean = CleanChecks(store)
    checked = load_checked(root, Strictness.ANY_ERROR, clean=clean, **options)
    clean.write()
    return checked


def checks_ran(checked) -> bool:
    return "report" in checked.__dict__  # a cached property, made when the checks run


def test_the_same_files_found_without_an_error_are_not_checked_again(minimal_database, tmp_path):
    store = FaceCache(tmp_path / "cache")
    assert checks_ran(load(minimal_database, store))
    assert not checks_ran(load(minimal_database, store))
    assert checks_ran(load(minimal_database, FaceCache(tmp_path / "another cache")))


def test_an_error_a_text_brings_is_found_after_a_clean_load(minimal_database, tmp_path):
    store = FaceCache(tmp_path / "cache")
    load(minimal_database, store)
    FORBIDDEN_TERM.apply(minimal_database)
    with pytest.raises(DatabaseHasErrors) as raised:
        load(minimal_database, store)
    assert [problem.code for problem in raised.value.errors] == ["glossary-forbidden"]


def test_an_error_a_catalogue_brings_is_found_after_a_clean_load(minimal_database, tmp_path):
    store = FaceCache(tmp_path / "cache")
    load(minimal_database, store)
    catalogue = minimal_database / "locales/es/LC_MESSAGES/cardkit.po"
    catalogue.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(UNKNOWN_PLACEHOLDER, catalogue)
    with pytest.raises(DatabaseHasErrors) as raised:
        load(minimal_database, store)
    assert [problem.code for problem in raised.value.errors] == ["placeholder-mismatch"]


def test_a_database_with_an_error_is_never_recorded(minimal_database, tmp_path):
    store = FaceCache(tmp_path / "cache")
    FORBIDDEN_TERM.apply(minimal_database)
    for _ in range(2):
        with pytest.raises(DatabaseHasErrors):
            load(minimal_database, store)


def test_checks_that_read_more_than_the_files_are_not_recorded(minimal_database, tmp_path):
    store = FaceCache(tmp_path / "cache")
    load(minimal_database, store, measure_fit=lambda database, root: [])
    assert checks_ran(load(minimal_database, store, measure_fit=lambda database, root: []))
    assert checks_ran(load(minimal_database, store))


def test_a_library_release_checks_again(minimal_database, tmp_path, monkeypatch):
    store = FaceCache(tmp_path / "cache")
    load(minimal_database, store)
    monkeypatch.setattr(checked_module, "installed_libraries", lambda: "babel-9.0.dist-info")
    assert checks_ran(load(minimal_database, store))
