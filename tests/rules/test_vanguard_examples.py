"""The ISS Vanguard examples: the required ones are there (each holds as its own test item,
through the pytest plugin), `cardkit replay` and the plugin run them with the Duel's, and
changing a fact one of them relies on fails exactly that one, with the diff."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest
from click.testing import CliRunner

from cardkit.cli.replay import replay_command
from cardkit.rules.core.engine import CardData
from cardkit.rules.core.replay import load_scenario, replay
from cardkit.rules.vanguard.state import SpecialEffect
from tests.rules.conftest import EXAMPLES, PROJECT_ROOT, copy_database, replace_in

VANGUARD = EXAMPLES / "vanguard"
REQUIRED = ("tutorial-forzar-el-mamparo", "tutorial-salvar-los-suministros-two-accidents",
            "ejemplo-1-tomar-muestras", "ejemplo-2-sanar-el-ecosistema",
            "injury-dice-severe-first", "injury-dice-damage-first",
            "two-icon-die-with-an-accident", "any-symbols-are-one-icon")


def test_the_worked_examples_of_the_rulebook_are_there():
    assert set(REQUIRED) <= {path.stem for path in VANGUARD.glob("*.yaml")}


def test_a_global_conditions_special_effect_is_stated_in_a_scenario(tmp_path):
    # L1993-1995: the Global Condition's own special effect, resolved before the action's
    # in every dice test. Given one that takes the Accident, Ejemplo 1 no longer has the
    # red die its green row needs when the rows are marked.
    text = (VANGUARD / "ejemplo-1-tomar-muestras.yaml").read_text(encoding="utf-8")
    path = tmp_path / "with-special-effect.yaml"
    path.write_text(text.replace(
        "        effects: [{clue: live-specimen}]\n",
        "        effects: [{clue: live-specimen}]\n"
        "    special_effects: [{each: [accident], effects: [{lose_supplies: 1}]}]\n"),
        encoding="utf-8")

    scenario, problems = load_scenario(path, CardData({}, {}))
    assert not problems
    assert scenario.setup.build().global_special_effects == [
        SpecialEffect(None, ("accident",), effects=(("lose_supplies", 1),))]
    result = replay(scenario)
    assert result.steps_passed == 2
    assert "test.marked: expected green, actual red" in [
        str(mismatch) for mismatch in result.failure.mismatches]
    assert result.failure.mismatches[0].path == "test.marked"


@pytest.mark.slow
def test_a_changed_conversion_fails_exactly_the_example_that_uses_it(tmp_path, monkeypatch):
    examples = shutil.copytree(VANGUARD, tmp_path / "vanguard")
    replace_in(examples / "ejemplo-2-sanar-el-ecosistema.yaml",
               "conversion: {colour: green, icon: biology}",
               "conversion: {colour: green, icon: science}")
    monkeypatch.chdir(PROJECT_ROOT)
    result = CliRunner().invoke(replay_command, [str(examples)], catch_exceptions=False)

    assert result.exit_code == 1
    assert result.output.count("FAIL  ") == 1
    assert f"FAIL  {examples / 'ejemplo-2-sanar-el-ecosistema.yaml'}" in result.output
    assert "  after 3 of 5 steps" in result.output
    assert ("ejemplo-2-sanar-el-ecosistema.yaml:91:7: step 4 (Step 7. Biología, the Vanguard "
            "and the converted Básico take green from 1 to 4; the Accident places red at 1.): "
            "the state differs from the checkpoint") in result.output
    assert "  meters.sanar-el-ecosistema.green: expected 4, actual 3" in result.output
    assert "  test.pool: expected [], actual [supporter-green]" in result.output
    assert "  -    green: 4\n  +    green: 3" in result.output
    count = len(list(VANGUARD.glob("*.yaml")))
    assert result.output.endswith(f"{count - 1} of {count} examples hold\n")


@pytest.mark.slow
def test_the_pytest_plugin_makes_each_vanguard_example_an_item(tmp_path):
    project = copy_database(tmp_path / "project")
    examples = shutil.copytree(VANGUARD, project / "tests" / "examples" / "vanguard")
    replace_in(examples / "tutorial-forzar-el-mamparo.yaml", "success_gained: 1",
               "success_gained: 2")
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-o", "addopts=", "-rA"],
        cwd=project, capture_output=True, text=True, check=False)

    count = len(list(VANGUARD.glob("*.yaml")))
    assert run.returncode == 1, run.stdout + run.stderr
    assert f"1 failed, {count - 1} passed" in run.stdout
    assert ("PASSED tests/examples/vanguard/ejemplo-1-tomar-muestras.yaml::"
            "ejemplo-1-tomar-muestras") in run.stdout
    assert "success_gained: expected 2, actual 1" in run.stdout
