"""Exchange files with one fault each: refused with the file, line and message; nothing written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardkit.cli import main
from tests.i18n.conftest import snapshot

MALFORMED = Path(__file__).parent / "malformed"
EXPECT = re.compile(r"^(?:# |<!-- )expect: (.*?)(?: -->)?$", re.M)


def expected_message(path: Path) -> str:
    found = EXPECT.findall(path.read_bytes().decode("utf-8", errors="replace"))
    assert len(found) == 1, f"{path.name} names the one message it must cause"
    return found[0]


FIXTURES = [pytest.param(path, id=path.name) for path in sorted(MALFORMED.iterdir())]


@pytest.mark.parametrize("fixture", FIXTURES)
def test_a_faulty_file_is_refused_with_its_line_and_nothing_changes(
        minimal_database, monkeypatch, fixture):
    before = snapshot(minimal_database)
    monkeypatch.chdir(MALFORMED)

    result = CliRunner().invoke(main, ["i18n", "import", fixture.name, "--root", str(minimal_database)])

    assert result.exit_code == 1
    assert result.output == f"Error: {expected_message(fixture)}\nnothing was written\n"
    assert snapshot(minimal_database) == before


def test_every_fault_of_a_file_is_listed(minimal_database, tmp_path):
    po = tmp_path / "two-faults.po"
    po.write_text('msgid ""\nmsgstr "Language: es\\n"\n\n'
                  'msgctxt "alien:nobody:name"\nmsgid "Nobody"\nmsgstr "Nadie"\n\n'
                  'msgctxt "alien:pickle:name"\nmsgid "Gherkin"\nmsgstr "Pepinillo"\n',
                  encoding="utf-8")

    result = CliRunner().invoke(main, ["i18n", "import", str(po), "--root", str(minimal_database)])

    assert result.output.splitlines()[:2] == [
        f"Error: {po}:4: no card 'nobody' in the database",
        f"{po}:8: alien:pickle:name: the English text has changed since this file was exported; "
        "export again and carry the translation over"]


@pytest.mark.parametrize(("arguments", "message"), [
    (["import", "cards.txt"], "Error: cards.txt: cannot tell the format; name the file .po, .xlf or .xliff"),
    (["import", "absent.po"], "Error: absent.po: does not exist"),
    (["export", "--lang", "en"], "Error: English is the source language: its texts are not translations"),
    (["export", "--lang", "fr"], "Error: no translation 'fr' (known: es)"),
])
def test_mistakes_in_the_call_exit_2(minimal_database, monkeypatch, arguments, message):
    monkeypatch.chdir(minimal_database)
    (minimal_database / "cards.txt").write_text("", encoding="utf-8")

    result = CliRunner().invoke(main, ["i18n", *arguments])

    assert (result.exit_code, result.output) == (2, message + "\n")


def test_an_export_that_cannot_be_written_says_where_and_why(minimal_database, monkeypatch):
    monkeypatch.chdir(minimal_database)
    (minimal_database / "cards.txt").write_text("", encoding="utf-8")

    result = CliRunner().invoke(main, ["i18n", "export", "--lang", "es", "-o", "cards.txt/es.po"])

    assert (result.exit_code, result.output) == (
        1, f"Error: {minimal_database / 'cards.txt'}: is not a folder; nothing was written\n")
    assert (minimal_database / "cards.txt").read_text(encoding="utf-8") == ""
