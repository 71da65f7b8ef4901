"""`cardkit build --print-ready`: PDF/X-4 files, checked key by key with pikepdf and by the
tools a print shop's preflight resembles (qpdf, Ghostscript); the plain build unchanged."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pikepdf
import pytest

from cardkit.faces.colour import SRGB_PROFILE_FILE
from cardkit.render.pipeline import build
from tests.conftest import once_per_run, with_face_cache
from tests.render.conftest import PROJECT, duel_folder

LANGUAGES, PAPERS = ["en", "de"], ["a4", "letter"]
NAMES = [f"{document}-{paper}.pdf" for document in ("cards", "reference") for paper in PAPERS]
XMP = {"pdfxid": "http://www.npes.org/pdfx/ns/id/", "xmpMM": "http://ns.adobe.com/xap/1.0/mm/",
       "xmp": "http://ns.adobe.com/xap/1.0/", "pdf": "http://ns.adobe.com/pdf/1.3/"}


@pytest.fixture(scope="module")
def print_ready(tmp_path_factory, face_cache) -> Path:
    def make(out: Path) -> None:
        with_face_cache(out, face_cache)
        build(PROJECT, out, LANGUAGES, PAPERS, jobs=2, games=["duel"], print_ready=True)

    return once_per_run(tmp_path_factory, "print-ready", make)


def files(folder: Path) -> list[Path]:
    found = [folder / duel_folder(language) / name for language in LANGUAGES for name in NAMES]
    assert found and all(path.is_file() for path in found)
    return found


def test_every_file_declares_pdf_x4_with_an_srgb_output_intent(print_ready):
    for path in files(print_ready):  # guard-ok: files() asserts it found every file
        assert path.read_bytes().startswith(b"%PDF-1.6\n"), path
        with pikepdf.open(path) as pdf:
            (intent,) = pdf.Root.OutputIntents
            assert intent.Type == "/OutputIntent" and intent.S == "/GTS_PDFX"
            assert str(intent.OutputConditionIdentifier) == "sRGB IEC61966-2.1"
            assert intent.DestOutputProfile.read_bytes() == SRGB_PROFILE_FILE.read_bytes()
            assert intent.DestOutputProfile.N == 3
            assert len(pdf.trailer.ID) == 2


def test_xmp_and_document_information_agree(print_ready):
    for path in files(print_ready):  # guard-ok: files() asserts it found every file
        with pikepdf.open(path) as pdf:
            info = pdf.docinfo
            title = str(info.Title)
            assert title.startswith("Cosmic Encounter Duel · ") and "\n" not in title, path
            assert info.Trapped == "/False" and str(info.GTS_PDFXVersion) == "PDF/X-4"
            assert pdf.Root.Metadata.Subtype == "/XML" and "/Filter" not in pdf.Root.Metadata
            metadata = pdf.open_metadata()
            assert metadata["dc:title"] == title
            assert metadata[f"{{{XMP['pdfxid']}}}GTS_PDFXVersion"] == "PDF/X-4"
            assert metadata[f"{{{XMP['pdf']}}}Trapped"] == "False"
            assert metadata[f"{{{XMP['xmpMM']}}}DocumentID"].startswith("uuid:")
            assert metadata[f"{{{XMP['xmpMM']}}}VersionID"] == "1"
            assert metadata[f"{{{XMP['xmpMM']}}}RenditionClass"] == "default"
            for xmp_key, info_key in (("CreateDate", "/CreationDate"), ("ModifyDate", "/ModDate")):
                stamp = metadata[f"{{{XMP['xmp']}}}{xmp_key}"]  # 1970-01-01T00:00:00Z
                assert str(info[info_key]) == "D:" + stamp.replace("-", "").replace("T", "").replace(":", "")
            if "/Producer" in info:
                assert metadata[f"{{{XMP['pdf']}}}Producer"] == str(info.Producer)


def test_every_page_has_nested_boxes_and_no_annotation(print_ready):
    for path in files(print_ready):  # guard-ok: files() asserts it found every file
        with pikepdf.open(path) as pdf:
            for number, page in enumerate(pdf.pages):  # guard-ok: a PDF has a page
                media, bleed, trim = ([float(v) for v in page.obj[key]]
                                      for key in ("/MediaBox", "/BleedBox", "/TrimBox"))
                assert inside(trim, bleed) and inside(bleed, media), (path, number)
                assert "/Annots" not in page.obj


def inside(inner, outer) -> bool:
    return (inner[0] >= outer[0] - 0.01 and inner[1] >= outer[1] - 0.01
            and inner[2] <= outer[2] + 0.01 and inner[3] <= outer[3] + 0.01)


def colour_spaces(pdf: pikepdf.Pdf) -> list:
    """Every colour space a page, form or image of the file names."""
    found = []
    for page in pdf.pages:
        found += _colour_spaces(page.obj.get("/Resources"), set())
    return found


def _colour_spaces(resources, seen: set) -> list:
    if resources is None:
        return []
    found = list((resources.get("/ColorSpace") or {}).values())
    for xobject in (resources.get("/XObject") or {}).values():
        if xobject.objgen in seen:
            continue
        seen.add(xobject.objgen)
        if "/ColorSpace" in xobject:
            found.append(xobject.ColorSpace)
        found += _colour_spaces(xobject.get("/Resources"), seen)
    return found


def names_in(space) -> set[str]:
    if isinstance(space, pikepdf.Name):
        return {str(space)}
    if isinstance(space, pikepdf.Array):
        return {name for item in space for name in names_in(item)}
    return set()


def test_marks_are_black_only_and_no_colour_is_cmyk(built, print_ready):
    """Registration black (the `All` separation) puts 400 % ink on the marks; a print-ready
    file marks in the black plate alone, and with an sRGB intent nothing may be CMYK."""
    plain = pikepdf.open(built / duel_folder("en") / "cards-a4.pdf")
    assert "/All" in {name for space in colour_spaces(plain) for name in names_in(space)}
    for path in files(print_ready):
        with pikepdf.open(path) as pdf:
            spaces = colour_spaces(pdf)
            names = {name for space in spaces for name in names_in(space)}
            assert not names & {"/All", "/DeviceCMYK", "/DeviceN"}, path
            if path.name.startswith("cards"):
                assert [list(space)[:3] for space in spaces if "/Separation" in names_in(space)][0] == \
                    ["/Separation", "/Black", "/DeviceGray"]


def thinnest_stroke(pdf: pikepdf.Pdf) -> float:
    """The thinnest line any page strokes, in points on the paper (the line width times the
    scale of the matrix in effect when it is stroked), looking into every form drawn."""
    widths = []
    for page in pdf.pages:
        _strokes(pikepdf.Page(page.obj), page.obj, 1.0, widths, set())
    assert widths
    return min(widths)


def _strokes(content, holder, scale: float, widths: list, seen: set) -> None:
    if "/Matrix" in holder:
        a, b, c, d = (float(v) for v in list(holder.Matrix)[:4])
        scale *= abs(a * d - b * c) ** 0.5
    xobjects = (holder.get("/Resources") or {}).get("/XObject") or {}
    stack, width = [], 1.0
    for operands, operator in pikepdf.parse_content_stream(content):
        op = str(operator)
        if op == "q":
            stack.append((scale, width))
        elif op == "Q":
            scale, width = stack.pop()
        elif op == "cm":
            a, b, c, d = (float(v) for v in operands[:4])
            scale *= abs(a * d - b * c) ** 0.5
        elif op == "w":
            width = float(operands[0])
        elif op in ("S", "s", "b", "B", "b*", "B*"):
            widths.append(width * scale)
        elif op == "Do" and str(operands[0]) in xobjects:
            form = xobjects[str(operands[0])]
            if form.get("/Subtype") == "/Form" and form.objgen not in seen:
                seen.add(form.objgen)
                _strokes(form, form, scale, widths, seen)


def test_no_line_is_thinner_than_a_quarter_point(built, print_ready):
    with pikepdf.open(built / duel_folder("en") / "cards-a4.pdf") as plain:
        assert thinnest_stroke(plain) < 0.25  # the duplex check's outlines, 0.2 pt
    for path in files(print_ready):
        with pikepdf.open(path) as pdf:
            if path.name.startswith("cards"):
                assert thinnest_stroke(pdf) >= 0.25 - 1e-6, path


@pytest.mark.skipif(shutil.which("qpdf") is None, reason="qpdf is not installed")
def test_qpdf_finds_nothing_wrong(print_ready):
    for path in files(print_ready):  # guard-ok: files() asserts it found every file
        checked = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
        assert checked.returncode == 0 and "No syntax or stream encoding errors" in checked.stdout, checked.stdout
        assert "WARNING" not in checked.stdout + checked.stderr


@pytest.mark.skipif(shutil.which("gs") is None, reason="Ghostscript is not installed")
def test_ghostscript_renders_every_file_silently(print_ready):
    for path in files(print_ready):  # guard-ok: files() asserts it found every file
        rendered = subprocess.run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=nullpage", str(path)],
                                  capture_output=True, text=True)
        assert (rendered.returncode, rendered.stdout, rendered.stderr) == (0, "", ""), path


def test_the_plain_build_is_unchanged_by_a_print_ready_one(built, print_ready, tmp_path):
    """The print-ready build keeps the plain PDFs in the face cache: a plain build after it,
    in the same folder, writes the same bytes as a plain build alone."""
    out = tmp_path / "out"
    shutil.copytree(print_ready, out)
    build(PROJECT, out, LANGUAGES, PAPERS, jobs=2, games=["duel"])
    for path in files(out):  # guard-ok: files() asserts it found every file
        plain = built / path.relative_to(out)
        assert path.read_bytes() == plain.read_bytes(), path
        assert path.read_bytes() != (print_ready / path.relative_to(out)).read_bytes()
