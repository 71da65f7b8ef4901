"""Each command's faults as a German or Spanish reader meets them: every line of the output
in their language (gettext's LANGUAGE), click's `Error:` and usage lines included, and the
same faults still in English by default."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardkit.cli import main
from cardkit.intake.grid import grid_bytes
from cardkit.messages import Catalogue, Plural, catalogue
from cardkit.source.lock import project_lock
from tests.conftest import MINIMAL_DATABASE

MALFORMED = Path(__file__).parents[1] / "i18n" / "malformed"
# Words of English sentences that no German or Spanish line holds outside a quoted value, a
# command in backticks, a path or a name with a hyphen (target-language).
ENGLISH_WORDS = {"the", "is", "not", "nothing", "written", "cannot", "has", "have", "of",
                 "and", "with", "updated", "marked", "errors", "warnings", "warning", "missing",
                 "Missing", "Usage", "Try", "help", "this", "file", "exported", "again", "give",
                 "card", "cards", "already", "exists", "unknown", "expected", "language", "texts",
                 "translation", "empty", "folder", "database", "here", "known", "game", "entry"}
# English words looked for in one language only: the others are Spanish words too (`no`,
# `error`), and `was` is a German word.
ENGLISH_IN_GERMAN = {"Error", "error", "no", "or"}
ENGLISH_IN_SPANISH = {"was"}
_NOT_WORDS = re.compile(r"`[^`]*`|'[^']*'|\"[^\"]*\"|\S*[-/.\\<>\[\]_=:]\S*|\{[^}]*\}")


def _english_words(line: str, language: str) -> set[str]:
    words = set(re.findall(r"[A-Za-z]+", _NOT_WORDS.sub(" ", line)))
    return words & (ENGLISH_WORDS | {"de": ENGLISH_IN_GERMAN, "es": ENGLISH_IN_SPANISH}.get(language, set()))


def _run(arguments: list[str], language: str | None):
    environment = {"LANGUAGE": language, "LC_ALL": None, "LC_MESSAGES": None, "LANG": None}
    return CliRunner().invoke(main, arguments, env=environment, catch_exceptions=False,
                              prog_name="cardkit")


def _csv(path: Path, rows: list[list]) -> str:
    path.write_bytes(grid_bytes(".csv", "alien", rows, set()))
    return str(path)


def _cases(root: Path, scratch: Path) -> dict[str, list[str]]:
    """A command and its arguments for each fault, by name."""
    (scratch / "occupied").mkdir()
    (scratch / "occupied" / "keep.txt").write_text("mine", encoding="utf-8")
    (scratch / "cards.txt").write_text("", encoding="utf-8")
    at = ["--root", str(root)]
    return {
        "import: no format": ["i18n", "import", str(scratch / "cards.txt"), *at],
        "import: no such file": ["i18n", "import", str(scratch / "absent.po"), *at],
        "export: no language asked": ["i18n", "export", *at],
        "export: English": ["i18n", "export", "--lang", "en", *at],
        "export: a language not begun": ["i18n", "export", "--lang", "fr", *at],
        "export: no such game": ["i18n", "export", "--lang", "es", "--game", "chess", *at],
        "export: unknown option": ["i18n", "export", "--lang", "es", "--colour", *at],
        "export: a format not offered": ["i18n", "export", "--lang", "es", "--format", "pox", *at],
        "cardkit: no such command": ["valdate", str(root)],
        "i18n init: begun already": ["i18n", "init", "es", *at],
        "i18n init: no such language": ["i18n", "init", "xx_YY_ZZ", *at],
        "status: a language not begun": ["status", str(root), "--lang", "fr"],
        "status: not a database": ["status", str(scratch)],
        "mark-translated: nothing named": ["mark-translated", "--lang", "es", *at],
        "mark-translated: no such card": ["mark-translated", "--lang", "es", "nobody", *at],
        "new: exists already": ["new", "alien", "pickle", "--game", "duel", *at],
        "new: not an id": ["new", "alien", "Big_Pickle", "--game", "duel", *at],
        "new: no such game": ["new", "alien", "x", "--game", "chess", *at],
        "new: no such kind": ["new", "artifact", "x", "--game", "duel", *at],
        "new: a fact that is no value": ["new", "alien", "x", "--game", "duel", "--fact", "value", *at],
        "sheet export: no such kind": ["sheet", "export", "--game", "duel", "--kind", "artifact",
                                       "-o", str(scratch / "out.csv"), *at],
        "sheet export: no such language": ["sheet", "export", "--game", "duel", "--kind", "alien",
                                           "--lang", "fr", "-o", str(scratch / "out.csv"), *at],
        "sheet import: no format": ["sheet", "import", str(scratch / "cards.txt"), *at],
        "sheet import: empty first cell": ["sheet", "import", _csv(scratch / "empty.csv", [[None, "id"]]),
                                           *at],
        "sheet import: no game named": ["sheet", "import", _csv(scratch / "named.csv", [["aliens"]]), *at],
        "sheet import: unknown column": ["sheet", "import",
                                         _csv(scratch / "column.csv", [["duel alien", "nmae"]]), *at],
        "sheet import: faults of rows": ["sheet", "import", _csv(scratch / "rows.csv", [
            ["duel alien", "hand_size", "en:name"], [None, "2", "X"], ["pickle", "two", "Gherkin"],
            ["pickle", "2", "Gherkin"]]), *at],
        "play: too many games": ["play", "--game", "duel", "--games", "99999999999999999999999",
                                 "--database", str(root)],
        "build: no such paper": ["build", str(root), "--paper", "a5", "--out", str(scratch / "out")],
        "build: no such game": ["build", str(root), "--game", "chess", "--out", str(scratch / "out")],
        "init: every reason": ["init", str(scratch / "occupied"), "--game", "Star_Traders",
                               "--title", " ", "--lang", "es,qq"],
    }


@pytest.fixture(scope="module")
def outputs(tmp_path_factory) -> dict[tuple[str, str | None], tuple[int, list[str]]]:
    """Every case's exit code and lines, in English (no variable set), German and Spanish,
    and every malformed exchange file's import."""
    base = tmp_path_factory.mktemp("faults")
    root = base / "db"
    shutil.copytree(MINIMAL_DATABASE, root)
    scratch = base / "scratch"
    scratch.mkdir()
    cases = _cases(root, scratch)
    cases |= {f"import: {path.name}": ["i18n", "import", str(path), "--root", str(root)]
              for path in sorted(MALFORMED.iterdir())}
    found = {}
    for name, arguments in cases.items():
        for language in (None, "de", "es"):
            result = _run(arguments, language)
            found[name, language] = (result.exit_code, result.output.splitlines())
    return found


