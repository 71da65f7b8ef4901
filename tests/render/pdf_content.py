"""What a written PDF shows, read from its content streams with pikepdf: every piece of text
with the size it is printed at and the face (Form XObject) that draws it.

The size of a glyph is its font size scaled by the text matrix and the current
transformation matrix (the page's and each enclosing form's `cm` and /Matrix), so a face
drawn scaled down would show it. Text is decoded through each font's ToUnicode map.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from math import hypot

import pikepdf
from pikepdf import Array, Dictionary, Name

IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
SHOWING = {"Tj", "TJ", "'", '"'}


@dataclass(frozen=True)
class Run:
    """One text-showing operation: its text and its printed size in points."""

    page: int
    face: str  # the Form XObject drawn on the page that shows it ("" for the page's own text)
    text: str
    size: float


def multiply(m, n):
    """m x n for PDF matrices (a b c d e f)."""
    return (m[0] * n[0] + m[1] * n[2], m[0] * n[1] + m[1] * n[3],
            m[2] * n[0] + m[3] * n[2], m[2] * n[1] + m[3] * n[3],
            m[4] * n[0] + m[5] * n[2] + n[4], m[4] * n[1] + m[5] * n[3] + n[5])


def printed_size(font_size: float, horizontal_scale: float, matrix) -> float:
    """The smaller of a glyph's printed height and width scale, in points."""
    a, b, c, d = matrix[:4]
    return abs(font_size) * min(hypot(c, d), horizontal_scale * hypot(a, b))


_BFCHAR = re.compile(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>")
_SECTION = re.compile(rb"beginbfchar(.*?)endbfchar", re.S)


class _Decoder:
    def __init__(self, font: Dictionary):
        self.width = 2 if font.get("/Subtype") == Name.Type0 else 1
        self.map: dict[int, str] = {}
        if "/ToUnicode" in font:
            for body in _SECTION.findall(font.ToUnicode.read_bytes()):
                for code, text in _BFCHAR.findall(body):
                    self.map[int(code, 16)] = bytes.fromhex(text.decode()).decode("utf-16-be")

    def text(self, data: bytes) -> str:
        codes = [int.from_bytes(data[start:start + self.width], "big")
                 for start in range(0, len(data), self.width)]
        return "".join(self.map.get(code, "\ufffd") for code in codes)


def text_runs(path) -> list[Run]:
    """Every piece of text of every page of the PDF at `path`."""
    runs: list[Run] = []
    decoders: dict[tuple[int, int], _Decoder] = {}
    with pikepdf.open(path) as pdf:
        for index, page in enumerate(pdf.pages):
            _walk(page, page.get("/Resources", Dictionary()), IDENTITY, index, "", runs, decoders)
    return runs


def _walk(content, resources, ctm, page: int, face: str, runs: list[Run], decoders) -> None:
    stack = []
    text_matrix = IDENTITY
    font_size, horizontal_scale, decoder = 0.0, 1.0, None
    fonts = resources.get("/Font", Dictionary())
    xobjects = resources.get("/XObject", Dictionary())
    for operands, operator in pikepdf.parse_content_stream(content):
        op = str(operator)
        if op == "q":
            stack.append(ctm)
        elif op == "Q":
            ctm = stack.pop()
        elif op == "cm":
            ctm = multiply(tuple(float(value) for value in operands), ctm)
        elif op == "BT":
            text_matrix = IDENTITY
        elif op == "Tm":
            text_matrix = tuple(float(value) for value in operands)
        elif op == "Tz":
            horizontal_scale = float(operands[0]) / 100
        elif op == "Tf":
            font = fonts[str(operands[0])]
            key = font.objgen if font.is_indirect else (id(font), 0)
            decoder = decoders.setdefault(key, _Decoder(font))
            font_size = float(operands[1])
        elif op in SHOWING:
            shown = operands[-1]
            data = (b"".join(bytes(item) for item in shown if isinstance(item, pikepdf.String))
                    if isinstance(shown, Array) else bytes(shown))
            size = printed_size(font_size, horizontal_scale, multiply(text_matrix, ctm))
            runs.append(Run(page, face, decoder.text(data), size))
        elif op == "Do":
            xobject = xobjects[str(operands[0])]
            if xobject.get("/Subtype") == Name.Form:
                matrix = tuple(float(value) for value in xobject.get("/Matrix", Array(IDENTITY)))
                _walk(xobject, xobject.get("/Resources", resources), multiply(matrix, ctm), page,
                      face or str(operands[0]).removeprefix("/"), runs, decoders)
