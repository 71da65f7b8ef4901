"""The hyphenation patterns a build parses ahead, in helper processes, and keeps in the face
cache."""

from __future__ import annotations

import multiprocessing

import pyphen
import pytest

from cardkit.render.cache import FaceCache
from cardkit.render.hyphenation import PatternPrefetch, pattern_file, pattern_key

GERMAN = pattern_file("de")


@pytest.fixture
def unparsed(monkeypatch):
    """A process that has parsed no patterns yet."""
    monkeypatch.setattr(pyphen, "hdcache", {})


def test_the_prefetched_patterns_are_pyphens_own(unparsed):
    with PatternPrefetch(["en", "de"]) as prefetch:
        assert prefetch.parsing("de") and not prefetch.parsing("es")
        prefetch.load("de")
        assert not prefetch.parsing("de")
    own = pyphen.HyphDict(GERMAN)
    assert _as_tuples(pyphen.hdcache[GERMAN].patterns) == own.patterns
    assert pyphen.hdcache[GERMAN].maxlen == own.maxlen
    assert pattern_file("en") not in pyphen.hdcache  # never asked for


def test_a_process_forked_after_the_prefetch_began_loads_them(unparsed):
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)

    def worker():
        prefetch.load("de")
        sender.send(len(pyphen.hdcache[GERMAN].patterns) if GERMAN in pyphen.hdcache else 0)

    with PatternPrefetch(["de"]) as prefetch:
        process = context.Process(target=worker)
        process.start()
        process.join()
    assert receiver.recv() == len(pyphen.HyphDict(GERMAN).patterns)


def test_a_failed_helper_leaves_the_parsing_to_pyphen(unparsed, monkeypatch):
    def broken(path):
        raise MemoryError(path)

    monkeypatch.setattr(pyphen, "HyphDict", broken)  # inherited by the forked helper
    with PatternPrefetch(["de"]) as prefetch:
        prefetch.load("de")
    assert GERMAN not in pyphen.hdcache


def test_patterns_this_process_has_need_no_helper(monkeypatch):
    monkeypatch.setattr(pyphen, "hdcache", {GERMAN: object()})
    with PatternPrefetch(["de"]) as prefetch:
        assert not prefetch.helpers and not prefetch.parsing("de")


def test_closing_stops_the_helpers_and_removes_their_folder(unparsed):
    prefetch = PatternPrefetch(["de", "es"])
    folder, helpers = prefetch.folder, list(prefetch.helpers.values())
    prefetch.close()
    assert not folder.exists()
    assert not any(helper.is_alive() for helper in helpers)
    prefetch.load("de")  # a closed prefetch hands nothing over
    assert GERMAN not in pyphen.hdcache


def _as_tuples(patterns):
    """Patterns with each pair as pyphen's parser makes it (the cache's are lists)."""
    return {tags: (start, tuple(values)) for tags, (start, values) in patterns.items()}


def _same_as_pyphens(path):
    own = pyphen.HyphDict(path)
    assert _as_tuples(pyphen.hdcache[path].patterns) == own.patterns
    assert pyphen.hdcache[path].maxlen == own.maxlen
    assert pyphen.hdcache[path].positions("Silbentrennung") == own.positions("Silbentrennung")


def test_a_helper_keeps_the_patterns_in_the_cache_for_the_next_build(unparsed, tmp_path):
    store = FaceCache(tmp_path)
    with PatternPrefetch(["de"], store) as prefetch:
        assert prefetch.helpers and prefetch.folder is None
        prefetch.load("de")
    assert store.holds(pattern_key(GERMAN))
    pyphen.hdcache.clear()
    with PatternPrefetch(["de"], store) as prefetch:
        assert not prefetch.helpers  # nothing left to parse
        prefetch.load("de")
    _same_as_pyphens(GERMAN)


def test_without_a_helper_load_parses_and_keeps_them(unparsed, tmp_path):
    store = FaceCache(tmp_path)
    with PatternPrefetch([], store) as prefetch:
        prefetch.load("es")
    _same_as_pyphens(pattern_file("es"))
    assert store.holds(pattern_key(pattern_file("es")))


def test_a_damaged_entry_is_parsed_again(unparsed, tmp_path):
    store = FaceCache(tmp_path)
    store.put(pattern_key(GERMAN), b"[]")
    with PatternPrefetch([], store) as prefetch:
        prefetch.load("de")
    _same_as_pyphens(GERMAN)


def test_other_patterns_are_other_entries(tmp_path):
    copy = tmp_path / GERMAN.name
    copy.write_bytes(GERMAN.read_bytes() + b"\nxy1z\n")
    assert pattern_key(copy) != pattern_key(GERMAN)
