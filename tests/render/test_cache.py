"""The face cache: a change to any input a face depends on changes exactly that face's key;
damaged entries are never used; every way of building writes the same bytes."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from cardkit.faces import cache as cache_module
from cardkit.faces.cache import FaceCache, document_key, face_key, fit_key
from cardkit.faces.documents import LanguageContext, face_html
from cardkit.faces.faces import Printed
from cardkit.model.database import load_database
from cardkit.render import pipeline as build_module, impose as impose_module
from cardkit.render.folders import CACHE_FOLDER
from cardkit.render.pipeline import build
from cardkit.render.renderer import Renderer
from cardkit.render.workers import document_html
from tests.render.conftest import PROJECT, duel_folder, edit_german


def keys_and_html(root: Path, language: str = "de") -> tuple[dict[str, str], dict[str, str]]:
    """Each face's fit key, and its HTML at natural sizes, by face id; the stylesheets'
    digests from the record the previous call left in a face cache, as a build takes them."""
    context = LanguageContext(root.resolve(), language, load_database(root)[0])
    renderer = Renderer(root, FaceCache(root / "keys-cache"))
    html = {face.id: face_html(context, Printed(face, {})) for face in (*context.faces, *context.backs)}
    return {face_id: fit_key(renderer, text) for face_id, text in html.items()}, html


def changed_by(root: Path, edit) -> set[str]:
    before, _ = keys_and_html(root)
    edit(root)
    after, _ = keys_and_html(root)
    assert before.keys() == after.keys()
    return {face_id for face_id in before if before[face_id] != after[face_id]}


def replace_in(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.mark.slow
def test_a_card_fact_invalidates_only_that_card(project_copy):
    changed = changed_by(project_copy, lambda root: replace_in(
        root / "cards/duel/planets.yaml", "red-b:\n  symbol: red", "red-b:\n  symbol: blue"))
    assert changed == {"red-b"}


@pytest.mark.slow
def test_a_card_text_invalidates_only_that_card_in_that_language(project_copy):
    edit = lambda root: replace_in(root / "locales/de/duel/aliens.yaml", "genau 1 Handkarte",
                                   "genau 2 Handkarten")
    english_before, _ = keys_and_html(project_copy, "en")
    assert changed_by(project_copy, edit) == {"iron-matron"}
    assert keys_and_html(project_copy, "en")[0] == english_before


@pytest.mark.slow
def test_a_template_invalidates_the_faces_made_with_it(project_copy):
    _, html = keys_and_html(project_copy)
    planets = {face_id for face_id, text in html.items() if 'class="planet-disc ' in text}
    changed = changed_by(project_copy, lambda root: replace_in(
        root / "templates/cards/duel/planet.html", '<div class="face">', '<div class="face planet">'))
    assert planets and changed == planets


@pytest.mark.slow
def test_an_icon_invalidates_the_faces_that_show_it(project_copy):
    _, html = keys_and_html(project_copy)
    showing = {face_id for face_id, text in html.items() if "icon-heart" in text}
    changed = changed_by(project_copy, lambda root: replace_in(
        root / "templates/icons/heart.svg", "<path", '<path stroke-width="0.1"'))
    assert showing and changed == showing and len(changed) < len(html)


@pytest.mark.slow
def test_a_catalogue_string_invalidates_the_faces_that_print_it(project_copy):
    _, html = keys_and_html(project_copy)
    printing = {face_id for face_id, text in html.items() if "Komplexität" in text}
    changed = changed_by(project_copy, lambda root: replace_in(
        root / "locales/de/LC_MESSAGES/cardkit.po", 'msgstr "Komplexität:"', 'msgstr "Schwierigkeit:"'))
    assert printing and changed == printing and len(changed) < len(html)


@pytest.mark.slow
@pytest.mark.parametrize("edit", [
    lambda root: (root / "templates/cards.css").write_text(
        (root / "templates/cards.css").read_text() + "\n.face { letter-spacing: 0.01em; }\n"),
    lambda root: (root / "templates/fonts/DejaVuSansCondensed.ttf").write_bytes(
        (root / "templates/fonts/DejaVuSansCondensed.ttf").read_bytes() + b"\0\0\0\0"),
], ids=["stylesheet", "font"])
def test_a_stylesheet_or_font_invalidates_every_face(project_copy, edit):
    keys, _ = keys_and_html(project_copy)
    assert changed_by(project_copy, edit) == set(keys)


def test_a_recorded_stylesheet_digest_is_the_parsed_one_and_parses_nothing(project_copy):
    store = FaceCache(project_copy / "cache")
    parsed = Renderer(project_copy, store)
    digests = {name: parsed.digest(name) for name in ("cards", "reference")}
    recorded = Renderer(project_copy, store)
    assert {name: recorded.digest(name) for name in digests} == digests
    assert not recorded._sets and recorded.current()
    replace_in(project_copy / "templates/reference.css", "{", "{ orphans: 3;")
    assert not recorded.current()
    again = Renderer(project_copy, store)
    assert again.digest("reference") != digests["reference"] and "reference" in again._sets
    assert again.digest("cards") == digests["cards"]


def reference_sheet_keys(root: Path, language: str = "de") -> dict[str, str]:
    """The document key of each game's reference sheets (A4) in one language, by game."""
    database = load_database(root)[0]
    renderer = Renderer(root, FaceCache(root / "keys-cache"))
    keys = {}
    for game in database.games:
        context = LanguageContext(root.resolve(), language, database, [game])
        if "reference" in build_module._documents(context):
            html, stylesheets = document_html(context, "reference", "a4")
            keys[game] = document_key(renderer, html, stylesheets)
    return keys


