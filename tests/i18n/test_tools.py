"""cardkit's exchange files in the translators' own tools: gettext's msgfmt, msgcat and
msgmerge, polib, and translate-toolkit's stores and converters."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import polib
import pytest
from click.testing import CliRunner
from translate.convert import po2xliff, xliff2po
from translate.storage import factory

from cardkit.checks.status import translation_states
from cardkit.cli import main
from cardkit.model.database import load_database
from tests.i18n.conftest import snapshot

needs_gettext = pytest.mark.skipif(shutil.which("msgfmt") is None,
                                   reason="gettext's tools are not installed")


def export(root: Path, tmp_path: Path, file_format: str = "po", language: str = "es") -> Path:
    tmp_path.mkdir(exist_ok=True)
    output = tmp_path / f"{language}.{'po' if file_format == 'po' else 'xlf'}"
    result = CliRunner().invoke(main, ["i18n", "export", "--lang", language, "--format", file_format,
                                       "-o", str(output), "--root", str(root)])
    assert result.exit_code == 0, result.output
    return output


def state_of(root: Path, card_id: str, path: str) -> str:
    database, _, _ = load_database(root)
    return next(s.state for s in translation_states(database, ["es"])
                if (s.card_id, s.path) == (card_id, path))


def replaced(file: Path, old: str, new: str) -> Path:
    text = file.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    file.write_text(text.replace(old, new), encoding="utf-8")
    return file


def msgfmt_check(file: Path) -> subprocess.CompletedProcess:
    return subprocess.run(["msgfmt", "-c", "-o", "/dev/null", str(file)], capture_output=True,
                          text=True, check=False)


@needs_gettext
def test_msgfmt_accepts_an_export_and_catches_a_broken_placeholder(minimal_database, tmp_path):
    exported = export(minimal_database, tmp_path)
    assert msgfmt_check(exported).returncode == 0
    assert '#, python-brace-format\nmsgctxt "phrasebook:effects.draw_cards.required"' in \
        exported.read_text(encoding="utf-8")

    broken = replaced(exported, 'msgstr[1] "Roba {count} cartas."', 'msgstr[1] "Roba {coUnt} cartas."')
    checked = msgfmt_check(broken)

    assert checked.returncode == 1
    assert "a format specification for argument 'coUnt' doesn't exist in 'msgid_plural'" in checked.stderr


def import_file(root: Path, file: Path):
    return CliRunner().invoke(main, ["i18n", "import", str(file), "--root", str(root)])


def changed_files(before: dict[Path, bytes], root: Path) -> dict[Path, tuple[str, str]]:
    after = snapshot(root)
    return {path: (before.get(path, b"").decode(), after[path].decode())
            for path in after if after[path] != before.get(path)}


ALIENS = Path("locales/es/duel/aliens.yaml")


def only_pickle_renamed(before: dict[Path, bytes], root: Path, name: str) -> bool:
    changes = changed_files(before, root)
    old, new = changes[ALIENS]
    return set(changes) == {ALIENS} and new == old.replace("  name: Encurtido\n", f"  name: {name}\n")


def edit_target_with_toolkit(exchange_file: Path, context: str, target: str,
                             fuzzy: bool = False) -> None:
    """Sets one entry's target (and marks it fuzzy) as a CAT tool would, through
    translate-toolkit's store (a PO entry is found by its context, an XLIFF unit by its id)."""
    store = factory.getobject(str(exchange_file))
    unit = next(unit for unit in store.units
                if unit.getid().endswith(context) or unit.getcontext() == context)
    unit.target = target
    if fuzzy:
        unit.markfuzzy(True)
    store.save()


@pytest.mark.parametrize("file_format", ["po", "xliff"])
def test_a_target_edited_through_translate_toolkits_store_lands_in_its_field(
        minimal_database, tmp_path, file_format):
    exported = export(minimal_database, tmp_path, file_format)
    edit_target_with_toolkit(exported, "alien:pickle:name", "Pepinillo")
    before = snapshot(minimal_database)

    result = import_file(minimal_database, exported)

    assert result.exit_code == 0, result.output
    assert only_pickle_renamed(before, minimal_database, "Pepinillo")
    assert state_of(minimal_database, "pickle", "name") == "translated"


