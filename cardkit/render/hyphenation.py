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

Most words a rebuild lays out were laid out before, so the cache also keeps, per pattern
file, the hyphenation points pyphen found for each word (`words_key`): a process decodes the
patterns only for a word that record lacks. It works out the points of every word of what
it lays out, whether or not that layout hyphenated it, and the build adds them to the
record; the next edit of those texts, however it reflows them, decodes nothing. The record
is keyed like the patterns (the file's content, pyphen's version), so the points it holds
are the ones pyphen would compute.
"""

from __future__ import annotations

import hashlib
import html
import json
import multiprocessing
import re
import shutil
import tempfile
from collections.abc import Callable, Iterable
from multiprocessing.connection import wait
from pathlib import Path

import pyphen

from cardkit.faces.cache import FaceCache, cache_key


def pattern_file(language: str) -> Path | None:
    """The pattern file pyphen reads for a language, as WeasyPrint asks for it (by the
    documents' `lang`)."""
    name = pyphen.language_fallback(language)
    return pyphen.LANGUAGES.get(name) if name else None


def pattern_key(path: Path) -> str:
    """The cache key of a pattern file's parsed patterns."""
    return cache_key("hyphenation patterns, by their tags", *_pattern_file_identity(path))


def words_key(path: Path) -> str:
    """The cache key of the hyphenation points of words, as pyphen finds them with a pattern
    file: its content and pyphen's version, as `pattern_key`."""
    return cache_key("hyphenation points, by word", *_pattern_file_identity(path))


def _pattern_file_identity(path: Path) -> tuple[str, str, str]:
    """What the patterns pyphen reads from a file depend on: pyphen's version and the file."""
    return pyphen.__version__, path.name, hashlib.sha256(path.read_bytes()).hexdigest()


# Each word's hyphenation points, as `HyphDict.positions` gives them (lower case words).
Words = dict[str, list[int]]


def encode_words(words: Words) -> bytes:
    return json.dumps(words, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode()


def decode_words(payload: bytes | None) -> Words:
    """The words `encode_words` wrote; none when the payload is absent or not such a record."""
    try:
        words = json.loads(payload) if payload is not None else {}
    except ValueError:
        return {}
    if not isinstance(words, dict) or not all(
            isinstance(points, list) and all(type(point) is int for point in points) for points in words.values()):
        return {}
    return words


# A word as WeasyPrint asks pyphen about it, or near enough: a word pyphen is asked about
# that no text of a face yields this way is worked out (and kept) when it is asked about.
_WORD = re.compile(r"\w+")
_TAG = re.compile(r"<[^>]*>")


def html_words(document: str) -> set[str]:
    """The words of an HTML document's text, in lower case."""
    return {word.lower() for word in _WORD.findall(html.unescape(_TAG.sub(" ", document)))}


class Hyphenation:
    """A pattern file's hyphenation points of words, as pyphen's `HyphDict` gives them (and
    standing for it in `pyphen.hdcache`): from `known` points (the record under `key`), else
    from the patterns, which `parse` gives when first needed. `learned` holds the points
    worked out here since last taken; `learn` works out those of more words."""

    def __init__(self, key: str, known: Words, parse: Callable[[], pyphen.HyphDict]):
        self.key = key
        self.known = known
        self.learned: Words = {}
        self.cache: dict[str, list[int]] = {}
        self._parse = parse
        self._parsed: pyphen.HyphDict | None = None

    @property
    def parsed(self) -> pyphen.HyphDict:
        if self._parsed is None:
            self._parsed = self._parse()
        return self._parsed

    def positions(self, word: str) -> list[int]:
        word = word.lower()
        points = self.cache.get(word)
        if points is None:
            if word in self.known:
                points = [pyphen.DataInt(point) for point in self.known[word]]
            else:
                points = self.parsed.positions(word)
                self._keep(word, points)
            self.cache[word] = points
        return points

    @property
    def has_patterns(self) -> bool:
        return self._parsed is not None

    def learn(self, words: Iterable[str]) -> None:
        """Works out the points of `words` not known yet (decoding the patterns if need be)."""
        for word in words:
            if word not in self.known and word not in self.learned:
                self._keep(word, self.parsed.positions(word))

    def take_learned(self) -> Words:
        learned, self.learned = self.learned, {}
        self.known.update(learned)
        return learned

    def _keep(self, word: str, points: list) -> None:
        # A point of a non-standard hyphenation (pyphen's DataInt with data) the record cannot carry.
        if not any(getattr(point, "data", None) for point in points):
            self.learned[word] = [int(point) for point in points]


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
    """The hyphenation of `languages` for this process and those forked from it: the words'
    points and patterns from `store` where it holds them; the patterns it lacks parsed each
    in a forked helper, which keeps them in `store` (or, with no cache, in a private folder).
    `load` (in this process or any forked from it since) puts a language's `Hyphenation` in
    pyphen's cache, which waits for the helper only when it needs the patterns (patterns this
    process parsed before, for another build or outside one, serve again); should the helper
    have failed, pyphen parses them as it always would. Patterns no helper parses are parsed
    there and kept in `store`. `learned` takes the points a process worked out, and
    `keep` (in this process) gathers them; `close`, in this process, adds them to the
    records in `store`, stops the helpers and removes the private folder."""

    def __init__(self, languages: list[str], store: FaceCache | None = None):
        self.store = store or FaceCache(None)
        self.helpers: dict[Path, multiprocessing.Process] = {}
        self.folder: Path | None = None
        self.closed = False
        self.kept: dict[str, Words] = {}  # by words_key
        self.loaded: dict[Path, Hyphenation] = {}
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
        """Puts in pyphen's cache the language's hyphenation from `store`'s record, with the
        patterns an earlier build of this process had at hand, if any."""
        path = pattern_file(language)
        if self.closed or path is None or self.store.folder is None:  # nothing kept: pyphen parses them
            return
        current = pyphen.hdcache.get(path)
        if current is not None and current is self.loaded.get(path):
            return
        if isinstance(current, Hyphenation):
            current = current.parsed if current.has_patterns else None
        key = words_key(path)
        self.loaded[path] = pyphen.hdcache[path] = Hyphenation(
            key, decode_words(self.store.get(key)),
            (lambda: current) if current is not None else (lambda: self._patterns(path)))

    def learn(self, language: str, documents: Iterable[str]) -> None:
        """Works out the points of the words of `documents` (HTML, made only if needed) that
        the record lacks: whether or not this layout hyphenated them, the next may."""
        hyphenation = pyphen.hdcache.get(pattern_file(language))
        if isinstance(hyphenation, Hyphenation):
            for document in documents:
                hyphenation.learn(html_words(document))

    @staticmethod
    def learned() -> dict[str, Words]:
        """The points this process worked out since last asked, by the key of their record."""
        return {hyphenation.key: hyphenation.take_learned() for hyphenation in pyphen.hdcache.values()
                if isinstance(hyphenation, Hyphenation) and hyphenation.learned}

    def keep(self, learned: dict[str, Words]) -> None:
        for key, words in learned.items():
            self.kept.setdefault(key, {}).update(words)

    def _patterns(self, path: Path) -> pyphen.HyphDict:
        helper = self.helpers.get(path)
        if helper is not None:
            wait([helper.sentinel])
        key = pattern_key(path)
        payload = self.store.get(key)
        parsed = decode_patterns(payload) if payload is not None else None
        if parsed is None:
            parsed = pyphen.HyphDict(path)
            encoded = encode_patterns(parsed)
            if encoded is not None:
                self.store.put(key, encoded)
        return parsed

    def close(self) -> None:
        if not self.closed:
            self.keep(self.learned())
            for key, words in self.kept.items():
                self.store.put(key, encode_words({**decode_words(self.store.get(key)), **words}))
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
