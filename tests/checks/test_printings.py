"""Printed cards as a source, on a scratch copy of the shipped database: the printings a box
declares, citations of them, the marks that follow, and each fault at its position."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardkit.checks.output import format_problem
from cardkit.checks.runner import validate
from cardkit.model.database import load_database
from tests.checks.test_quotes import needs_rulebooks
from tests.rules.conftest import copy_database, replace_in
from tests.test_shipped_database import SEEDS

PRINTINGS = """printings:
  duel-en-1: {language: en, publisher: A publisher, year: 2024}
  duel-es-1:
    language: es
    edition: Primera edición
"""
SWARM_EN = "swarm:\n  name: Swarm\n  provisional: [name]\n"
SWARM_EN_PRINTED = ("swarm:\n  name: Swarm\n  sources:\n    - facts: [name]\n      cites:\n"
                    "        - printing: duel-en-1\n          number: '1'\n")
SWARM_ES_QUOTE = '          quote: "el Enjambre"\n'
SWARM_ES_PRINTED = SWARM_ES_QUOTE + "        - printing: duel-es-1\n          number: '1'\n"
PICKLE_FACTS = "pickle:\n  # The leader in the reinforcement example.\n  unknown: [complexity, powers]\n"
PICKLE_PRINTED = ("pickle:\n  # The leader in the reinforcement example.\n  unknown: [powers]\n"
                  "  complexity: green\n  sources:\n    - facts: [complexity]\n      cites:\n"
                  "        - printing: duel-es-1\n          number: '7'\n")


def printed_database(root: Path) -> Path:
    """The shipped database with two printings declared and cited: the Swarm's English name
    from the English one, its Spanish name from the Spanish one beside the rulebook, and the
    Pickle's complexity from the Spanish one."""
    copy_database(root)
    with (root / "cards/duel/box.yaml").open("a", encoding="utf-8") as box:
        box.write(PRINTINGS)
    replace_in(root / "locales/en/duel/aliens.yaml", SWARM_EN, SWARM_EN_PRINTED)
    replace_in(root / "locales/es/duel/aliens.yaml", SWARM_ES_QUOTE, SWARM_ES_PRINTED)
    replace_in(root / "cards/duel/aliens.yaml", PICKLE_FACTS, PICKLE_PRINTED)
    return root


def _problems(root: Path, rulebooks: Path | None = None) -> list[str]:
    return [format_problem(problem) for problem in validate(root, rulebooks=rulebooks).problems]


@pytest.mark.slow
def test_a_printed_name_needs_no_provisional_mark_and_a_fact_cited_to_a_printing_is_supported(tmp_path):
    root = printed_database(tmp_path / "db")

    assert _problems(root) == []
    database, _, _ = load_database(root)
    assert database.text("en", "swarm").provisional == []
    assert database.boxes["duel"].printings["duel-es-1"].edition == "Primera edición"
    assert database.cards["pickle"].complexity == "green"


@pytest.mark.parametrize("file, old, new, expected", [
    pytest.param(
        "locales/en/duel/aliens.yaml", "printing: duel-en-1", "printing: duel-en-2",
        "cards/duel/box.yaml:119:3: warning: printing-unused: the printing 'duel-en-1' is declared "
        "but nothing cites it: cite it for the facts and texts it gives, or remove it\n"
        "locales/en/duel/aliens.yaml:5:9: error: name-not-provisional: the English name 'name' must "
        "be listed under 'provisional': no rulebook prints the English edition's names (cite an "
        "English printing for a printed name)\n"
        "locales/en/duel/aliens.yaml:9:21: error: provenance-unknown-printing: 'duel-en-2' is not "
        "one of the printings box.yaml declares (duel-en-1, duel-es-1); declare it under "
        "'printings' with its language",
        id="undeclared-printing"),
    pytest.param(
        "locales/en/duel/aliens.yaml", "printing: duel-en-1", "printing: duel-es-1",
        "cards/duel/box.yaml:119:3: warning: printing-unused: the printing 'duel-en-1' is declared "
        "but nothing cites it: cite it for the facts and texts it gives, or remove it\n"
        "locales/en/duel/aliens.yaml:5:9: error: name-not-provisional: the English name 'name' must "
        "be listed under 'provisional': no rulebook prints the English edition's names (cite an "
        "English printing for a printed name)\n"
        "locales/en/duel/aliens.yaml:9:21: error: provenance-language: duel-es-1 is the 'es' "
        "printing; a 'en' text cites a printing in its own language",
        id="printing-of-another-language"),
    pytest.param(
        "locales/en/duel/aliens.yaml", "  name: Swarm\n  sources:", "  name: Swarm\n  provisional: [name]\n  sources:",
        "locales/en/duel/aliens.yaml:6:17: error: printed-provisional: 'name' is cited to a printed "
        "card in its own language, so it is the printed wording: remove it from 'provisional'",
        id="printed-and-provisional"),
    pytest.param(
        "cards/duel/aliens.yaml", "        - printing: duel-es-1\n          number: '7'\n",
        "        - printing: duel-es-1\n          number: 7\n",
        "cards/duel/aliens.yaml:49:19: error: schema-type: sources.1.cites.1.number: expected text, "
        "got a number (7)", id="number-as-a-number"),
    pytest.param(
        "cards/duel/aliens.yaml", "          number: '7'\n", "          numbr: '7'\n",
        "cards/duel/aliens.yaml:49:11: error: schema-unknown-field: unknown field "
        "'sources.1.cites.1.numbr'; did you mean 'number'?", id="misspelt-key"),
])
def test_each_printing_fault_is_reported_at_its_position(tmp_path, file, old, new, expected):
    root = printed_database(tmp_path / "db")
    replace_in(root / file, old, new)

    assert _problems(root) == expected.splitlines()


