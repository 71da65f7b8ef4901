"""Export then import: nothing changes without edits, and each edit lands in its own field."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardkit.checks.status import translation_states
from cardkit.cli import main
from cardkit.model.database import load_database
from cardkit.model.texts import fingerprint
from tests.conftest import PROJECT_ROOT, SHIPPED_TRANSLATIONS
from tests.i18n.conftest import RICH_SPANISH_ALIENS, snapshot

FORMATS = {"po": "es.po", "xliff": "es.xlf"}


def run(*arguments: str):
    return CliRunner().invoke(main, list(arguments))


def export(root: Path, language: str, file_format: str, tmp_path: Path) -> Path:
    output = tmp_path / f"{language}.{'po' if file_format == 'po' else 'xlf'}"
    result = run("i18n", "export", "--lang", language, "--format", file_format, "-o", str(output),
                 "--root", str(root))
    assert result.exit_code == 0, result.output
    return output


def import_file(root: Path, file: Path):
    result = run("i18n", "import", str(file), "--root", str(root))
    assert result.exit_code == 0, result.output
    return result


def states(root: Path, language: str = "es") -> dict:
    database, _, _ = load_database(root)
    return {(s.card_id, s.path): s for s in translation_states(database, [language])}


@pytest.mark.parametrize("file_format", FORMATS)
def test_export_then_import_leaves_every_file_byte_identical(rich_database, tmp_path, file_format):
    before = snapshot(rich_database)
    exported = export(rich_database, "es", file_format, tmp_path)

    result = import_file(rich_database, exported)

    assert snapshot(rich_database) == before
    assert "0 texts updated" in result.output


@pytest.mark.slow
@pytest.mark.parametrize("language", SHIPPED_TRANSLATIONS)
@pytest.mark.parametrize("file_format", FORMATS)
def test_the_shipped_database_survives_a_round_trip(tmp_path, language, file_format):
    root = tmp_path / "shipped"
    for folder in ("cards", "locales"):
        shutil.copytree(PROJECT_ROOT / folder, root / folder)
    before = snapshot(root)

    import_file(root, export(root, language, file_format, tmp_path))

    assert snapshot(root) == before


def test_po_export_carries_state_notes_and_context(rich_database, tmp_path):
    text = export(rich_database, "es", "po", tmp_path).read_text(encoding="utf-8")

    assert '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"' in text
    assert ('# Mantén el tono "oficial".\n# Segunda línea.\n#. alien Iron Matron\n'
            '#: locales/es/duel/aliens.yaml:7\nmsgctxt "alien:iron-matron:powers.punish.text"\n'
            'msgid "Whenever your opponent holds exactly 1 card, they must show it to you."\n'
            'msgstr ""\n"Siempre que tu adversario tenga exactamente 1 carta, debe enseñártela.\\n"\n'
            '"Si es un [blast], **ganas** — 勝利 — Ωμέγα \\"citado\\" \'simple\' \\\\ barra & <b>."\n'
            ) in text
    assert ('#. needs review: this translation was translated from an earlier English text\n'
            '#: locales/es/duel/aliens.yaml:11\n#, fuzzy\n'
            'msgctxt "alien:iron-matron:powers.lay-down-the-law.name"\n') in text
    assert ('msgctxt "alien:iron-matron:powers.lay-down-the-law.text"\n'
            'msgid "After plans are revealed, you may count each revealed 20 as a 42."\n'
            'msgstr ""\n') in text
    assert '#. note: Keep it short & <plain>; "Matron" is a title.\n' in text
    assert ('msgctxt "phrasebook:effects.draw_cards.required"\nmsgid "Draw {count} card."\n'
            'msgid_plural "Draw {count} cards."\nmsgstr[0] "Roba {count} carta."\n'
            'msgstr[1] "Roba {count} cartas."\n') in text


def test_xliff_export_carries_state_notes_and_plural_groups(rich_database, tmp_path):
    text = export(rich_database, "es", "xliff", tmp_path).read_text(encoding="utf-8")

    assert ('<trans-unit id="alien:iron-matron:powers.lay-down-the-law.name" approved="no" '
            'xml:space="preserve">\n'
            '        <source>Lay Down the Law</source>\n'
            '        <target state="needs-translation">Mano dura</target>') in text
    assert '<file original="cardkit:duel:es" datatype="plaintext"' in text
    assert ('<trans-unit id="alien:iron-matron:powers.lay-down-the-law.text" xml:space="preserve">\n'
            '        <source>After plans are revealed, you may count each revealed 20 as a 42.</source>\n'
            '        <target state="new"/>\n') in text
    assert ('<target state="translated">Siempre que tu adversario tenga exactamente 1 carta, '
            'debe enseñártela.\nSi es un [blast], **ganas** — 勝利 — Ωμέγα "citado" \'simple\' '
            '\\ barra &amp; &lt;b&gt;.</target>') in text
    assert '<note from="translator">Mantén el tono "oficial".\nSegunda línea.</note>' in text
    assert ('<group id="phrasebook:effects.draw_cards.required" restype="x-gettext-plurals">\n'
            '        <trans-unit id="phrasebook:effects.draw_cards.required[0]" approved="yes" '
            'xml:space="preserve">\n'
            '          <source>Draw {count} card.</source>\n'
            '          <target state="translated">Roba {count} carta.</target>\n') in text


def edited(file: Path, old: str, new: str) -> Path:
    text = file.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    file.write_text(text.replace(old, new), encoding="utf-8")
    return file


ALIENS = Path("locales/es/duel/aliens.yaml")

EDITS = {
    # (format, what the translator changes in the exchange file, the change in aliens.yaml)
    "po-text": ("po", ('msgstr "Encurtido: el #1"', 'msgstr "Pepinillo \\"n.º 1\\""'),
                ("name: 'Encurtido: el #1'", "name: 'Pepinillo \"n.º 1\"'")),
    "xliff-text": ("xliff", (">Encurtido: el #1<", ">Pepinillo &lt;1&gt; &amp; co<"),
                   ("name: 'Encurtido: el #1'", "name: 'Pepinillo <1> & co'")),
    "po-block": ("po", ('\\"citado\\"', "«citado»"), ('"citado"', "«citado»")),
    "xliff-note": ("xliff", ("Segunda línea.</note>", "Segunda línea, revisada.</note>"),
                   ("      Segunda línea.\n", "      Segunda línea, revisada.\n")),
}


@pytest.mark.parametrize("case", EDITS)
def test_an_edit_lands_in_exactly_its_field(rich_database, tmp_path, case):
    file_format, (old, new), (yaml_old, yaml_new) = EDITS[case]
    before = snapshot(rich_database)
    exported = edited(export(rich_database, "es", file_format, tmp_path), old, new)

    result = import_file(rich_database, exported)

    after = snapshot(rich_database)
    assert {path for path in after if after[path] != before[path]} == {ALIENS}
    assert after[ALIENS].decode() == RICH_SPANISH_ALIENS.replace(yaml_old, yaml_new)
    assert "1 text updated" in result.output


@pytest.mark.parametrize("file_format", FORMATS)
def test_clearing_the_review_flag_records_the_current_fingerprint(rich_database, tmp_path, file_format):
    exported = export(rich_database, "es", file_format, tmp_path)
    if file_format == "po":
        exported = edited(exported, "#, fuzzy\n", "")
    else:
        exported = edited(exported, '"needs-translation">Mano dura', '"translated">Mano dura')
        exported = edited(exported, 'lay-down-the-law.name" approved="no"',
                          'lay-down-the-law.name" approved="yes"')

    import_file(rich_database, exported)

    text = (rich_database / ALIENS).read_text(encoding="utf-8")
    assert text == RICH_SPANISH_ALIENS.replace("0000abcd", fingerprint("Lay Down the Law"))
    assert states(rich_database)[("iron-matron", "powers.lay-down-the-law.name")].state == "translated"


def test_setting_the_review_flag_makes_a_translation_stale(rich_database, tmp_path):
    exported = edited(export(rich_database, "es", "po", tmp_path),
                      'msgctxt "alien:pickle:name"', '#, fuzzy\nmsgctxt "alien:pickle:name"')

    import_file(rich_database, exported)

    text = (rich_database / ALIENS).read_text(encoding="utf-8")
    assert text.endswith("pickle:\n  name: 'Encurtido: el #1'\n")
    assert states(rich_database)[("pickle", "name")].state == "stale"


@pytest.mark.parametrize("file_format", FORMATS)
def test_a_missing_text_filled_in_goes_before_the_fingerprints(rich_database, tmp_path, file_format):
    old, new = (('42."\nmsgstr ""', '42."\nmsgstr "Después puedes contar cada 20 como un 42.\\nY «más»."')
                if file_format == "po" else
                ('42.</source>\n        <target state="new"/>',
                 '42.</source>\n        <target state="translated">Después puedes contar cada 20 como '
                 'un 42.\nY «más».</target>'))
    exported = edited(export(rich_database, "es", file_format, tmp_path), old, new)
    if file_format == "xliff":
        exported = edited(exported, 'lay-down-the-law.text" xml:space',
                          'lay-down-the-law.text" approved="yes" xml:space')

    import_file(rich_database, exported)

    english = fingerprint("After plans are revealed, you may count each revealed 20 as a 42.")
    text = (rich_database / ALIENS).read_text(encoding="utf-8")
    assert text == RICH_SPANISH_ALIENS.replace(
        "      name: Mano dura\n",
        '      name: Mano dura\n      text: "Después puedes contar cada 20 como un 42.\\nY «más»."\n').replace(
        "  notes:", f"    powers.lay-down-the-law.text: {english}\n  notes:")
    state = states(rich_database)[("iron-matron", "powers.lay-down-the-law.text")]
    assert (state.state, state.text) == ("translated", "Después puedes contar cada 20 como un 42.\nY «más».")


def test_a_card_without_an_entry_gets_one_and_a_missing_file_is_created(minimal_database, tmp_path):
    aliens = minimal_database / ALIENS
    aliens.write_text(aliens.read_text(encoding="utf-8").split("\npickle:")[0], encoding="utf-8")
    (minimal_database / "locales/es/duel/plans.yaml").unlink()
    exported = edited(export(minimal_database, "es", "po", tmp_path),
                      'msgid "Pickle"\nmsgstr ""', 'msgid "Pickle"\nmsgstr "Pepinillo"')
    exported = edited(exported, 'msgid "The Wild One"\nmsgstr ""',
                      'msgid "The Wild One"\nmsgstr "El salvaje"')

    import_file(minimal_database, exported)

    assert aliens.read_text(encoding="utf-8").endswith(
        "    powers.lay-down-the-law.text: 88ac88b9\n\n"
        f"pickle:\n  name: Pepinillo\n  translated_from:\n    name: {fingerprint('Pickle')}\n")
    assert (minimal_database / "locales/es/duel/plans.yaml").read_text(encoding="utf-8") == (
        f"wild:\n  name: El salvaje\n  translated_from:\n    name: {fingerprint('The Wild One')}\n")
    assert states(minimal_database)[("wild", "name")].state == "translated"


@pytest.mark.parametrize("file_format", FORMATS)
def test_a_plural_form_lands_in_the_phrasebook(rich_database, tmp_path, file_format):
    old, new = (('msgstr[0] "Roba {count} carta."', 'msgstr[0] "Roba {count} carta «nueva»."')
                if file_format == "po" else
                (">Roba {count} carta.<", ">Roba {count} carta «nueva».<"))
    phrasebook = Path("locales/es/phrasebook.yaml")
    before = snapshot(rich_database)
    exported = edited(export(rich_database, "es", file_format, tmp_path), old, new)

    import_file(rich_database, exported)

    after = snapshot(rich_database)
    assert {path for path in after if after[path] != before[path]} == {phrasebook}
    assert after[phrasebook].decode() == before[phrasebook].decode().replace(
        "      one: Roba {count} carta.\n", "      one: Roba {count} carta «nueva».\n")
