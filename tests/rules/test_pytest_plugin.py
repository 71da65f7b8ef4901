"""The pytest plugin in a project of its own, loaded through its `pytest11` entry point as in
any project that installs cardkit: each example an item, safe named twice, quiet with none."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.rules.conftest import EXAMPLES, copy_database

ENTRY_POINT = "cardkit"


def _pytest(project: Path, *arguments: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-o", "addopts=", *arguments],
        cwd=project, capture_output=True, text=True, check=False)


def _project(tmp_path: Path) -> Path:
    project = copy_database(tmp_path / "project")
    examples = project / "tests" / "examples" / "duel"
    examples.mkdir(parents=True)
    shutil.copy(EXAMPLES / "duel" / "duel-example.yaml", examples)
    broken = (EXAMPLES / "duel" / "reinforcement-example.yaml").read_text(encoding="utf-8")
    (examples / "misremembered.yaml").write_text(
        broken.replace("influence: {orange: 21, blue: 15}\n      players:",
                       "influence: {orange: 21, blue: 16}\n      players:"), encoding="utf-8")
    (project / "tests" / "examples" / "notes.yaml").write_text("just: data\n", encoding="utf-8")
    return project


@pytest.mark.slow
def test_each_example_is_an_item_and_a_failure_shows_the_diff(tmp_path):
    run = _pytest(_project(tmp_path), "-rA")
    assert run.returncode == 1, run.stdout + run.stderr
    assert "1 failed, 1 passed" in run.stdout
    assert "PASSED tests/examples/duel/duel-example.yaml::duel-example" in run.stdout
    assert ("tests/examples/duel/misremembered.yaml:71:7: step 4 (4. Now behind, the Matron "
            "plays -07 on the Pickle, down to 15.): the state differs from the checkpoint"
            ) in run.stdout
    assert "duel.influence.blue: expected 16, actual 15" in run.stdout


@pytest.mark.slow
def test_loading_the_plugin_twice_collects_each_example_once(tmp_path):
    project = _project(tmp_path)
    run = _pytest(project, "-p", ENTRY_POINT, "--collect-only")
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.count("duel-example.yaml::duel-example\n") == 1
    assert run.stdout.count("misremembered.yaml::misremembered\n") == 1
    assert "2 tests collected" in run.stdout


@pytest.mark.slow
def test_a_project_without_examples_or_cards_is_left_alone(tmp_path):
    project = tmp_path / "other"
    (project / "tests").mkdir(parents=True)
    (project / "tests" / "test_plain.py").write_text("def test_ok():\n    pass\n",
                                                      encoding="utf-8")
    run = _pytest(project)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "1 passed" in run.stdout
