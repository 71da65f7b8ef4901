"""cardkit's own messages as gettext catalogues (cardkit/locale/): every template a check states
is extracted into the .pot, extraction is reproducible, every language translates every
template, and the translations pass the template catalogues' checks and `msgfmt -c`."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from cardkit.checks.text.catalogue import check_catalogue_file
from cardkit.messages import DOMAIN, LOCALE_FOLDER, catalogue_file, languages

PROJECT = Path(__file__).resolve().parents[2]
PACKAGE = PROJECT / "cardkit"
TEMPLATE = LOCALE_FOLDER / f"{DOMAIN}.pot"
TRANSLATED = [language for language in languages() if language != "en"]


def _extracted(output: Path) -> None:
    """The extraction babel.cfg describes, written to `output`."""
    subprocess.run([str(Path(sys.executable).with_name("pybabel")), "-q", "extract",
                    "-F", str(LOCALE_FOLDER / "babel.cfg"), "-k", "Message", "-k", "Plural:1,2",
                    "--no-default-keywords",
                    "--sort-output", "--no-location", "--project", "cardkit", "--version", "0.1",
                    "-w", "100", "-o", str(output), "cardkit"], cwd=PROJECT, check=True, timeout=300)


def _dated_lines_left_out(path: Path) -> str:
    """The template without the lines that carry the day and year of its extraction, or the
    version of Babel that extracted it (the lock's, or the newest a range allows)."""
    return "".join(line for line in path.read_text(encoding="utf-8").splitlines(keepends=True)
                   if not line.startswith(('"POT-Creation-Date:', "# Copyright", "# FIRST AUTHOR",
                                           '"Generated-By:')))


def _msgids(path: Path) -> set[str]:
    with path.open("rb") as stream:
        return {message.id for message in read_po(stream) if message.id}


def test_the_spanish_and_german_catalogues_are_shipped():
    assert {"de", "es"} <= set(TRANSLATED)


@pytest.mark.slow
def test_extraction_is_reproducible(tmp_path):
    """Extracting again gives the shipped .pot, but for the date: no template is left out."""
    _extracted(tmp_path / "again.pot")
    assert _dated_lines_left_out(tmp_path / "again.pot") == _dated_lines_left_out(TEMPLATE), (
        "run the pybabel extract of cardkit/locale/babel.cfg")


def _message_calls():
    """Every `Message(...)` and `Plural(...)` of the package."""
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("Message", "Plural"):
                if path == PACKAGE / "messages.py" and not isinstance(node.args[0], ast.Constant):
                    continue  # the classes themselves, which copy a template with more values
                yield path.relative_to(PROJECT), node


def _stated(node: ast.Call) -> str | tuple[str, str]:
    """The msgid a call states: a Plural's is its singular and plural, as gettext's."""
    if node.func.id == "Plural":
        return node.args[0].value, node.args[1].value
    return node.args[0].value


@pytest.mark.slow
def test_every_message_states_its_template_as_written():
    """Babel finds a template only where it is a literal string: none is built at run time."""
    wanted = {"Message": 1, "Plural": 2}
    built = [f"{path}:{node.lineno}" for path, node in _message_calls()
             if not (len(node.args) >= wanted[node.func.id]
                     and all(isinstance(argument, ast.Constant) and isinstance(argument.value, str)
                             for argument in node.args[:wanted[node.func.id]]))]
    assert built == []


@pytest.mark.slow
def test_every_template_in_the_code_is_in_the_template_catalogue():
    stated = {_stated(node) for _, node in _message_calls()}
    assert len(stated) > 250
    assert any(isinstance(msgid, tuple) for msgid in stated)
    assert stated == _msgids(TEMPLATE)


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_template_is_translated(language):
    with catalogue_file(language).open("rb") as stream:
        catalogue = read_po(stream, locale=language)
    entries = {message.id: message for message in catalogue if message.id}
    assert entries.keys() == _msgids(TEMPLATE), "run pybabel update (cardkit/locale/babel.cfg)"
    assert [key for key, message in entries.items() if not message.string] == []
    assert [key for key, message in entries.items()
            if isinstance(message.string, tuple) and not all(message.string)] == []
    assert [key for key, message in entries.items() if message.fuzzy] == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_translations_pass_the_template_catalogues_checks(language):
    """Placeholders, control and invisible characters, blank texts: as locales/*/cardkit.po."""
    path = catalogue_file(language)
    assert check_catalogue_file(path, path.relative_to(PROJECT)) == []


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="msgfmt (gettext) is not installed")
@pytest.mark.parametrize("path", [TEMPLATE] + [catalogue_file(language) for language in TRANSLATED],
                         ids=lambda path: path.name if path.suffix == ".pot" else path.parts[-3])
def test_msgfmt_accepts_the_catalogue(path, tmp_path):
    """GNU gettext's own check, python-brace-format included: the translations use exactly
    the English template's names."""
    run = subprocess.run(["msgfmt", "-c", "-o", str(tmp_path / "messages.mo"), str(path)],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr


def test_the_check_fires_on_a_translation_that_drops_a_placeholder(tmp_path):
    broken = tmp_path / "cardkit-messages.po"
    text = catalogue_file("de").read_text(encoding="utf-8")
    english = 'msgid "{words}: a word written twice in a row"\n'
    german = 'msgstr "{words}: ein Wort zweimal hintereinander"\n'
    assert english + german in text
    broken.write_text(text.replace(german, 'msgstr "ein Wort zweimal hintereinander"\n'),
                      encoding="utf-8")

    problems = check_catalogue_file(broken, Path("cardkit-messages.po"))

    assert [(problem.code, problem.message) for problem in problems] == [
        ("placeholder-mismatch", "'{words}: a word written twice in a row': the placeholder "
                                 "{words} of the English text is missing")]
