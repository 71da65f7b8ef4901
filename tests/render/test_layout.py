import pytest

from cardkit.render.layout import (BLEED, CARD_HEIGHT, CARD_WIDTH, PAPERS, back_slot, crop_marks,
                                   grid, sheets, slot)


@pytest.mark.parametrize("paper", PAPERS.values(), ids=list(PAPERS))
def test_nine_cards_and_their_bleed_fit_on_the_paper(paper):
    outline = grid(paper).grown(BLEED)
    assert outline.x > 0 and outline.y > 0
    assert outline.x + outline.width < paper.width
    assert outline.y + outline.height < paper.height


@pytest.mark.parametrize("paper", PAPERS.values(), ids=list(PAPERS))
def test_backs_are_mirrored_left_to_right(paper):
    for index in range(9):
        front, back = slot(paper, index), back_slot(paper, index)
        assert back.y == front.y
        assert back.x == pytest.approx(paper.width - front.x - CARD_WIDTH)
    assert back_slot(paper, 0) == slot(paper, 2)


@pytest.mark.parametrize("paper", PAPERS.values(), ids=list(PAPERS))
def test_crop_marks_stay_outside_the_bleed_and_on_the_paper(paper):
    bleed = grid(paper).grown(BLEED)
    marks = crop_marks(paper)
    assert len(marks) == 2 * (4 + 4)
    for line in marks:
        for x, y in ((line.x1, line.y1), (line.x2, line.y2)):
            assert 0 < x < paper.width and 0 < y < paper.height
            inside = bleed.x <= x <= bleed.x + bleed.width and bleed.y <= y <= bleed.y + bleed.height
            assert not inside
        assert max(abs(line.x2 - line.x1), abs(line.y2 - line.y1)) >= 3


def test_sheets_hold_nine_cards_each():
    assert [len(sheet) for sheet in sheets(20)] == [9, 9, 2]
    assert CARD_WIDTH == 63 and CARD_HEIGHT == 88
