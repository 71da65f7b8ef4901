"""Two writing commands at once on one project: the lock makes one wait for the other, so
neither loses the other's update. Each pair runs several times, started together."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardkit.checks.status import translation_states
from cardkit.checks.runner import Strictness, load_checked
from cardkit.source.canonical import format_database
from tests.conftest import MINIMAL_DATABASE
from tests.safety.harness import finish, start
from tests.safety.test_kill import catalogue, english_changed, reindented

TRIALS = 8


def stale_texts(root: Path) -> list[str]:
    return [f"{state.card_id}.{state.path}" for state in translation_states(load_checked(root, Strictness.UNREADABLE).database, ["es"])
            if state.state == "stale"]


@pytest.mark.slow
@pytest.mark.parametrize("trial", range(TRIALS))
def test_fmt_racing_mark_translated_loses_nothing(tmp_path: Path, trial: int):
    root = tmp_path / "db"
    shutil.copytree(MINIMAL_DATABASE, root)
    reindented(root)
    english_changed(root)
    assert stale_texts(root)
    children = [start(["fmt", str(root)]),
                start(["mark-translated", "--lang", "es", "--all", "--root", str(root)])]
    assert [finish(child) for child in children] == [0, 0]
    assert format_database(root, write=False).changed == []
    assert stale_texts(root) == []


@pytest.mark.slow
@pytest.mark.parametrize("trial", range(TRIALS))
def test_import_racing_mark_translated_loses_nothing(tmp_path: Path, trial: int):
    root = tmp_path / "db"
    shutil.copytree(MINIMAL_DATABASE, root)
    reinforcements = root / "locales" / "en" / "duel" / "reinforcements.yaml"
    reinforcements.write_text(reinforcements.read_text().replace("name: ", "name: New "))
    assert stale_texts(root) == ["mega-support.name", "even-help-odd-attack.name"]
    po = catalogue(root)
    children = [start(["i18n", "import", str(po), "--root", str(root)]),
                start(["mark-translated", "--lang", "es", "--all", "--root", str(root)])]
    assert [finish(child) for child in children] == [0, 0]
    database = load_checked(root, Strictness.UNREADABLE).database
    assert database.text("es", "pickle").name == "Pepinillo"
    assert database.text("es", "wild").name == "El comodín"
    assert stale_texts(root) == []
