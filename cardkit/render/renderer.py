"""WeasyPrint, set up once per process: the stylesheets and fonts are parsed once and
shared by every face and document the process renders.

The digest of a stylesheet set covers every file WeasyPrint fetched while parsing it (the
CSS, what it imports, the font files) and every file the CSS names with `url()` (pictures,
fetched only while laying out), so it changes when any of them does. `resources_digest`
covers the files a document's own HTML names (a template's `<img src>`, a `url()` in a
`style`), so a face's key changes when a picture it shows does.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urljoin

from weasyprint import CSS, HTML
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import FatalURLFetchingError

from cardkit.render.fetcher import ProjectFetcher, local_path
from cardkit.render.errors import RenderError
from cardkit.render.fonts import project_font_config
from cardkit.render.pdf import write_pdf
from cardkit.source.boundary import InputRefused, read_input

# The stylesheets of each kind of document, in cascade order, under templates/.
STYLESHEETS = {
    "cards": ("fonts.css", "cards.css"),
    "reference": ("fonts.css", "reference.css"),
}
RESOURCE_LIMIT = 32 * 1024 * 1024
# Where HTML and CSS name another file: `src="..."`, `href="..."`, `url(...)`.
_REFERENCE = re.compile(r"""(?:\b(?:src|href)\s*=\s*["']([^"']+)["']|url\(\s*["']?([^"')]+)["']?\s*\))""")


class _RecordingFetcher(ProjectFetcher):
    """The project fetcher, remembering which files it served."""

    def __init__(self, root: Path):
        super().__init__(root)
        self.served: list[str] = []

    def fetch(self, url, headers=None):
        response = super().fetch(url, headers)
        self.served.append(url)
        return response


@dataclass(frozen=True)
class _StylesheetSet:
    parsed: list[CSS]
    font_config: FontConfiguration
    digest: str
    files: tuple[str, ...]  # the URLs fetched while parsing


class Renderer:
    """Renders HTML with the project's stylesheets; one per process."""

    def __init__(self, root: Path):
        self.root = root.resolve()
        self.templates = self.root / "templates"
        self.base_url = self.templates.as_uri() + "/"
        self.fetcher = _RecordingFetcher(self.root)
        self._sets: dict[str, _StylesheetSet] = {}

    def digest(self, stylesheets: str) -> str:
        """The digest of every file the stylesheet set `stylesheets` is made of."""
        return self._stylesheets(stylesheets).digest

    def resources_digest(self, html: str) -> str:
        """The digest of every project file `html` names (pictures of templates, in `src`
        and inline `url()`); the empty string when it names none."""
        files = _referenced(html, self.base_url)
        return self._files_digest(files) if files else ""

    def render(self, html: str, stylesheets: str):
        """The laid-out document, for measuring and for writing."""
        sheets = self._stylesheets(stylesheets)
        try:
            return HTML(string=html, base_url=self.base_url, url_fetcher=self.fetcher).render(
                stylesheets=sheets.parsed, font_config=sheets.font_config)
        except FatalURLFetchingError as exc:
            raise self._refused(exc) from None

    def pdf(self, document) -> bytes:
        return write_pdf(document)

    def _stylesheets(self, name: str) -> _StylesheetSet:
        if name not in self._sets:
            # A set of its own fonts: so that each set fetches (and its digest covers) every
            # font it uses, whichever set was parsed first.
            font_config = project_font_config()
            start = len(self.fetcher.served)
            try:
                parsed = [CSS(url=(self.templates / file).as_uri(), url_fetcher=self.fetcher,
                              font_config=font_config) for file in STYLESHEETS[name]]
            except FatalURLFetchingError as exc:
                raise self._refused(exc) from None
            files = tuple(self.fetcher.served[start:])
            files += tuple(url for file in files if file.endswith(".css")
                           for url in _referenced(self._text(file), file) if url not in files)
            self._sets[name] = _StylesheetSet(parsed, font_config, self._files_digest(files), files)
        return self._sets[name]

    def current(self) -> bool:
        """Whether every stylesheet and font parsed so far is unchanged on disk, so that this
        renderer can serve again (as under `review --watch`)."""
        try:
            return all(self._files_digest(sheets.files) == sheets.digest for sheets in self._sets.values())
        except RenderError:
            return False

    def _files_digest(self, urls: list[str]) -> str:
        hasher = hashlib.sha256()
        for url in urls:
            path = local_path(url)
            try:
                content = read_input(path, root=self.root, limit=RESOURCE_LIMIT)
            except InputRefused as exc:
                raise RenderError(str(exc)) from None
            hasher.update(f"{path.resolve().relative_to(self.root)}\n{len(content)}\n".encode())
            hasher.update(content)
        return hasher.hexdigest()

    def _text(self, url: str) -> str:
        try:
            return read_input(local_path(url), root=self.root, limit=RESOURCE_LIMIT).decode("utf-8", "replace")
        except InputRefused as exc:
            raise RenderError(str(exc)) from None

    def _refused(self, exc: Exception) -> RenderError:
        return RenderError("; ".join(f"refused to fetch {url}" for url in self.fetcher.refused)
                           or str(exc))


def _referenced(text: str, base: str) -> list[str]:
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
