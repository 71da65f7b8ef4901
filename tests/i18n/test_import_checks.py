"""Import checks what it would write: each fault injected through PO and through XLIFF is
refused at the line of the translator's file (or, for a warning, listed and written), and
no YAML file changes unless the import is accepted."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardkit.checks.status import translation_states
from cardkit.cli import main
from cardkit.model.database import load_database
from tests.conftest import PROJECT_ROOT
from tests.i18n.conftest import snapshot

FORMATS = ("po", "xliff")


def export(root: Path, tmp_path: Path, file_format: str, language: str = "es") -> Path:
    output = tmp_path / f"{language}.{'po' if file_format == 'po' else 'xlf'}"
    result = CliRunner().invoke(main, ["i18n", "export", "--lang", language, "--format", file_format,
                                       "-o", str(output), "--root", str(root)])
    assert result.exit_code == 0, result.output
    return output


def import_file(root: Path, file: Path, *options: str):
    return CliRunner().invoke(main, ["i18n", "import", str(file), "--root", str(root),
                                                     *options])


def edit(file: Path, old: str, new: str) -> None:
    text = file.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    file.write_text(text.replace(old, new), encoding="utf-8")


def target(file_format: str, text: str) -> str:
    """How a translation stands in the file: a PO msgstr or an XLIFF target's text."""
    return f'msgstr "{text}"' if file_format == "po" else f">{text}</target>"


def plural_target(file_format: str, index: int, text: str) -> str:
    return f'msgstr[{index}] "{text}"' if file_format == "po" else f">{text}</target>"


def line_of(file: Path, key: str) -> int:
    """The line cardkit names for a unit: its msgctxt, or its trans-unit or group."""
    pattern = re.compile(rf'^(msgctxt "{re.escape(key)}"|\s*<(trans-unit|group) id="{re.escape(key)}")')
    lines = file.read_text(encoding="utf-8").splitlines()
    return next(number for number, line in enumerate(lines, 1) if pattern.match(line))


def states(root: Path) -> dict:
    database, _, _ = load_database(root)
    return {(s.card_id, s.path): s.state for s in translation_states(database, ["es"])}


PUNISH = "alien:iron-matron:powers.punish.text"
PUNISH_ES = "Siempre que tu adversario tenga exactamente 1 carta en la mano, debe enseñártela."
LAW = "alien:iron-matron:powers.lay-down-the-law.text"
LAW_ES = "Después de que se muestren los Planes, puedes contar cada 20 mostrado como un 42."
DRAW = "phrasebook:effects.draw_cards.required"

# (key, old text, new text, plural form index or None, the message after "file:line: key: ")
ERRORS = {
    "number": (PUNISH, PUNISH_ES, PUNISH_ES.replace("1 carta", "2 cartas"), None,
               "number-mismatch: powers.punish.text: numbers differ from the English text: "
               "2 here, 1 in English"),
    "icon": (PUNISH, PUNISH_ES, PUNISH_ES + " [blast]", None,
             "icon-mismatch: powers.punish.text: icons differ from the English text: [blast] here, "
             "none in English"),
    "optional": (LAW, LAW_ES, LAW_ES.replace("puedes contar", "cuentas"), None,
                 "optional-mismatch: powers.lay-down-the-law.text: the English text is optional "
                 "(may); this text is not (expected one of: puedes, puede, pueden, podrás, podrá)"),
    "placeholder-misspelt": (DRAW, "Roba {count} cartas.", "Roba {coUnt} cartas.", 1,
                             "placeholder-mismatch: effects.draw_cards.required.other: unknown "
                             "placeholder {coUnt}; this text may use {count}"),
    "placeholder-dropped": (DRAW, "Roba {count} carta.", "Roba una carta.", 0,
                            "placeholder-mismatch: effects.draw_cards.required.one: the "
                            "placeholder {count} of the English text is missing"),
    "placeholder-format": (DRAW, "Roba {count} cartas.", "Roba {count:x>3000000000} cartas.", 1,
                           "placeholder-malformed: effects.draw_cards.required.other: "
                           "'{count:x>3000000000}' is not a placeholder: write a plain name in "
                           "braces such as {count}, without format, index or attribute"),
}


