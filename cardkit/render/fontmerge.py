"""One font program per font in an imposed PDF.

Each face is rendered alone, so its PDF embeds its own subset of each font: the glyphs that
face shows. WeasyPrint names every subset of one font alike (its tag comes from the font's
description, not from the subset), so card sheets imposed from forty faces would hold forty
different programs under one `BaseFont`. ISO 32000-1 (9.6.4) asks a subset's tag to
identify that subset; prepress and imposition software that caches fonts by name may
otherwise draw one face's text with another face's glyphs.

`merge_fonts` gives every face of a document the same font dictionaries instead: per font,
the project's font file subset to the union of the glyphs all faces show, one width array
and one ToUnicode map, under a tag derived from the new program's bytes. WeasyPrint keeps
glyph ids when it subsets (CIDs are glyph ids, `/CIDToGIDMap /Identity`), and so does this
subset, so no content stream changes. One program per font also makes the PDF smaller.

A document WeasyPrint renders whole (the reference sheets) holds one subset per font
already; `tag_by_content` gives its subsets tags derived from their bytes too, so across
every PDF of a build one name stands for one program.
"""

from __future__ import annotations

import hashlib
import logging
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from io import BytesIO
from pathlib import Path

import fontTools
import pikepdf
from fontTools.ttLib import TTFont
from pikepdf import Array, Dictionary, Name, Pdf

from cardkit.faces.cache import FaceCache, cache_key
from cardkit.faces.errors import RenderError
from cardkit.render.glyphs import FONT_SUFFIXES
from cardkit.render.resources import RESOURCE_LIMIT
from cardkit.source.templates import template_files

POSTSCRIPT_NAME = 6  # the name table's record of a font's PostScript name
FIXED_PITCH = 1  # FontDescriptor flag bit 1
# The tables WeasyPrint leaves out of its subsets, and those a PDF renderer does not read
# (glyph classes, math layout), left out of the merged one.
DROPPED_TABLES = ["BASE", "DSIG", "EBDT", "EBLC", "EBSC", "FFTM", "GDEF", "GPOS", "GSUB", "JSTF",
                  "LTSH", "MATH", "PCLT", "SVG ", "kern"]
# fontTools logs each table it drops; a build prints only problems.
logging.getLogger("fontTools.subset").setLevel(logging.ERROR)


def project_font_files(root: Path) -> dict[str, bytes]:
    """The project's font files (`templates/fonts/`, with the package's it does not have),
    by the PostScript name each records: the name their subsets in a face's PDF keep."""
    files = {}
    for font in template_files(root, "fonts"):
        if font.name.suffix.lower() in FONT_SUFFIXES:
            content = font.read(RESOURCE_LIMIT)
            files[_postscript_name(content)] = content
    return files


def merge_fonts(pdf: Pdf, font_files: dict[str, bytes], store: FaceCache | None = None) -> None:
    """Replaces, in every resource dictionary of `pdf` (pages and Form XObjects, at any
    depth), each subset of one font with one font dictionary shared by all of them, whose
    program holds every glyph any of them showed. `font_files` are the fonts the subsets
    were made from, by PostScript name (`project_font_files`). The merged programs are kept
    in `store` (the face cache), so sheets imposed again after an edit that shows no glyph
    the sheets lacked subset nothing."""
    uses: dict[str, _Font] = {}
    for resources, key, font in _font_uses(pdf):
        name = _untagged(font)
        uses.setdefault(name, _Font(name)).add(resources, key, font)
    for merged in uses.values():
        replacement = merged.build(pdf, font_files, store or FaceCache(None))
        for resources, key in merged.places:
            resources.Font[key] = replacement


