"""The hyphenation patterns a build parses ahead, in helper processes, and keeps in the face
cache, with the hyphenation points of the words it laid out."""

from __future__ import annotations

import multiprocessing

import pyphen
import pytest

from cardkit.faces.cache import FaceCache
from cardkit.render import hyphenation
from cardkit.render.hyphenation import (Hyphenation, PatternPrefetch, decode_words, encode_words, html_words,
                                        pattern_file, pattern_key, words_key)
from cardkit.render.pipeline import build
from tests.conftest import PROJECT_ROOT, with_face_cache
from tests.render.test_rebuild import outputs

GERMAN = pattern_file("de")


@pytest.fixture
def unparsed(monkeypatch):
    """A process that has parsed no patterns yet."""
    monkeypatch.setattr(pyphen, "hdcache", {})


@pytest.mark.slow
def test_the_prefetched_patterns_are_pyphens_own(unparsed):
    with PatternPrefetch(["en", "de"]) as prefetch:
        assert prefetch.parsing("de") and not prefetch.parsing("es")
        prefetch.load("de")
        assert pyphen.hdcache[GERMAN].positions("Silbentrennung")  # waits for the helper
        assert not prefetch.parsing("de")
    own = pyphen.HyphDict(GERMAN)
    assert _as_tuples(pyphen.hdcache[GERMAN].parsed.patterns) == own.patterns
    assert pyphen.hdcache[GERMAN].parsed.maxlen == own.maxlen
    assert pattern_file("en") not in pyphen.hdcache  # never asked for


@pytest.mark.slow
def test_a_process_forked_after_the_prefetch_began_loads_them(unparsed):
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)

    def worker():
        prefetch.load("de")
        sender.send(len(pyphen.hdcache[GERMAN].parsed.patterns) if GERMAN in pyphen.hdcache else 0)

    with PatternPrefetch(["de"]) as prefetch:
        process = context.Process(target=worker)
        process.start()
        process.join()
    assert receiver.recv() == len(pyphen.HyphDict(GERMAN).patterns)


@pytest.mark.slow
def test_a_failed_helper_leaves_the_parsing_to_pyphen(unparsed, monkeypatch):
    def broken(path):
        raise MemoryError(path)

    own = pyphen.HyphDict
    monkeypatch.setattr(pyphen, "HyphDict", broken)  # inherited by the forked helper
    with PatternPrefetch(["de"]) as prefetch:
        monkeypatch.setattr(pyphen, "HyphDict", own)
        prefetch.load("de")
        assert pyphen.hdcache[GERMAN].positions("Silbentrennung") == own(GERMAN).positions("Silbentrennung")
        assert not prefetch.store.holds(words_key(GERMAN))  # nothing kept yet


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


def test_without_a_cache_or_a_helper_pyphen_parses_them_itself(unparsed):
    with PatternPrefetch([]) as prefetch:
        prefetch.load("de")
    assert GERMAN not in pyphen.hdcache


def _as_tuples(patterns):
    """Patterns with each pair as pyphen's parser makes it (the cache's are lists)."""
    return {tags: (start, tuple(values)) for tags, (start, values) in patterns.items()}


def _same_as_pyphens(path):
    own = pyphen.HyphDict(path)
    assert pyphen.hdcache[path].positions("Silbentrennung") == own.positions("Silbentrennung")
    assert _as_tuples(pyphen.hdcache[path].parsed.patterns) == own.patterns
    assert pyphen.hdcache[path].parsed.maxlen == own.maxlen


@pytest.mark.slow
def test_a_helper_keeps_the_patterns_in_the_cache_for_the_next_build(unparsed, tmp_path):
    store = FaceCache(tmp_path)
    with PatternPrefetch(["de"], store) as prefetch:
        assert prefetch.helpers and prefetch.folder is None
        prefetch.load("de")
        pyphen.hdcache[GERMAN].positions("Silbentrennung")
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