@pytest.mark.parametrize("file_format", ["po", "xliff"])
def test_a_unit_marked_fuzzy_in_translate_toolkit_is_not_confirmed(minimal_database, tmp_path,
                                                                    file_format):
    exported = export(minimal_database, tmp_path, file_format)
    edit_target_with_toolkit(exported, "alien:pickle:name", "Pepinillo", fuzzy=True)

    result = import_file(minimal_database, exported)

    assert result.exit_code == 0, result.output
    assert state_of(minimal_database, "pickle", "name") == "stale"


def test_polib_edit_lands_in_its_field(minimal_database, tmp_path):
    exported = export(minimal_database, tmp_path)
    catalogue = polib.pofile(str(exported))
    catalogue.find("Pickle", msgctxt="alien:pickle:name").msgstr = "Pepinillo"
    catalogue.save()
    before = snapshot(minimal_database)

    result = import_file(minimal_database, exported)

    assert result.exit_code == 0, result.output
    assert only_pickle_renamed(before, minimal_database, "Pepinillo")


@needs_gettext
def test_msgcat_keeps_every_key_header_and_flag(minimal_database, tmp_path):
    exported = export(minimal_database, tmp_path)
    concatenated = tmp_path / "cat.po"
    subprocess.run(["msgcat", "--width=40", str(exported), "-o", str(concatenated)], check=True)
    text = concatenated.read_text(encoding="utf-8")
    assert '"X-Cardkit-Language: es\\n"' in text and "#, python-brace-format" in text
    before = snapshot(minimal_database)

    result = import_file(minimal_database, concatenated)

    assert result.exit_code == 0, result.output
    assert snapshot(minimal_database) == before


@needs_gettext
def test_msgmerge_carries_an_edit_and_leaves_its_guess_unconfirmed(minimal_database, tmp_path):
    translators = export(minimal_database, tmp_path)
    translators.write_text(translators.read_text(encoding="utf-8").replace(
        'msgstr "Encurtido"', 'msgstr "Pepinillo"'), encoding="utf-8")
    english = minimal_database / "locales/en/duel/aliens.yaml"
    english.write_text(english.read_text(encoding="utf-8").replace(
        "name: Iron Matron", "name: Iron Matriarch"), encoding="utf-8")
    newer = export(minimal_database, tmp_path / "newer")
    merged = tmp_path / "merged.po"
    subprocess.run(["msgmerge", "--quiet", "--previous", str(translators), str(newer), "-o", str(merged)], check=True)
    assert '#, fuzzy\n#| msgctxt "alien:iron-matron:name"\n#| msgid "Iron Matron"\n' in \
        merged.read_text(encoding="utf-8")
    before = snapshot(minimal_database)

    result = import_file(minimal_database, merged)

    assert result.exit_code == 0, result.output
    assert only_pickle_renamed(before, minimal_database, "Pepinillo")
    assert state_of(minimal_database, "iron-matron", "name") == "stale"


def test_po2xliff_output_is_refused_saying_which_route_works(minimal_database, tmp_path):
    exported = export(minimal_database, tmp_path)
    converted = tmp_path / "converted.xlf"
    po2xliff.main([str(exported), str(converted)])

    result = import_file(minimal_database, converted)

    assert (result.exit_code, result.output) == (1, (
        f"Error: {converted}:2: this is XLIFF 1.1, as translate-toolkit's po2xliff writes it: its "
        "trans-unit ids are numbers, so cardkit's keys (the PO msgctxt) are lost; import the PO "
        "file itself, or export XLIFF with `cardkit i18n export --format xliff`\nnothing was written\n"))


def test_xliff2po_output_is_refused_saying_which_route_works(minimal_database, tmp_path):
    exported = export(minimal_database, tmp_path, "xliff")
    converted = tmp_path / "converted.po"
    xliff2po.main([str(exported), str(converted)])

    result = import_file(minimal_database, converted)

    assert result.exit_code == 1
    assert result.output.startswith(
        f"Error: {converted}:3: this PO file was made by translate-toolkit's xliff2po, which drops "
        "cardkit's keys (the XLIFF trans-unit ids) and the Language; import the XLIFF file itself, "
        "or export PO with `cardkit i18n export --format po`\n")


