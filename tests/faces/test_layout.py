import pytest

from cardkit.faces.layout import (sheets_by_back, BLEED, CARD_HEIGHT, CARD_WIDTH, MARGIN, MARK_GAP, MIN_MARK_LENGTH,
                                   PAPERS, Paper, back_slot, crop_marks, grid, painted,
                                   slot)

IDS = list(PAPERS)


def overlaps(a, b) -> bool:
    """Whether two rectangles share any area (touching along a line is not sharing)."""
    return (a.x < b.x + b.width - 1e-9 and b.x < a.x + a.width - 1e-9
            and a.y < b.y + b.height - 1e-9 and b.y < a.y + a.height - 1e-9)


def room_for(width: float, height: float, columns: int, rows: int) -> bool:
    """Whether a butted grid, its bleed, and marks of MIN_MARK_LENGTH fit MARGIN inside."""
    need = BLEED + MARK_GAP + MIN_MARK_LENGTH + MARGIN
    return (width - columns * CARD_WIDTH) / 2 >= need and (height - rows * CARD_HEIGHT) / 2 >= need


@pytest.mark.parametrize("paper", PAPERS.values(), ids=IDS)
def test_the_grid_and_its_bleed_fit_on_the_paper(paper):
    outline = grid(paper).grown(BLEED)
    assert outline.x > MARGIN and outline.y > MARGIN
    assert outline.x + outline.width < paper.width - MARGIN
    assert outline.y + outline.height < paper.height - MARGIN


@pytest.mark.parametrize("paper, count", [(PAPERS["a4"], 9), (PAPERS["letter"], 8)], ids=IDS)
def test_each_paper_holds_the_most_cards_its_margins_allow(paper, count):
    assert paper.cards_per_sheet == count
    assert room_for(paper.width, paper.height, paper.columns, paper.rows)
    short, long = sorted((paper.width, paper.height))
    for width, height in ((short, long), (long, short)):
        for columns in range(1, 6):
            for rows in range(1, 6):
                if columns * rows > count:
                    assert not room_for(width, height, columns, rows), (width, columns, rows)


@pytest.mark.parametrize("paper", PAPERS.values(), ids=IDS)
def test_backs_land_behind_their_fronts_after_a_long_edge_flip(paper):
    assert paper.cards_per_sheet >= 8
    for index in range(paper.cards_per_sheet):
        front, back = slot(paper, index), back_slot(paper, index)
        if paper.landscape:  # the long edge is the top edge: the flip mirrors top to bottom
            assert back.x == front.x
            assert back.y == pytest.approx(paper.height - front.y - CARD_HEIGHT)
        else:
            assert back.y == front.y
            assert back.x == pytest.approx(paper.width - front.x - CARD_WIDTH)


@pytest.mark.parametrize("paper", PAPERS.values(), ids=IDS)
@pytest.mark.parametrize("back", [False, True], ids=["fronts", "backs"])
def test_no_card_paints_over_another_cards_trim(paper, back):
    place = back_slot if back else slot
    assert paper.cards_per_sheet >= 8
    for index in range(paper.cards_per_sheet):
        area = painted(paper, index, back)
        cut = place(paper, index)
        assert area.x <= cut.x and area.y <= cut.y
        assert area.x + area.width >= cut.x + cut.width and area.y + area.height >= cut.y + cut.height
        for other in range(paper.cards_per_sheet):
            if other != index:
                assert not overlaps(area, place(paper, other))


@pytest.mark.parametrize("paper", PAPERS.values(), ids=IDS)
def test_crop_marks_stay_clear_of_the_edges_and_the_bleed(paper):
    bleed = grid(paper).grown(BLEED)
    marks = crop_marks(paper)
    assert len(marks) == 2 * (paper.columns + 1 + paper.rows + 1)
    for line in marks:
        for x, y in ((line.x1, line.y1), (line.x2, line.y2)):
            assert MARGIN - 1e-9 <= x <= paper.width - MARGIN + 1e-9
            assert MARGIN - 1e-9 <= y <= paper.height - MARGIN + 1e-9
            inside = bleed.x < x < bleed.x + bleed.width and bleed.y < y < bleed.y + bleed.height
            assert not inside
        assert max(abs(line.x2 - line.x1), abs(line.y2 - line.y1)) >= MIN_MARK_LENGTH - 1e-9


