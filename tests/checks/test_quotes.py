"""Quotes checked against the rulebooks: `cardkit validate --rulebooks DIR`.

The folding and line arithmetic are tested on small texts; the check itself on a scratch
copy of the shipped database against the rulebooks next to the project, one fault each,
reported at the citation's file:line with the nearest place the quote does stand.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardkit.checks.output import format_problem
from cardkit.checks.quotes import RulebookText, fold
from cardkit.checks.runner import validate
from cardkit.cli.validate import validate_command
from tests.rules.conftest import copy_database, replace_in
from tests.test_shipped_database import SEEDS

ES = "000_9d86faec0599c48a.txt"
CLASSIC = "001_9841a4286c692375.txt"
COSMIC = "002_899f4de90e84aa54.txt"
DE = "003_cadf4f0e38ea8624.txt"

needs_rulebooks = pytest.mark.skipif(
    not SEEDS.is_dir(), reason="the rulebooks are not next to the project (../shared/seeds)")


# -- folding and lines ------------------------------------------------------------------

@pytest.mark.parametrize("printed, quoted", [
    ("el Preserva-\ndor goza", "el Preservador goza"),  # hyphenated at the line end
    ("se dis\nponen a librar", "se disponen a librar"),  # broken without a hyphen
    ("13 cartas de D escubrimiento", "13 cartas de Descubrimiento"),  # a space inside a word
    ("PARASITO", "Parásito"),  # accent dropped by the OCR
    ("Encuentro són reveladas", "Encuentro son reveladas"),  # accent added by the OCR
    ("SÜSSE RACHE", "Süße Rache"),  # case, umlaut and sharp s
    ("ﬁcha del Vórtice", "ficha del Vortice"),  # a ligature
])
def test_a_quote_matches_the_printed_words_through_what_the_ocr_breaks(printed, quoted):
    assert fold(quoted) == fold(printed)


@pytest.mark.parametrize("printed, quoted", [
    ("valor 13", "valor 31"),
    ("«El siniestro»", "«El siniestro!»"),
    ("Ziehe 3 Karten.", "Ziehe 3 Karten,"),
])
def test_folding_keeps_letters_digits_and_punctuation(printed, quoted):
    assert fold(quoted) not in fold(printed)


def test_a_quote_is_found_within_its_lines_and_its_places_are_named_by_line():
    text = RulebookText.of("uno\ndos tres\n\ncuatro cin-\nco\nuno\n")

    assert text.line_count == 6
    assert text.holds(fold("tres cuatro"), 2, 4)
    assert not text.holds(fold("tres cuatro"), 2, 3)
    assert text.holds(fold("cinco"), 4, 5) and not text.holds(fold("cinco"), 5, 6)
    assert list(text.places(fold("uno"))) == [(1, 1), (6, 6)]
    assert list(text.places(fold("cuatro cinco"))) == [(4, 5)]


@pytest.mark.parametrize("text, lines", [("a\nb\n", 2), ("a\nb", 2), ("a\n\n", 2), ("", 0)])
def test_lines_count_as_an_editor_counts_them(text, lines):
    assert RulebookText.of(text).line_count == lines


# -- the check on a scratch copy of the shipped database --------------------------------

def _problems(root: Path, rulebooks: Path = SEEDS) -> list[str]:
    return [format_problem(problem) for problem in validate(root, rulebooks=rulebooks).problems]


def _line_of(root: Path, file: str, text: str) -> int:
    [line] = [number for number, content in
              enumerate((root / file).read_text(encoding="utf-8").splitlines(), 1)
              if content.strip() == text]
    return line


# Each kind of citation moved 30 lines down: where it stands, what it quotes, and where the
# quote does stand.
MOVED = [
    pytest.param("locales/es/duel/plans.yaml", "'604'", "'634'", "«El siniestro»",
                 f"line 634 of {ES}; the nearest place it stands is line 604", id="name"),
    pytest.param("cards/duel/plans.yaml", "603-605", "633-635", "«El siniestro» (valor 13)",
                 f"lines 633-635 of {ES}; the nearest place it stands is line 604", id="number"),
    pytest.param("cards/duel/box.yaml", "'57'", "'87'", "12 Planetenplättchen",
                 f"line 87 of {DE}; the nearest place it stands is line 57", id="box-count"),
    pytest.param("cards/classic/artifacts.yaml", "968-971", "998-1001",
                 "Puedes jugarlo despues de que los naves aliados…",
                 f"lines 998-1001 of {CLASSIC}; the nearest place it stands is lines 968-971",
                 id="timing"),
    pytest.param("cards/duel/emissaries.yaml", "'157'", "'187'", "den Totschläger (☠)",
                 f"line 187 of {DE}; the nearest place it stands is line 157", id="deck"),
    pytest.param("locales/es/classic/artifacts.yaml", "999-1004", "1029-1034",
                 "La victima coloca tres naves de sus colonias en…",
                 f"lines 1029-1034 of {CLASSIC}; the nearest place it stands is lines 1000-1003",
                 id="text"),
    pytest.param("cards/classic/aliens.yaml", "1133-1134", "1163-1164",
                 "un nave Macron en prestamo (que cuenta como 4)",
                 f"lines 1163-1164 of {CLASSIC}; the nearest place it stands is lines 1133-1134",
                 id="shown-fragment"),
    pytest.param("cards/classic/artifacts.yaml", "1099-1101", "1129-1131",
                 "Pero entonces Las cartas de Encuentro són revel…",
                 f"lines 1129-1131 of {CLASSIC}; the nearest place it stands is lines 1099-1101",
                 id="reading"),
]


@pytest.mark.slow
@needs_rulebooks
@pytest.mark.parametrize("file, lines, moved, quote, where", MOVED)
def test_a_citation_moved_30_lines_is_reported_with_the_nearest_place_of_its_quote(
        tmp_path, file, lines, moved, quote, where):
    root = copy_database(tmp_path / "db")
    line, column = _move(root / file, lines, moved, quote.removesuffix("…"))

    assert _problems(root) == [
        f"{file}:{line}:{column}: error: quote-not-found: the quote {quote!r} is not in {where}"]
    assert _problems(root, rulebooks=None) == []  # without the rulebooks, nothing changes


def _move(path: Path, lines: str, moved: str, quote: str) -> tuple[int, int]:
    """Gives the citation of `lines` whose quote begins with `quote` the lines `moved`;
    returns the line and column of its new `lines` value."""
    text = path.read_text(encoding="utf-8").split("\n")
    [index] = [index for index, content in enumerate(text)
               if content.strip() == f"lines: {lines}"
               and text[index + 1].strip().startswith(f'quote: "{quote[:30]}')]
    text[index] = text[index].replace(lines, moved)
    path.write_text("\n".join(text), encoding="utf-8")
    return index + 1, text[index].index(moved) + 1


@needs_rulebooks
def test_a_quote_the_rulebook_does_not_hold_anywhere_is_reported_at_the_quote(tmp_path):
    root = copy_database(tmp_path / "db")
    replace_in(root / "cards/duel/plans.yaml", 'quote: "«El siniestro» (valor 13)"',
               'quote: "«El siniestro» (valor 31)"')

    line = _line_of(root, "cards/duel/plans.yaml", 'quote: "«El siniestro» (valor 31)"')
    assert _problems(root) == [
        f"cards/duel/plans.yaml:{line}:18: error: provenance-contradicted: the quote "
        "'«El siniestro» (valor 31)' does not give 13 for 'value'",
        f"cards/duel/plans.yaml:{line}:18: error: quote-not-found: the quote "
        f"'«El siniestro» (valor 31)' is nowhere in {ES} (compared without case, accents, "
        "whitespace or hyphens)"]


@needs_rulebooks
def test_a_number_its_quotes_do_not_give_is_a_contradiction(tmp_path):
    root = copy_database(tmp_path / "db")
    replace_in(root / "cards/duel/plans.yaml", "value: 13", "value: 14")

    es = _line_of(root, "cards/duel/plans.yaml", 'quote: "«El siniestro» (valor 13)"')
    de = _line_of(root, "cards/duel/plans.yaml", 'quote: "„Die Wilde 13“"')
    assert _problems(root) == [
        f"cards/duel/plans.yaml:{es}:18: error: provenance-contradicted: the quote "
        "'«El siniestro» (valor 13)' does not give 14 for 'value'",
        f"cards/duel/plans.yaml:{de}:18: error: provenance-contradicted: the quote "
        "'„Die Wilde 13“' does not give 14 for 'value'"]


@needs_rulebooks
def test_a_name_its_quote_does_not_give_is_a_contradiction(tmp_path):
    root = copy_database(tmp_path / "db")
    replace_in(root / "locales/es/duel/plans.yaml", "name: El siniestro", "name: El diestro")

    line = _line_of(root, "locales/es/duel/plans.yaml", 'quote: "«El siniestro»"')
    assert [problem for problem in _problems(root) if "provenance" in problem] == [
        f"locales/es/duel/plans.yaml:{line}:18: error: provenance-contradicted: the quote "
        "'«El siniestro»' does not give 'El diestro' for 'name'"]


@needs_rulebooks
def test_a_box_count_its_quote_does_not_give_is_a_contradiction(tmp_path):
    root = copy_database(tmp_path / "db")
    replace_in(root / "cards/duel/box.yaml", "  orange: 17\n", "  orange: 16\n")

    problems = [problem for problem in _problems(root) if "provenance" in problem]
    es = _line_of(root, "cards/duel/box.yaml", 'quote: "17 cartas de Plan naranjas"')
    de = _line_of(root, "cards/duel/box.yaml", 'quote: "17 orange Plankarten"')
    assert problems == [
        f"cards/duel/box.yaml:{es}:16: error: provenance-contradicted: the quote "
        "'17 cartas de Plan naranjas' does not give 16 for 'plans.orange'",
        f"cards/duel/box.yaml:{de}:16: error: provenance-contradicted: the quote "
        "'17 orange Plankarten' does not give 16 for 'plans.orange'"]


@needs_rulebooks
def test_a_reading_is_not_held_to_the_letter_of_its_quote(tmp_path):
    root = copy_database(tmp_path / "db")
    replace_in(root / "locales/de/duel/aliens.yaml", "name: Eingelegter", "name: Eingemachter")

    assert _problems(root) == []


# -- the rulebook folder ----------------------------------------------------------------

def _rulebooks(tmp_path: Path) -> Path:
    folder = tmp_path / "rulebooks"
    folder.mkdir()
    for path in SEEDS.glob("00[0-4]_*.txt"):
        shutil.copy(path, folder / path.name)
    return folder


@needs_rulebooks
def test_a_rulebook_missing_from_the_folder_is_reported_at_its_entry_in_box_yaml(tmp_path):
    root, folder = copy_database(tmp_path / "db"), _rulebooks(tmp_path)
    (folder / COSMIC).unlink()

    line = _line_of(root, "cards/cosmic/box.yaml", f"{COSMIC}: {{language: es, lines: 287}}")
    [problem] = _problems(root, folder)
    assert problem.startswith(f"cards/cosmic/box.yaml:{line}:3: error: rulebook-missing: {COSMIC} "
                              f"cannot be read from {folder}: ")


@needs_rulebooks
def test_a_rulebook_of_another_line_count_is_not_read_for_quotes(tmp_path):
    root, folder = copy_database(tmp_path / "db"), _rulebooks(tmp_path)
    longer = "Vorwort\n" + (SEEDS / DE).read_text(encoding="utf-8")
    (folder / DE).write_text(longer, encoding="utf-8")

    line = _line_of(root, "cards/duel/box.yaml", f"{DE}: {{language: de, lines: 696}}")
    assert _problems(root, folder) == [
        f"cards/duel/box.yaml:{line}:51: error: rulebook-lines: {folder / DE} has 697 lines, "
        "not the 696 box.yaml gives: another text of this rulebook, whose lines the citations "
        "do not count"]


# -- the command ------------------------------------------------------------------------

@pytest.mark.slow
@needs_rulebooks
def test_validate_with_rulebooks_passes_the_shipped_database_and_fails_a_moved_citation(tmp_path):
    root = copy_database(tmp_path / "db")
    runner = CliRunner()

    clean = runner.invoke(validate_command, [str(root), "--rulebooks", str(SEEDS)])
    replace_in(root / "locales/es/duel/plans.yaml", "lines: '604'", "lines: '634'")
    moved = runner.invoke(validate_command, [str(root), "--rulebooks", str(SEEDS)])
    without = runner.invoke(validate_command, [str(root)])

    assert clean.exit_code == 0, clean.output
    assert moved.exit_code == 1 and "quote-not-found" in moved.output
    assert without.exit_code == 0, without.output


def test_validate_refuses_a_rulebook_folder_that_does_not_exist(tmp_path):
    root = copy_database(tmp_path / "db")

    result = CliRunner().invoke(validate_command,
                                [str(root), "--rulebooks", str(tmp_path / "none")])

    assert result.exit_code == 2 and "does not exist" in result.output
