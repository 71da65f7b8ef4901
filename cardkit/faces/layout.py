"""Sheet geometry in millimetres from the top left: where each card of a sheet is cut, where
its back lands, and where the crop marks go.

Cards are butted: neighbours share a cut line. Each card's colour stops at its own cut line
inside the grid (the imposition clips it there), and runs 3 mm past the cut only on the
grid's outer edges, so no card paints over another. Crop marks extend the cut lines of the
cards a sheet holds outwards from the grid's bleed, at least MIN_MARK_LENGTH long, and stay
at least MARGIN from the paper's edges, clear of the 4.2 mm (1/6 inch) edge many laser
printers leave unprinted.

That margin decides how many cards fit:
- A4 portrait (210 x 297): 3 x 3 cards are 189 x 264 mm, with bleed 195 x 270. That leaves
  7.5 mm at the sides and 13.5 mm at top and bottom: room for 3 mm marks at the sides,
  4.5 mm from the edge, and 5 mm marks above and below. Four columns (252 mm) do not fit,
  so nine is the most.
- Letter portrait (215.9 x 279.4) would take three rows only with 4.7 mm left at top and
  bottom: no room for a mark. Letter is therefore laid out landscape (279.4 x 215.9):
  4 x 2 cards, 258 x 182 mm with bleed, leaving 10.7 and 17 mm. Portrait with two rows
  would hold six.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

CARD_WIDTH = 63.0
CARD_HEIGHT = 88.0
BLEED = 3.0
# No mark comes nearer the paper's edge than this.
MARGIN = 4.5
# Crop marks start where the grid's bleed ends (a print shop's usual offset): 3 mm from the
# cut, so no cut near its line shows them.
MARK_GAP = 0.0
MARK_LENGTH = 5.0
# A paper whose margin leaves less than this for a mark does not take the grid.
MIN_MARK_LENGTH = 3.0


@dataclass(frozen=True)
class Paper:
    """A paper as the sheets are laid out on it (landscape papers are wider than tall)."""

    name: str
    width: float
    height: float
    columns: int
    rows: int

    @property
    def cards_per_sheet(self) -> int:
        return self.columns * self.rows

    @property
    def landscape(self) -> bool:
        return self.width > self.height


PAPERS = {
    "a4": Paper("a4", 210.0, 297.0, 3, 3),
    "letter": Paper("letter", 279.4, 215.9, 4, 2),
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
    """The cut outline of the whole grid, centred on the paper."""
    width, height = paper.columns * CARD_WIDTH, paper.rows * CARD_HEIGHT
    return Rectangle((paper.width - width) / 2, (paper.height - height) / 2, width, height)


def slot(paper: Paper, index: int) -> Rectangle:
    """The cut outline of card `index` (row by row from the top left) on a front page."""
    row, column = divmod(index, paper.columns)
    outline = grid(paper)
    return Rectangle(outline.x + column * CARD_WIDTH, outline.y + row * CARD_HEIGHT,
                     CARD_WIDTH, CARD_HEIGHT)


def back_slot(paper: Paper, index: int) -> Rectangle:
    """Where the back of card `index` goes on the back page so that, printed duplex and
    flipped on the paper's long edge, it lands behind its front: mirrored left to right on
    a portrait page, top to bottom on a landscape one (whose long edge is horizontal)."""
    front = slot(paper, index)
    if paper.landscape:
        return Rectangle(front.x, paper.height - front.y - front.height, front.width, front.height)
    return Rectangle(paper.width - front.x - front.width, front.y, front.width, front.height)


def painted(paper: Paper, index: int, back: bool = False) -> Rectangle:
    """What card `index` may paint: its cut outline, and the bleed beyond it only where it
    lies on the grid's outer edge, so that neighbours never paint over each other."""
    cut = back_slot(paper, index) if back else slot(paper, index)
    outline = grid(paper)
    left = cut.x - (BLEED if cut.x <= outline.x + 1e-6 else 0)
    top = cut.y - (BLEED if cut.y <= outline.y + 1e-6 else 0)
    right = cut.x + cut.width + (BLEED if cut.x + cut.width >= outline.x + outline.width - 1e-6 else 0)
    bottom = cut.y + cut.height + (BLEED if cut.y + cut.height >= outline.y + outline.height - 1e-6 else 0)
    return Rectangle(left, top, right - left, bottom - top)