@pytest.mark.parametrize("file_format", FORMATS)
@pytest.mark.parametrize("case", ERRORS)
def test_an_error_the_import_would_bring_is_refused_at_its_line(minimal_database, tmp_path,
                                                                file_format, case):
    key, old, new, form, message = ERRORS[case]
    exported = export(minimal_database, tmp_path, file_format)
    written = target(file_format, old) if form is None else plural_target(file_format, form, old)
    edit(exported, written, written.replace(old, new))
    before = snapshot(minimal_database)

    result = import_file(minimal_database, exported)

    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == f"Error: {exported}:{line_of(exported, key)}: {key}: {message}"
    assert result.stderr.splitlines()[-1] == "nothing was written"
    assert snapshot(minimal_database) == before


def test_a_phrase_that_breaks_a_card_is_refused_at_the_phrase(minimal_database, tmp_path):
    exported = export(minimal_database, tmp_path, "po")
    edit(exported, 'msgstr[1] "Roba {count} cartas."', 'msgstr[1] "Toma {count} cartas."')
    before = snapshot(minimal_database)

    result = import_file(minimal_database, exported)

    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == (
        f"Error: {exported}:{line_of(exported, DRAW)}: {DRAW}: effect-wording: prizes.winner.text "
        "does not say what the card does (draw_cards); expected: 'Toma 2 cartas.'")
    assert snapshot(minimal_database) == before


@pytest.mark.parametrize("file_format", FORMATS)
def test_a_warning_is_listed_and_the_text_written(minimal_database, tmp_path, file_format):
    exported = export(minimal_database, tmp_path, file_format)
    edit(exported, target(file_format, LAW_ES), target(file_format, LAW_ES.replace("los Planes", "las cartas")))

    result = import_file(minimal_database, exported)

    assert result.exit_code == 0
    assert result.stderr.splitlines()[0] == (
        f"{exported}:{line_of(exported, LAW)}: warning: {LAW}: glossary-missing: "
        "powers.lay-down-the-law.text: the English text uses 'plan'; its approved translation "
        "'Plan' (or a form of it) is missing here")
    assert "las cartas" in (minimal_database / "locales/es/duel/aliens.yaml").read_text(encoding="utf-8")
    assert states(minimal_database)[("iron-matron", "powers.lay-down-the-law.text")] == "translated"


@pytest.mark.parametrize("file_format", FORMATS)
def test_white_space_at_the_ends_of_a_name_is_taken_off_with_a_warning(minimal_database, tmp_path,
                                                                       file_format):
    exported = export(minimal_database, tmp_path, file_format)
    edit(exported, target(file_format, "Encurtido"), target(file_format, " Encurtido "))

    result = import_file(minimal_database, exported)

    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines()[0] == (
        f"{exported}:{line_of(exported, 'alien:pickle:name')}: warning: alien:pickle:name: "
        "whitespace: white space taken off the ends of ' Encurtido '")
    spanish = (minimal_database / "locales/es/duel/aliens.yaml").read_text(encoding="utf-8")
    assert "  name: Encurtido\n" in spanish
    assert states(minimal_database)[("pickle", "name")] == "translated"


@pytest.mark.parametrize("file_format", FORMATS)
def test_written_anyway_a_text_stays_unconfirmed(minimal_database, tmp_path, file_format):
    exported = export(minimal_database, tmp_path, file_format)
    edit(exported, target(file_format, PUNISH_ES), target(file_format, PUNISH_ES.replace("1 carta", "2 cartas")))

    result = import_file(minimal_database, exported, "--write-unconfirmed")

    assert result.exit_code == 0
    assert result.stderr.splitlines()[0] == (
        f"{exported}:{line_of(exported, PUNISH)}: error, written unconfirmed: {PUNISH}: "
        "number-mismatch: powers.punish.text: numbers differ from the English text: 2 here, 1 in English")
    assert "2 cartas" in (minimal_database / "locales/es/duel/aliens.yaml").read_text(encoding="utf-8")
    assert states(minimal_database)[("iron-matron", "powers.punish.text")] == "stale"
    status = CliRunner().invoke(main, ["status", str(minimal_database), "--lang", "es"])
    assert "stale: es duel iron-matron powers.punish.text" in status.output


