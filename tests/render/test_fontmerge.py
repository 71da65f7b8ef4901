"""The merged font programs of the card sheets draw every glyph as the project's fonts do."""

from __future__ import annotations

from io import BytesIO

import pikepdf
import pytest
from fontTools.ttLib import TTFont

from cardkit.render.fontmerge import project_font_files
from tests.conftest import PROJECT_ROOT


def cids_of(widths) -> dict[int, float]:
    """A /W array as {cid: width}."""
    items, found, index = list(widths), {}, 0
    while index < len(items):
        first = int(items[index])
        if isinstance(items[index + 1], pikepdf.Array):
            found.update({first + offset: float(width) for offset, width in enumerate(items[index + 1])})
            index += 2
        else:
            found.update({cid: float(items[index + 2]) for cid in range(first, int(items[index + 1]) + 1)})
            index += 3
    return found


def outline(font: TTFont, glyph_id: int):
    glyph_set = font["glyf"]
    glyph = glyph_set[font.getGlyphOrder()[glyph_id]]
    coordinates = glyph.getCoordinates(glyph_set)[0] if glyph.numberOfContours else []
    return list(coordinates), font["hmtx"][font.getGlyphOrder()[glyph_id]][0]


@pytest.mark.parametrize("name", ["duel/de/cards-a4.pdf", "classic/es/cards-letter.pdf"])
def test_every_glyph_of_the_merged_programs_is_the_project_fonts_glyph(box_build, name):
    originals = {postscript: TTFont(BytesIO(content))
                 for postscript, content in project_font_files(PROJECT_ROOT).items()}
    checked = 0
    with pikepdf.open(box_build / name) as pdf:
        fonts = [font for font in pdf.objects if isinstance(font, pikepdf.Dictionary)
                 and font.get("/Subtype") == pikepdf.Name.CIDFontType2]
        assert len(fonts) == 3  # regular, bold, italic: one dictionary each
        for font in fonts:
            merged = TTFont(BytesIO(font.FontDescriptor.FontFile2.read_bytes()))
            original = originals[merged["name"].getDebugName(6)]
            units = original["head"].unitsPerEm
            for cid, width in cids_of(font.W).items():
                shape, advance = outline(original, cid)
                assert outline(merged, cid) == (shape, advance)
                assert width == pytest.approx(advance * 1000 / units, abs=1)  # as laid out, rounded
                checked += 1
    assert checked > 100
