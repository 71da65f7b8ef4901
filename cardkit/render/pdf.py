"""HTML to PDF with WeasyPrint: project-only resources, page boxes for the printer, stable bytes."""

from __future__ import annotations

import os
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pydyf
from weasyprint import HTML
from weasyprint.urls import FatalURLFetchingError

from cardkit.render.errors import RenderError
from cardkit.render.fetcher import ProjectFetcher
from cardkit.render.fonts import project_font_config
from cardkit.render.layout import Rectangle

POINTS_PER_MM = 72 / 25.4


@dataclass(frozen=True)
class PageBoxes:
    """TrimBox and BleedBox for every page of a document, in mm from the top left."""

    paper_height: float
    trim: Rectangle
    bleed: Rectangle


def parse(html: str, root: Path, base: Path) -> tuple[HTML, ProjectFetcher]:
    fetcher = ProjectFetcher(root)
    return HTML(string=html, base_url=base.resolve().as_uri() + "/", url_fetcher=fetcher), fetcher


def render_document(html: str, root: Path, base: Path):
    """The laid-out WeasyPrint document, for writing or for measuring."""
    document, fetcher = parse(html, root, base)
    try:
        return document.render(font_config=project_font_config())
    except FatalURLFetchingError as exc:
        raise RenderError("; ".join(f"refused to fetch {url}" for url in fetcher.refused)
                          or str(exc)) from None


def write_pdf(rendered, boxes: PageBoxes | None = None) -> bytes:
    """The PDF bytes of a rendered document; with `boxes`, every page gets that TrimBox and
    BleedBox instead of WeasyPrint's, which follow the CSS page and would be the paper."""
    finisher = _page_box_setter(boxes) if boxes is not None else None
    with _fixed_font_timestamps():
        return rendered.write_pdf(finisher=finisher)


@contextmanager
def _fixed_font_timestamps():
    """fontTools stamps each embedded font subset with the time it was made, unless
    SOURCE_DATE_EPOCH (reproducible-builds.org) says which time to use."""
    previous = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = previous or "0"
    try:
        yield
    finally:
        if previous is None:
            del os.environ["SOURCE_DATE_EPOCH"]


def _page_box_setter(boxes: PageBoxes):
    def finish(document, pdf: pydyf.PDF) -> None:
        for pdf_object in pdf.objects:
            if isinstance(pdf_object, pydyf.Dictionary) and pdf_object.get("Type") == "/Page":
                pdf_object["TrimBox"] = _pdf_rectangle(boxes.trim, boxes.paper_height)
                pdf_object["BleedBox"] = _pdf_rectangle(boxes.bleed, boxes.paper_height)
    return finish


def _pdf_rectangle(rectangle: Rectangle, paper_height: float) -> pydyf.Array:
    """A rectangle in PDF points, whose y axis runs up from the bottom of the page."""
    left = rectangle.x * POINTS_PER_MM
    right = (rectangle.x + rectangle.width) * POINTS_PER_MM
    bottom = (paper_height - rectangle.y - rectangle.height) * POINTS_PER_MM
    top = (paper_height - rectangle.y) * POINTS_PER_MM
    return pydyf.Array([round(value, 3) for value in (left, bottom, right, top)])
