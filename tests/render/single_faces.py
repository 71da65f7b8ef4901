"""Rendering a few card faces of a project to a PDF, one face per card-sized page: the same
templates, fonts and fitting as the card sheets, at a fraction of a full build's cost."""

from __future__ import annotations

from io import BytesIO
from pathlib import Path

from pypdf import PdfReader

from cardkit.faces.documents import LanguageContext, face_html
from cardkit.faces.faces import Printed
from cardkit.faces.stylesheets import FACE_STYLESHEETS
from cardkit.model.database import load_database
from cardkit.render.fit import fit_face
from cardkit.render.renderer import Renderer


def faces_pdf(root: Path, language: str, face_ids: list[str]) -> PdfReader:
    """The PDF of the faces `face_ids` in `language`, each on a page of its own at bleed
    size, at the sizes fitting chooses: as the build renders them."""
    context = LanguageContext(root, language, load_database(root)[0])
    renderer = Renderer(root)
    fitted = [fit_face(renderer, context, context.face(face_id)) for face_id in face_ids]
    html = face_html(context, *(Printed(face.face, face.sizes) for face in fitted))
    return PdfReader(BytesIO(renderer.pdf(renderer.render(html, FACE_STYLESHEETS))))


def text_of(reader: PdfReader) -> str:
    return "\n".join(page.extract_text() for page in reader.pages)


def font_names(reader: PdfReader) -> set[str]:
    """The base names of every font the PDF's pages use, subset tags removed."""
    names = set()
    for page in reader.pages:
        for font in (page["/Resources"].get("/Font") or {}).values():
            names.add(str(font.get_object()["/BaseFont"]).lstrip("/").split("+", 1)[-1])
    return names


def text_runs(page) -> list[tuple[str, float, float, float]]:
    """Each piece of text the page shows, with where it starts (x and y in mm from the
    page's bottom left) and its printed size in points."""
    runs = []

    def visit(text, cm, tm, _font, font_size):
        if not text.strip():
            return
        a, b, c, d, x, y = _multiply(tm, cm)
        scale = abs(a * d - b * c) ** 0.5
        runs.append((text, x * MM_PER_POINT, y * MM_PER_POINT, font_size * scale))

    page.extract_text(visitor_text=visit)
    return runs


MM_PER_POINT = 25.4 / 72


def _multiply(m, n):
    return (m[0] * n[0] + m[1] * n[2], m[0] * n[1] + m[1] * n[3],
            m[2] * n[0] + m[3] * n[2], m[2] * n[1] + m[3] * n[3],
            m[4] * n[0] + m[5] * n[2] + n[4], m[4] * n[1] + m[5] * n[3] + n[5])