def test_written_anyway_does_not_cover_a_broken_phrase(minimal_database, tmp_path):
    exported = export(minimal_database, tmp_path, "po")
    edit(exported, 'msgstr[1] "Roba {count} cartas."', 'msgstr[1] "Roba {coUnt} cartas."')
    before = snapshot(minimal_database)

    result = import_file(minimal_database, exported, "--write-unconfirmed")

    assert result.exit_code == 1
    assert snapshot(minimal_database) == before


# How a translator's tool says "not confirmed": (format, what is changed in the unit).
UNCONFIRMED = {
    "po-fuzzy": ("po", ('msgctxt "alien:pickle:name"', '#, fuzzy\nmsgctxt "alien:pickle:name"')),
    "xliff-approved-no": ("xliff", ('"alien:pickle:name" approved="yes"', '"alien:pickle:name" approved="no"')),
    "xliff-not-approved": ("xliff", ('"alien:pickle:name" approved="yes"', '"alien:pickle:name"')),
    "xliff-needs-review": ("xliff", ('<target state="translated">Encurtido',
                                     '<target state="needs-review-translation">Encurtido')),
    "xliff-new": ("xliff", ('<target state="translated">Encurtido', '<target state="new">Encurtido')),
    "xliff-needs-edit": ("xliff", ('<target state="translated">Encurtido',
                                   '<target state="needs-translation">Encurtido')),
}


@pytest.mark.parametrize("case", UNCONFIRMED)
def test_an_unconfirmed_text_is_written_but_never_confirmed(minimal_database, tmp_path, case):
    file_format, (old, new) = UNCONFIRMED[case]
    exported = export(minimal_database, tmp_path, file_format)
    edit(exported, old, new)
    edit(exported, target(file_format, "Encurtido"), target(file_format, "Pepinillo"))

    result = import_file(minimal_database, exported)

    assert result.exit_code == 0, result.output
    assert "  name: Pepinillo\n" in (minimal_database / "locales/es/duel/aliens.yaml").read_text(encoding="utf-8")
    assert states(minimal_database)[("pickle", "name")] == "stale"


@pytest.mark.parametrize("file_format", FORMATS)
def test_a_fuzzy_phrase_is_skipped(minimal_database, tmp_path, file_format):
    exported = export(minimal_database, tmp_path, file_format)
    if file_format == "po":
        edit(exported, f'msgctxt "{DRAW}"', f'#, fuzzy\nmsgctxt "{DRAW}"')
    else:
        edit(exported, f'id="{DRAW}[0]" approved="yes"', f'id="{DRAW}[0]" approved="no"')
    edit(exported, plural_target(file_format, 0, "Roba {count} carta."),
         plural_target(file_format, 0, "Roba {count} carta nueva."))
    before = snapshot(minimal_database)

    result = import_file(minimal_database, exported)

    assert result.exit_code == 0
    assert result.stdout == (f"{exported}:{line_of(exported, DRAW)}: {DRAW}: not written: it is fuzzy "
                             "(needs review), and a phrase has no unconfirmed state; confirm it to "
                             "import it\n")
    assert snapshot(minimal_database) == before


@pytest.mark.slow
@pytest.mark.parametrize("file_format", FORMATS)
def test_a_file_relabelled_to_another_language_is_refused(tmp_path, file_format):
    root = tmp_path / "shipped"
    for folder in ("cards", "locales"):
        shutil.copytree(PROJECT_ROOT / folder, root / folder)
    exported = export(root, tmp_path, file_format, "de")
    if file_format == "po":
        edit(exported, '"Language: de\\n"', '"Language: es\\n"')
    else:
        edit(exported, 'target-language="de"', 'target-language="es"')
    before = snapshot(root)

    result = import_file(root, exported)

    header = 4 if file_format == "po" else 3  # the header entry, the <file> element
    assert result.exit_code == 1
    assert result.stderr == (f"Error: {exported}:{header}: the file says its language is 'es' but it "
                             "was exported for 'de'; its texts are not es texts: export again for es\n"
                             "nothing was written\n")
    assert snapshot(root) == before
