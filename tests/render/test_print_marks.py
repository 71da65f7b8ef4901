"""Preflight of the written card sheets, read from the PDFs: crop marks that print, cards that
keep to their own edges, viewer preferences for duplex at actual size."""

from __future__ import annotations

import shutil
import subprocess

import pikepdf
import pypdfium2
import pytest
from PIL import Image

from cardkit.render.layout import BLEED, MARGIN, PAPERS, crop_marks
from tests.render.conftest import mm

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


@pytest.fixture(scope="module")
def sheets_of(built):
    opened = {}

    def open_pdf(language, paper):
        if (language, paper) not in opened:
            opened[language, paper] = pikepdf.open(built / language / f"cards-{paper}.pdf")
        return opened[language, paper]
    yield open_pdf
    for pdf in opened.values():
        pdf.close()


@pytest.mark.parametrize("language, paper", CASES)
def test_crop_marks_are_stroked_in_registration_black_clear_of_edges_and_bleed(sheets_of, language, paper):
    pdf, sheet = sheets_of(language, paper), PAPERS[paper]
    for index in (0, FIRST_FRONT):
        page = pdf.pages[index]
        lines = strokes(page)
        assert len(lines) == len(crop_marks(sheet))
        bleeds = [(trim[0] - BLEED, trim[1] - BLEED, trim[2] + BLEED, trim[3] + BLEED)
                  for _, trim in painted_areas(page)]
        colour_space = page.Resources.ColorSpace.Registration
        assert (str(colour_space[0]), str(colour_space[1])) == ("/Separation", "/All")
        for width, (x1, y1, x2, y2) in lines:
            assert width >= 0.25
            for x, y in ((x1, y1), (x2, y2)):
                assert MARGIN - 0.01 <= x <= sheet.width - MARGIN + 0.01
                assert MARGIN - 0.01 <= y <= sheet.height - MARGIN + 0.01
            line_box = (min(x1, x2), min(y1, y2), max(x1, x2) + 1e-2, max(y1, y2) + 1e-2)
            assert not any(overlap(line_box, bleed) for bleed in bleeds)


@pytest.mark.parametrize("language, paper", CASES)
def test_no_cards_painted_area_reaches_into_another_cards_trim(sheets_of, language, paper):
    pdf = sheets_of(language, paper)
    for page in list(pdf.pages)[FIRST_FRONT:]:
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


def mark_darkness(image: Image.Image, paper) -> list[int]:
    """The darkest grey value along the middle of each crop mark, in a rendering of a page."""
    grey = image.convert("L")
    scale = DPI / 25.4
    values = []
    for mark in crop_marks(paper):
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
    path, paper = built / "en" / "cards-a4.pdf", PAPERS["a4"]
    document = pypdfium2.PdfDocument(str(path))
    try:
        pdfium = document[FIRST_FRONT].render(scale=DPI / 72).to_pil()
    finally:
        document.close()
    subprocess.run(["pdftoppm", "-r", str(DPI), "-f", str(FIRST_FRONT + 1), "-l", str(FIRST_FRONT + 1),
                    "-gray", "-singlefile", "-png", str(path), str(tmp_path / "poppler")], check=True)
    with Image.open(tmp_path / "poppler.png") as poppler:
        for rendering in (pdfium, poppler):
            assert all(value < 80 for value in mark_darkness(rendering, paper))
