"""Right-to-left languages print right to left: a Hebrew and an Arabic card, built in a
project of the tests' own (right_to_left.py), read back from the PDF. Words come in their
order from the right edge, a signed number keeps its sign in front (`-42`, not `42-`), and a
paragraph's lines share their right edge, not their left."""

from __future__ import annotations

import re
import shutil
import subprocess
import unicodedata
from pathlib import Path

import pytest

from cardkit.render.pipeline import build
from tests.render.right_to_left import POWER_TEXTS, right_to_left_project

pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None,
                                reason="pdftotext (Debian package poppler-utils) is not installed")


@pytest.fixture(scope="module")
def right_to_left_build(tmp_path_factory) -> Path:
    """The project with Hebrew and Arabic, built for A4."""
    root = right_to_left_project(tmp_path_factory.mktemp("right-to-left") / "db")
    out = root.parent / "out"
    build(root, out, ["he", "ar"], ["a4"], jobs=1)
    return out


@pytest.mark.slow  # a build
@pytest.mark.parametrize("language", POWER_TEXTS)
def test_a_signed_number_keeps_its_sign_in_front(right_to_left_build, language):
    read = subprocess.run(["pdftotext", str(right_to_left_build / language / "cards-a4.pdf"), "-"],
                          capture_output=True, text=True, check=True).stdout

    assert "-42" in read
    assert "42-" not in read


@pytest.mark.slow  # a build
@pytest.mark.parametrize("language", POWER_TEXTS)
def test_the_text_reads_from_the_right_in_its_order(right_to_left_build, language):
    lines = paragraph_lines(right_to_left_build / language / "cards-a4.pdf", POWER_TEXTS[language])

    # Top to bottom, each line from its right end: the words as written.
    assert [logical(word) for line in lines for word in sorted(line, key=lambda w: -w.right)] \
        == POWER_TEXTS[language].split()


@pytest.mark.slow  # a build
@pytest.mark.parametrize("language", POWER_TEXTS)
def test_the_paragraph_is_aligned_right(right_to_left_build, language):
    lines = paragraph_lines(right_to_left_build / language / "cards-a4.pdf", POWER_TEXTS[language])
    rights = [max(word.right for word in line) for line in lines]
    lefts = [min(word.left for word in line) for line in lines]

    assert len(lines) >= 2
    assert max(rights) - min(rights) < 0.5  # points: one right edge
    assert lefts[-1] - lefts[0] > 40  # the last, short line stops well short of the left edge


@pytest.mark.slow  # a build
@pytest.mark.parametrize("language", POWER_TEXTS)
def test_the_duplex_checks_scales_keep_their_signs_in_front(right_to_left_build, language):
    read = bounding_boxes(right_to_left_build / language / "cards-a4.pdf", first_page_only=True)
    words = {found for *_, found in WORD.findall(read)}

    assert {"-5", "+5"} <= words
    assert not {"5-", "5+"} & words


@pytest.mark.slow  # a build
@pytest.mark.parametrize("language", POWER_TEXTS)
def test_the_reference_sheets_number_their_pages_left_to_right(right_to_left_build, language):
    read = bounding_boxes(right_to_left_build / language / "reference-a4.pdf", first_page_only=True)
    footer = max(WORD.findall(read), key=lambda word: float(word[1]))[1]  # the lowest line
    numbers = sorted((float(left), found) for left, top, _, found in WORD.findall(read) if top == footer)

    assert [found for _, found in numbers][:2] == ["1", "/"]


class Word:
    def __init__(self, text: str, left: float, top: float, right: float):
        self.text, self.left, self.top, self.right = text, left, top, right


TEXT_WIDTH = 55 * 72 / 25.4  # points: a card's text box; the card beside starts 63 mm on

WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)</word>')


def bounding_boxes(pdf: Path, first_page_only: bool = False) -> str:
    """pdftotext's words of the PDF with their boxes (its -bbox HTML)."""
    pages = ["-f", "1", "-l", "1"] if first_page_only else []
    return subprocess.run(["pdftotext", "-bbox", *pages, str(pdf), "-"],
                          capture_output=True, text=True, check=True).stdout


def paragraph_lines(pdf: Path, text: str) -> list[list[Word]]:
    """The words of `text` as the PDF places them (pdftotext's boxes, each word's letters
    in the order they stand on the page, left to right), grouped in lines, top first: on the
    page showing its right-to-left words, within a text box's width of the rightmost (a card
    beside it may show a number of the text too)."""
    read = bounding_boxes(pdf)
    shown = {visual(word) for word in text.split()}
    pages = [[Word(found, float(left), float(top), float(right))
              for left, top, right, found in WORD.findall(page) if found in shown]
             for page in read.split("<page ")]
    words = max(pages, key=lambda page: sum(right_to_left(word.text) for word in page))
    right = max(word.right for word in words if right_to_left(word.text))
    words = [word for word in words if right - TEXT_WIDTH <= word.left and word.right <= right + 1]
    tops = sorted({round(word.top) for word in words})
    return [[word for word in words if round(word.top) == top] for top in tops]


def right_to_left(word: str) -> bool:
    return any(unicodedata.bidirectional(character) in ("R", "AL") for character in word)


def visual(word: str) -> str:
    """A word's letters as they stand on the page: a right-to-left word's reversed."""
    return word[::-1] if right_to_left(word) else word


def logical(word: Word) -> str:
    return visual(word.text)
