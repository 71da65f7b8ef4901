"""Faces as pixels: each face's cached one-page PDF rasterised with pypdfium2 (PDFium, the
engine of Chromium's PDF viewer), for the card images, the Tabletop Simulator sheets and the
gallery site.

A raster depends only on the face's rendering, the resolution, the area (trim or bleed) and
the code that makes it, so it is cached in the face cache under those: a face whose
rendering did not change is never rasterised again. A rendering is named by its key in the
face cache (`face_key`, which names one PDF), so a raster the cache holds is found without
reading the face's PDF; the PDF is read only to rasterise. PNGs carry the sRGB profile
(`faces/sRGB.icc`, littleCMS's built-in sRGB with a fixed creation date) and the
resolution, and no time: the same face gives the same bytes.

Rasterising is spread over processes forked from this one, one per core; each job is one
face, or one sheet of faces (tts.py), and returns encoded PNG bytes.
"""

from __future__ import annotations

import hashlib
import math
import multiprocessing
import os
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from io import BytesIO
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from cardkit.faces.cache import FaceCache, cache_key
from cardkit.faces.colour import SRGB_PROFILE_FILE
from cardkit.faces.layout import BLEED, CARD_HEIGHT, CARD_WIDTH
from cardkit.source.children import die_with_parent

if TYPE_CHECKING:
    from PIL import Image

AREAS = ("trim", "bleed")
MM_PER_INCH = 25.4
POINTS_PER_INCH = 72
SRGB_PROFILE = SRGB_PROFILE_FILE.read_bytes()
# zlib's fastest level: card faces are flat colour, so the files are about as small as at
# the default level, and encoding takes a third less time.
COMPRESS_LEVEL = 1


@dataclass(frozen=True)
class Raster:
    """What a face is rasterised to: `dpi` and the `area` of the card (its cut outline,
    `trim`, or with the bleed around it); with a `canvas` (width, height in pixels), the
    area is centred on a canvas of that size: cut where the canvas is smaller, padded with
    copies of its own edge pixels where it is larger, never scaled."""

    dpi: float
    area: str = "trim"
    canvas: tuple[int, int] | None = None

    @property
    def size(self) -> tuple[int, int]:
        """The image's size in pixels: the canvas, or the area in millimetres at `dpi`, rounded."""
        return self.canvas or self.area_size

    @property
    def area_size(self) -> tuple[int, int]:
        """The area's size in pixels: in millimetres at `dpi`, rounded."""
        grow = 2 * BLEED if self.area == "bleed" else 0
        return (round((CARD_WIDTH + grow) * self.dpi / MM_PER_INCH),
                round((CARD_HEIGHT + grow) * self.dpi / MM_PER_INCH))

    def image(self, pdf: bytes) -> Image.Image:
        """The face's page (at bleed size) rendered at `dpi`, only the area's pixels: the
        area's top left corner at the bleed rounded to whole pixels, its size `size`."""
        import pypdfium2

        page = pypdfium2.PdfDocument(pdf)[0]
        scale = self.dpi / POINTS_PER_INCH
        # PDFium's bitmap is the page's size in pixels rounded up, less each side's crop
        # rounded up; crops of whole pixels (a hair under, so they round up to themselves)
        # cut exactly `size` from it.
        full = (math.ceil(page.get_width() * scale), math.ceil(page.get_height() * scale))
        offset = 0 if self.area == "bleed" else round(BLEED * self.dpi / MM_PER_INCH)
        width, height = self.area_size
        left, top = offset, offset
        right, bottom = full[0] - left - width, full[1] - top - height
        crop = [(pixels - 1e-6) / scale if pixels > 0 else 0 for pixels in (left, bottom, right, top)]
        image = page.render(scale=scale, crop=crop).to_pil()
        image = image if image.mode == "RGB" else image.convert("RGB")
        return image if self.canvas is None else on_canvas(image, self.canvas)


