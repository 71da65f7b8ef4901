"""Project files as WeasyPrint's fetcher serves them, named here without importing WeasyPrint
(the face cache's keys need them when nothing is rendered)."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote, urlsplit

# Stylesheets, icons and fonts; the largest shipped font is under 1 MB.
RESOURCE_LIMIT = 1 << 24


def local_path(url: str) -> Path | None:
    """The file a `file:` URL names; None for any other URL."""
    parts = urlsplit(url)
    if parts.scheme != "file" or parts.netloc not in ("", "localhost"):
        return None
    return Path(unquote(parts.path))
