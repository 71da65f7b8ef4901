"""`cardkit build --format png`: one PNG per face and language, and per deck back, cut from
the face cache's rendering of the face (raster.py): `<game>/<ll>/png/<kind>/<id>.png` and
`<game>/<ll>/png/back/<back>.png`."""

from __future__ import annotations

from pathlib import PurePosixPath

from cardkit.render.cache import FaceCache
from cardkit.render.faces import Face
from cardkit.render.raster import Raster, Rasterised, digest, face_png, raster_key, rasterise_all

DEFAULT_DPI = 300


def png_name(face: Face) -> PurePosixPath:
    """Where a face's image goes in its language's `png/` folder."""
    if face.kind == "back":
        return PurePosixPath("back", f"{face.back}.png")
    return PurePosixPath(face.kind, f"{face.id}.png")


def face_images(faces: dict[str, tuple[Face, bytes]], raster: Raster, store: FaceCache,
                processes: int | None = None) -> Rasterised:
    """The PNG of each face by name, from `faces` (name: (face, its one-page PDF)); only
    those the cache does not hold for these PDFs and this raster are rasterised."""
    return rasterise_all({name: (raster_key("face", digest(pdf), repr(raster)), face_png, (pdf, raster))
                          for name, (_, pdf) in faces.items()}, store, processes)