def test_a_printing_nothing_cites_is_a_warning_at_its_declaration(tmp_path):
    root = copy_database(tmp_path / "db")
    with (root / "cards/duel/box.yaml").open("a", encoding="utf-8") as box:
        box.write("printings:\n  duel-de-1: {language: de}\n")

    assert _problems(root) == [
        "cards/duel/box.yaml:119:3: warning: printing-unused: the printing 'duel-de-1' is declared "
        "but nothing cites it: cite it for the facts and texts it gives, or remove it"]


def test_a_translation_cited_to_nothing_stays_as_it_is(tmp_path):
    """A Spanish name of a game with a Spanish printing still needs a source or the
    provisional mark; the printing changes nothing for the texts that do not cite it."""
    root = printed_database(tmp_path / "db")
    replace_in(root / "locales/es/duel/aliens.yaml",
               "  sources:\n    - facts: [name]\n      cites:\n        - file: 000_9d86faec0599c48a.txt\n"
               "          lines: '167'\n          quote: \"el Primoide\"\n", "")

    assert _problems(root) == [
        "locales/es/duel/aliens.yaml:17:3: error: provenance-missing: the text 'name' has no "
        "source: cite it, or mark it provisional"]


# -- transcriptions: printed cards checked as rulebook lines are -------------------------

TRANSCRIPTION = "Enjambre\nNúmero 1\n\nEl Encurtido\nComplejidad: verde\n"


def _with_transcription(tmp_path: Path, text: str = TRANSCRIPTION, lines: int = 5) -> tuple[Path, Path]:
    root = printed_database(tmp_path / "db")
    replace_in(root / "cards/duel/box.yaml", "    edition: Primera edición\n",
               "    edition: Primera edición\n"
               f"    transcription: {{file: duel-es-1.txt, lines: {lines}}}\n")
    folder = tmp_path / "sources"
    shutil.copytree(SEEDS, folder)
    (folder / "duel-es-1.txt").write_text(text, encoding="utf-8")
    return root, folder


@pytest.mark.slow
@needs_rulebooks
def test_printed_cards_with_a_transcription_are_checked_against_it(tmp_path):
    root, folder = _with_transcription(tmp_path)
    assert _problems(root, folder) == []

    replace_in(root / "cards/duel/aliens.yaml", "          number: '7'\n",
               "          number: '7'\n          quote: \"Complejidad: roja\"\n")
    (folder / "duel-es-1.txt").write_text(TRANSCRIPTION.replace("Enjambre", "Hormiguero"),
                                          encoding="utf-8")
    assert _problems(root, folder) == [
        "cards/duel/aliens.yaml:50:18: error: quote-not-found: the quote 'Complejidad: roja' is "
        "nowhere in duel-es-1.txt, the transcription of duel-es-1 (compared without case, "
        "accents, whitespace or hyphens)",
        "locales/es/duel/aliens.yaml:13:21: error: quote-not-found: the name 'Enjambre' stands "
        "nowhere in duel-es-1.txt, the transcription of duel-es-1: quote the card's words, or "
        "correct the name",
    ]


@needs_rulebooks
def test_a_transcription_missing_or_of_another_length_is_named(tmp_path):
    root, folder = _with_transcription(tmp_path, lines=6)
    assert _problems(root, folder) == [
        f"cards/duel/box.yaml:123:49: error: transcription-lines: {folder}/duel-es-1.txt has 5 lines, "
        "not the 6 box.yaml gives: another text of this transcription, whose lines the citations "
        "do not count"]

    (folder / "duel-es-1.txt").unlink()
    assert _problems(root, folder) == [
        f"cards/duel/box.yaml:123:27: error: transcription-missing: duel-es-1.txt cannot be read "
        f"from {folder}: does not exist"]


@pytest.mark.slow
@needs_rulebooks
def test_a_transcription_of_some_cards_holds_only_those_to_it(tmp_path):
    """The transcription holds the Pickle alone: the Swarm's Spanish name, cited to the same
    printing and nowhere in the file, is checked by the declaration only."""
    root, folder = _with_transcription(tmp_path, text=TRANSCRIPTION.replace("Enjambre", "Hormiguero"))
    replace_in(root / "cards/duel/box.yaml", "lines: 5}", "lines: 5, cards: [pickle]}")
    assert _problems(root, folder) == []

    replace_in(root / "cards/duel/box.yaml", "cards: [pickle]}", "cards: [pickle, pickel]}")
    assert _problems(root, folder) == [
        "cards/duel/box.yaml:123:68: error: transcription-card-unknown: the transcription of "
        "'duel-es-1' holds 'pickel', which is no card of duel: correct the id, or remove it from "
        "the list"]
