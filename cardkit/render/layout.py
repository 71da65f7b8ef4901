"""Sheet geometry in millimetres: where each card of a sheet is cut, and where its back lands.

Nine poker cards stand in a 3 x 3 grid centred on the paper, butted against each other so
neighbours share a cut line; the sheet's 3 mm bleed runs round the outside of the grid.
A Letter page is 279.4 mm tall and the grid of cut cards 264 mm, so cards cannot have a
gutter each: butting them is what lets nine fit on both papers.
"""

from __future__ import annotations

from dataclasses import dataclass

CARD_WIDTH = 63.0
CARD_HEIGHT = 88.0
BLEED = 3.0
COLUMNS = 3
ROWS = 3
CARDS_PER_SHEET = COLUMNS * ROWS
# Crop marks start this far outside the bleed so a slightly-off cut never shows them.
MARK_GAP = 1.0
MARK_LENGTH = 5.0


@dataclass(frozen=True)
class Paper:
    name: str
    width: float
    height: float


PAPERS = {
    "a4": Paper("a4", 210.0, 297.0),
    "letter": Paper("letter", 215.9, 279.4),
}


@dataclass(frozen=True)
class Rectangle:
    x: float
    y: float
    width: float
    height: float

    def grown(self, by: float) -> "Rectangle":
        return Rectangle(self.x - by, self.y - by, self.width + 2 * by, self.height + 2 * by)


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float


def grid(paper: Paper) -> Rectangle:
    """The cut outline of the whole 3 x 3 grid, centred on the paper."""
    width, height = COLUMNS * CARD_WIDTH, ROWS * CARD_HEIGHT
    return Rectangle((paper.width - width) / 2, (paper.height - height) / 2, width, height)


def slot(paper: Paper, index: int) -> Rectangle:
    """The cut outline of card `index` (0-8, row by row from the top left) on a front page."""
    row, column = divmod(index, COLUMNS)
    outline = grid(paper)
    return Rectangle(outline.x + column * CARD_WIDTH, outline.y + row * CARD_HEIGHT,
                     CARD_WIDTH, CARD_HEIGHT)


def back_slot(paper: Paper, index: int) -> Rectangle:
    """Where the back of card `index` goes on the back page so that, printed duplex and
    flipped on the long edge, it lands behind its front: mirrored left to right."""
    front = slot(paper, index)
    return Rectangle(paper.width - front.x - front.width, front.y, front.width, front.height)


def crop_marks(paper: Paper) -> list[Line]:
    """Short lines extending every cut line outwards, beyond the bleed, never into a card.

    Marks stop 0.5 mm short of the paper edge: on Letter only 4.7 mm remain beyond the
    bleed at top and bottom, so those marks are shorter there.
    """
    outline = grid(paper)
    start = BLEED + MARK_GAP
    top_room = outline.y - 0.5
    side_room = outline.x - 0.5
    vertical_length = min(MARK_LENGTH, top_room - start)
    horizontal_length = min(MARK_LENGTH, side_room - start)
    marks = []
    for column in range(COLUMNS + 1):
        x = outline.x + column * CARD_WIDTH
        top, bottom = outline.y, outline.y + outline.height
        marks.append(Line(x, top - start - vertical_length, x, top - start))
        marks.append(Line(x, bottom + start, x, bottom + start + vertical_length))
    for row in range(ROWS + 1):
        y = outline.y + row * CARD_HEIGHT
        left, right = outline.x, outline.x + outline.width
        marks.append(Line(left - start - horizontal_length, y, left - start, y))
        marks.append(Line(right + start, y, right + start + horizontal_length, y))
    return marks


def sheets(count: int) -> list[range]:
    """The card indices each sheet holds, nine at a time."""
    return [range(start, min(start + CARDS_PER_SHEET, count))
            for start in range(0, count, CARDS_PER_SHEET)]