@pytest.mark.slow
def test_a_glossary_definition_invalidates_the_reference_sheets_that_list_it_and_no_face(project_copy):
    sheets, english = reference_sheet_keys(project_copy), reference_sheet_keys(project_copy, "en")
    faces = changed_by(project_copy, lambda root: replace_in(
        root / "locales/de/glossary.yaml", "jeder hat 20.", "jeder hat zwanzig."))
    after = reference_sheet_keys(project_copy)
    assert faces == set()
    assert {game for game in sheets if sheets[game] != after[game]} == {"duel"}
    assert reference_sheet_keys(project_copy, "en") == english


@pytest.mark.slow
def test_a_phrasebook_edit_prints_nothing_else(project_copy):
    """The phrasebook words the checks' reading of effects; no face or sheet prints it."""
    sheets = reference_sheet_keys(project_copy)
    faces = changed_by(project_copy, lambda root: replace_in(
        root / "locales/de/phrasebook.yaml", "words: [bevor]", "words: [bevor, ehe]"))
    assert faces == set() and reference_sheet_keys(project_copy) == sheets


@pytest.mark.slow
def test_cardkit_version_invalidates_every_face(project_copy, monkeypatch):
    keys, _ = keys_and_html(project_copy)
    monkeypatch.setattr(cache_module, "__version__", "0.0.0-other")
    after, _ = keys_and_html(project_copy)
    assert len(keys) >= 100 and set(after) == set(keys)
    assert all(keys[face_id] != after[face_id] for face_id in keys)


def test_the_fit_size_chosen_is_part_of_a_faces_key():
    context = LanguageContext(PROJECT, "de", load_database(PROJECT)[0])
    renderer = Renderer(PROJECT)
    face = context.face("iron-matron")
    natural = face_key(renderer, face_html(context, Printed(face, {})))
    assert face_key(renderer, face_html(context, Printed(face, {("iron-matron", "name"): 10.75}))) != natural
    assert face_key(renderer, face_html(context, Printed(face, {}))) == natural