def test_every_fault_is_refused_in_english_by_default(outputs):
    refused = {name: lines for (name, language), (code, lines) in outputs.items()
               if language is None and code != 0}
    assert len(refused) == len({name for name, _ in outputs})
    assert refused["export: no such game"] == ["Error: no game 'chess' in the database (known: duel)"]
    assert refused["import: wrong-kind.po"][-1] == "nothing was written"
    assert refused["play: too many games"] == [
        "Error: --games 99999999999999999999999: at most 100000 games are played in one run; "
        "play more as several runs with different --seed values"]
    assert outputs["play: too many games", None][0] == 2


@pytest.mark.parametrize("language", ["de", "es"])
def test_no_english_sentence_in_a_german_or_spanish_fault(outputs, language):
    compared = 0
    english_left = []
    for (name, asked), (code, lines) in outputs.items():
        if asked != language:
            continue
        english_code, english = outputs[name, None]
        assert code == english_code, name
        assert len(lines) == len(english), (name, lines, english)
        for line, english_line in zip(lines, english):
            if _english_words(english_line, "en") or english_line.startswith("Error:"):
                compared += 1
                if line == english_line or _english_words(line, language):
                    english_left.append((name, line))
    assert compared > 60
    assert english_left == [], "\n".join(map(str, english_left))


