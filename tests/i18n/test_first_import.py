"""A language's first import, with its phrasebook's marker words still empty as `i18n init`
writes them: accepted, each unchecked meaning a warning naming the phrasebook entry, every
warning about what the import touches; and the marker words filled in a PO tool, as the
names and texts are, and taken into the phrasebook."""

from __future__ import annotations

import polib
import pytest
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
    key_line = exported.read_text(encoding="utf-8").splitlines().index(f'msgctxt "{KEY}"') + 1
    warnings = [line for line in result.output.splitlines() if ": warning: " in line]
    # Every warning is about the one card the import touches, at its unit's line: none for
    # the cards of the game it begins without touching them.
    assert [line.split(": ", 3)[0] for line in warnings] == [f"{exported}:{key_line}"] * 3
    assert [line.split(": ", 3)[3] for line in warnings] == [
        "missing-text: alien 'iron-matron' has no pl text for: name, powers.punish.name, "
        "powers.punish.text, powers.lay-down-the-law.name",
        "marker-words-missing: powers.lay-down-the-law.text: the English text is timed 'after' "
        "(After), and the pl phrasebook gives no words for that yet: add them under "
        "'timing.after' in locales/pl/phrasebook.yaml, so the text is checked for it",
        "marker-words-missing: powers.lay-down-the-law.text: the English text is optional (may), "
        "and the pl phrasebook gives no words for that yet: add them under 'optional' in "
        "locales/pl/phrasebook.yaml, so the text is checked for it"]
    database, _, _ = load_database(minimal_database)
    assert database.text("pl", "iron-matron").powers["lay-down-the-law"].text == POLISH


# The names, texts and marker words a Polish translator fills in a PO tool; the marker words
# for "before" and "after" are left for later.
POLISH_NAMES = {"alien:iron-matron:name": "Żelazna Matrona",
                "alien:iron-matron:powers.punish.name": "Kara",
                "alien:iron-matron:powers.lay-down-the-law.name": "Twarda ręka",
                "alien:pickle:name": "Ogórek"}
# "Whenever ... they must show it to you": "cannot hide it from you", with "nie może", which
# must not be read as the "may" word "może".
PUNISH_KEY = "alien:iron-matron:powers.punish.text"
POLISH_PUNISH = "Ilekroć twój przeciwnik ma dokładnie 1 kartę, nie może jej przed tobą ukryć."
POLISH_MARKERS = {"phrasebook:optional.words": "możesz, może, mogą",
                  "phrasebook:timing.when.words": "gdy, ilekroć"}


def markers_imported(root: str, exported) -> None:
    """Polish begun and exported, its marker words filled in the PO file with polib, imported."""
    begun_and_exported(root, exported)
    catalogue = polib.pofile(str(exported))
    for entry in catalogue:
        entry.msgstr = POLISH_MARKERS.get(entry.msgctxt, entry.msgstr)
    catalogue.save()
    assert cardkit("i18n", "import", str(exported), "--root", root).exit_code == 0


def begun_and_exported(root: str, exported) -> None:
    assert cardkit("i18n", "init", "pl", "--root", root).exit_code == 0
    assert cardkit("i18n", "export", "--lang", "pl", "-o", str(exported), "--root", root).exit_code == 0


def test_a_first_round_of_names_texts_and_marker_words_is_accepted_in_one_import(minimal_database,
                                                                                 tmp_path):
    root = str(minimal_database)
    exported = tmp_path / "pl.po"
    begun_and_exported(root, exported)
    catalogue = polib.pofile(str(exported))
    filled = POLISH_NAMES | POLISH_MARKERS | {PUNISH_KEY: POLISH_PUNISH, KEY: POLISH}
    for entry in catalogue:
        entry.msgstr = filled.get(entry.msgctxt, entry.msgstr)
    assert catalogue.find("not", msgctxt="phrasebook:optional.unless_preceded_by").msgstr == "nie"
    catalogue.save()
    key_line = exported.read_text(encoding="utf-8").splitlines().index(f'msgctxt "{KEY}"') + 1

    result = cardkit("i18n", "import", str(exported), "--root", root)

    assert result.exit_code == 0, result.output
    warnings = [line for line in result.output.splitlines() if ": warning: " in line]
    assert warnings == [
        f"{exported}:{key_line}: warning: {KEY}: marker-words-missing: powers.lay-down-the-law.text: "
        "the English text is timed 'after' (After), and the pl phrasebook gives no words for that "
        "yet: add them under 'timing.after' in locales/pl/phrasebook.yaml, so the text is checked "
        "for it"]
    assert result.output.splitlines()[-1] == "8 texts updated"
    database, _, _ = load_database(minimal_database)
    phrasebook = database.phrasebooks["pl"]
    assert (phrasebook.optional.words, phrasebook.optional.unless_preceded_by) == (
        ["możesz", "może", "mogą"], ["nie"])
    assert phrasebook.timing["when"].words == ["gdy", "ilekroć"]
    assert phrasebook.timing["after"] is None
    assert database.text("pl", "iron-matron").powers["punish"].text == POLISH_PUNISH


