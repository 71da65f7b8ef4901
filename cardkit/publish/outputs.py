"""The formats a build writes, and what it makes of its faces besides the PDFs.

`FORMATS` is the registry: a format is one module and one entry here. The PDFs are the
build's own (render/pipeline.py); every other format names the function that makes its files
from the faces the build rendered or read from the face cache (`Made`). Each rasterises only
what the cache does not hold and returns its files, which the build writes with the PDFs,
all or none. A format's module (and the rasteriser's libraries) is imported only when a build
writes that format. The site is a format too, written by `cardkit site` into a folder of its
own rather than chosen with `--format`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import import_module
from pathlib import Path

from cardkit.faces.cache import FaceCache
from cardkit.faces.games import Target
from cardkit.model.database import Database
from cardkit.publish.raster import Raster

DEFAULT_DPI = 300


@dataclass(frozen=True)
class Format:
    """A format: what `--format` lists it as, and the function making its files, named as
    `module:function` under cardkit.publish (None: the build's own PDFs). The function takes
    `Made` and the `Outputs` asked for, and returns the files by path and what had to be
    rasterised."""

    help: str
    writer: str | None = None
    chosen_with_format: bool = True

    def files(self, made: Made, outputs: Outputs) -> tuple[dict[Path, bytes], list[str]]:
        module, function = self.writer.split(":")
        write: Callable[[Made, Outputs], tuple[dict[Path, bytes], list[str]]] = getattr(
            import_module(f"cardkit.publish.{module}"), function)
        return write(made, outputs)


FORMATS = {
    "pdf": Format("the card sheets and reference sheets"),
    "png": Format("an image of each face and deck back in <ll>/png/", "png:write_png"),
    "tts": Format("Tabletop Simulator decks in <ll>/tts/", "tts:write_tts"),
    "site": Format("the gallery site (cardkit site)", "site:write_site", chosen_with_format=False),
}
CHOSEN_WITH_FORMAT = tuple(name for name, output in FORMATS.items() if output.chosen_with_format)


@dataclass(frozen=True)
class Made:
    """What a format makes its files of: the faces a build rendered, its PDFs by target and
    file name, the folder it writes to and the face cache."""

    database: Database
    rendered: object  # render.pipeline.Rendered: its contexts, and each face's one-page PDF
    documents: dict[Target, dict[str, bytes]]
    out: Path
    store: FaceCache
    jobs: int | None

    @property
    def contexts(self) -> dict:
        return self.rendered.contexts

    def face_key_of(self, target: Target, face) -> str:
        return self.rendered.faces[target, face.id].key

    def pdf_of(self, target: Target, face) -> bytes:
        return self.rendered.pdf(target, face.id)


@dataclass(frozen=True)
class Outputs:
    """What a build writes: `formats` into the output folder, and the site into `site`
    when it is given (`cardkit site`), with each format's options."""

    formats: tuple[str, ...] = ("pdf",)
    png: Raster = field(default_factory=lambda: Raster(DEFAULT_DPI, "trim"))
    # What the Tabletop Simulator decks' image references start with (tts.py); None: the
    # absolute file URL of the folder the build writes the decks to.
    tts_base: str | None = None
    site: Path | None = None
    # The address the site will be served from, for its sitemap and canonical links.
    site_base: str | None = None

    @property
    def imposes(self) -> bool:
        """Whether the build makes the PDFs: for themselves, or for the site's links."""
        return "pdf" in self.formats or self.site is not None

    def files(self, database: Database, rendered, documents: dict[Target, dict[str, bytes]],
              out: Path, store: FaceCache, jobs: int | None) -> tuple[dict[Path, bytes], list[str]]:
        """The files of every format asked for but the PDFs, by path, and what had to be
        rasterised (as paths relative to the output folder, or the site's)."""
        made = Made(database, rendered, documents, out, store, jobs)
        chosen = [name for name in FORMATS if name != "pdf" and (
            name in self.formats if FORMATS[name].chosen_with_format else self.site is not None)]
        files: dict[Path, bytes] = {}
        rasterised: list[str] = []
        for name in chosen:
            written, made_now = FORMATS[name].files(made, self)
            files.update(written)
            rasterised += made_now
        return files, rasterised
