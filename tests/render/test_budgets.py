"""Fit budgets from the face cache: the export reads what `build` measured without loading
WeasyPrint, and `validate` and `i18n import` warn of a text longer than its box holds."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardkit.cli import main
from cardkit.faces.cache import FaceCache
from cardkit.render.folders import CACHE_FOLDER
from cardkit.render.pipeline import build

BUDGETS = Path(__file__).parent / "budgets"
OVER_BUDGET = BUDGETS / "punish-over-budget.po"
WARNING = ("powers.punish.text (de) is 832 characters; its box holds about 343 at its "
           "smallest size")
# Runs the command line as a new process and says whether it loaded WeasyPrint.
_REPORTING = ("import sys\nfrom cardkit.cli import main\ntry:\n    main(sys.argv[1:])\n"
              "finally:\n    print('weasyprint' in sys.modules, file=sys.stderr)")


def cardkit(*arguments: str) -> tuple[subprocess.CompletedProcess, bool]:
    """`cardkit ARGUMENTS` in a new process, and whether it loaded WeasyPrint."""
    run = subprocess.run([sys.executable, "-c", _REPORTING, *arguments], capture_output=True,
                         text=True, timeout=300)
    return run, run.stderr.splitlines()[-1] == "True"


def budgets_of(po: str) -> dict[str, str]:
    """Each card text's fit budget in an exported PO file, by its msgctxt."""
    found = re.findall(r"#\. Fit budget: about (\d+) characters.*\n(?:#.*\n)*msgctxt \"([^\"]+)\"", po)
    return {context: budget for budget, context in found}


def budget_records(cache: Path) -> int:
    """How many faces' fit budgets the face cache holds (records of field paths and counts)."""
    store, count = FaceCache(cache), 0
    for entry in (path for path in cache.rglob("*") if path.is_file()):
        try:
            record = json.loads(store.get(entry.name) or b"null")
        except ValueError:
            continue
        count += isinstance(record, dict) and all(isinstance(value, int) for value in record.values())
    return count


def export(root: Path, build_dir: Path) -> tuple[str, bool]:
    run, loaded = cardkit("i18n", "export", "--lang", "de", "--game", "duel", "--root", str(root),
                          "--build-dir", str(build_dir))
    assert run.returncode == 0, run.stderr
    return run.stdout, loaded


@pytest.mark.slow
def test_an_export_after_a_build_reads_its_budgets_without_weasyprint(project_copy, tmp_path):
    build(project_copy, tmp_path / "built", languages=["de"], papers=["a4"], games=["duel"])
    warm, loaded = export(project_copy, tmp_path / "built")
    assert not loaded

    cold, loaded = export(project_copy, tmp_path / "cold")
    assert loaded
    assert budgets_of(warm) == budgets_of(cold) and len(budgets_of(cold)) > 20
    assert _undated(warm) == _undated(cold)


def _undated(catalogue: str) -> list[str]:
    """The catalogue's lines but the header's revision date, which names the minute the
    export ran (two exports may straddle one)."""
    lines = catalogue.splitlines()
    assert sum(line.startswith('"PO-Revision-Date: ') for line in lines) == 1
    return [line for line in lines if not line.startswith('"PO-Revision-Date: ')]


@pytest.mark.slow
def test_a_cold_export_leaves_the_cache_warm(project_copy, tmp_path):
    cold, loaded = export(project_copy, tmp_path / "build")
    assert loaded
    warm, loaded = export(project_copy, tmp_path / "build")
    assert not loaded and _undated(warm) == _undated(cold)


@pytest.mark.slow
def test_an_import_warns_of_a_text_longer_than_its_box_and_validate_then_too(project_copy):
    """The cache is cold for the imported text's face: the import measures that face and
    keeps its budgets, so `validate` finds them (without WeasyPrint)."""
    run, _ = cardkit("i18n", "import", str(OVER_BUDGET), "--root", str(project_copy))
    assert run.returncode == 0, run.stderr
    assert (f"{OVER_BUDGET}:9: warning: alien:iron-matron:powers.punish.text: fit-budget: "
            f"{WARNING}") in run.stderr.splitlines()

    run, loaded = cardkit("validate", str(project_copy))
    assert run.returncode == 0 and not loaded
    assert run.stdout.splitlines()[0] == f"locales/de/duel/aliens.yaml:53:13: warning: fit-budget: {WARNING}"
    strict, _ = cardkit("validate", str(project_copy), "--strict")
    assert strict.returncode == 1


@pytest.mark.slow
def test_an_import_with_no_face_cache_measures_only_the_faces_it_changes(project_copy):
    imported = CliRunner().invoke(main, ["i18n", "import", str(OVER_BUDGET), "--root", str(project_copy)])
    assert WARNING in imported.output
    assert budget_records(project_copy / "build" / CACHE_FOLDER) == 1


@pytest.mark.slow
def test_validate_says_nothing_of_a_text_whose_budget_the_cache_lacks(project_copy):
    """The face cache holds the budgets of the texts before the import, not after."""
    export(project_copy, project_copy / "build")
    imported = CliRunner().invoke(main, ["i18n", "import", str(OVER_BUDGET), "--root", str(project_copy),
                                         "--build-dir", str(project_copy / "elsewhere")])
    assert WARNING in imported.output
    run, loaded = cardkit("validate", str(project_copy))
    assert run.returncode == 0 and not loaded
    assert "fit-budget" not in run.stdout