def test_every_mark_is_at_least_3_mm_long_on_every_paper():
    assert MIN_MARK_LENGTH >= 3
    for paper in PAPERS.values():
        assert min(mark_length(line) for line in crop_marks(paper)) >= 3 - 1e-9


def mark_length(line) -> float:
    return max(abs(line.x2 - line.x1), abs(line.y2 - line.y1))


def slots_beside(paper, line) -> list[int]:
    """The slots whose cut edge the mark extends: the one or two cards at the grid's edge
    on either side of its cut line."""
    outline = grid(paper)
    beside = []
    for index in range(paper.cards_per_sheet):
        cut = slot(paper, index)
        if line.x1 == line.x2:  # a vertical cut line, marked above or below the grid
            edge_row = cut.y == outline.y if line.y2 <= outline.y else \
                cut.y + cut.height == pytest.approx(outline.y + outline.height)
            if edge_row and line.x1 in (pytest.approx(cut.x), pytest.approx(cut.x + cut.width)):
                beside.append(index)
        else:
            edge_column = cut.x == outline.x if line.x2 <= outline.x else \
                cut.x + cut.width == pytest.approx(outline.x + outline.width)
            if edge_column and line.y1 in (pytest.approx(cut.y), pytest.approx(cut.y + cut.height)):
                beside.append(index)
    return beside


@pytest.mark.parametrize("paper", PAPERS.values(), ids=IDS)
def test_a_partly_filled_sheet_has_no_marks_beside_its_empty_slots(paper):
    full = crop_marks(paper)
    for filled in range(1, paper.cards_per_sheet + 1):
        marks = crop_marks(paper, filled)
        assert set(marks) <= set(full)
        for line in full:
            holds_a_card = any(index < filled for index in slots_beside(paper, line))
            assert (line in marks) == holds_a_card, (filled, line)
    # Two cards in the top row of A4: their cut lines are marked above and to the left
    # only; nothing below the grid or right of it, where the slots are empty.
    two = crop_marks(PAPERS["a4"], 2)
    outline = grid(PAPERS["a4"])
    assert len(two) == 3 + 2
    assert all(line.y2 <= outline.y or line.x2 <= outline.x for line in two)


def test_sheets_hold_a_papers_worth_each():
    assert [len(sheet) for sheet in sheets_by_back(["deck"] * 20, PAPERS["a4"])] == [9, 9, 2]
    assert [len(sheet) for sheet in sheets_by_back(["deck"] * 20, PAPERS["letter"])] == [8, 8, 4]
    assert CARD_WIDTH == 63 and CARD_HEIGHT == 88
    assert isinstance(PAPERS["letter"], Paper) and PAPERS["letter"].landscape


def test_a_deck_goes_on_where_the_last_left_room_an_empty_slot_apart():
    # A4, 3 x 3. Deck a fills the top row; b starts in the bottom row, a row apart.
    assert sheets_by_back(["a", "a", "a", "b", "b"], PAPERS["a4"]) == [[0, 1, 2, None, None, None, 3, 4]]
    # Four of a (slots 0-3) leave b slots 7 and 8 only; its third card starts a sheet, and
    # the last a, touching b wherever it would go on the first, goes two slots after it.
    backs = ["a", "a", "a", "a", "b", "b", "b", "a"]
    assert sheets_by_back(backs, PAPERS["a4"]) == [[0, 1, 2, 3, 7, None, None, None, 4], [5, 6]]


def test_marks_beside_the_slots_that_hold_a_card():
    paper = PAPERS["a4"]
    assert crop_marks(paper, {0, 1}) == crop_marks(paper, 2)
    assert crop_marks(paper, set(range(9))) == crop_marks(paper)