def test_the_marker_words_come_back_in_the_next_export_and_change_nothing_again(minimal_database,
                                                                                tmp_path):
    root = str(minimal_database)
    exported = tmp_path / "pl.po"
    markers_imported(root, exported)
    phrasebook = minimal_database / "locales/pl/phrasebook.yaml"
    written = phrasebook.read_text(encoding="utf-8")

    again = tmp_path / "again.xlf"
    assert cardkit("i18n", "export", "--lang", "pl", "--format", "xliff", "-o", str(again),
                   "--root", root).exit_code == 0
    result = cardkit("i18n", "import", str(again), "--root", root)

    assert result.output.splitlines() == ["0 texts updated"]
    assert phrasebook.read_text(encoding="utf-8") == written
    assert "\noptional:\n  words: [możesz, może, mogą]  # English: words: [may]\n" in written
    assert "  when:\n    words: [gdy, ilekroć]  # English: words: [when, whenever]\n" in written
    assert "  # A word for \"may\" right after one of these is no option" in written
    sent = {entry.msgctxt: entry.msgstr for entry in polib.pofile(str(exported))
            if entry.msgctxt.startswith("phrasebook:") and "effects" not in entry.msgctxt}
    assert sent == POLISH_MARKERS | {"phrasebook:optional.unless_preceded_by": "nie",
                                     "phrasebook:timing.before.words": "",
                                     "phrasebook:timing.after.words": ""}


@pytest.mark.parametrize(("language", "negations"), [("pl", ["nie"]), ("ru", ["не"]), ("cs", None)])
def test_init_ships_the_negations_a_language_puts_before_its_may(minimal_database, language,
                                                                 negations):
    assert cardkit("i18n", "init", language, "--root", str(minimal_database)).exit_code == 0

    database, _, _ = load_database(minimal_database)
    optional = database.phrasebooks[language].optional
    assert (optional.unless_preceded_by if optional else None) == negations
    assert optional is None or optional.words is None


def test_marker_words_that_an_untouched_text_does_not_use_are_refused_at_their_entry(
        minimal_database, tmp_path):
    root = str(minimal_database)
    exported = tmp_path / "pl.po"
    begun_and_exported(root, exported)
    catalogue = polib.pofile(str(exported))
    catalogue.find("After plans are revealed, you may count each revealed 20 as a 42.",
                   msgctxt=KEY).msgstr = POLISH
    catalogue.save()
    assert cardkit("i18n", "import", str(exported), "--root", root).exit_code == 0
    later = tmp_path / "later.po"
    assert cardkit("i18n", "export", "--lang", "pl", "-o", str(later), "--root", root).exit_code == 0
    catalogue = polib.pofile(str(later))
    catalogue.find("may", msgctxt="phrasebook:optional.words").msgstr = "wolno"
    catalogue.save()
    line = later.read_text(encoding="utf-8").splitlines().index('msgctxt "phrasebook:optional.words"') + 1

    result = cardkit("i18n", "import", str(later), "--root", root)

    assert result.exit_code == 1
    assert result.output.splitlines()[0] == (
        f"Error: {later}:{line}: phrasebook:optional.words: optional-mismatch: "
        "powers.lay-down-the-law.text: the English text is optional (may); this text is not "
        "(expected one of: wolno)")


def test_status_lists_the_marker_words_still_to_fill(minimal_database, tmp_path):
    root = str(minimal_database)
    exported = tmp_path / "pl.po"
    markers_imported(root, exported)

    status = cardkit("status", "--lang", "pl", root).output.splitlines()

    assert [line for line in status if "to fill" in line and ".words" in line] == [
        "locales/pl/phrasebook.yaml:26:3: to fill: pl phrasebook timing.before.words",
        "locales/pl/phrasebook.yaml:27:3: to fill: pl phrasebook timing.after.words"]
