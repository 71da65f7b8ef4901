"""Preflight of the written card sheets, read from the PDFs: crop marks that print, cards that
keep to their own edges, viewer preferences for duplex at actual size."""

from __future__ import annotations

import shutil
import subprocess

import pikepdf
import pypdfium2
import pytest
from PIL import Image

from cardkit.faces.documents import LanguageContext
from cardkit.faces.layout import (BLEED, CROSS_REACH, MARGIN, PAPERS, SCALE_REACH, ZERO_TICK,
                                   crop_marks)
from cardkit.model.database import load_database
from cardkit.render.impose import MARK_WIDTH
from cardkit.render.pipeline import card_sheets
from tests.render.conftest import PROJECT, duel_folder, mm

CASES = [("en", "a4"), ("de", "letter")]
FIRST_FRONT = 2  # pages 0 and 1 are the duplex check


def strokes(page) -> list[tuple[float, tuple[float, float, float, float]]]:
    """Every stroked line of a page's own content: (width in pt, (x1, y1, x2, y2) in mm)."""
    lines, width, start, segments = [], None, None, []
    for operands, operator in pikepdf.parse_content_stream(page):
        name = str(operator)
        if name == "w":
            width = float(operands[0])
        elif name == "m":
            start = tuple(float(value) for value in operands)
        elif name == "l":
            end = tuple(float(value) for value in operands)
            segments.append((start, end))
            start = end
        elif name == "S":
            lines += [(width, (mm(a[0]), mm(a[1]), mm(b[0]), mm(b[1]))) for a, b in segments]
            segments = []
    return lines


def painted_areas(page) -> list[tuple[tuple[float, float, float, float], tuple[float, float, float, float]]]:
    """Per face drawn: its clip (what it may paint) and its trim, as (left, bottom, right, top) in mm."""
    areas, clip = [], None
    xobjects = page.Resources.XObject
    origin = None
    for operands, operator in pikepdf.parse_content_stream(page):
        name = str(operator)
        if name == "re":
            x, y, w, h = (float(value) for value in operands)
            clip = (mm(x), mm(y), mm(x + w), mm(y + h))
        elif name == "cm":
            origin = (mm(operands[4]), mm(operands[5]))
        elif name == "Do":
            _, _, width, height = (mm(value) for value in xobjects[str(operands[0])].BBox)
            trim = (origin[0] + BLEED, origin[1] + BLEED, origin[0] + width - BLEED, origin[1] + height - BLEED)
            areas.append((clip, trim))
    return areas


def overlap(a, b) -> bool:
    return a[0] < b[2] - 1e-3 and b[0] < a[2] - 1e-3 and a[1] < b[3] - 1e-3 and b[1] < a[3] - 1e-3


def first_sheet_held(language: str, paper: str) -> set[int]:
    """The slots of the Duel's first card sheet that hold a card (decks stand apart)."""
    context = LanguageContext(PROJECT, language, load_database(PROJECT)[0], ["duel"])
    return {index for index, card in enumerate(card_sheets(context, paper)[0]) if card is not None}


@pytest.fixture(scope="module")
def sheets_of(built):
    opened = {}

    def open_pdf(language, paper):
        if (language, paper) not in opened:
            opened[language, paper] = pikepdf.open(built / duel_folder(language) / f"cards-{paper}.pdf")
        return opened[language, paper]
    yield open_pdf
    for pdf in opened.values():
        pdf.close()


@pytest.mark.parametrize("language, paper", CASES)
def test_crop_marks_are_stroked_in_registration_black_clear_of_edges_and_bleed(sheets_of, language, paper):
    pdf, sheet = sheets_of(language, paper), PAPERS[paper]
    for index, filled in ((0, None), (FIRST_FRONT, first_sheet_held(language, paper))):
        page = pdf.pages[index]
        marks = [line for line in strokes(page) if line[0] == MARK_WIDTH]
        assert len(marks) == len(crop_marks(sheet, filled))
        bleeds = [(trim[0] - BLEED, trim[1] - BLEED, trim[2] + BLEED, trim[3] + BLEED)
                  for _, trim in painted_areas(page)]
        colour_space = page.Resources.ColorSpace.Registration
        assert (str(colour_space[0]), str(colour_space[1])) == ("/Separation", "/All")
        for width, (x1, y1, x2, y2) in marks:
            assert width >= 0.25
            for x, y in ((x1, y1), (x2, y2)):
                assert MARGIN - 0.01 <= x <= sheet.width - MARGIN + 0.01
                assert MARGIN - 0.01 <= y <= sheet.height - MARGIN + 0.01
            # A line is given a hundredth of a millimetre of thickness across it.
            line_box = (min(x1, x2), min(y1, y2), max(x1, x2) + (1e-2 if x1 == x2 else 0),
                        max(y1, y2) + (1e-2 if y1 == y2 else 0))
            assert not any(overlap(line_box, bleed) for bleed in bleeds)


