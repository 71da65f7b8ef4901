"""The print preflight (docs/printing.md), on the PDFs of every game, language and paper as
the session's build wrote them: glyph sizes, font programs, German texts, faces with text,
quick-reference cards, crop marks."""

from __future__ import annotations

import re
from collections import defaultdict
from functools import cache
from pathlib import Path

import pikepdf
import pytest

from cardkit.faces.games import targets
from cardkit.faces.layout import BLEED, PAPERS, registration_labels, instructions_slot
from cardkit.model.games import BUILT_IN
from cardkit.render.impose import MARK_WIDTH
from tests.conftest import SHIPPED_LANGUAGES, shipped_database
from tests.render.conftest import mm, placements
from tests.render.pdf_content import text_runs
from tests.render.test_print_marks import strokes

FLOOR = 6.5  # pt: nothing on a card face is printed smaller
LABEL_FLOOR = 5.0  # pt: the duplex check's scale labels
TOLERANCE = 0.01  # pt: sizes are written to a few decimals
REGISTRATION_PAGES = 2  # the duplex check opens every card sheet PDF
DATABASE = shipped_database()[0]
LANGUAGES = SHIPPED_LANGUAGES
CARD_SHEETS = [(target.game, target.language, paper, f"{target.folder}/cards-{paper}.pdf")
               for target in targets(DATABASE, DATABASE.games, LANGUAGES) for paper in PAPERS]
IDS = [path.removesuffix(".pdf") for *_, path in CARD_SHEETS]
# A game declared in data prints its cards; its rules have no reference sheet of ours.
REFERENCE_SHEETS = [path.replace("/cards-", "/reference-") for game, *_, path in CARD_SHEETS
                    if game in BUILT_IN]


@cache
def runs_of(path: Path):
    return text_runs(path)


@pytest.mark.parametrize("game, language, paper, name", CARD_SHEETS, ids=IDS)
def test_no_glyph_on_a_face_is_under_6_5_pt(box_build, game, language, paper, name):
    runs = [run for run in runs_of(box_build / name) if run.page >= REGISTRATION_PAGES]
    assert runs
    small = {(run.face, run.text, round(run.size, 2))
             for run in runs if run.size < FLOOR - TOLERANCE}
    assert small == set()


@pytest.mark.parametrize("name", REFERENCE_SHEETS)
def test_no_glyph_of_a_reference_sheet_is_under_6_5_pt(box_build, name):
    runs = runs_of(box_build / name)
    assert runs
    assert {(run.text, round(run.size, 2)) for run in runs if run.size < FLOOR - TOLERANCE} == set()


@pytest.mark.parametrize("game, language, paper, name", CARD_SHEETS, ids=IDS)
def test_on_the_duplex_check_only_the_scale_labels_are_under_6_5_pt_and_none_under_5(
        box_build, game, language, paper, name):
    sheet = PAPERS[paper]
    labels = {label.text for label in registration_labels(sheet, instructions_slot(sheet))}
    runs = [run for run in runs_of(box_build / name) if run.page < REGISTRATION_PAGES]
    small = [run for run in runs if run.size < FLOOR - TOLERANCE]
    assert small and {run.text for run in small} <= labels
    assert min(run.size for run in small) >= LABEL_FLOOR - TOLERANCE


def font_programs(path: Path) -> dict[str, set[bytes]]:
    """The embedded font programs of a PDF by BaseFont, as the content of their streams."""
    programs = defaultdict(set)
    with pikepdf.open(path) as pdf:
        for font in pdf.objects:
            if not isinstance(font, pikepdf.Dictionary) or font.get("/Type") != pikepdf.Name.Font:
                continue
            descendant = font.DescendantFonts[0] if "/DescendantFonts" in font else font
            descriptor = descendant.get("/FontDescriptor")
            for key in ("/FontFile", "/FontFile2", "/FontFile3"):
                if descriptor is not None and key in descriptor:
                    programs[str(font.BaseFont)].add(descriptor[key].read_bytes())
    return programs


def test_every_pdf_of_the_build_passes_qpdfs_check(box_build):
    every_pdf = sorted(box_build.glob("*/*/*.pdf"))
    assert len(every_pdf) == len(CARD_SHEETS) + len(REFERENCE_SHEETS)
    for path in every_pdf:
        with pikepdf.open(path) as pdf:
            assert pdf.check_pdf_syntax() == [], path.relative_to(box_build)


def test_no_two_font_programs_share_a_name_in_any_pdf_of_the_build(box_build):
    every_pdf = sorted(box_build.glob("*/*/*.pdf"))
    assert len(every_pdf) == len(CARD_SHEETS) + len(REFERENCE_SHEETS)
    across_pdfs = defaultdict(set)
    for path in every_pdf:
        programs = font_programs(path)
        assert programs, path
        for name, contents in programs.items():
            assert len(contents) == 1, \
                f"{path.relative_to(box_build)}: {len(contents)} programs named {name}"
            across_pdfs[name] |= contents
    # The tags are derived from the programs: one name stands for one program in every PDF.
    assert {name: len(contents) for name, contents in across_pdfs.items()} == \
        {name: 1 for name in across_pdfs}