@pytest.mark.parametrize(("language", "lines"), [
    ("de", ["Fehler: keine Übersetzung 'fr' (bekannt: es)"]),
    ("es", ["Error: no hay ninguna traducción 'fr' (conocidas: es)"]),
])
def test_a_fault_is_its_catalogue_translation(outputs, language, lines):
    assert outputs["export: a language not begun", language] == (2, lines)


@pytest.mark.parametrize(("language", "usage", "hint", "error"), [
    ("de", "Aufruf:", "Hilfe zeigt 'cardkit i18n export --help'.", "Fehler: Die Option '--lang' fehlt."),
    ("es", "Uso:", "Para ver la ayuda: 'cardkit i18n export --help'.",
     "Error: Falta la opción '--lang'."),
])
def test_clicks_usage_errors_are_translated(outputs, language, usage, hint, error):
    code, lines = outputs["export: no language asked", language]
    assert code == 2
    assert lines == [f"{usage} cardkit i18n export [OPTIONS]", hint, "", error]


def test_clicks_usage_errors_stay_clicks_own_in_english(outputs):
    assert outputs["export: no language asked", None] == (2, [
        "Usage: cardkit i18n export [OPTIONS]", "Try 'cardkit i18n export --help' for help.", "",
        "Error: Missing option '--lang'."])


@pytest.mark.parametrize(("language", "one", "two", "five"), [
    ("en", "1 warning", "2 warnings", "5 warnings"),
    ("de", "1 Warnung", "2 Warnungen", "5 Warnungen"),
    ("es", "1 aviso", "2 avisos", "5 avisos"),
])
def test_a_count_takes_the_plural_form_of_the_language(language, one, two, five):
    said = catalogue(language)
    assert [said.say(Plural("{count} warning", "{count} warnings", count=count))
            for count in (1, 2, 5)] == [one, two, five]


def test_errors_keep_one_german_form_and_two_spanish():
    assert [catalogue("de").say(Plural("{count} error", "{count} errors", count=count))
            for count in (1, 3)] == ["1 Fehler", "3 Fehler"]
    assert [catalogue("es").say(Plural("{count} error", "{count} errors", count=count))
            for count in (1, 3)] == ["1 error", "3 errores"]


def test_a_plural_the_catalogue_lacks_is_said_in_english_by_englishs_rule():
    german_without = Catalogue("de", {}, {}, lambda count: int(count != 1))
    assert german_without.say(Plural("{count} file", "{count} files", count=0)) == "0 files"


@pytest.mark.parametrize(("language", "header"), [
    (None, "language game     kind            translated  stale  missing"),
    ("de", "Sprache  Spiel    Art              übersetzt veraltet    fehlt"),
    ("es", "idioma   juego    tipo             traducido desactualizado    falta"),
])
def test_the_status_table_is_headed_in_the_readers_language(minimal_database, language, header):
    result = _run(["status", str(minimal_database)], language)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == header
    assert result.output.splitlines()[1].split()[-3:] == ["40", "0", "0"]


def test_a_lock_another_command_holds_is_said_in_german(minimal_database):
    with project_lock(minimal_database):
        result = CliRunner().invoke(main, ["mark-translated", "--lang", "es", "--all", "--root",
                                           str(minimal_database)],
                                    env={"LANGUAGE": "de", "LC_ALL": None, "LC_MESSAGES": None,
                                         "CARDKIT_LOCK_TIMEOUT": "0"})
    assert (result.exit_code, result.output) == (1, (
        f"Fehler: {minimal_database}: ein anderer cardkit-Befehl ist dabei, dieses Projekt zu "
        "schreiben und ist nach 0 s nicht fertig; es wurde nichts geschrieben, versuche es erneut, "
        "wenn er endet\n"))
