"""The hyphenation patterns a build parses ahead, in helper processes."""

from __future__ import annotations

import multiprocessing

import pyphen
import pytest

from cardkit.render.hyphenation import PatternPrefetch, pattern_file

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
    assert pyphen.hdcache[GERMAN].patterns == own.patterns
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
    folder, helpers = prefetch.folder, [helper for helper, _ in prefetch.helpers.values()]
    prefetch.close()
    assert not folder.exists()
    assert not any(helper.is_alive() for helper in helpers)
    prefetch.load("de")  # a closed prefetch hands nothing over
    assert GERMAN not in pyphen.hdcache