def same_lines(found: set, expected: set) -> bool:
    """Whether two sets of (axis, position in mm, side) name the same cut lines, to 0.05 mm."""
    def covered(lines, others):
        return all(any(axis == other[0] and side == other[2] and abs(at - other[1]) < 0.05
                       for other in others) for axis, at, side in lines)
    return covered(found, expected) and covered(expected, found)


@pytest.mark.parametrize("game, language, paper, name", CARD_SHEETS, ids=IDS)
def test_crop_marks_are_3_mm_or_longer_and_only_beside_the_cards_of_a_sheet(
        box_build, game, language, paper, name):
    path = box_build / name
    on_page = defaultdict(list)
    for page, _, x, y, width, height in placements(path):
        if page >= REGISTRATION_PAGES:
            on_page[page].append((x + BLEED, y + BLEED, x + width - BLEED, y + height - BLEED))
    with pikepdf.open(path) as pdf:
        trim = [mm(value) for value in pdf.pages[0].TrimBox]  # the duplex check's: the grid
        fronts = range(REGISTRATION_PAGES, len(pdf.pages), 2)
        marks = {index: [line for width, line in strokes(pdf.pages[index]) if width == MARK_WIDTH]
                 for index in fronts}
    filled_counts = []
    for index in fronts:
        cards = on_page[index]
        filled_counts.append(len(cards))
        expected = set()
        for left, bottom, right, top in cards:
            # every edge of a card on the grid's outline is marked at both its ends
            if abs(top - trim[3]) < 0.01:
                expected |= {("x", left, "above"), ("x", right, "above")}
            if abs(bottom - trim[1]) < 0.01:
                expected |= {("x", left, "below"), ("x", right, "below")}
            if abs(left - trim[0]) < 0.01:
                expected |= {("y", bottom, "left"), ("y", top, "left")}
            if abs(right - trim[2]) < 0.01:
                expected |= {("y", bottom, "right"), ("y", top, "right")}
        found = set()
        for x1, y1, x2, y2 in marks[index]:
            length = max(abs(x2 - x1), abs(y2 - y1))
            assert length >= 3 - 0.01, f"page {index + 1}: a mark {length:.2f} mm long"
            if x1 == x2:
                found.add(("x", x1, "above" if min(y1, y2) > trim[3] else "below"))
            else:
                found.add(("y", y1, "left" if max(x1, x2) < trim[0] else "right"))
        assert same_lines(found, expected), \
            f"page {index + 1}: marks {sorted(found)}, cards' edges {sorted(expected)}"
    assert filled_counts and all(0 < count <= PAPERS[paper].cards_per_sheet for count in filled_counts)


@pytest.mark.parametrize("game, language, paper, name", CARD_SHEETS, ids=IDS)
def test_every_face_shows_text(box_build, game, language, paper, name):
    path = box_build / name
    drawn = {face for page, face, *_ in placements(path) if page >= REGISTRATION_PAGES}
    with_text = {run.face for run in runs_of(path) if run.text.strip()}
    assert drawn and drawn <= with_text, f"faces without text: {sorted(drawn - with_text)}"


# The mark of an English text printed for want of a translation: "EN" standing alone.
EN_FLAG = re.compile(r"(?<!\w)EN(?!\w)")
GERMAN_EDITIONS = [(game, paper, name) for game, language, paper, name in CARD_SHEETS
                   if language == "de" and game in ("classic", "cosmic")]


@pytest.mark.parametrize("game, paper, name", GERMAN_EDITIONS,
                         ids=[name.removesuffix(".pdf") for *_, name in GERMAN_EDITIONS])
def test_german_classic_and_cosmic_cards_have_no_en_flag(box_build, game, paper, name):
    runs = [run for run in runs_of(box_build / name) if run.page >= REGISTRATION_PAGES]
    assert runs
    assert [run.text for run in runs if EN_FLAG.search(run.text)] == []


def test_the_en_flag_would_be_found():
    assert EN_FLAG.search("EN") and EN_FLAG.search("EN: englischer Text")
    assert not EN_FLAG.search("BEGEGNUNGSKARTE") and not EN_FLAG.search("ALIEN")


# The cards of each edition's encounter steps or phases, split over several cards, with the
# first and last list number each shows.
QUICK_REFERENCE = {
    "classic": {"reference-classic_steps_1_5": ["1.", "5."],
                "reference-classic_steps_6_10": ["6.", "10."]},
    "cosmic": {"reference-cosmic_phases_1_4": ["1.", "4."],
               "reference-cosmic_phases_5_8": ["5.", "8."]},
}
EDITIONS = [(game, language, paper, name) for game, language, paper, name in CARD_SHEETS
            if game in QUICK_REFERENCE]


@pytest.mark.parametrize("game, language, paper, name", EDITIONS,
                         ids=[name.removesuffix(".pdf") for *_, name in EDITIONS])
def test_both_editions_print_quick_reference_cards_of_their_encounter(box_build, game, language,
                                                                        paper, name):
    runs = runs_of(box_build / name)
    for face, markers in QUICK_REFERENCE[game].items():  # guard-ok: a constant table of two faces a game
        shown = [run.text.strip() for run in runs if run.face == "Face." + face]
        first, last = markers
        assert shown and first in shown and last in shown, face
        assert min(run.size for run in runs if run.face == "Face." + face) >= FLOOR - TOLERANCE
