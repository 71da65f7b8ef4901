"""The digests of the project files a render depends on, without WeasyPrint: what the face
cache's keys are made of (cache.py), so that a command reading the cache need not load the
renderer to find its entries."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

from cardkit.render.errors import RenderError
from cardkit.source.boundary import InputRefused, read_input

RESOURCE_LIMIT = 32 * 1024 * 1024
# Where HTML and CSS name another file: `src="..."`, `href="..."`, `url(...)`.
_REFERENCE = re.compile(r"""(?:\b(?:src|href)\s*=\s*["']([^"']+)["']|url\(\s*["']?([^"')]+)["']?\s*\))""")


def local_path(url: str) -> Path | None:
    """The file a `file:` URL names; None for any other URL."""
    parts = urlsplit(url)
    if parts.scheme != "file" or parts.netloc not in ("", "localhost"):
        return None
    return Path(unquote(parts.path))


def files_digest(root: Path, urls: list[str]) -> str:
    """The digest of the files `urls` name, each with its path under `root`; RenderError
    when one cannot be read."""
    hasher = hashlib.sha256()
    for url in urls:
        path = local_path(url)
        try:
            content = read_input(path, root=root, limit=RESOURCE_LIMIT)
        except InputRefused as exc:
            raise RenderError(str(exc)) from None
        hasher.update(f"{path.resolve().relative_to(root)}\n{len(content)}\n".encode())
        hasher.update(content)
    return hasher.hexdigest()


def resources_digest(root: Path, base_url: str, html: str) -> str:
    """The digest of every project file `html` names (pictures of templates, in `src`
    and inline `url()`); the empty string when it names none."""
    files = referenced(html, base_url)
    return files_digest(root, files) if files else ""


def referenced(text: str, base: str) -> list[str]:
    """The `file:` URLs `text` names, resolved against `base`, in order, each once; a
    picture prepared by the build (`cardkit-art:`, named by its digest) or a `data:` URL
    is part of the text already."""
    urls = []
    for match in _REFERENCE.finditer(text):
        reference = (match.group(1) or match.group(2)).strip()
        if reference.startswith(("cardkit-art:", "data:", "#")):
            continue
        url = urljoin(base, reference)
        if local_path(url) is not None and url not in urls:
            urls.append(url)
    return urls
