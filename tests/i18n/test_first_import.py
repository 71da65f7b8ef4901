"""A language's first import, with its phrasebook's marker words still empty as `i18n init`
writes them: accepted, each unchecked meaning a warning naming the phrasebook entry."""

from __future__ import annotations

import polib
from click.testing import CliRunner

from cardkit.cli import main
from cardkit.model.database import load_database

KEY = "alien:iron-matron:powers.lay-down-the-law.text"  # "After plans are revealed, you may ..."
POLISH = "Po ujawnieniu Planów możesz liczyć każde ujawnione 20 jako 42."


def cardkit(*arguments: str):
    return CliRunner().invoke(main, list(arguments))


def test_a_text_with_marker_words_is_accepted_before_the_phrasebook_names_them(minimal_database, tmp_path):
    root = str(minimal_database)
    assert cardkit("i18n", "init", "pl", "--root", root).exit_code == 0
    exported = tmp_path / "pl.po"
    assert cardkit("i18n", "export", "--lang", "pl", "-o", str(exported), "--root", root).exit_code == 0
    catalogue = polib.pofile(str(exported))
    catalogue.find("After plans are revealed, you may count each revealed 20 as a 42.", msgctxt=KEY).msgstr = POLISH
    catalogue.save()

    result = cardkit("i18n", "import", str(exported), "--root", root)

    assert result.exit_code == 0, result.output
    warnings = [line.split(": ", 3)[3] for line in result.output.splitlines()
                if ": warning: " in line and "marker-words-missing" in line]
    assert warnings == [
        "marker-words-missing: powers.lay-down-the-law.text: the English text is timed 'after' "
        "(After), and the pl phrasebook gives no words for that yet: add them under "
        "'timing.after' in locales/pl/phrasebook.yaml, so the text is checked for it",
        "marker-words-missing: powers.lay-down-the-law.text: the English text is optional (may), "
        "and the pl phrasebook gives no words for that yet: add them under 'optional' in "
        "locales/pl/phrasebook.yaml, so the text is checked for it"]
    database, _, _ = load_database(minimal_database)
    assert database.text("pl", "iron-matron").powers["lay-down-the-law"].text == POLISH