@pytest.mark.parametrize("language, paper", CASES)
def test_no_cards_painted_area_reaches_into_another_cards_trim(sheets_of, language, paper):
    pdf = sheets_of(language, paper)
    fronts_and_backs = list(pdf.pages)[FIRST_FRONT:]
    assert len(fronts_and_backs) >= 2
    for page in fronts_and_backs:
        areas = painted_areas(page)
        assert areas
        for index, (clip, trim) in enumerate(areas):
            tolerance = 0.01  # mm: coordinates are written to a thousandth of a point
            assert clip[0] <= trim[0] + tolerance and clip[1] <= trim[1] + tolerance
            assert clip[2] >= trim[2] - tolerance and clip[3] >= trim[3] - tolerance
            for other, (_, other_trim) in enumerate(areas):
                if other != index:
                    assert not overlap(clip, other_trim)


@pytest.mark.parametrize("language, paper", CASES)
def test_viewers_are_asked_for_actual_size_and_long_edge_duplex(sheets_of, language, paper):
    preferences = sheets_of(language, paper).Root.ViewerPreferences
    assert str(preferences.PrintScaling) == "/None"
    assert str(preferences.Duplex) == "/DuplexFlipLongEdge"


DPI = 300


def mark_darkness(image: Image.Image, paper, filled=None) -> list[int]:
    """The darkest grey value along the middle of each crop mark, in a rendering of a page
    whose `filled` slots hold a card (default: all)."""
    grey = image.convert("L")
    scale = DPI / 25.4
    values = []
    for mark in crop_marks(paper, filled):
        samples = []
        for step in range(1, 10):
            x = mark.x1 + (mark.x2 - mark.x1) * step / 10
            y = mark.y1 + (mark.y2 - mark.y1) * step / 10
            px, py = round(x * scale), round(y * scale)
            samples += [grey.getpixel((px + dx, py + dy)) for dx in (-1, 0, 1) for dy in (-1, 0, 1)]
        values.append(min(samples))
    return values


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="Poppler's pdftoppm is not installed")
def test_crop_marks_are_dark_in_pdfium_and_in_poppler(built, tmp_path):
    path, paper = built / duel_folder("en") / "cards-a4.pdf", PAPERS["a4"]
    document = pypdfium2.PdfDocument(str(path))
    try:
        pdfium = document[FIRST_FRONT].render(scale=DPI / 72).to_pil()
    finally:
        document.close()
    subprocess.run(["pdftoppm", "-r", str(DPI), "-f", str(FIRST_FRONT + 1), "-l", str(FIRST_FRONT + 1),
                    "-gray", "-singlefile", "-png", str(path), str(tmp_path / "poppler")], check=True)
    with Image.open(tmp_path / "poppler.png") as poppler:
        for rendering in (pdfium, poppler):
            darkness = mark_darkness(rendering, paper, first_sheet_held("en", "a4"))
            assert len(darkness) >= 8
            assert all(value < 80 for value in darkness)


def long_lines(lines, length: float, vertical: bool):
    return [line for _, line in lines
            if abs((abs(line[3] - line[1]) if vertical else abs(line[2] - line[0])) - length) < 0.05
            and (line[0] == line[2] if vertical else line[1] == line[3])]


@pytest.mark.parametrize("language, paper", CASES)
def test_the_duplex_check_reads_zero_on_a_perfect_print(sheets_of, language, paper):
    pdf, sheet = sheets_of(language, paper), PAPERS[paper]
    front, back = strokes(pdf.pages[0]), strokes(pdf.pages[1])
    zero_ticks_x = {round(line[0], 3) for line in long_lines(front, 2 * ZERO_TICK, vertical=True)}
    zero_ticks_y = {round(line[1], 3) for line in long_lines(front, 2 * ZERO_TICK, vertical=False)}
    cross_x = [line[0] for line in long_lines(back, 2 * CROSS_REACH[1], vertical=True)]
    cross_y = [line[1] for line in long_lines(back, 2 * CROSS_REACH[0], vertical=False)]
    assert len(cross_x) == len(cross_y) == sheet.cards_per_sheet - 1
    # Where each back line lands on the front after a flip on the long edge.
    landed_x = [x if sheet.landscape else sheet.width - x for x in cross_x]
    landed_y = [sheet.height - y if sheet.landscape else y for y in cross_y]
    for x in landed_x:
        assert min(abs(x - tick) for tick in zero_ticks_x) <= 0.05
    for y in landed_y:
        assert min(abs(y - tick) for tick in zero_ticks_y) <= 0.05


@pytest.mark.parametrize("language, paper", CASES)
def test_the_two_scales_of_a_slot_are_apart_by_more_than_3_mm(sheets_of, language, paper):
    front = strokes(sheets_of(language, paper).pages[0])
    horizontal = long_lines(front, 2 * SCALE_REACH, vertical=False)
    vertical = long_lines(front, 2 * SCALE_REACH, vertical=True)
    assert horizontal and len(horizontal) == len(vertical)
    for h in horizontal:
        for v in vertical:
            gap_x = max(v[0] - max(h[0], h[2]), min(h[0], h[2]) - v[0], 0)
            gap_y = max(min(v[1], v[3]) - h[1], h[1] - max(v[1], v[3]), 0)
            assert max(gap_x, gap_y) > 3 + ZERO_TICK


@pytest.mark.parametrize("language, paper", CASES)
def test_a_100_mm_bar_checks_actual_size(sheets_of, language, paper):
    front = strokes(sheets_of(language, paper).pages[0])
    assert len(long_lines(front, 100.0, vertical=False)) == 1
