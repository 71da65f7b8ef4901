"""Hyphenation patterns, parsed once and kept in the face cache.

WeasyPrint hyphenates with pyphen, which parses a language's patterns the first time a
process lays out text in that language, and keeps them in `pyphen.hdcache`. German's are
large: parsing them takes about half a second, longer than loading and planning the whole
build, and every worker process would parse them again. So the parsed patterns are kept in
the face cache (as JSON, read back in a few hundredths of a second), keyed by the pattern
file's content and pyphen's version; a rebuild that lays out one German face reads them
from there. Patterns the cache does not hold yet are parsed, in a build that may use several
processes, by one helper per pattern file started as the build starts, on the spare core;
the workers, forked meanwhile, render the other languages first, and each takes the parsed
patterns when it first needs them.
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import shutil
import tempfile
from multiprocessing.connection import wait
from pathlib import Path

import pyphen

from cardkit.render.cache import FaceCache, cache_key


def pattern_file(language: str) -> Path | None:
    """The pattern file pyphen reads for a language, as WeasyPrint asks for it (by the
    documents' `lang`)."""
    name = pyphen.language_fallback(language)
    return pyphen.LANGUAGES.get(name) if name else None


def pattern_key(path: Path) -> str:
    """The cache key of a pattern file's parsed patterns."""
    return cache_key("hyphenation patterns, by their tags", pyphen.__version__, path.name,
                     hashlib.sha256(path.read_bytes()).hexdigest())


def encode_patterns(patterns: pyphen.HyphDict) -> bytes | None:
    """Parsed patterns as the cache keeps them; None for patterns with non-standard
    alternatives (pyphen's `DataInt`), which JSON does not carry and pyphen parses itself."""
    if any(hasattr(value, "data") for _, values in patterns.patterns.values() for value in values):
        return None
    return json.dumps({tags: [start, list(values)] for tags, (start, values) in patterns.patterns.items()},
                      ensure_ascii=False, separators=(",", ":")).encode()


def decode_patterns(payload: bytes) -> pyphen.HyphDict | None:
    """The patterns `encode_patterns` wrote, as pyphen would have parsed them; None when the
    payload is not such a record. The pairs stay JSON's lists (pyphen unpacks and slices them
    as it does its own tuples): converting German's 66,000 of them would double the time."""
    try:
        patterns = json.loads(payload)
    except ValueError:
        return None
    if not isinstance(patterns, dict) or not patterns:
        return None
    parsed = pyphen.HyphDict.__new__(pyphen.HyphDict)
    parsed.patterns, parsed.cache, parsed.maxlen = patterns, {}, max(len(tags) for tags in patterns)
    return parsed


class PatternPrefetch:
    """The patterns of `languages` for this process and those forked from it: from `store`
    where it holds them; the others parsed each in a forked helper, which keeps them in
    `store` (or, with no cache, in a private folder). `load` (in this process or any forked
    from it since) waits for a language's helper and puts its patterns in pyphen's cache; a
    helper that failed leaves nothing, and pyphen then parses as it always would. A language
    no helper parses is parsed by `load` itself and kept in `store`. `close`, in this process,
    stops the helpers and removes the private folder."""

    def __init__(self, languages: list[str], store: FaceCache | None = None):
        self.store = store or FaceCache(None)
        self.helpers: dict[Path, multiprocessing.Process] = {}
        self.folder: Path | None = None
        self.closed = False
        files = {pattern_file(language) for language in languages} - {None} - set(pyphen.hdcache)
        files = {path for path in files if not self.store.holds(pattern_key(path))}
        if not files or "fork" not in multiprocessing.get_all_start_methods():
            return
        if self.store.folder is None:
            self.folder = Path(tempfile.mkdtemp(prefix="cardkit-hyphenation-"))
            self.store = FaceCache(self.folder)
        context = multiprocessing.get_context("fork")
        for path in sorted(files):
            helper = context.Process(target=_parse, args=(path, self.store), daemon=True)
            helper.start()
            self.helpers[path] = helper

    def __enter__(self) -> PatternPrefetch:
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()

    def parsing(self, language: str) -> bool:
        """Whether a helper is still parsing the language's patterns."""
        helper = self.helpers.get(pattern_file(language))
        return helper is not None and not wait([helper.sentinel], timeout=0)

    def load(self, language: str) -> None:
        path = pattern_file(language)
        if self.closed or path is None or path in pyphen.hdcache:
            return
        helper = self.helpers.get(path)
        if helper is not None:
            wait([helper.sentinel])
        key = pattern_key(path)
        payload = self.store.get(key)
        parsed = decode_patterns(payload) if payload is not None else None
        if parsed is None and helper is None and self.store.folder is not None:
            parsed = pyphen.HyphDict(path)
            encoded = encode_patterns(parsed)
            if encoded is not None:
                self.store.put(key, encoded)
        if parsed is not None:
            pyphen.hdcache[path] = parsed

    def close(self) -> None:
        self.closed = True
        for helper in self.helpers.values():
            helper.terminate()
            helper.join()
        self.helpers.clear()
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None


def _parse(path: Path, store: FaceCache) -> None:
    try:
        encoded = encode_patterns(pyphen.HyphDict(path))
        if encoded is not None:
            store.put(pattern_key(path), encoded)
    except Exception:  # whatever failed, the processes that need the patterns parse them
        pass