def crop_marks(paper: Paper, filled: int | Collection[int] | None = None) -> list[Line]:
    """Lines extending the cut lines outwards, from MARK_GAP beyond the grid's bleed to at
    most MARK_LENGTH, and never nearer the paper's edge than MARGIN. On a sheet holding only
    some cards (`filled`: its first so many, or the slots that hold one; default: all), a
    mark is drawn only where a card it holds meets the grid's edge at that cut line, so no
    mark stands beside an empty slot."""
    outline = grid(paper)
    start = BLEED + MARK_GAP
    vertical_length = min(MARK_LENGTH, outline.y - MARGIN - start)
    horizontal_length = min(MARK_LENGTH, outline.x - MARGIN - start)
    filled = range(paper.cards_per_sheet if filled is None else filled) if not isinstance(filled, Collection) else filled

    def holds(row: int, column: int) -> bool:
        return 0 <= row < paper.rows and 0 <= column < paper.columns and row * paper.columns + column in filled

    marks = []
    for column in range(paper.columns + 1):
        x = outline.x + column * CARD_WIDTH
        top, bottom = outline.y, outline.y + outline.height
        if holds(0, column - 1) or holds(0, column):
            marks.append(Line(x, top - start - vertical_length, x, top - start))
        if holds(paper.rows - 1, column - 1) or holds(paper.rows - 1, column):
            marks.append(Line(x, bottom + start, x, bottom + start + vertical_length))
    for row in range(paper.rows + 1):
        y = outline.y + row * CARD_HEIGHT
        left, right = outline.x, outline.x + outline.width
        if holds(row - 1, 0) or holds(row, 0):
            marks.append(Line(left - start - horizontal_length, y, left - start, y))
        if holds(row - 1, paper.columns - 1) or holds(row, paper.columns - 1):
            marks.append(Line(right + start, y, right + start + horizontal_length, y))
    return marks


@dataclass(frozen=True)
class Slot:
    """One card of a sheet: the names of its front and back faces (`face_name`)."""

    front: str
    back: str


def face_name(face_id: str) -> str:
    """The name of a face on the sheets (its XObject): `Face.<card id>`, or `Back.<deck>` for
    a deck's back."""
    return f"Back.{face_id.removeprefix('back-')}" if face_id.startswith("back-") else f"Face.{face_id}"


def sheets_by_back(backs: list[str], paper: Paper) -> list[list[int | None]]:
    """The card indices each sheet of `paper` holds, slot by slot (None: an empty slot; a
    sheet ends at its last card), for cards wearing `backs`: no card's back touches (side by
    side or above and below, on the back page as on the front, which mirrors it) a back of
    another deck, so a duplex shift never prints one deck's colour on another's edge.

    Cards are taken deck by deck, in the order their decks first appear, each in its own
    order, and put in the first slot, on the first sheet, with no other deck's card beside
    it: a deck continues where the previous one left room, an empty slot apart."""
    columns, rows = paper.columns, paper.rows
    placed: list[list[str | None]] = []
    layout: list[list[int | None]] = []

    def free(sheet: list[str | None], index: int, back: str) -> bool:
        row, column = divmod(index, columns)
        neighbours = [(row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1)]
        return sheet[index] is None and all(
            sheet[near_row * columns + near_column] in (None, back)
            for near_row, near_column in neighbours if 0 <= near_row < rows and 0 <= near_column < columns)

    decks: dict[str, list[int]] = {}
    for index, back in enumerate(backs):
        decks.setdefault(back, []).append(index)
    for back, indices in decks.items():
        for card in indices:
            spot = next(((number, index) for number, sheet in enumerate(placed)
                         for index in range(columns * rows) if free(sheet, index, back)), None)
            if spot is None:
                placed.append([None] * (columns * rows))
                layout.append([None] * (columns * rows))
                spot = (len(placed) - 1, 0)
            placed[spot[0]][spot[1]] = back
            layout[spot[0]][spot[1]] = card
    for sheet in layout:
        while sheet[-1] is None:
            sheet.pop()
    return layout