@dataclass
class _Font:
    """Every subset of one font in a document, and where each is used."""

    name: str
    places: list[tuple[Dictionary, Name]] = field(default_factory=list)
    subsets: dict[tuple[int, int], Dictionary] = field(default_factory=dict)

    def add(self, resources: Dictionary, key: Name, font: Dictionary) -> None:
        self.places.append((resources, key))
        self.subsets.setdefault(font.objgen, font)

    def build(self, pdf: Pdf, font_files: dict[str, bytes], store: FaceCache) -> Dictionary:
        fonts = list(self.subsets.values())
        for font in fonts:
            self._check_mergeable(font)
        descendants = [font.DescendantFonts[0] for font in fonts]
        widths: dict[int, int | float] = {}
        for descendant in descendants:
            for cid, width in _widths(descendant.get("/W", Array())).items():
                widths.setdefault(cid, width)
        unicode: dict[int, str] = {}
        for font in fonts:
            if "/ToUnicode" in font:
                for cid, text in _to_unicode(font.ToUnicode.read_bytes()).items():
                    unicode.setdefault(cid, text)

        original = font_files.get(_postscript_name(
            descendants[0].FontDescriptor.FontFile2.read_bytes()))
        if original is None:
            raise RenderError(f"the font {self.name} of a face is none of the project's fonts "
                              f"({', '.join(sorted(font_files))})")
        program = _kept_subset(original, tuple(sorted(widths)), store)
        base_font = Name(f"/{_tag(program)}+{self.name}")

        first = descendants[0].FontDescriptor
        # WeasyPrint's box spans the subset's widest advance; the merged one, all of them.
        left, bottom, right, top = zip(*(
            [float(value) for value in descendant.FontDescriptor.FontBBox] for descendant in descendants))
        flags = int(first.Flags) & ~FIXED_PITCH
        if len(widths) > 1 and len(set(widths.values())) == 1:
            flags |= FIXED_PITCH
        descriptor = Dictionary(first)
        descriptor.FontName = base_font
        descriptor.Flags = flags
        descriptor.FontBBox = Array([_number(min(left)), _number(min(bottom)),
                                     _number(max(right)), _number(max(top))])
        if "/CIDSet" in descriptor:  # a set of the subset's CIDs, which the merge changes
            del descriptor.CIDSet
        stream = pikepdf.Stream(pdf, program)
        stream.Length1 = len(program)
        descriptor.FontFile2 = pdf.make_indirect(stream)

        descendant = Dictionary(descendants[0])
        descendant.BaseFont = base_font
        descendant.W = _width_array(widths)
        descendant.FontDescriptor = pdf.make_indirect(descriptor)
        merged = Dictionary(fonts[0])
        merged.BaseFont = base_font
        merged.DescendantFonts = Array([pdf.make_indirect(descendant)])
        merged.ToUnicode = pdf.make_stream(_cmap(unicode))
        return pdf.make_indirect(merged)

    def _check_mergeable(self, font: Dictionary) -> None:
        descendant = font.DescendantFonts[0] if "/DescendantFonts" in font else None
        if (font.get("/Subtype") != Name.Type0 or font.get("/Encoding") != Name("/Identity-H")
                or descendant is None or descendant.get("/CIDToGIDMap") != Name.Identity
                or "/FontFile2" not in descendant.get("/FontDescriptor", Dictionary())):
            raise RenderError(f"the font {self.name} of a face is not a TrueType font with "
                              "glyph ids as character codes; its subsets cannot be merged")


def tag_by_content(document: bytes) -> bytes:
    """The PDF `document` with each embedded font subset named by a tag derived from its
    program's bytes."""
    pdf = Pdf.open(BytesIO(document))
    for _, _, font in _font_uses(pdf):
        descendant = font.DescendantFonts[0] if "/DescendantFonts" in font else font
        descriptor = descendant.get("/FontDescriptor")
        program = next((descriptor[key] for key in ("/FontFile2", "/FontFile3", "/FontFile")
                        if descriptor is not None and key in descriptor), None)
        if program is None:
            continue  # not embedded: no subset to name
        base_font = Name(f"/{_tag(program.read_bytes())}+{_untagged(font)}")
        font.BaseFont = descendant.BaseFont = descriptor.FontName = base_font
    output = BytesIO()
    pdf.save(output, deterministic_id=True, compress_streams=True)
    return output.getvalue()


def _font_uses(pdf: Pdf) -> Iterator[tuple[Dictionary, Name, Dictionary]]:
    """(resource dictionary, resource name, font dictionary) for every font a page or a Form
    XObject it draws uses, each resource dictionary visited once."""
    seen: set[tuple[int, int]] = set()

    def visit(resources: Dictionary) -> Iterator[tuple[Dictionary, Name, Dictionary]]:
        if resources.is_indirect:
            if resources.objgen in seen:
                return
            seen.add(resources.objgen)
        for key, font in (resources.get("/Font") or Dictionary()).items():
            yield resources, Name(key), font
        for xobject in (resources.get("/XObject") or Dictionary()).values():
            if xobject.get("/Subtype") == Name.Form and "/Resources" in xobject:
                if xobject.objgen in seen:
                    continue
                seen.add(xobject.objgen)
                yield from visit(xobject.Resources)

    for page in pdf.pages:
        if "/Resources" in page:
            yield from visit(page.Resources)


def _untagged(font: Dictionary) -> str:
    """A font's name without its subset tag: `Cardkit-Sans-Semi-Condensed`."""
    return str(font.BaseFont).lstrip("/").split("+", 1)[-1]


def _postscript_name(program: bytes) -> str:
    name = TTFont(BytesIO(program), lazy=True)["name"].getDebugName(POSTSCRIPT_NAME)
    if not name:
        raise RenderError("a font program records no PostScript name")
    return name


def _kept_subset(original: bytes, glyph_ids: tuple[int, ...], store: FaceCache) -> bytes:
    """`_subset`, from `store` where it holds this subset of this font made by this code and
    fontTools."""
    key = cache_key("font subset", fontTools.version, _CODE, hashlib.sha256(original).hexdigest(),
                    ",".join(map(str, glyph_ids)))
    program = store.get(key)
    if program is None:
        program = _subset(original, glyph_ids)
        store.put(key, program)
    return program