@pytest.mark.parametrize("damage", [
    lambda stored: stored[: len(stored) // 2],
    lambda stored: stored[:-1] + bytes([stored[-1] ^ 1]),
    lambda stored: b"",
], ids=["truncated", "flipped byte", "empty"])
def test_a_damaged_entry_is_reported_missing_and_removed(tmp_path, damage):
    cache = FaceCache(tmp_path)
    cache.put("ab" + "0" * 62, b"%PDF-1.7 face")
    entry = tmp_path / "ab" / ("ab" + "0" * 62)
    entry.write_bytes(damage(entry.read_bytes()))
    assert cache.get("ab" + "0" * 62) is None
    assert not entry.exists()


KEY = "ef" + "0" * 62


def test_a_link_in_an_entrys_place_is_not_followed(tmp_path):
    elsewhere = FaceCache(tmp_path / "elsewhere")
    elsewhere.put(KEY, b"%PDF-1.7 face")
    cache = FaceCache(tmp_path / "cache")
    (tmp_path / "cache" / KEY[:2]).mkdir(parents=True)
    (tmp_path / "cache" / KEY[:2] / KEY).symlink_to(tmp_path / "elsewhere" / KEY[:2] / KEY)
    assert elsewhere.get(KEY) == b"%PDF-1.7 face"
    assert cache.get(KEY) is None


def test_a_fifo_in_an_entrys_place_is_not_read(tmp_path):
    cache = FaceCache(tmp_path)
    (tmp_path / KEY[:2]).mkdir()
    os.mkfifo(tmp_path / KEY[:2] / KEY)
    assert cache.get(KEY) is None  # and returns at once: no writer ever opens the FIFO


def test_an_entry_over_the_limit_is_not_read(tmp_path, monkeypatch):
    cache = FaceCache(tmp_path)
    cache.put(KEY, b"x" * 100)
    monkeypatch.setattr(cache_module, "ENTRY_LIMIT", 100)
    assert cache.get(KEY) is None
    monkeypatch.setattr(cache_module, "ENTRY_LIMIT", 65 + 100)
    assert cache.get(KEY) == b"x" * 100


def test_no_cache_neither_reads_nor_writes(tmp_path):
    cache = FaceCache(None)
    cache.put("cd" + "0" * 62, b"x")
    assert cache.get("cd" + "0" * 62) is None
    assert not any(tmp_path.iterdir())


def test_cold_serial_parallel_incremental_and_repaired_builds_write_the_same_bytes(
        built, project_copy, tmp_path, monkeypatch, cold_edited_build):
    """`built` is a cold parallel build (jobs=2) of the shipped database."""
    serial = tmp_path / "serial"
    result = build(PROJECT, serial, ["de"], ["a4"], jobs=1, cache=False, games=["duel"])
    german = duel_folder("de")
    assert not (serial / CACHE_FOLDER).exists()
    assert len(result.rendered) > 40
    for name in ("cards-a4.pdf", "reference-a4.pdf"):
        assert (serial / german / name).read_bytes() == (built / german / name).read_bytes()

    # A cache warmed by the first build, with one entry damaged: an edit of one German text
    # renders that card again, and the damaged face, and nothing else; of the sheets, only
    # the German ones are imposed again.
    incremental = tmp_path / "incremental"
    shutil.copytree(built / CACHE_FOLDER, incremental / CACHE_FOLDER)
    edit_german(project_copy)
    imposed = []
    impose_cards = impose_module.impose_cards
    monkeypatch.setattr(impose_module, "impose_cards", lambda paper, *rest: (
        imposed.append(paper.name) or impose_cards(paper, *rest)))
    result = build(project_copy, incremental, ["en", "de"], ["a4"], jobs=2, games=["duel"])
    assert result.rendered == [f"{german}/iron-matron"]
    assert len(imposed) == 1  # the German sheets, compared with a cold build's below
    english = duel_folder("en")
    assert (incremental / english / "cards-a4.pdf").read_bytes() == \
        (built / english / "cards-a4.pdf").read_bytes()

    # A damaged fit record is not read while the target's plan record (plans.py), which
    # holds the fits too, stands; with that damaged as well, the face is laid out again.
    key = keys_and_html(project_copy)[0]["prime"]
    damaged = incremental / CACHE_FOLDER / key[:2] / key
    damaged.write_bytes(damaged.read_bytes()[:100])
    assert build(project_copy, incremental, ["de"], ["a4"], jobs=1, games=["duel"]).rendered == []
    for record in (incremental / CACHE_FOLDER).glob("*/*"):
        if key.encode() in record.read_bytes():  # the plan record listing the face's fit key
            record.write_bytes(record.read_bytes()[:100])
    result = build(project_copy, incremental, ["de"], ["a4"], jobs=1, games=["duel"])
    assert result.rendered == [f"{german}/prime"]
    assert FaceCache(incremental / CACHE_FOLDER).get(key) is not None

    for name in ("cards-a4.pdf", "reference-a4.pdf"):
        assert (incremental / german / name).read_bytes() == (cold_edited_build / german / name).read_bytes()


def test_a_stylesheet_digest_does_not_depend_on_what_the_process_rendered_before():
    """Worker processes parse the sets in whatever order their jobs come."""
    first, second = Renderer(PROJECT), Renderer(PROJECT)
    first.digest("reference")
    assert first.digest("cards") == second.digest("cards")


def test_a_renderer_is_current_until_a_stylesheet_or_font_changes(project_copy):
    renderer = Renderer(project_copy)
    renderer.digest("cards")
    assert renderer.current()
    font = project_copy / "templates/fonts/DejaVuSansCondensed-Bold.ttf"
    font.write_bytes(font.read_bytes() + b"\0")
    assert not renderer.current()
