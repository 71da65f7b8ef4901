"""The built PDFs measured: what a printer and a player would check."""

import pytest

from cardkit.faces.layout import BLEED, PAPERS, grid
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
    sheets, references = reader(language, f"cards-{paper}").pages, reader(language, f"reference-{paper}").pages
    assert len(sheets) >= 2 and len(references) >= 1
    for page in sheets:
        assert mm(page.mediabox.width) == pytest.approx(expected.width, abs=0.1)
        assert mm(page.mediabox.height) == pytest.approx(expected.height, abs=0.1)
    for page in references:  # upright, whatever the sheets
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
def test_trim_and_bleed_boxes_frame_the_cards_each_page_holds(built, reader, language, paper):
    """A card page's TrimBox is the outline of the cards it holds; its BleedBox adds 3 mm
    where that outline is the grid's outer edge (inside the grid a card stops at its cut)."""
    pdf = reader(language, f"cards-{paper}")
    cards = {}
    for side in ("front", "back"):
        for page, _, x, y, width, height in card_boxes(built, language, paper, side).values():
            cards.setdefault(page, []).append((x, y, x + width, y + height))
    outline = grid(PAPERS[paper])
    grid_box = (outline.x, PAPERS[paper].height - outline.y - outline.height,
                outline.x + outline.width, PAPERS[paper].height - outline.y)
    partial = 0
    assert sorted(cards) == list(range(2, 2 + len(cards)))  # every card page after the check
    for number, boxes in cards.items():
        page = pdf.pages[number]
        trim = [mm(value) for value in page.trimbox]
        bleed = [mm(value) for value in page.bleedbox]
        around = [min(box[0] for box in boxes), min(box[1] for box in boxes),
                  max(box[2] for box in boxes), max(box[3] for box in boxes)]
        assert trim == pytest.approx(around, abs=0.2), number
        for edge, outwards in enumerate((-1, -1, 1, 1)):
            on_grid_edge = abs(trim[edge] - grid_box[edge]) < 0.2
            assert (bleed[edge] - trim[edge]) * outwards == pytest.approx(3 if on_grid_edge else 0, abs=0.05)
        partial += trim != pytest.approx(list(grid_box), abs=0.2)
    assert partial  # the last sheet holds fewer cards than the grid
    for number in (0, 1):  # the duplex check: the whole grid
        assert [mm(value) for value in pdf.pages[number].trimbox] == pytest.approx(list(grid_box), abs=0.2)


@pytest.mark.parametrize("language, paper", CASES)
def test_the_card_sheets_are_titled_like_the_reference_sheets(reader, language, paper):
    titles = {name: reader(language, f"{name}-{paper}").metadata.title for name in ("cards", "reference")}
    game = {"en": "Cosmic Encounter Duel", "de": "Cosmic Encounter Duel"}[language]
    assert titles["cards"].startswith(game + " · ")
    assert titles["reference"].startswith(game + " · ")
    assert titles["cards"] != titles["reference"]
    assert not any("\n" in title for title in titles.values())


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
    for name in expected:  # guard-ok: the names are the literal lists of the parametrize above
        assert name in text


@pytest.mark.parametrize("language, expected", [
    ("en", ["Set dials", "Straggler", "Destiny", "Refresh", "Blast", "Shield", "Recover"]),
    ("de", ["Räder einstellen", "Bummler", "Anführer", "Schicksal", "Nachschub", "Feuer", "Erholen"]),
])
def test_reference_sheets_hold_every_section(reader, language, expected):
    text = " ".join(page.extract_text() for page in reader(language, "reference-a4" if language == "en"
                                                           else "reference-letter").pages)
    for word in expected:  # guard-ok: the words are the literal lists of the parametrize above
        assert word in text


SHIFT_WORDS = {"en": "A positive reading means the back printed too far right",
               "de": "Ein positiver Wert bedeutet, dass die Rückseite von vorn gesehen zu weit rechts"}


@pytest.mark.parametrize("language, paper", CASES)
def test_the_duplex_check_says_which_way_to_shift(reader, language, paper):
    words = " ".join(reader(language, f"cards-{paper}").pages[0].extract_text().split())
    assert SHIFT_WORDS[language] in words
