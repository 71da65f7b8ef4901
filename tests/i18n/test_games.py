"""The exchange across games: a classic catalogue goes out and comes back through PO and
XLIFF, and a catalogue of one game never writes into another."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardkit.checks.status import translation_states
from cardkit.cli import main
from cardkit.i18n.export import build_catalogue
from cardkit.i18n.po import write_po
from cardkit.i18n.xliff import write_xliff
from cardkit.model.database import load_database
from tests.conftest import PROJECT_ROOT
from tests.i18n.conftest import snapshot
from tests.i18n.test_tools import (changed_files, edit_target_with_toolkit, msgfmt_check,
                                   needs_gettext)

WRITERS = {"po": (write_po, "de.po"), "xliff": (write_xliff, "de.xlf")}

# German names for the classic encounter cards and a few aliens; the rest stays untranslated.
GERMAN = {"Attack 4": "Angriff 4", "Attack 6": "Angriff 6", "Attack 8": "Angriff 8",
          "Attack 10": "Angriff 10", "Attack 20": "Angriff 20", "Attack 30": "Angriff 30",
          "Negotiate": "Verhandeln", "Amoeba": "Amöbe", "Clone": "Klon", "Healer": "Heiler"}


def run(*arguments: str):
    return CliRunner().invoke(main, list(arguments))


@pytest.fixture
def shipped(tmp_path: Path) -> Path:
    """The shipped database without German texts of the two Cosmic Encounter editions, as
    before German began them: an import makes their folders."""
    root = tmp_path / "shipped"
    for folder in ("cards", "locales"):
        shutil.copytree(PROJECT_ROOT / folder, root / folder)
    for game in ("classic", "cosmic"):
        shutil.rmtree(root / "locales" / "de" / game)
    return root


def translated_catalogue(root: Path, file_format: str, folder: Path) -> Path:
    """A German catalogue of the classic game with the names of GERMAN translated."""
    database, _, _ = load_database(root)
    catalogue = build_catalogue(database, "de", game="classic")
    units = [replace(unit, targets=(GERMAN[unit.sources[0]],)) if unit.sources[0] in GERMAN else unit
             for unit in catalogue.units]
    write, name = WRITERS[file_format]
    path = folder / name
    path.write_text(write(replace(catalogue, units=units)), encoding="utf-8")
    return path


def german_states(root: Path, game: str) -> dict:
    database, _, _ = load_database(root)
    return {(s.card_id, s.path): s.state for s in translation_states(database, ["de"], game)}


def test_a_classic_export_holds_that_game_alone_and_records_it(shipped, tmp_path):
    output = tmp_path / "de.po"
    result = run("i18n", "export", "--lang", "de", "--game", "classic", "--no-fit-budgets",
                 "-o", str(output), "--root", str(shipped))

    assert result.exit_code == 0, result.output
    text = output.read_text(encoding="utf-8")
    assert '"X-Cardkit-Database: classic\\n"' in text
    assert 'msgctxt "alien:macron:name"' in text and 'msgctxt "artifact:plague:text"' in text
    assert 'msgctxt "alien:swarm:name"' not in text and "cosmic-morph" not in text
    assert text.startswith("# Cosmic Encounter (classic edition) card texts in de")


def test_the_glossary_termbase_names_every_game_it_covers(shipped):
    result = run("i18n", "export", "--lang", "de", "--format", "tbx", "--root", str(shipped))

    assert result.exit_code == 0, result.output
    assert ("<sourceDesc><p>Cosmic Encounter (classic edition), Cosmic Encounter (current "
            "edition), Cosmic Encounter Duel and ISS Vanguard glossary, English and de") in result.output


@pytest.mark.slow
@pytest.mark.parametrize("file_format", WRITERS)
def test_a_classic_catalogue_round_trips_into_a_german_folder_of_its_own(shipped, tmp_path, file_format):
    exported = translated_catalogue(shipped, file_format, tmp_path)
    duel_before = german_states(shipped, "duel")

    result = run("i18n", "import", str(exported), "--game", "classic", "--root", str(shipped))

    assert result.exit_code == 0, result.output
    assert "10 texts updated" in result.output
    states = german_states(shipped, "classic")
    assert states[("classic-attack-8", "name")] == states[("amoeba", "name")] == "translated"
    assert states[("macron", "name")] == states[("plague", "text")] == "missing"
    assert german_states(shipped, "duel") == duel_before
    encounter = (shipped / "locales" / "de" / "classic" / "encounter.yaml").read_text(encoding="utf-8")
    assert "classic-attack-8:\n  name: Angriff 8\n" in encounter
    assert not (shipped / "locales" / "de" / "cosmic").exists()
    # and back: exporting what was imported, and importing it again, changes nothing
    before = snapshot(shipped)
    again = tmp_path / f"again.{'po' if file_format == 'po' else 'xlf'}"
    assert run("i18n", "export", "--lang", "de", "--game", "classic", "--format", file_format,
               "--no-fit-budgets", "-o", str(again), "--root", str(shipped)).exit_code == 0
    assert run("i18n", "import", str(again), "--root", str(shipped)).exit_code == 0
    assert snapshot(shipped) == before


@needs_gettext
def test_msgfmt_accepts_a_classic_export(shipped, tmp_path):
    output = tmp_path / "de.po"
    assert run("i18n", "export", "--lang", "de", "--game", "classic", "-o", str(output),
               "--root", str(shipped)).exit_code == 0

    checked = msgfmt_check(output)

    assert checked.returncode == 0, checked.stderr


@pytest.mark.slow
@pytest.mark.parametrize("file_format", WRITERS)
def test_a_classic_target_edited_in_translate_toolkit_lands_in_its_field(shipped, tmp_path,
                                                                         file_format):
    output = tmp_path / f"de.{'po' if file_format == 'po' else 'xlf'}"
    assert run("i18n", "export", "--lang", "de", "--game", "classic", "--format", file_format,
               "--no-fit-budgets", "-o", str(output), "--root", str(shipped)).exit_code == 0
    edit_target_with_toolkit(output, "artifact:plague:name", "Die Seuche")
    before = snapshot(shipped)

    result = run("i18n", "import", str(output), "--root", str(shipped))

    assert result.exit_code == 0, result.output
    changes = changed_files(before, shipped)
    assert list(changes) == [Path("locales/de/classic/artifacts.yaml")]
    old, new = changes[Path("locales/de/classic/artifacts.yaml")]
    # a German name cites nothing (no German rulebook): the import marks it as our wording
    assert old == "" and new.startswith("plague:\n  name: Die Seuche\n  provisional: [name]\n"
                                        "  translated_from:\n    name: ")
    assert german_states(shipped, "classic")[("plague", "name")] == "translated"


@pytest.mark.slow
@pytest.mark.parametrize("file_format", WRITERS)
def test_a_catalogue_of_one_game_is_refused_by_another_naming_both(shipped, tmp_path, file_format):
    exported = translated_catalogue(shipped, file_format, tmp_path)
    before = snapshot(shipped)

    result = run("i18n", "import", str(exported), "--game", "duel", "--root", str(shipped))

    assert result.exit_code == 1
    assert "the file holds the texts of 'classic', not of 'duel'" in result.output
    assert "nothing was written" in result.output
    assert snapshot(shipped) == before


def test_an_entry_of_another_game_than_the_files_is_refused(shipped, tmp_path):
    database, _, _ = load_database(shipped)
    classic = build_catalogue(database, "de", game="classic")
    [swarm] = [unit for unit in build_catalogue(database, "de", game="duel").units
               if unit.key == "alien:swarm:name"]
    path = tmp_path / "de.po"
    path.write_text(write_po(replace(classic, units=[*classic.units, swarm])), encoding="utf-8")
    before = snapshot(shipped)

    result = run("i18n", "import", str(path), "--root", str(shipped))

    assert result.exit_code == 1
    line = path.read_text(encoding="utf-8").splitlines().index('msgctxt "alien:swarm:name"') + 1
    assert f"de.po:{line}: 'swarm' is a card of duel, but the file was exported for 'classic'" \
        in result.output
    assert snapshot(shipped) == before


def test_a_file_of_a_game_the_database_does_not_hold_is_refused(shipped, tmp_path):
    database, _, _ = load_database(shipped)
    catalogue = build_catalogue(database, "de", game="cosmic")
    path = tmp_path / "de.po"
    path.write_text(write_po(replace(catalogue, database="chess")), encoding="utf-8")

    result = run("i18n", "import", str(path), "--root", str(shipped))

    assert result.exit_code == 1
    assert "the file was exported from the database 'chess', not from this one " \
           "('classic,cosmic,duel,vanguard')" in result.output


def test_exporting_a_game_the_database_does_not_hold_is_a_usage_error(shipped):
    result = run("i18n", "export", "--lang", "de", "--game", "chess", "--root", str(shipped))

    assert result.exit_code == 2
    assert "no game 'chess' in the database (known: classic, cosmic, duel, vanguard)" in result.output
