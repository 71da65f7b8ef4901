"""Pictures the art tests draw, made by the tests themselves (cardkit ships no artwork), and
where a written PDF places its images, read from its content streams."""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path

import pikepdf
from PIL import Image, ImageDraw

from tests.render.pdf_content import IDENTITY, multiply

MINIMAL_ART = {"iron-matron": "grid.png", "pickle": "gradient.jpg"}


def grid(size: tuple[int, int], mode: str = "RGB") -> Image.Image:
    """A grid of 50 px squares with a red cross at its centre: a crop shows where it cut."""
    image = Image.new(mode, size, (255, 255, 255) if mode == "RGB" else (255, 255, 255, 0))
    draw = ImageDraw.Draw(image)
    for x in range(0, size[0], 50):
        draw.line([(x, 0), (x, size[1])], fill=(0, 0, 0, 255))
    for y in range(0, size[1], 50):
        draw.line([(0, y), (size[0], y)], fill=(0, 0, 0, 255))
    centre = (size[0] // 2, size[1] // 2)
    draw.line([(centre[0], 0), (centre[0], size[1])], fill=(255, 0, 0, 255), width=5)
    draw.line([(0, centre[1]), (size[0], centre[1])], fill=(255, 0, 0, 255), width=5)
    return image


def gradient(size: tuple[int, int]) -> Image.Image:
    """A left-to-right blue gradient over a top-to-bottom red one."""
    red = Image.linear_gradient("L").resize(size)
    blue = Image.linear_gradient("L").rotate(90).resize(size)
    return Image.merge("RGB", (red, Image.new("L", size, 128), blue))


def make_pictures(folder: Path, outside: Path) -> None:
    """Every picture the art tests name, good and bad, in `folder` (art/duel/); `outside`
    is a folder outside the project, for the link that leads there."""
    folder.mkdir(parents=True, exist_ok=True)
    grid((900, 1230)).save(folder / "grid.png")
    gradient((1000, 1400)).save(folder / "gradient.jpg", quality=95)
    gradient((1000, 1400)).convert("CMYK").save(folder / "cmyk.jpg", quality=95)
    grid((900, 1230), "RGBA").save(folder / "transparent.png")
    gradient((272, 370)).save(folder / "coarse.png")
    gradient((500, 680)).save(folder / "soft.png")  # 184 dpi: a warning
    encoded = BytesIO()
    grid((900, 1230)).save(encoded, "PNG")
    (folder / "truncated.png").write_bytes(encoded.getvalue()[:len(encoded.getvalue()) // 2])
    gradient((900, 1230)).save(folder / "jpeg-named.png", "JPEG")
    (folder / "notes.txt").write_text("not a picture\n")
    (folder / "huge.png").write_bytes(png_header(12_000, 12_000))
    _broken_svgs(folder)
    frames = [gradient((300, 400)).rotate(angle) for angle in (0, 90, 180)]
    frames[0].save(folder / "animated.png", save_all=True, append_images=frames[1:])
    outside.mkdir(parents=True, exist_ok=True)
    gradient((900, 1230)).save(outside / "outside.png")
    (folder / "outside.png").symlink_to(outside / "outside.png")


def png_header(width: int, height: int) -> bytes:
    """A PNG whose header declares `width` x `height` px of 8-bit RGB, with no pixel data:
    what Pillow reads of a picture before its pixel limit refuses it."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"")) + chunk(b"IEND", b""))


def with_art(root: Path, cards: dict[str, str], **block: str) -> None:
    """Gives each card of the minimal database's aliens the picture named for it."""
    path = root / "cards" / "duel" / "aliens.yaml"
    text = path.read_text()
    for card, file in cards.items():
        lines = "".join(f"    {key}: {value}\n" for key, value in block.items())
        text = text.replace(f"\n{card}:\n", f"\n{card}:\n  art:\n    file: {file}\n{lines}"
                            f"    credit: Test picture {file}, CC0\n", 1)
    path.write_text(text)


@dataclass(frozen=True)
class PlacedImage:
    """An image drawn on a page: the face drawing it, the image object, and its rectangle in
    mm from the page's bottom left."""

    page: int
    face: str
    image: pikepdf.Object
    x: float
    y: float
    width: float
    height: float

    @property
    def dpi(self) -> tuple[float, float]:
        """Pixels per inch as printed: the image's pixels over its placed size."""
        return (int(self.image.Width) / (self.width / 25.4), int(self.image.Height) / (self.height / 25.4))


def placed_images(pdf: pikepdf.Pdf) -> list[PlacedImage]:
    """Every image drawn on the pages, through the faces' Form XObjects and their
    matrices: the unit square of each image mapped by the current transformation."""
    placed: list[PlacedImage] = []

    def walk(page: int, face: str, content, resources, matrix) -> None:
        stack = []
        current = matrix
        xobjects = resources.get("/XObject", {}) if resources is not None else {}
        for operands, operator in pikepdf.parse_content_stream(content):
            op = str(operator)
            if op == "q":
                stack.append(current)
            elif op == "Q":
                current = stack.pop()
            elif op == "cm":
                current = multiply(tuple(float(value) for value in operands), current)
            elif op == "Do":
                name = str(operands[0])
                xobject = xobjects[name]
                if xobject.get("/Subtype") == "/Image":
                    a, b, c, d, e, f = current
                    corners = [(e, f), (a + e, b + f), (c + e, d + f), (a + c + e, b + d + f)]
                    xs, ys = [x for x, _ in corners], [y for _, y in corners]
                    placed.append(PlacedImage(page, face, xobject, mm(min(xs)), mm(min(ys)),
                                              mm(max(xs) - min(xs)), mm(max(ys) - min(ys))))
                else:
                    form_matrix = tuple(float(v) for v in xobject.get("/Matrix", IDENTITY))
                    walk(page, face or name.removeprefix("/"), xobject, xobject.get("/Resources"),
                         multiply(form_matrix, current))

    for index, page in enumerate(pdf.pages):
        walk(index, "", page, page.get("/Resources"), IDENTITY)
    return placed


def mm(points: float) -> float:
    return points * 25.4 / 72


SVG_START = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">\n'


def _broken_svgs(folder: Path) -> None:
    """One fault each: what would print as an empty or partial frame, or never finish."""
    (folder / "malformed.svg").write_text(SVG_START + '<rect width="10" height="10">\n</svg>\n')
    (folder / "doctype.svg").write_text('<?xml version="1.0"?>\n<!DOCTYPE svg>\n' + SVG_START
                                        + '<rect width="10" height="10"/>\n</svg>\n')
    (folder / "entity.svg").write_text('<?xml version="1.0"?>\n<!DOCTYPE svg [<!ENTITY a "aaaa">]>\n'
                                       + SVG_START + '<text>&a;</text>\n</svg>\n')
    levels = ['<g id="l0"><rect width="1" height="1"/></g>']
    for level in range(1, 9):
        uses = "".join(f'<use xlink:href="#l{level - 1}"/>' for _ in range(10))
        levels.append(f'<g id="l{level}">{uses}</g>')
    (folder / "use-bomb.svg").write_text(SVG_START + "<defs>" + "\n".join(levels) + "</defs>\n"
                                         + '<use xlink:href="#l8"/>\n</svg>\n')
    (folder / "nested-image.svg").write_text(SVG_START + '<rect width="10" height="10"/>\n'
                                             + '<image href="grid.png" width="10" height="10"/>\n</svg>\n')