@pytest.mark.slow
def test_a_damaged_entry_is_parsed_again(unparsed, tmp_path):
    store = FaceCache(tmp_path)
    store.put(pattern_key(GERMAN), b"[]")
    with PatternPrefetch([], store) as prefetch:
        prefetch.load("de")
    _same_as_pyphens(GERMAN)


def test_other_patterns_are_other_entries(tmp_path, monkeypatch):
    copy = tmp_path / GERMAN.name
    copy.write_bytes(GERMAN.read_bytes() + b"\nxy1z\n")
    assert pattern_key(copy) != pattern_key(GERMAN)
    assert words_key(copy) != words_key(GERMAN)
    keys = pattern_key(GERMAN), words_key(GERMAN)
    monkeypatch.setattr(pyphen, "__version__", "0.0-other")
    assert pattern_key(GERMAN) != keys[0] and words_key(GERMAN) != keys[1]


def _german_words() -> set[str]:
    """Every word of the shipped German texts."""
    return {word for path in sorted((PROJECT_ROOT / "locales" / "de").rglob("*.yaml"))
            for word in html_words(path.read_text(encoding="utf-8"))}


def _points(positions) -> list[tuple[int, object]]:
    """Hyphenation points as pyphen's `Pyphen` reads them: each one's value and data."""
    return [(int(point), point.data) for point in positions]


@pytest.mark.slow
def test_the_kept_points_of_words_are_pyphens_own_and_need_no_patterns(unparsed, tmp_path):
    """A process that laid out the words keeps their points; the next finds them in the
    cache and decodes no patterns, until it meets a new word, whose points are pyphen's too."""
    store = FaceCache(tmp_path)
    words = sorted(_german_words())
    assert len(words) > 500
    with PatternPrefetch([], store) as prefetch:
        prefetch.load("de")
        assert pyphen.hdcache[GERMAN].positions("Silbentrennung")  # decodes the patterns
        prefetch.learn("de", ["<p lang='de'>" + " ".join(words) + "</p>"])
    assert set(decode_words(store.get(words_key(GERMAN)))) >= set(words) | {"silbentrennung"}

    own = pyphen.Pyphen(filename=GERMAN, cache=False)  # parses the file itself
    pyphen.hdcache.clear()
    with PatternPrefetch([], store) as prefetch:
        prefetch.load("de")
        kept = pyphen.Pyphen(lang="de")
        for word in words:
            assert _points(kept.hd.positions(word)) == _points(own.hd.positions(word)), word
            assert list(kept.iterate(word.capitalize())) == list(own.iterate(word.capitalize())), word
        assert not kept.hd.has_patterns
        assert "Zwischenstandsanzeigetafel".lower() not in words
        assert kept.inserted("Zwischenstandsanzeigetafel") == own.inserted("Zwischenstandsanzeigetafel")
        assert kept.hd.has_patterns
    assert "zwischenstandsanzeigetafel" in decode_words(store.get(words_key(GERMAN)))


def test_the_points_come_from_the_record_under_the_pattern_files_key(unparsed, tmp_path):
    store = FaceCache(tmp_path)
    store.put(words_key(GERMAN), encode_words({"xylofon": [3]}))
    with PatternPrefetch([], store) as prefetch:
        prefetch.load("de")
        assert pyphen.Pyphen(lang="de").inserted("Xylofon") == "Xyl-ofon"  # the record's, not pyphen's
        assert not pyphen.hdcache[GERMAN].has_patterns


@pytest.mark.slow
def test_a_damaged_record_of_words_is_none(unparsed, tmp_path):
    for payload in (b"[]", b"{", b'{"wort": [1.5]}', b'{"wort": "1"}', None):
        assert decode_words(payload) == {}
    store = FaceCache(tmp_path)
    store.put(words_key(GERMAN), b'{"silbentrennung": [1, "x"]}')
    with PatternPrefetch([], store) as prefetch:
        prefetch.load("de")
        _same_as_pyphens(GERMAN)


