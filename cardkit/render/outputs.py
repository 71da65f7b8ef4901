"""What a build makes of its faces besides the PDFs: card images (png.py), Tabletop Simulator
decks (tts.py) and the gallery site (site.py). Each takes the faces the build rendered or
read from the face cache, rasterises only what the cache does not hold, and returns its
files, which the build writes with the PDFs, all or none. Each output's module (and the
rasteriser's libraries) is imported only when a build writes that output."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from cardkit.model.database import Database
from cardkit.render.cache import FaceCache
from cardkit.render.games import Target
from cardkit.render.raster import Raster

FORMATS = ("pdf", "png", "tts")
DEFAULT_DPI = 300


@dataclass(frozen=True)
class Outputs:
    """What a build writes: `formats` into the output folder, and the site into `site`
    when it is given (`cardkit site`)."""

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
        """The files of every output but the PDFs, by path, and what had to be rasterised
        (as paths relative to the output folder, or the site's)."""
        files: dict[Path, bytes] = {}
        made: list[str] = []

        def pdf_of(target: Target, face) -> bytes:
            return rendered.pdf(target, face.id)

        if "png" in self.formats:
            from cardkit.render.png import png_files

            images = png_files(rendered.contexts, pdf_of, self.png, store, jobs)
            files.update({out / name: image for name, image in images.images.items()})
            made += images.made
        if "tts" in self.formats:
            from cardkit.render.tts import tts_files

            decks, decks_made = tts_files(rendered.contexts, pdf_of, store, out, self.tts_base, jobs)
            files.update({out / name: data for name, data in decks.items()})
            made += decks_made
        if self.site is not None:
            from cardkit.render.site import site_files

            pages, site_made = site_files(database, rendered.contexts, pdf_of, documents, store, jobs,
                                          self.site_base)
            files.update({self.site / name: data for name, data in pages.items()})
            made += [f"site/{name}" for name in site_made]
        return files, made
