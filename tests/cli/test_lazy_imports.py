"""`cardkit --help` and `cardkit validate` start fast: they never load WeasyPrint, the PDF
library or the rules engine. Checked in a fresh interpreter, on `sys.modules`."""

from __future__ import annotations

import subprocess
import sys
from importlib import import_module
from pathlib import Path

import pytest

from cardkit.cli import COMMANDS

PROJECT = Path(__file__).resolve().parents[2]
HEAVY = ("weasyprint", "pikepdf", "cardkit.render.pdf", "cardkit.rules.duel.engine", "cardkit.rules")

PROBE = """
import sys
from cardkit.cli import main
try:
    main({arguments!r}, prog_name="cardkit")
except SystemExit as exit:
    code = exit.code
heavy = [name for name in {heavy!r} if name in sys.modules]
print("LOADED:", ",".join(heavy))
print("EXIT:", code)
"""


@pytest.mark.slow
@pytest.mark.parametrize("arguments", [["--help"], ["validate", str(PROJECT)]])
def test_help_and_validate_load_neither_weasyprint_nor_the_rules_engine(arguments):
    run = subprocess.run([sys.executable, "-c", PROBE.format(arguments=arguments, heavy=HEAVY)],
                         capture_output=True, text=True, timeout=120, check=False)
    assert "EXIT: 0" in run.stdout, run.stdout + run.stderr
    assert "LOADED: \n" in run.stdout, run.stdout


def test_the_help_listing_says_what_each_command_says_of_itself():
    assert len(COMMANDS) >= 15
    for name, (module, attribute, first_line) in COMMANDS.items():
        command = getattr(import_module(module), attribute)
        assert command.name == name
        assert command.help.strip().splitlines()[0] == first_line


def test_help_lists_every_command():
    run = subprocess.run([sys.executable, "-c", "from cardkit.cli import main; main()", "--help"], capture_output=True,
                         text=True, timeout=60, check=False)
    assert run.returncode == 0, run.stderr
    for name in COMMANDS:
        assert f"  {name} " in run.stdout