@pytest.mark.slow
def test_a_forked_process_hands_back_what_it_learned(unparsed, tmp_path):
    store = FaceCache(tmp_path)
    context = multiprocessing.get_context("fork")
    receiver, sender = context.Pipe(duplex=False)

    def worker():
        prefetch.load("de")
        pyphen.hdcache[GERMAN].positions("Silbentrennung")
        prefetch.learn("de", ["<p>Zwischen&shy;stands<b>anzeigetafel</b></p>"])
        sender.send(prefetch.learned())

    with PatternPrefetch([], store) as prefetch:
        process = context.Process(target=worker)
        process.start()
        learned = receiver.recv()
        process.join()
        assert set(learned[words_key(GERMAN)]) == {"silbentrennung", "zwischen", "stands", "anzeigetafel"}
        prefetch.keep(learned)
    assert set(decode_words(store.get(words_key(GERMAN)))) == set(learned[words_key(GERMAN)])


@pytest.mark.slow
def test_the_words_of_what_is_laid_out_are_learned_whether_or_not_it_hyphenated_them(unparsed, tmp_path):
    store = FaceCache(tmp_path)
    store.put(words_key(GERMAN), encode_words({"zeigen": [3]}))
    with PatternPrefetch([], store) as prefetch:
        prefetch.load("de")
        prefetch.learn("de", ["<p>zeigen</p>"])
        assert not pyphen.hdcache[GERMAN].has_patterns  # nothing new: nothing decoded
        prefetch.learn("de", ["<p>Zwischenstandsanzeigetafel zeigen</p>"])
        own = pyphen.HyphDict(GERMAN).positions("zwischenstandsanzeigetafel")
    assert decode_words(store.get(words_key(GERMAN))) == {"zeigen": [3], "zwischenstandsanzeigetafel": own}


@pytest.mark.slow
def test_patterns_parsed_before_serve_again_and_the_words_go_to_this_builds_record(unparsed, tmp_path):
    pyphen.Pyphen(lang="de")  # parsed by pyphen itself, as by a render outside a build
    parsed = pyphen.hdcache[GERMAN]
    for folder in ("first", "second"):
        store = FaceCache(tmp_path / folder)
        with PatternPrefetch(["de"], store) as prefetch:
            assert not prefetch.helpers
            prefetch.load("de")
            prefetch.learn("de", ["<p>Silbentrennung</p>"])
            assert pyphen.hdcache[GERMAN].parsed is parsed
        assert "silbentrennung" in decode_words(store.get(words_key(GERMAN)))


def test_a_word_with_points_the_record_cannot_carry_is_not_kept():
    class Alternative(int):
        data = ("ff=f", 1, 1)

    parsed = type("Parsed", (), {"positions": lambda self, word: [Alternative(2)]})()
    hyphenation = Hyphenation("key", {}, lambda: parsed)
    assert hyphenation.positions("Schiffahrt") == [2]
    assert hyphenation.learned == {}


def test_a_rebuild_of_words_laid_out_before_decodes_no_patterns_and_prints_the_same(
        unparsed, project_copy, face_cache, tmp_path, monkeypatch):
    out = with_face_cache(tmp_path / "out", face_cache)
    text = project_copy / "locales" / "de" / "duel" / "aliens.yaml"
    # Words of the card's own text, in another order: the lines break elsewhere.
    text.write_text(text.read_text(encoding="utf-8").replace(
        "muss er sie zeigen", "muss er sie dann immer zeigen", 1), encoding="utf-8")
    decoded = []
    monkeypatch.setattr(hyphenation, "decode_patterns", lambda payload: decoded.append(1))
    monkeypatch.setattr(pyphen, "HyphDict", lambda path: decoded.append(path))
    result = build(project_copy, out, ["de"], ["a4"], games=["duel"], jobs=1)
    assert [name.split("/")[-1] for name in result.rendered] == ["iron-matron"]
    assert not decoded and pyphen.hdcache[GERMAN].cache  # asked, and answered from the record
    monkeypatch.undo()
    pyphen.hdcache.clear()
    cold = tmp_path / "cold"
    build(project_copy, cold, ["de"], ["a4"], games=["duel"], jobs=1, cache=False)
    assert outputs(out) == outputs(cold)
