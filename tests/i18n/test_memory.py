"""The translation memory: the closest confirmed translations of a text's English, and the
memory as TMX that translate-toolkit (what Weblate, Pootle and Virtaal read it with) reads."""

from __future__ import annotations

from click.testing import CliRunner
from translate.storage.tmx import tmxfile

from cardkit.cli import main
from cardkit.i18n.memory import FUZZY_CUTOFF, TranslationMemory
from cardkit.model.database import load_database
from tests.conftest import PROJECT_ROOT


def shipped_memory(language: str = "de") -> TranslationMemory:
    database, _, _ = load_database(PROJECT_ROOT)
    return TranslationMemory(database, language)


def test_the_memory_holds_every_confirmed_translation_and_nothing_else():
    database, _, _ = load_database(PROJECT_ROOT)
    from cardkit.checks.status import translation_states

    confirmed = {(state.card_id, state.path) for state in translation_states(database, ["de"])
                 if state.state == "translated" and state.text}
    memory = TranslationMemory(database, "de")

    assert len(confirmed) > 50
    assert {(entry.card_id, entry.path) for entry in memory.entries} == confirmed


def test_a_text_gets_the_closest_translations_of_other_texts_with_their_score():
    memory = shipped_memory()
    draw_three = next(entry for entry in memory.entries if entry.english == "Draw 3 cards.")

    [best, *_] = memory.suggestions("Draw 2 cards.", "some-card", "text")

    assert (best.english, best.translation) == (draw_three.english, draw_three.translation)
    assert FUZZY_CUTOFF <= best.score < 100
    assert memory.suggestions("Draw 3 cards.", "some-card", "text")[0].score == 100


def test_a_texts_own_translation_is_not_suggested_to_it():
    memory = shipped_memory()
    entry = next(entry for entry in memory.entries if entry.english == "Draw 3 cards.")

    suggested = memory.suggestions(entry.english, entry.card_id, entry.path)

    assert (entry.card_id, entry.path) not in {(found.card_id, found.path) for found in suggested}


def test_nothing_below_the_cutoff_is_suggested():
    assert shipped_memory().suggestions("Zzyzx qwv.", "some-card", "text") == []


def test_the_tmx_export_reads_in_translate_toolkit_with_every_pair(tmp_path):
    output = tmp_path / "de.tmx"
    result = CliRunner().invoke(main, ["i18n", "export", "--lang", "de", "--format", "tmx",
                                       "-o", str(output), "--root", str(PROJECT_ROOT)])
    assert result.exit_code == 0, result.output

    units = tmxfile(output.read_bytes(), sourcelanguage="en", targetlanguage="de").units
    memory = shipped_memory()
    assert len(units) == len(memory.entries) > 50
    assert {(unit.source, unit.target) for unit in units} == {
        (entry.english, entry.translation) for entry in memory.entries}
    again = tmp_path / "again.tmx"
    CliRunner().invoke(main, ["i18n", "export", "--lang", "de", "--format", "tmx", "-o", str(again),
                              "--root", str(PROJECT_ROOT)])
    assert again.read_bytes() == output.read_bytes()