def on_canvas(image: Image.Image, canvas: tuple[int, int]) -> Image.Image:
    """`image` centred on a canvas of `canvas` pixels, unscaled: cut evenly where the canvas
    is smaller; where it is larger, each edge's outermost row or column of pixels repeated
    outwards (the odd pixel of a difference goes to the right and bottom)."""
    width, height = image.size
    cut_x, cut_y = max(0, width - canvas[0]) // 2, max(0, height - canvas[1]) // 2
    image = image.crop((cut_x, cut_y, cut_x + min(width, canvas[0]), cut_y + min(height, canvas[1])))
    width, height = image.size
    left, top = (canvas[0] - width) // 2, (canvas[1] - height) // 2
    right, bottom = canvas[0] - width - left, canvas[1] - height - top
    from PIL import Image as PillowImage

    def repeated(strip: Image.Image, size: tuple[int, int]) -> Image.Image:
        return strip.resize(size, PillowImage.Resampling.NEAREST)

    padded = PillowImage.new("RGB", canvas)
    padded.paste(image, (left, top))
    if left:
        padded.paste(repeated(image.crop((0, 0, 1, height)), (left, height)), (0, top))
    if right:
        padded.paste(repeated(image.crop((width - 1, 0, width, height)), (right, height)), (left + width, top))
    if top:
        padded.paste(repeated(padded.crop((0, top, canvas[0], top + 1)), (canvas[0], top)), (0, 0))
    if bottom:
        row = top + height - 1
        padded.paste(repeated(padded.crop((0, row, canvas[0], row + 1)), (canvas[0], bottom)), (0, top + height))
    return padded


def encode_png(image: Image.Image, dpi: float) -> bytes:
    """PNG bytes with the sRGB profile and the resolution, and nothing of the time."""
    output = BytesIO()
    image.save(output, "PNG", icc_profile=SRGB_PROFILE, dpi=(dpi, dpi),
               compress_level=COMPRESS_LEVEL)
    return output.getvalue()


def face_png(pdf: bytes, raster: Raster) -> bytes:
    return encode_png(raster.image(pdf), raster.dpi)


def digest(content: bytes) -> str:
    return hashlib.sha256(content).hexdigest()


@cache
def raster_code() -> str:
    """What every raster is made by, besides its face: a cached raster of another version of
    this code, PDFium or Pillow is not used."""
    import pypdfium2
    from PIL import Image

    return cache_key("raster", pypdfium2.version.PYPDFIUM_INFO.version, pypdfium2.version.PDFIUM_INFO.version,
                     Image.__version__, digest(Path(__file__).read_bytes()), digest(SRGB_PROFILE))


def raster_key(what: str, *parts: str) -> str:
    """The cache key of a raster made of `parts` (face digests, sizes) by this code."""
    return cache_key(what, raster_code(), *parts)


class Renderings(Protocol):
    """The faces a build rendered or read from the face cache (publish/outputs.py `Made`):
    each one's key in the cache, and its one-page PDF, read only when asked for."""

    def face_key_of(self, target, face) -> str: ...

    def pdf_of(self, target, face) -> bytes: ...


@dataclass(frozen=True)
class RasterJob:
    """An image to make unless the cache holds it under `key`: `make(*arguments())`, whose
    arguments (the faces' PDFs) are read only when it must be made."""

    key: str
    make: Callable[..., bytes]
    arguments: Callable[[], tuple]


def face_job(renderings: Renderings, target, face, raster: Raster) -> RasterJob:
    """The job of rasterising one face."""
    return RasterJob(raster_key("face rendering", renderings.face_key_of(target, face), repr(raster)),
                     face_png, lambda: (renderings.pdf_of(target, face), raster))


@dataclass
class Rasterised:
    """Encoded images by name, and the names that had to be made rather than read from the
    cache."""

    images: dict[str, bytes]
    made: list[str]


def rasterise_all(jobs: dict[str, RasterJob], store: FaceCache, processes: int | None = None) -> Rasterised:
    """Runs the `jobs` (by the name of their image) that the cache does not hold, in
    processes forked from this one, and keeps what they make in the cache."""
    images, pending = {}, {}
    for name, job in jobs.items():
        cached = store.get(job.key)
        if cached is None:
            pending[name] = job
        else:
            images[name] = cached
    for name, image in _run(pending, processes):
        images[name] = image
        store.put(pending[name].key, image)
    return Rasterised(images, sorted(pending))


def _run(pending: dict[str, RasterJob], processes: int | None) -> Iterable[tuple[str, bytes]]:
    workers = min(processes or os.cpu_count() or 1, len(pending))
    if workers <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        for name, job in pending.items():
            yield name, job.make(*job.arguments())
        return
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork"),
                             initializer=die_with_parent, initargs=(os.getpid(),)) as pool:
        futures = {name: pool.submit(job.make, *job.arguments()) for name, job in pending.items()}
        for name, future in futures.items():
            yield name, future.result()
