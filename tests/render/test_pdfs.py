"""The built PDFs measured: what a printer and a player would check."""

import pytest

from cardkit.render.layout import BLEED, PAPERS
from tests.render.conftest import duel_folder, mm, placements

CASES = [("en", "a4"), ("de", "letter")]


def card_boxes(built, language, paper, side):
    """Trim rectangles (mm, from the bottom left) of every card on `side` pages, by sheet
    and position: {(sheet, position): (page, name, x, y, width, height)}."""
    boxes, counters = {}, {}
    for page, name, x, y, width, height in placements(built / duel_folder(language) / f"cards-{paper}.pdf"):
        if page < 2:
            continue
        sheet, is_back = divmod(page - 2, 2)
        if is_back != (side == "back"):
            continue
        position = counters.get(page, 0)
        counters[page] = position + 1
        boxes[sheet, position] = (page, name, x + BLEED, y + BLEED, width - 2 * BLEED,
                                  height - 2 * BLEED)
    return boxes


@pytest.mark.parametrize("language, paper", CASES)
def test_every_page_has_the_paper_size(reader, language, paper):
    expected = PAPERS[paper]
    for page in reader(language, f"cards-{paper}").pages:
        assert mm(page.mediabox.width) == pytest.approx(expected.width, abs=0.1)
        assert mm(page.mediabox.height) == pytest.approx(expected.height, abs=0.1)
    for page in reader(language, f"reference-{paper}").pages:  # upright, whatever the sheets
        assert mm(page.mediabox.width) == pytest.approx(min(expected.width, expected.height), abs=0.1)
        assert mm(page.mediabox.height) == pytest.approx(max(expected.width, expected.height), abs=0.1)


@pytest.mark.parametrize("language, paper", CASES)
def test_cards_are_poker_size(built, language, paper):
    boxes = card_boxes(built, language, paper, "front")
    assert len(boxes) >= PAPERS[paper].cards_per_sheet
    for _, _, _, _, width, height in boxes.values():
        assert width == pytest.approx(63, abs=0.2)
        assert height == pytest.approx(88, abs=0.2)


@pytest.mark.parametrize("language, paper", CASES)
def test_trim_and_bleed_boxes_frame_the_card_grid(built, reader, language, paper):
    pdf = reader(language, f"cards-{paper}")
    fronts = card_boxes(built, language, paper, "front").values()
    left = min(box[2] for box in fronts)
    bottom = min(box[3] for box in fronts)
    for page in pdf.pages:
        trim, bleed = page.trimbox, page.bleedbox
        assert mm(trim.width) == pytest.approx(PAPERS[paper].columns * 63, abs=0.2)
        assert mm(trim.height) == pytest.approx(PAPERS[paper].rows * 88, abs=0.2)
        assert mm(trim.left) == pytest.approx(left, abs=0.2)
        assert mm(trim.bottom) == pytest.approx(bottom, abs=0.2)
        assert mm(trim.left) - mm(bleed.left) == pytest.approx(3, abs=0.05)
        assert mm(bleed.top) - mm(trim.top) == pytest.approx(3, abs=0.05)


@pytest.mark.parametrize("language, paper", CASES)
def test_each_back_lands_behind_its_front_on_long_edge_duplex(built, language, paper):
    sheet = PAPERS[paper]
    fronts, backs = card_boxes(built, language, paper, "front"), card_boxes(built, language, paper, "back")
    assert fronts.keys() == backs.keys()
    for place, (page, _, x, y, w, h) in fronts.items():
        back_page, _, back_x, back_y, _, _ = backs[place]
        assert back_page == page + 1
        if sheet.landscape:  # flipped on the long edge, which is the page's top edge
            assert (back_x, back_y) == (pytest.approx(x, abs=0.2), pytest.approx(sheet.height - y - h, abs=0.2))
        else:
            assert (back_x, back_y) == (pytest.approx(sheet.width - x - w, abs=0.2), pytest.approx(y, abs=0.2))


def fonts_used(resources):
    """The fonts of a resource dictionary and of the Form XObjects it draws, at any depth."""
    resources = resources.get_object()
    for font in (resources.get("/Font") or {}).values():
        yield font.get_object()
    for xobject in (resources.get("/XObject") or {}).values():
        xobject = xobject.get_object()
        if xobject.get("/Subtype") == "/Form" and "/Resources" in xobject:
            yield from fonts_used(xobject["/Resources"])


@pytest.mark.parametrize("language, paper", CASES)
def test_fonts_are_the_projects_and_embedded(reader, language, paper):
    for name in (f"cards-{paper}", f"reference-{paper}"):
        fonts = {}
        for page in reader(language, name).pages:
            for font in fonts_used(page["/Resources"]):
                descriptor = font["/DescendantFonts"][0].get_object()["/FontDescriptor"].get_object()
                fonts[str(font["/BaseFont"])] = "/FontFile2" in descriptor
        assert fonts and all(fonts.values())
        assert all("Cardkit-Sans" in base for base in fonts)


@pytest.mark.parametrize("language, paper, expected", [
    ("en", "a4", ["Iron Matron", "Empty Spaceport", "Supply Run", "Punish", "Lay Down the Law",
                  "The eleven steps of a duel", "Straggler"]),
    ("de", "letter", ["Eiserne Matrone", "Versorgungsflug", "Bestrafen", "Machtwort sprechen",
                      "Die elf Schritte eines Duells", "Bummler"]),
])
def test_names_are_printed_in_the_language(reader, language, paper, expected):
    text = " ".join(page.extract_text() for page in reader(language, f"cards-{paper}").pages)
    for name in expected:
        assert name in text


@pytest.mark.parametrize("language, expected", [
    ("en", ["Set dials", "Straggler", "Destiny", "Refresh", "Blast", "Shield", "Recover"]),
    ("de", ["Räder einstellen", "Bummler", "Anführer", "Schicksal", "Nachschub", "Feuer", "Erholen"]),
])
def test_reference_sheets_hold_every_section(reader, language, expected):
    text = " ".join(page.extract_text() for page in reader(language, "reference-a4" if language == "en"
                                                           else "reference-letter").pages)
    for word in expected:
        assert word in text


SHIFT_WORDS = {"en": "A positive reading means the back printed too far right",
               "de": "Ein positiver Wert bedeutet, dass die Rückseite von vorn gesehen zu weit rechts"}


@pytest.mark.parametrize("language, paper", CASES)
def test_the_duplex_check_says_which_way_to_shift(reader, language, paper):
    words = " ".join(reader(language, f"cards-{paper}").pages[0].extract_text().split())
    assert SHIFT_WORDS[language] in words
