"""`cardkit build --format png`: one PNG per face and language, and per deck back, cut from
the face cache's rendering of the face (raster.py): `<game>/<ll>/png/<kind>/<id>.png` and
`<game>/<ll>/png/back/<back>.png`."""

from __future__ import annotations

from pathlib import PurePosixPath

from cardkit.render.cache import FaceCache
from cardkit.render.faces import Face
from cardkit.render.raster import Raster, Rasterised, face_job, rasterise_all


def png_name(face: Face) -> PurePosixPath:
    """Where a face's image goes in its language's `png/` folder."""
    if face.kind == "back":
        return PurePosixPath("back", f"{face.back}.png")
    return PurePosixPath(face.kind, f"{face.id}.png")


def png_files(contexts: dict, pdf_of, raster: Raster, store: FaceCache,
              processes: int | None = None) -> Rasterised:
    """The image of every face and back of each target's context, by its path under the
    output folder; `pdf_of(target, face)` is a face's one-page PDF. Only what the cache
    does not hold for that PDF and this raster is rasterised."""
    return rasterise_all({f"{target.folder}/png/{png_name(face)}": face_job(pdf_of(target, face), raster)
                          for target, context in contexts.items()
                          for face in (*context.faces, *context.backs)}, store, processes)