# The duplex check. On the front, each slot (but the one with the instructions) holds two
# millimetre scales, apart so that neither is read where the other lies; on the back, a
# cross whose vertical line runs over the front's horizontal scale and whose horizontal
# line runs over the front's vertical scale when the sheet is held against the light.
SCALE_REACH = 5  # ticks from -5 to +5 mm
SCALE_SHIFT = 20.0  # the horizontal scale stands this far above the slot's centre
VERTICAL_SCALE_SHIFT = 15.0  # the vertical scale stands this far left of the centre
TICK = 1.5
ZERO_TICK = 2.5
CROSS_REACH = (25.0, 30.0)  # half the cross's horizontal and vertical lines
SCALE_BAR = 100.0


def instructions_slot(paper: Paper) -> int:
    """The slot of the duplex check that holds its instructions instead of scales."""
    return paper.cards_per_sheet // 2


def centre(rectangle: Rectangle) -> tuple[float, float]:
    return rectangle.x + rectangle.width / 2, rectangle.y + rectangle.height / 2


def registration_front(paper: Paper, instructions_at: int) -> list[Line]:
    """The scales of the duplex check's front page and a 100 mm bar above the grid's top row."""
    lines = []
    for index in range(paper.cards_per_sheet):
        if index == instructions_at:
            continue
        x, y = centre(slot(paper, index))
        scale_y, scale_x = y - SCALE_SHIFT, x - VERTICAL_SCALE_SHIFT
        lines.append(Line(x - SCALE_REACH, scale_y, x + SCALE_REACH, scale_y))
        lines.append(Line(scale_x, y - SCALE_REACH, scale_x, y + SCALE_REACH))
        for tick in range(-SCALE_REACH, SCALE_REACH + 1):
            reach = ZERO_TICK if tick == 0 else TICK
            lines.append(Line(x + tick, scale_y - reach, x + tick, scale_y + reach))
            lines.append(Line(scale_x - reach, y + tick, scale_x + reach, y + tick))
    lines += scale_bar(paper)
    return lines


def scale_bar(paper: Paper) -> list[Line]:
    """A 100 mm bar with a tick every 10 mm, to check the sheet printed at actual size."""
    outline = grid(paper)
    left, y = paper.width / 2 - SCALE_BAR / 2, outline.y + 8
    bar = [Line(left, y, left + SCALE_BAR, y)]
    for tick in range(0, int(SCALE_BAR) + 1, 10):
        reach = ZERO_TICK if tick in (0, SCALE_BAR) else TICK
        bar.append(Line(left + tick, y - reach, left + tick, y))
    return bar


def registration_back(paper: Paper, instructions_at: int) -> list[Line]:
    """The crosses of the duplex check's back page, behind the front's slots."""
    lines = []
    for index in range(paper.cards_per_sheet):
        if index == instructions_at:
            continue
        x, y = centre(back_slot(paper, index))
        across, down = CROSS_REACH
        lines.append(Line(x - across, y, x + across, y))
        lines.append(Line(x, y - down, x, y + down))
    return lines


@dataclass(frozen=True)
class Label:
    x: float
    y: float
    text: str


def registration_labels(paper: Paper, instructions_at: int) -> list[Label]:
    """Where the numbers of the duplex check's scales and of the scale bar are written."""
    labels = []
    for index in range(paper.cards_per_sheet):
        if index == instructions_at:
            continue
        x, y = centre(slot(paper, index))
        for tick in (-SCALE_REACH, 0, SCALE_REACH):
            labels.append(Label(x + tick - 0.8, y - SCALE_SHIFT + ZERO_TICK + 0.5, f"{tick:+d}" if tick else "0"))
            labels.append(Label(x - VERTICAL_SCALE_SHIFT + ZERO_TICK + 0.5, y + tick - 1.0,
                                f"{tick:+d}" if tick else "0"))
    left, y = paper.width / 2 - SCALE_BAR / 2, grid(paper).y + 8
    labels.append(Label(left - 0.6, y + 0.5, "0"))
    labels.append(Label(left + SCALE_BAR - 1.5, y + 0.5, f"{SCALE_BAR:g} mm"))
    return labels
