"""Helpers for the rules tests: the shipped card database, loaded once, and copies of it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardkit.model.database import load_database

PROJECT_ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = PROJECT_ROOT / "tests" / "examples"


@pytest.fixture(scope="session")
def shipped_database():
    database, problems, _ = load_database(PROJECT_ROOT)
    assert not [problem for problem in problems if problem.severity.value == "error"]
    return database


@pytest.fixture(scope="session")
def shipped_cards(shipped_database) -> dict:
    return shipped_database.cards


def copy_database(destination: Path) -> Path:
    """The shipped cards and locales copied under `destination`, to change safely."""
    for folder in ("cards", "locales"):
        shutil.copytree(PROJECT_ROOT / folder, destination / folder)
    return destination


def replace_in(path: Path, old: str, new: str):
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} must occur exactly once in {path}"
    path.write_text(text.replace(old, new), encoding="utf-8")
