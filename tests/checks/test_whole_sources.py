"""The English texts and the glossaries must be whole: losing them is an error, not silence."""

from __future__ import annotations

from collections import Counter

from click.testing import CliRunner

from cardkit.checks.runner import validate
from cardkit.cli import main


def test_an_emptied_translation_glossary_fails_validation(minimal_database):
    (minimal_database / "locales" / "es" / "glossary.yaml").write_text("")
    report = validate(minimal_database)
    assert Counter(p.code for p in report.errors) == {"glossary-term-lost": 8}
    assert CliRunner().invoke(main, ["validate", str(minimal_database)]).exit_code == 1


def test_a_deleted_english_file_fails_validation(minimal_database):
    (minimal_database / "locales" / "en" / "duel" / "aliens.yaml").unlink()
    report = validate(minimal_database)
    assert sorted((p.code, p.card_id) for p in report.errors) == [
        ("missing-source-text", "iron-matron"), ("missing-source-text", "pickle")]


def test_a_whitespace_name_from_a_po_file_is_refused(minimal_database, tmp_path):
    po = tmp_path / "es.po"
    po.write_text('msgid ""\nmsgstr ""\n"Language: es\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
                  '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
                  'msgctxt "alien:pickle:name"\nmsgid "Pickle"\nmsgstr " \\t "\n', encoding="utf-8")
    before = (minimal_database / "locales" / "es" / "duel" / "aliens.yaml").read_bytes()
    result = CliRunner().invoke(main, ["i18n", "import", str(po), "--root", str(minimal_database)])
    assert (result.exit_code, result.output) == (
        1, f"Error: {po}:7: alien:pickle:name: the translation is only whitespace; leave it empty for no translation\nnothing was written\n")
    assert (minimal_database / "locales" / "es" / "duel" / "aliens.yaml").read_bytes() == before


def test_a_control_character_from_a_po_file_is_refused(minimal_database, tmp_path):
    po = tmp_path / "es.po"
    po.write_text('msgid ""\nmsgstr ""\n"Language: es\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
                  '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
                  'msgctxt "alien:pickle:name"\nmsgid "Pickle"\nmsgstr "Pepi\x14nillo"\n', encoding="utf-8")
    before = (minimal_database / "locales" / "es" / "duel" / "aliens.yaml").read_bytes()
    result = CliRunner().invoke(main, ["i18n", "import", str(po), "--root", str(minimal_database)])
    assert (result.exit_code, result.output) == (
        1, f"Error: {po}:7: alien:pickle:name: the translation holds the control character U+0014 "
           "at character 5; only line breaks and tabs may stand in a text\nnothing was written\n")
    assert (minimal_database / "locales" / "es" / "duel" / "aliens.yaml").read_bytes() == before
