"""WeasyPrint's only way to fetch resources: files inside the project folder, nothing else."""

from __future__ import annotations

import mimetypes
from pathlib import Path
from urllib.parse import unquote, urlsplit

from weasyprint.urls import URLFetcher, URLFetcherResponse


class RefusedResource(Exception):
    """A template or text asked for something outside the project folder or on the network."""


class ProjectFetcher(URLFetcher):
    """Serves `file:` URLs under `root`; refuses every other URL and stops the render."""

    def __init__(self, root: Path):
        super().__init__(fail_on_errors=True)
        self.root = root.resolve()
        self.refused: list[str] = []

    def fetch(self, url, headers=None):
        path = self._local_path(url)
        if path is None:
            self.refused.append(url)
            raise RefusedResource(f"refused to fetch {url}: only files inside {self.root} are used")
        media_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        return URLFetcherResponse(url, body=path.read_bytes(), headers={"Content-Type": media_type})

    def _local_path(self, url: str) -> Path | None:
        parts = urlsplit(url)
        if parts.scheme != "file" or parts.netloc not in ("", "localhost"):
            return None
        path = Path(unquote(parts.path)).resolve()
        if not path.is_relative_to(self.root) or not path.is_file():
            return None
        return path
