"""WeasyPrint's only way to fetch resources: files inside the project folder, and the
templates cardkit ships where the project's `templates/` lacks a file, nothing else."""

from __future__ import annotations

import mimetypes
from pathlib import Path

from weasyprint.urls import URLFetcher, URLFetcherResponse

from cardkit.render.resources import local_path, read_resource
from cardkit.source.boundary import InputRefused


class RefusedResource(Exception):
    """A template or text asked for something outside the project folder or on the network."""


class ProjectFetcher(URLFetcher):
    """Serves `file:` URLs under `root`, read through the project boundary (a URL under its
    `templates/` serves the file `source/templates.py` chooses for it); refuses every
    other URL and stops the render. It remembers the files it served (`served`), so that a
    stylesheet's digest covers every file parsing it fetched."""

    def __init__(self, root: Path):
        super().__init__(fail_on_errors=True)
        self.root = root.resolve()
        self.refused: list[str] = []
        self.served: list[str] = []
        # The build's prepared pictures (faces/art.py) by their `cardkit-art:` URL.
        self.pictures: dict[str, tuple[bytes, str]] = {}

    def fetch(self, url, headers=None):
        if url in self.pictures:
            body, media_type = self.pictures[url]
            return URLFetcherResponse(url, body=body, headers={"Content-Type": media_type})
        path = local_path(url)
        if path is None:
            return self._refuse(url, f"only files inside {self.root} are used")
        try:
            _, body = read_resource(self.root, path)
        except InputRefused as exc:
            return self._refuse(url, exc.reason)
        media_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        self.served.append(url)
        return URLFetcherResponse(url, body=body, headers={"Content-Type": media_type})

    def _refuse(self, url: str, reason: str):
        self.refused.append(url)
        raise RefusedResource(f"refused to fetch {url}: {reason}")
