"""WeasyPrint's only way to fetch resources: files inside the project folder, nothing else."""

from __future__ import annotations

import mimetypes
from pathlib import Path
from urllib.parse import unquote, urlsplit

from weasyprint.urls import URLFetcher, URLFetcherResponse

from cardkit.source.boundary import InputRefused, read_input

# Stylesheets, icons and fonts; the largest shipped font is under 1 MB.
RESOURCE_LIMIT = 1 << 24


def local_path(url: str) -> Path | None:
    """The file a `file:` URL names; None for any other URL."""
    parts = urlsplit(url)
    if parts.scheme != "file" or parts.netloc not in ("", "localhost"):
        return None
    return Path(unquote(parts.path))


class RefusedResource(Exception):
    """A template or text asked for something outside the project folder or on the network."""


class ProjectFetcher(URLFetcher):
    """Serves `file:` URLs under `root`, read through the project boundary; refuses every
    other URL and stops the render."""

    def __init__(self, root: Path):
        super().__init__(fail_on_errors=True)
        self.root = root.resolve()
        self.refused: list[str] = []
        # The build's prepared pictures (render/art.py) by their `cardkit-art:` URL.
        self.pictures: dict[str, tuple[bytes, str]] = {}

    def fetch(self, url, headers=None):
        if url in self.pictures:
            body, media_type = self.pictures[url]
            return URLFetcherResponse(url, body=body, headers={"Content-Type": media_type})
        path = local_path(url)
        if path is None:
            return self._refuse(url, f"only files inside {self.root} are used")
        try:
            body = read_input(path, root=self.root, limit=RESOURCE_LIMIT)
        except InputRefused as exc:
            return self._refuse(url, exc.reason)
        media_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        return URLFetcherResponse(url, body=body, headers={"Content-Type": media_type})

    def _refuse(self, url: str, reason: str):
        self.refused.append(url)
        raise RefusedResource(f"refused to fetch {url}: {reason}")
