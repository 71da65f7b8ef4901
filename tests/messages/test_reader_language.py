"""The CLI as a translator meets it: problems in the language gettext's variables ask for, the
code unchanged, English by default and wherever a catalogue has no translation."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import cardkit.messages as messages
from cardkit.cli import main
from cardkit.messages import Message, language_from_environment
from tests.conftest import TESTS, BrokenFixture

FAULT = BrokenFixture.read(TESTS / "checks" / "broken" / "text-number-mismatch.yaml")
WHERE = "locales/es/duel/aliens.yaml:8:13: error: number-mismatch: "
GERMAN_WHERE = "locales/es/duel/aliens.yaml:8:13: Fehler: number-mismatch: "
ENGLISH = WHERE + "powers.punish.text: numbers differ from the English text: 2 here, 1 in English"
GERMAN = GERMAN_WHERE + "powers.punish.text: Zahlen weichen vom englischen Text ab: 2 hier, 1 im Englischen"
SPANISH = WHERE + "powers.punish.text: los números difieren del texto inglés: 2 aquí, 1 en inglés"
LANGUAGE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.fixture
def broken_database(minimal_database):
    FAULT.apply(minimal_database)
    return minimal_database


def _validate(root: Path, *options: str, **variables: str) -> subprocess.CompletedProcess:
    """`cardkit validate` as a new process, with only these of gettext's variables set."""
    environment = {name: value for name, value in os.environ.items() if name not in LANGUAGE_VARIABLES}
    environment.update(variables)
    return subprocess.run([sys.executable, "-c", "from cardkit.cli import main; main()", "validate",
                           str(root), *options],
                          capture_output=True, text=True, env=environment, timeout=300)


@pytest.mark.slow
def test_english_by_default(broken_database):
    assert FAULT.expected == [ENGLISH]
    run = _validate(broken_database)
    assert run.returncode == 1, run.stderr
    assert run.stdout.splitlines()[0] == ENGLISH


@pytest.mark.slow
def test_language_asks_for_german(broken_database):
    run = _validate(broken_database, LANGUAGE="de", LANG="C.UTF-8")
    assert run.returncode == 1, run.stderr
    assert run.stdout.splitlines()[0] == GERMAN
    assert run.stdout.splitlines()[-1].startswith("1 Fehler, 0 Warnungen in ")
    assert " Dateien. Vorhandene Karten (von der Schachtel): " in run.stdout.splitlines()[-1]


@pytest.mark.slow
def test_lc_messages_asks_for_spanish(broken_database):
    run = _validate(broken_database, LC_MESSAGES="es_ES.UTF-8")
    assert run.stdout.splitlines()[0] == SPANISH


@pytest.mark.slow
def test_json_keeps_the_english_message_and_adds_the_translation(broken_database):
    run = _validate(broken_database, "--format", "json", LANGUAGE="de")
    [problem] = json.loads(run.stdout)["problems"]
    assert problem["code"] == "number-mismatch"
    assert problem["message"] == ENGLISH.removeprefix(WHERE)
    assert problem["translation"] == {"language": "de", "message": GERMAN.removeprefix(GERMAN_WHERE)}


@pytest.mark.slow
def test_json_in_english_has_no_translation(broken_database):
    [problem] = json.loads(_validate(broken_database, "--format", "json").stdout)["problems"]
    assert "translation" not in problem


@pytest.mark.parametrize("environment, language", [
    ({}, "en"),
    ({"LANG": "de_DE.UTF-8"}, "de"),
    ({"LANG": "de_DE.UTF-8", "LC_MESSAGES": "es_ES.UTF-8"}, "es"),
    ({"LC_MESSAGES": "es_ES.UTF-8", "LC_ALL": "de_AT.UTF-8"}, "de"),
    ({"LC_ALL": "es_ES.UTF-8", "LANGUAGE": "de"}, "de"),
    ({"LANGUAGE": "pt_BR:es", "LANG": "de_DE.UTF-8"}, "es"),  # the first of the list cardkit speaks
    ({"LANGUAGE": "pt_BR", "LANG": "de_DE.UTF-8"}, "de"),  # none of the list: the locale's
    ({"LANGUAGE": "en:de"}, "en"),
    ({"LC_ALL": "C", "LANG": "de_DE.UTF-8"}, "en"),
    ({"LANG": "fr_FR.UTF-8"}, "en"),
    ({"LANG": "de_DE@euro"}, "de"),
])
def test_gettexts_order_of_precedence(environment, language):
    assert language_from_environment(environment) == language


@pytest.fixture
def german_without_one_entry(tmp_path, monkeypatch):
    """A copy of cardkit's catalogues whose German lacks the number-mismatch sentence."""
    folder = tmp_path / "locale"
    shutil.copytree(messages.LOCALE_FOLDER, folder)
    german = folder / "de" / "LC_MESSAGES" / "cardkit-messages.po"
    entry = ('msgid "numbers differ from the English text: {here} here, {english} in English"\n'
             'msgstr "Zahlen weichen vom englischen Text ab: {here} hier, {english} im Englischen"\n')
    text = german.read_text(encoding="utf-8")
    assert entry in text
    german.write_text(text.replace(entry, ""), encoding="utf-8")
    monkeypatch.setattr(messages, "LOCALE_FOLDER", folder)
    messages.catalogue.cache_clear()
    messages.languages.cache_clear()
    yield
    messages.catalogue.cache_clear()
    messages.languages.cache_clear()


def test_a_sentence_missing_from_the_catalogue_is_said_in_english(broken_database,
                                                                  german_without_one_entry):
    """The rest of the line is still German: only the missing sentence falls back."""
    result = CliRunner().invoke(main, ["validate", str(broken_database)],
                                env={"LANGUAGE": "de", "LC_ALL": None, "LC_MESSAGES": None})
    assert result.exit_code == 1, result.output
    assert result.output.splitlines()[0] == (
        GERMAN_WHERE + "powers.punish.text: numbers differ from the English text: 2 here, 1 in English")


def test_each_sentence_of_a_message_falls_back_alone():
    catalogue = messages.Catalogue("de", {"with {mark}": "mit {mark}"})
    assert catalogue.say(Message("the text ends {mine}, the English text {theirs}",
                                 mine=Message("with {mark}", mark="'.'"),
                                 theirs=Message("without an end mark"))) == (
        "the text ends mit '.', the English text without an end mark")
