"""Texts that copy a rulebook's sentences: `cardkit validate --rulebooks DIR` reports a run
of 8 words or more a text shares with a rulebook, at the text, unless the text is cited as
the printed wording of those lines. The word matching is tested on small texts; the check on
a scratch copy of the shipped database against the rulebooks next to the project."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardkit.checks.copies import COPIED_RUN, copied_runs, run_index
from cardkit.checks.output import format_problem
from cardkit.checks.quotes import RulebookText, SourceTexts
from cardkit.checks.runner import validate
from tests.checks.test_quotes import ES, needs_rulebooks
from tests.rules.conftest import copy_database, replace_in
from tests.test_shipped_database import SEEDS

BOOK = "Al empezar, cada jugador\nroba cinco cartas del mazo de Destino y las encuen-\ntro todas.\n"


def _runs(text: str, book: str = BOOK) -> list[tuple[int, int, str]]:
    texts = SourceTexts({"book.txt": RulebookText.of(book)}, {})
    return [(run.first, run.last, " ".join(run.words))
            for run in copied_runs(text, run_index(texts), texts)]


def test_a_rulebook_is_read_word_by_word_with_a_word_broken_at_a_line_end_joined():
    book = RulebookText.of(BOOK)
    assert book.words[-3:] == ("las", "encuentro", "todas")
    assert book.word_lines[-3:] == (2, 2, 3)


def test_a_run_of_eight_words_is_found_through_case_accents_and_line_ends():
    assert COPIED_RUN == 8
    assert _runs("Cada jugador ROBA cinco cartas del mazo de Destino.") == [
        (1, 2, "cada jugador roba cinco cartas del mazo de destino")]
    assert _runs("Y luego las encuentro todas, dice.") == []
    assert _runs("del mazo de Destino y las encuentro todas") == [
        (2, 3, "del mazo de destino y las encuentro todas")]


def test_seven_words_in_a_row_are_not_a_copy():
    assert _runs("Cada jugador roba cinco cartas del mazo, y nada más.") == []


def test_each_run_is_reported_once_at_its_longest():
    assert len(_runs("al empezar cada jugador roba cinco cartas del mazo de destino")) == 1


# -- the check on the database -----------------------------------------------------------

ALIENS = "locales/es/duel/aliens.yaml"
OURS = ("      text: Después de mostrarse los Planes, puedes hacer que cada 20 mostrado cuente "
        "como un 42 o \n        como un -42.")
COPIED = ("      text: Después de que se muestren los Planes, puedes contar cada 20 mostrado "
          "como un 42 o \n        como un -42.")


def _problems(root: Path) -> list[str]:
    return [format_problem(problem) for problem in validate(root, rulebooks=SEEDS).problems]


def _line_of(root: Path, start: str) -> int:
    [line] = [number for number, content in
              enumerate((root / ALIENS).read_text(encoding="utf-8").splitlines(), 1)
              if content.startswith(start)]
    return line


@needs_rulebooks
def test_a_planted_copy_is_reported_at_its_text(tmp_path):
    root = copy_database(tmp_path)
    replace_in(root / ALIENS, OURS, COPIED)
    line = _line_of(root, "      text: Después de que se muestren")

    assert _problems(root) == [
        f"{ALIENS}:{line}:13: error: copied-wording: 8 words in a row stand in {ES} lines 878-879 "
        "('despues de que se muestren los planes puedes'): write the text in our own words, "
        "or cite those lines as its printed wording"]


@needs_rulebooks
def test_a_text_cited_plainly_as_the_printed_wording_of_those_lines_may_share_them(tmp_path):
    root = copy_database(tmp_path)
    replace_in(root / ALIENS, OURS, COPIED)
    replace_in(root / ALIENS, """            como si fuera de valor «42• o bien •-42"
      reading: Our wording of the power printed on the card image, which the OCR leaves readable.
""", """            como si fuera de valor «42• o bien •-42"
""")

    assert _problems(root) == []


@needs_rulebooks
@pytest.mark.parametrize("language", ["en", "de"])
def test_every_language_is_checked(tmp_path, language):
    """A Spanish rulebook's sentence copied into another language's text is a copy too."""
    root = copy_database(tmp_path)
    aliens = root / "locales" / language / "duel" / "aliens.yaml"
    lines = aliens.read_text(encoding="utf-8").splitlines()
    power = lines.index("    lay-down-the-law:")
    text = next(number for number in range(power, len(lines)) if lines[number].startswith("      text:"))
    end = next(number for number in range(text + 1, len(lines)) if not lines[number].startswith("        "))
    lines[text:end] = [COPIED.split("\n")[0].rstrip() + " como un -42."]
    aliens.write_text("\n".join(lines) + "\n", encoding="utf-8")

    copies = [problem for problem in _problems(root) if ": error: copied-wording: " in problem]
    assert copies == [f"locales/{language}/duel/aliens.yaml:{text + 1}:13: error: copied-wording: 8 words "
                      f"in a row stand in {ES} lines 878-879 ('despues de que se muestren los planes "
                      "puedes'): write the text in our own words, or cite those lines as its printed "
                      "wording"]