# The subsets depend on this code's options: a subset kept by another version is not used.
_CODE = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()


@lru_cache(maxsize=64)
def _subset(original: bytes, glyph_ids: tuple[int, ...]) -> bytes:
    """`original` reduced to `glyph_ids` (and the glyphs they are built of), each at its own
    id, without hinting, as WeasyPrint subsets; the same bytes for the same glyphs (kept for
    the build's other paper, which shows the same glyphs). fontTools' subsetter is imported
    here, as sheets whose subsets the cache holds need none."""
    from fontTools import subset

    options = subset.Options(retain_gids=True, hinting=False, desubroutinize=True,
                             ignore_missing_glyphs=True)
    options.drop_tables += DROPPED_TABLES
    # Loaded lazily, as fontTools' own subsetter loads: only the glyphs kept are parsed.
    font = TTFont(BytesIO(original), recalcTimestamp=False, lazy=True)
    subsetter = subset.Subsetter(options)
    subsetter.populate(gids=glyph_ids)
    subsetter.subset(font)
    output = BytesIO()
    font.save(output)
    return output.getvalue()


def _tag(program: bytes) -> str:
    """Six capital letters derived from a font program's bytes: a different subset, a
    different tag."""
    return "".join(chr(ord("A") + byte % 26) for byte in hashlib.sha256(program).digest()[:6])


def _widths(array: Array) -> dict[int, int | float]:
    """A CIDFont's /W array as {cid: width}: `c [w1 w2 ...]` and `c_first c_last w` runs."""
    widths = {}
    items = list(array)
    index = 0
    while index < len(items):
        first = int(items[index])
        if isinstance(items[index + 1], Array):
            for offset, width in enumerate(items[index + 1]):
                widths[first + offset] = _number(width)
            index += 2
        else:
            last, width = int(items[index + 1]), _number(items[index + 2])
            for cid in range(first, last + 1):
                widths[cid] = width
            index += 3
    return widths


def _width_array(widths: dict[int, int | float]) -> Array:
    """{cid: width} as a /W array of `c [w1 w2 ...]` runs of consecutive CIDs."""
    array: list = []
    run: list = []
    previous = None
    for cid in sorted(widths):
        if previous is None or cid != previous + 1:
            run = []
            array += [cid, run]
        run.append(widths[cid])
        previous = cid
    return Array([item if not isinstance(item, list) else Array(item) for item in array])


def _number(value) -> int | float:
    number = float(value)
    return int(number) if number.is_integer() else number


_HEX = r"<([0-9A-Fa-f]+)>"
_BFCHAR = re.compile(rf"{_HEX}\s*{_HEX}")
_BFRANGE = re.compile(rf"{_HEX}\s*{_HEX}\s*{_HEX}")
_SECTION = re.compile(rb"begin(bfchar|bfrange)(.*?)end\1", re.S)


def _to_unicode(cmap: bytes) -> dict[int, str]:
    """A ToUnicode CMap's mappings: {cid: text}."""
    mapped = {}
    for kind, body in _SECTION.findall(cmap):
        text = body.decode("latin-1")
        if kind == b"bfchar":
            for cid, target in _BFCHAR.findall(text):
                mapped[int(cid, 16)] = _utf16(target)
        else:
            for first, last, target in _BFRANGE.findall(text):
                start = _utf16(target)
                for offset in range(int(last, 16) - int(first, 16) + 1):
                    mapped[int(first, 16) + offset] = start[:-1] + chr(ord(start[-1]) + offset)
    return mapped


def _utf16(hex_text: str) -> str:
    return bytes.fromhex(hex_text).decode("utf-16-be", errors="replace")


def _cmap(unicode: dict[int, str]) -> bytes:
    """A ToUnicode CMap of `unicode` ({cid: text}), in WeasyPrint's form."""
    lines = [b"/CIDInit /ProcSet findresource begin", b"12 dict begin", b"begincmap",
             b"/CIDSystemInfo", b"<< /Registry (Adobe)", b"/Ordering (UCS)", b"/Supplement 0",
             b">> def", b"/CMapName /Adobe-Identity-UCS def", b"/CMapType 2 def",
             b"1 begincodespacerange", b"<0000> <ffff>", b"endcodespacerange"]
    mappings = sorted(unicode.items())
    for start in range(0, len(mappings), 100):  # at most 100 mappings per section
        batch = mappings[start:start + 100]
        lines.append(f"{len(batch)} beginbfchar".encode())
        lines += [f"<{cid:04x}> <{text.encode('utf-16-be').hex()}>".encode() for cid, text in batch]
        lines.append(b"endbfchar")
    lines += [b"endcmap", b"CMapName currentdict /CMap defineresource pop", b"end", b"end"]
    return b"\n".join(lines)
