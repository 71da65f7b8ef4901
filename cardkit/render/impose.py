"""Imposition with pikepdf: rendered faces placed on sheets of paper.

Each face is a one-page PDF at bleed size. On the sheets it becomes a Form XObject, stored
once per document however many cards wear it (a deck's back), and drawn in its slot,
clipped to what the card may paint (layout.painted: its bleed only on the grid's edges). The
imposition adds what belongs to the sheet rather than the card: the crop marks (stroked in
registration black), TrimBox and BleedBox, the mirrored back pages for long-edge duplex,
the duplex check as the first two pages, and viewer preferences that ask for actual size
and long-edge duplex; the faces' font subsets become one program per font. No face is
rendered again for another paper.

XObjects are named after what they show (`/Face.<card id>`, `/Back.<deck>`), so a reader
of the PDF can tell which card stands where.
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection
from io import BytesIO

import pikepdf
from pikepdf import Array, Dictionary, Name, Pdf

from cardkit.faces.cache import FaceCache
from cardkit.faces.layout import (BLEED, Line, Paper, Rectangle, Slot, back_slot, crop_marks,
                                   grid, instructions_slot, painted, registration_back,
                                   registration_front, slot)
from cardkit.render.fontmerge import merge_fonts
from cardkit.render.pdf import POINTS_PER_MM

MARK_WIDTH = 0.4  # pt
SCALE_WIDTH = 0.3  # pt: the duplex check's ticks and crosses, read to a tenth of a millimetre
# Registration black: printed on every separation, so cutting marks show on every plate.
REGISTRATION_BLACK = Array([Name.Separation, Name.All, Name.DeviceCMYK, Dictionary(
    FunctionType=2, Domain=[0, 1], C0=[0, 0, 0, 0], C1=[1, 1, 1, 1], N=1)])


def impose_cards(paper: Paper, registration: bytes, sheets: list[list[Slot | None]],
                 faces: dict[str, bytes], font_files: dict[str, bytes],
                 credits: bytes | None = None, store: FaceCache | None = None) -> bytes:
    """The card sheets of one paper: the duplex check (two pages of `registration`), then per
    sheet a front page and a back page, then the pictures' `credits` where there are any. `faces` holds each face's one-page PDF by name;
    their font subsets are merged into one per font (fontmerge.py), made from `font_files`
    (or read from `store`, the face cache)."""
    pdf = Pdf.new()
    sources: list[Pdf] = []  # a copied stream's data is read from its source when saving
    forms: dict[str, pikepdf.Object] = {}
    colour_spaces = Dictionary(Registration=REGISTRATION_BLACK)

    def form(name: str) -> pikepdf.Object:
        if name not in forms:
            source = Pdf.open(BytesIO(faces[name]))
            sources.append(source)
            forms[name] = pdf.copy_foreign(source.pages[0].as_form_xobject())
        return forms[name]

    check = Pdf.open(BytesIO(registration))
    sources.append(check)
    pdf.pages.extend(check.pages)
    if "/Title" in check.docinfo:  # the duplex check's title names the whole document
        pdf.docinfo[Name.Title] = check.docinfo[Name.Title]
    instructions = instructions_slot(paper)
    for page, drawing in ((pdf.pages[0], _lines(registration_front(paper, instructions), paper)
                           + _outlines(paper, slot) + _marks(paper)),
                          (pdf.pages[1], _lines(registration_back(paper, instructions), paper)
                           + _outlines(paper, back_slot))):
        page.contents_add(pdf.make_stream(b"q\n"), prepend=True)
        page.contents_add(pdf.make_stream(b"Q\n" + drawing))
        if "/Resources" not in page:
            page.Resources = Dictionary()
        page.Resources.ColorSpace = colour_spaces

    for sheet in sheets:
        for side, place in (("front", slot), ("back", back_slot)):
            page = pdf.add_blank_page(page_size=(_pt(paper.width), _pt(paper.height)))
            xobjects = Dictionary()
            drawing = []
            for index, card in enumerate(sheet):
                if card is None:
                    continue
                name = card.front if side == "front" else card.back
                xobjects[Name("/" + name)] = form(name)
                outline = place(paper, index).grown(BLEED)
                clip = painted(paper, index, back=side == "back")
                drawing.append(f"q {_rectangle(clip, paper)} re W n 1 0 0 1 {_pt(outline.x):.3f} "
                               f"{_pt(paper.height - outline.y - outline.height):.3f} cm "
                               f"/{name} Do Q\n".encode())
            if side == "front":
                drawing.append(_marks(paper, {index for index, card in enumerate(sheet) if card}))
            page.Resources = Dictionary(XObject=xobjects, ColorSpace=colour_spaces)
            page.Contents = pdf.make_stream(b"".join(drawing))
            held = [index for index, card in enumerate(sheet) if card is not None]
            page.TrimBox = _box(_around([place(paper, index) for index in held]), paper)
            page.BleedBox = _box(_around([painted(paper, index, back=side == "back") for index in held]), paper)

    if credits is not None:
        credits_pdf = Pdf.open(BytesIO(credits))
        sources.append(credits_pdf)
        pdf.pages.extend(credits_pdf.pages)
    trim = grid(paper)
    card_pages = range(2, 2 + 2 * len(sheets))  # their boxes hold the cards they hold
    for number, page in enumerate(pdf.pages):  # the duplex check's and the credits': the grid
        if number not in card_pages:
            page.TrimBox = _box(trim, paper)
            page.BleedBox = _box(trim.grown(BLEED), paper)
    pdf.Root.ViewerPreferences = Dictionary(PrintScaling=Name("/None"),
                                            Duplex=Name.DuplexFlipLongEdge)
    share_images(forms.values())
    merge_fonts(pdf, font_files, store)
    output = BytesIO()
    pdf.save(output, deterministic_id=True, compress_streams=True)
    return output.getvalue()


def share_images(forms) -> None:
    """One image XObject per picture: each face's PDF holds its own copy of a picture it
    shows, so a picture on many faces (one artist's frame, a scan used twice) would be
    stored as many times. Every image with the same data and dictionary is made the first
    one; qpdf then writes only that one."""
    by_content: dict[str, pikepdf.Object] = {}
    # Each object looked at, with what stands for it: itself, or the image it duplicates.
    chosen: dict[tuple[int, int], pikepdf.Object] = {}

    def share(resources) -> None:
        xobjects = resources.get("/XObject") if resources is not None else None
        if xobjects is None:
            return
        for name in list(xobjects.keys()):
            xobject = xobjects[name]
            if xobject.objgen not in chosen:
                chosen[xobject.objgen] = xobject
                if xobject.get("/Subtype") == Name.Image:
                    chosen[xobject.objgen] = by_content.setdefault(_image_key(xobject), xobject)
                else:
                    share(xobject.get("/Resources"))
            if chosen[xobject.objgen].objgen != xobject.objgen:
                xobjects[name] = chosen[xobject.objgen]

    for form in forms:
        share(form.get("/Resources"))


def _image_key(image: pikepdf.Stream) -> str:
    """What makes two images the same: their encoded data, dictionaries and soft masks."""
    digest = hashlib.sha256(image.read_raw_bytes())
    for key in sorted(image.keys()):
        if key == "/SMask":
            digest.update(b"/SMask " + _image_key(image.SMask).encode())
        elif key != "/Length":
            digest.update(f"{key} {image[key]!r}\n".encode())
    return digest.hexdigest()


def _marks(paper: Paper, filled: Collection[int] | None = None) -> bytes:
    return _lines(crop_marks(paper, filled), paper, MARK_WIDTH)


def _lines(lines: list[Line], paper: Paper, width: float = SCALE_WIDTH) -> bytes:
    """Stroked lines in registration black."""
    drawing = [f"/Registration CS 1 SCN {width} w 0 J"]
    for line in lines:
        drawing.append(f"{_pt(line.x1):.3f} {_pt(paper.height - line.y1):.3f} m "
                       f"{_pt(line.x2):.3f} {_pt(paper.height - line.y2):.3f} l S")
    return ("q " + "\n".join(drawing) + " Q\n").encode()


def _outlines(paper: Paper, place) -> bytes:
    """The duplex check's slots, as thin grey outlines (not part of any reading)."""
    drawing = ["0.6 G 0.2 w"] + [f"{_rectangle(place(paper, index), paper)} re S"
                                   for index in range(paper.cards_per_sheet)]
    return ("q " + "\n".join(drawing) + " Q\n").encode()


def _rectangle(rectangle: Rectangle, paper: Paper) -> str:
    """x y width height in PDF points, whose y axis runs up from the bottom of the page."""
    return (f"{_pt(rectangle.x):.3f} {_pt(paper.height - rectangle.y - rectangle.height):.3f} "
            f"{_pt(rectangle.width):.3f} {_pt(rectangle.height):.3f}")


def _around(rectangles: list[Rectangle]) -> Rectangle:
    """The smallest rectangle holding all of `rectangles`."""
    left, top = min(r.x for r in rectangles), min(r.y for r in rectangles)
    right, bottom = max(r.x + r.width for r in rectangles), max(r.y + r.height for r in rectangles)
    return Rectangle(left, top, right - left, bottom - top)


def _box(rectangle: Rectangle, paper: Paper) -> Array:
    return Array([round(_pt(value), 3) for value in (
        rectangle.x, paper.height - rectangle.y - rectangle.height,
        rectangle.x + rectangle.width, paper.height - rectangle.y)])


def _pt(millimetres: float) -> float:
    return millimetres * POINTS_PER_MM
