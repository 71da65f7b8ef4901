"""`cardkit build --format png`: one PNG per face and language, and per deck back, cut from
the face cache's rendering of the face (raster.py): `<game>/<ll>/png/<kind>/<id>.png` and
`<game>/<ll>/png/back/<back>.png`."""

from __future__ import annotations

from pathlib import Path, PurePosixPath

from cardkit.faces.cache import FaceCache
from cardkit.faces.documents import credited
from cardkit.faces.faces import Face
from cardkit.publish.outputs import Made, Outputs
from cardkit.publish.raster import Raster, Rasterised, Renderings, face_job, rasterise_all


CREDITS_FILE = "credits.txt"


def png_name(face: Face) -> PurePosixPath:
    """Where a face's image goes in its language's `png/` folder."""
    if face.kind == "back":
        return PurePosixPath("back", f"{face.back}.png")
    return PurePosixPath(face.kind, f"{face.id}.png")


def write_png(made: Made, outputs: Outputs) -> tuple[dict[Path, bytes], list[str]]:
    """The `png` format (outputs.py)."""
    images = png_files(made.contexts, made, outputs.png, made.store, made.jobs)
    files = {made.out / name: image for name, image in images.images.items()}
    files.update({made.out / name: text for name, text in png_credits(made.contexts).items()})
    return files, images.made


def png_credits(contexts: dict) -> dict[str, bytes]:
    """`credits.txt` beside each language's images that show a picture: each image's name
    and its picture's credit (faces/documents.py `credited`), one line each."""
    return {f"{target.folder}/png/{CREDITS_FILE}": "".join(
                f"{png_name(face)}: {picture.credit}\n" for face, picture in pictures).encode("utf-8")
            for target, context in contexts.items() if (pictures := credited(context))}


def png_files(contexts: dict, renderings: Renderings, raster: Raster, store: FaceCache,
              processes: int | None = None) -> Rasterised:
    """The image of every face and back of each target's context, by its path under the
    output folder. Only what the cache does not hold for the face's rendering and this
    raster is rasterised."""
    return rasterise_all({f"{target.folder}/png/{png_name(face)}": face_job(renderings, target, face, raster)
                          for target, context in contexts.items()
                          for face in (*context.faces, *context.backs)}, store, processes)


# Print shops' canvases for a poker-size card with its bleed, in pixels at 300 dpi, as their
# templates give them (docs/outputs.md).
CANVAS_DPI = 300
# No canvas side over 10 inches at 300 dpi: a card's canvas, not a poster.
MAX_CANVAS_SIDE = 3000
CANVASES = {
    "makeplayingcards": (822, 1122),
    "drivethrucards": (825, 1125),
}


class CanvasError(ValueError):
    """A --png-canvas that is neither a shop's name nor WIDTHxHEIGHT pixels."""


def canvas_size(text: str) -> tuple[int, int]:
    """A canvas by a shop's name (CANVASES) or as `WIDTHxHEIGHT` in pixels at 300 dpi, at
    least the card's trim size (744 x 1039) and at most MAX_CANVAS_SIDE on each side."""
    if text.lower() in CANVASES:
        return CANVASES[text.lower()]
    width, separator, height = text.lower().partition("x")
    if not (separator and width.isdigit() and height.isdigit()):
        raise CanvasError(f"{text!r} is neither WIDTHxHEIGHT in pixels nor a shop's canvas "
                          f"({', '.join(CANVASES)})")
    trim = Raster(CANVAS_DPI, "trim").size
    if int(width) < trim[0] or int(height) < trim[1]:
        raise CanvasError(f"{text} is smaller than the card as cut at {CANVAS_DPI} dpi "
                          f"({trim[0]}x{trim[1]})")
    if max(int(width), int(height)) > MAX_CANVAS_SIDE:
        raise CanvasError(f"{text} is larger than {MAX_CANVAS_SIDE} pixels on a side")
    return int(width), int(height)
