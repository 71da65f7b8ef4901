"""cardkit's exchange files as Weblate 5.14 reads them: translate-toolkit at the version
Weblate pins (3.16.3), under the rules of Weblate's format classes
(tests/tools/weblate_readers.py). The project's own translate-toolkit is newer, so these
run in another interpreter, named by CARDKIT_TT_WEBLATE_PYTHON, and are skipped without it."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardkit.cli import main
from cardkit.i18n.export import build_catalogue
from cardkit.i18n.po import write_po
from cardkit.i18n.xliff import write_xliff
from cardkit.model.database import load_database
from tests.conftest import PROJECT_ROOT
from tests.i18n.conftest import snapshot

SCRIPT = Path(__file__).parents[1] / "tools" / "weblate_readers.py"
PINNED_VERSION = "3.16.3"
STALE = "alien:iron-matron:powers.lay-down-the-law.name"  # stale in the rich database
TRANSLATED = "alien:pickle:name"
SUFFIXES = {"po": "po", "xliff": "xlf", "tbx": "tbx"}


def weblate_python() -> str:
    python = os.environ.get("CARDKIT_TT_WEBLATE_PYTHON")
    if not python:
        pytest.skip("CARDKIT_TT_WEBLATE_PYTHON names no interpreter with translate-toolkit "
                    f"{PINNED_VERSION} (`python {SCRIPT.relative_to(PROJECT_ROOT)} make DIR` makes one)")
    return python


def run(*arguments: str) -> str:
    done = subprocess.run([weblate_python(), str(SCRIPT), *arguments], capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


def weblate_strings(file_format: str, file: Path) -> dict[str, dict]:
    read = json.loads(run("read", file_format, str(file)))
    assert read["translate_toolkit"] == PINNED_VERSION, "CARDKIT_TT_WEBLATE_PYTHON has another version"
    return {string["id"]: string for string in read["strings"]}


def export(root: Path, folder: Path, file_format: str, language: str = "es") -> Path:
    output = folder / f"{language}.{SUFFIXES[file_format]}"
    result = CliRunner().invoke(main, ["i18n", "export", "--lang", language, "--format", file_format,
                                       "--no-fit-budgets", "-o", str(output), "--root", str(root)])
    assert result.exit_code == 0, result.output
    return output


def state_of(root: Path, key: str) -> str:
    from cardkit.checks.status import translation_states
    from cardkit.i18n.keys import card_key

    database, _, _ = load_database(root)
    return next(state.state for state in translation_states(database, ["es"])
                if card_key(state.kind, state.card_id, state.path) == key)


@pytest.mark.parametrize("weblate_format", ["po", "plainxliff", "xliff"])
def test_the_formats_the_docs_name_show_a_stale_text_as_needing_editing(
        rich_database, tmp_path, weblate_format):
    exported = export(rich_database, tmp_path, "po" if weblate_format == "po" else "xliff")

    strings = weblate_strings(weblate_format, exported)

    assert strings[STALE]["needs_editing"] is True
    assert strings[TRANSLATED]["needs_editing"] is False
    assert strings[TRANSLATED]["target"] == "Encurtido: el #1"


def test_the_gettext_extensions_format_shows_a_stale_text_as_translated(rich_database, tmp_path):
    """Why the docs steer Weblate users away from it: it reads no state of a single text."""
    strings = weblate_strings("poxliff", export(rich_database, tmp_path, "xliff"))

    assert strings[STALE]["target"] and strings[STALE]["needs_editing"] is False


def test_a_stale_text_approved_in_the_plain_xliff_format_is_confirmed(rich_database, tmp_path):
    exported = export(rich_database, tmp_path, "xliff")
    target = weblate_strings("plainxliff", exported)[STALE]["target"]
    run("save", "plainxliff", str(exported), STALE, target, "approved")

    result = CliRunner().invoke(main, ["i18n", "import", str(exported), "--root", str(rich_database)])

    assert result.exit_code == 0, result.output
    assert state_of(rich_database, STALE) == "translated"


def test_a_stale_text_approved_in_the_gettext_extensions_format_stays_unconfirmed(
        rich_database, tmp_path):
    exported = export(rich_database, tmp_path, "xliff")
    target = weblate_strings("poxliff", exported)[STALE]["target"]
    run("save", "poxliff", str(exported), STALE, target, "approved")

    result = CliRunner().invoke(main, ["i18n", "import", str(exported), "--root", str(rich_database)])

    assert result.exit_code == 0, result.output
    assert state_of(rich_database, STALE) == "stale"


def test_a_file_the_gettext_extensions_format_saved_is_refused_saying_which_format_to_pick(
        rich_database, tmp_path):
    exported = export(rich_database, tmp_path, "xliff")
    phrase = "phrasebook:effects.draw_cards.required"
    run("save", "poxliff", str(exported), phrase, weblate_strings("poxliff", exported)[phrase]["target"],
        "approved")
    before = snapshot(rich_database)

    result = CliRunner().invoke(main, ["i18n", "import", str(exported), "--root", str(rich_database)])

    assert result.exit_code == 1
    assert f"the plural group {phrase!r} carries approved, which XLIFF 1.2 puts on trans-units " \
           "only" in result.output
    assert 'set the component\'s file format to "XLIFF 1.2 translation file"' in result.output
    assert snapshot(rich_database) == before


def test_every_german_term_survives_weblates_termbase_reader(tmp_path):
    database, _, _ = load_database(PROJECT_ROOT)
    english, german = database.glossaries["en"], database.glossaries["de"]

    strings = weblate_strings("tbx", export(PROJECT_ROOT, tmp_path, "tbx", "de"))

    assert {term_id: string["target"] for term_id, string in strings.items()} == {
        term_id: german[term_id].term if term_id in german else "" for term_id in english}
    with_forbidden = [term_id for term_id in german if german[term_id].forbidden]
    assert with_forbidden
    for term_id in with_forbidden:
        assert f"forbidden variants: {', '.join(german[term_id].forbidden)}" in strings[term_id]["notes"]


@pytest.mark.parametrize(("writer", "weblate_format", "suffix"), [
    (write_po, "po", "po"), (write_xliff, "plainxliff", "xlf")])
def test_a_fit_budget_is_weblates_max_length(minimal_database, tmp_path, writer, weblate_format, suffix):
    database, _, _ = load_database(minimal_database)
    file = tmp_path / f"es.{suffix}"
    file.write_text(writer(build_catalogue(database, "es", max_lengths={TRANSLATED: 18})),
                    encoding="utf-8")

    strings = weblate_strings(weblate_format, file)

    limited = {key: [flag for flag in string["flags"] if flag.startswith("max-length:")]
               for key, string in strings.items()}
    assert {key: flags for key, flags in limited.items() if flags} == {TRANSLATED: ["max-length:18"]}
