"""Project files as WeasyPrint's fetcher serves them, named here without importing WeasyPrint
(the face cache's keys need them when nothing is rendered)."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import unquote, urlsplit

from cardkit.source.boundary import read_input
from cardkit.source.templates import template_path

# Stylesheets, icons and fonts; the largest shipped font is under 1 MB.
RESOURCE_LIMIT = 1 << 24


def local_path(url: str) -> Path | None:
    """The file a `file:` URL names; None for any other URL."""
    parts = urlsplit(url)
    if parts.scheme != "file" or parts.netloc not in ("", "localhost"):
        return None
    return Path(unquote(parts.path))


def read_resource(root: Path, path: Path, limit: int = RESOURCE_LIMIT) -> tuple[str, bytes]:
    """The name digests give a project file (relative to `root`) and its bytes, read through
    the project boundary; a file under `templates/` is the one `source/templates.py` chooses
    (the project's own, else the package's). Raises InputRefused."""
    found = template_path(root, path)
    if found is not None:
        return found.key, found.read(limit)
    content = read_input(path, root=root, limit=limit)
    return path.resolve().relative_to(root.resolve()).as_posix(), content