@pytest.mark.parametrize("language", ["es_ES", "es-ES"])
def test_a_po_labelled_with_a_region_of_its_language_is_that_language(minimal_database, tmp_path,
                                                                      language):
    """polib sets `Language: es_ES` (or Poedit's `es-ES`), as a translator's tool would."""
    exported = export(minimal_database, tmp_path)
    catalogue = polib.pofile(str(exported))
    catalogue.metadata["Language"] = language
    next(entry for entry in catalogue if entry.msgctxt == "alien:pickle:name").msgstr = "Pepinillo"
    catalogue.save()
    before = snapshot(minimal_database)

    result = import_file(minimal_database, exported)

    assert result.exit_code == 0, result.output
    assert only_pickle_renamed(before, minimal_database, "Pepinillo")


def test_an_xliff_of_a_region_of_its_language_is_that_language(minimal_database, tmp_path):
    exported = export(minimal_database, tmp_path, "xliff")
    store = factory.getobject(str(exported))
    store.settargetlanguage("es-ES")
    store.save()
    edit_target_with_toolkit(exported, "alien:pickle:name", "Pepinillo")
    assert 'target-language="es-ES"' in exported.read_text(encoding="utf-8")
    before = snapshot(minimal_database)

    result = import_file(minimal_database, exported)

    assert result.exit_code == 0, result.output
    assert only_pickle_renamed(before, minimal_database, "Pepinillo")


def test_another_language_with_a_region_is_refused_naming_both(minimal_database, tmp_path):
    exported = export(minimal_database, tmp_path)
    catalogue = polib.pofile(str(exported))
    catalogue.metadata["Language"] = "de_DE"
    catalogue.save()
    before = snapshot(minimal_database)

    result = import_file(minimal_database, exported)

    assert result.exit_code == 1
    assert "the file says its language is 'de_DE' but it was exported for 'es'" in result.output
    assert snapshot(minimal_database) == before


@needs_gettext
def test_a_stale_entry_carries_the_previous_english_as_msgmerge_writes_it(minimal_database, tmp_path):
    git = ["git", "-C", str(minimal_database), "-c", "user.name=t", "-c", "user.email=t@example.org"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-qm", "start"], check=True)
    before = export(minimal_database, tmp_path / "before")
    replaced(minimal_database / "locales/en/duel/aliens.yaml", "name: Pickle", "name: Gherkin")
    subprocess.run([*git, "commit", "-qam", "renamed"], check=True)

    after = export(minimal_database, tmp_path / "after")
    merged = tmp_path / "merged.po"
    subprocess.run(["msgmerge", "--previous", "-q", "-o", str(merged), str(before), str(after)],
                   check=True)

    ours = next(entry for entry in polib.pofile(str(after)) if entry.msgctxt == "alien:pickle:name")
    theirs = next(entry for entry in polib.pofile(str(merged)) if entry.msgctxt == "alien:pickle:name")
    assert (ours.previous_msgctxt, ours.previous_msgid, ours.msgid, ours.fuzzy) == \
        ("alien:pickle:name", "Pickle", "Gherkin", True)
    assert (theirs.previous_msgctxt, theirs.previous_msgid) == (ours.previous_msgctxt, ours.previous_msgid)
    assert msgfmt_check(after).returncode == 0


def test_a_stale_xliff_unit_is_in_a_state_weblate_counts_as_needing_edit(rich_database, tmp_path):
    """Weblate flags "needs editing" for the states new, needs-translation, needs-adaptation
    and needs-l10n (its documentation, XLIFF, Translation states); translate-toolkit reads
    the unit as fuzzy."""
    exported = export(rich_database, tmp_path, "xliff")
    store = factory.getobject(str(exported))
    stale = next(unit for unit in store.units
                 if unit.getid().endswith("alien:iron-matron:powers.lay-down-the-law.name"))

    assert stale.xmlelement.find(f"{{{stale.namespace}}}target").get("state") in (
        "new", "needs-translation", "needs-adaptation", "needs-l10n")
    assert stale.isfuzzy() and not stale.isapproved()


def test_a_string_weblate_approved_comes_back_confirmed(minimal_database, tmp_path):
    """Weblate with reviews writes a reviewed string `approved="yes"` and drops the state."""
    exported = export(minimal_database, tmp_path, "xliff")
    replaced(exported, '<target state="translated">Encurtido</target>', "<target>Pepinillo</target>")
    before = snapshot(minimal_database)

    result = import_file(minimal_database, exported)

    assert result.exit_code == 0, result.output
    assert only_pickle_renamed(before, minimal_database, "Pepinillo")
    assert state_of(minimal_database, "pickle", "name") == "translated"
