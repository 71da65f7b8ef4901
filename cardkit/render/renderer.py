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
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urljoin

from cardkit.faces.cache import FaceCache, cache_key
from cardkit.faces.errors import RenderError
from cardkit.faces.stylesheets import STYLESHEETS
from cardkit.render.heap import frozen_heap
from cardkit.render.native_libraries import load_weasyprint
from cardkit.render.resources import local_path, read_resource
from cardkit.source.boundary import InputRefused

if TYPE_CHECKING:
    from weasyprint import CSS
    from weasyprint.text.fonts import FontConfiguration

    from cardkit.render.fetcher import ProjectFetcher

RESOURCE_LIMIT = 32 * 1024 * 1024
# Where HTML and CSS name another file: `src="..."`, `href="..."`, `url(...)`.
_REFERENCE = re.compile(r"""(?:\b(?:src|href)\s*=\s*["']([^"']+)["']|url\(\s*["']?([^"')]+)["']?\s*\))""")


@dataclass(frozen=True)
class _StylesheetSet:
    parsed: list["CSS"]
    font_config: "FontConfiguration"
    digest: str
    files: tuple[str, ...]  # the URLs fetched while parsing


class Renderer:
    """Renders HTML with the project's stylesheets; one per process. WeasyPrint is imported
    only when something is rendered: the digests come from `store` (the face cache) where it
    records which files a stylesheet set was parsed from and they are unchanged."""

    def __init__(self, root: Path, store: FaceCache | None = None):
        self.root = root.resolve()
        self.templates = self.root / "templates"
        self.base_url = self.templates.as_uri() + "/"
        self.store = store or FaceCache(None)
        self._fetcher: ProjectFetcher | None = None
        self._sets: dict[str, _StylesheetSet] = {}
        # Sets not parsed here: the files the last process that parsed them fetched, and their digest.
        self._recorded: dict[str, tuple[tuple[str, ...], str]] = {}

    @property
    def fetcher(self) -> ProjectFetcher:
        if self._fetcher is None:
            load_weasyprint()
            from cardkit.render.fetcher import ProjectFetcher

            self._fetcher = ProjectFetcher(self.root)
        return self._fetcher

    def digest(self, stylesheets: str) -> str:
        """The digest of every file the stylesheet set `stylesheets` is made of."""
        if stylesheets in self._sets:
            return self._sets[stylesheets].digest
        if stylesheets not in self._recorded:
            recorded = self._recorded_files(stylesheets)
            if recorded is None:
                return self._stylesheets(stylesheets).digest
            self._recorded[stylesheets] = recorded
        return self._recorded[stylesheets][1]

    def knows_digest(self, stylesheets: str) -> bool:
        """Whether `digest` gives the set's digest without parsing it (and loading
        WeasyPrint): it was parsed here, or the cache's record of it holds."""
        if stylesheets not in self._sets and stylesheets not in self._recorded:
            recorded = self._recorded_files(stylesheets)
            if recorded is None:
                return False
            self._recorded[stylesheets] = recorded
        return True

    def resources_digest(self, html: str) -> str:
        """The digest of every project file `html` names (pictures of templates, in `src`
        and inline `url()`); the empty string when it names none."""
        return self.named_files_digest(self.named_files(html))

    def named_files(self, html: str) -> list[str]:
        """The `file:` URLs of the project files `html` names, which `resources_digest` covers."""
        return _referenced(html, self.base_url)

    def named_files_digest(self, urls: list[str]) -> str:
        """The digest `resources_digest` gives an HTML naming exactly the files `urls`."""
        return self._files_digest(urls) if urls else ""

    def render(self, html: str, stylesheets: str):
        """The laid-out document, for measuring and for writing."""
        weasyprint = load_weasyprint()

        sheets = self._stylesheets(stylesheets)
        try:
            return weasyprint.HTML(string=html, base_url=self.base_url, url_fetcher=self.fetcher).render(
                stylesheets=sheets.parsed, font_config=sheets.font_config)
        except weasyprint.urls.FatalURLFetchingError as exc:
            raise self._refused(exc) from None

    def pdf(self, document) -> bytes:
        from cardkit.render.pdf import write_pdf

        return write_pdf(document)

    def _stylesheets(self, name: str) -> _StylesheetSet:
        if name not in self._sets:
            with frozen_heap():
                self._sets[name] = self._parsed(name)
            self.store.put(self._record_key(name), json.dumps(
                {"files": self._sets[name].files, "digest": self._sets[name].digest}).encode())
        return self._sets[name]

    def _parsed(self, name: str) -> _StylesheetSet:
        """The set parsed, loading WeasyPrint first if need be (heap.py: neither need walk
        what this process held before)."""
        weasyprint = load_weasyprint()
        from cardkit.render.fonts import project_font_config

        # A set of its own fonts: so that each set fetches (and its digest covers) every
        # font it uses, whichever set was parsed first.
        font_config = project_font_config()
        start = len(self.fetcher.served)
        try:
            parsed = [weasyprint.CSS(url=(self.templates / file).as_uri(), url_fetcher=self.fetcher,
                          font_config=font_config) for file in STYLESHEETS[name]]
        except weasyprint.urls.FatalURLFetchingError as exc:
            raise self._refused(exc) from None
        files = tuple(self.fetcher.served[start:])
        files += tuple(url for file in files if file.endswith(".css")
                       for url in _referenced(self._text(file), file) if url not in files)
        return _StylesheetSet(parsed, font_config, self._files_digest(files), files)

    def parse(self, stylesheets: str) -> None:
        """Parses the set now (loading WeasyPrint and the fonts), as its first render would."""
        self._stylesheets(stylesheets)

    def _record_key(self, name: str) -> str:
        return cache_key("stylesheet files", str(self.root), name)

    def _recorded_files(self, name: str) -> tuple[tuple[str, ...], str] | None:
        """The files the set was parsed from, as recorded by the last process that parsed it,
        and their digest, if every one of them is unchanged: parsed again, the set would fetch
        the same files."""
        record = self.store.get(self._record_key(name))
        try:
            recorded = json.loads(record) if record is not None else None
            files, digest = tuple(recorded["files"]), recorded["digest"]
            return (files, digest) if self._files_digest(files) == digest else None
        except (ValueError, TypeError, KeyError, RenderError):
            return None

    def current(self) -> bool:
        """Whether every stylesheet and font parsed so far is unchanged on disk, so that this
        renderer can serve again (as under `review --watch`)."""
        try:
            return all(self._files_digest(files) == digest for files, digest in
                       [*((sheets.files, sheets.digest) for sheets in self._sets.values()),
                        *self._recorded.values()])
        except RenderError:
            return False

    def _files_digest(self, urls: list[str]) -> str:
        hasher = hashlib.sha256()
        for url in urls:
            path = local_path(url)
            if path is None:
                raise RenderError(f"not a project file: {url}")
            try:
                name, content = read_resource(self.root, path, RESOURCE_LIMIT)
            except InputRefused as exc:
                raise RenderError(str(exc)) from None
            hasher.update(f"{name}\n{len(content)}\n".encode())
            hasher.update(content)
        return hasher.hexdigest()

    def _text(self, url: str) -> str:
        try:
            return read_resource(self.root, local_path(url), RESOURCE_LIMIT)[1].decode("utf-8", "replace")
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
