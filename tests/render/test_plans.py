"""The plan record (render/plans.py): a target whose inputs are unchanged is planned from it,
with no HTML made and no fit record read; a change to any input changes the record's key of
exactly the targets made from that input; a target whose card files or texts changed takes
each unchanged face from the record under its faces key, by fingerprint; a damaged or
missing record is planned again and kept; and every build writes the bytes a cold build
writes."""

from __future__ import annotations

import dataclasses
import json
import shutil
from collections import Counter
from pathlib import Path

import pytest
from PIL import Image

from cardkit.faces.art import prepare_pictures
from cardkit.faces.cache import FaceCache
from cardkit.faces.documents import LanguageContext
from cardkit.faces.games import targets
from cardkit.model.database import load_database
from cardkit.render import fitting as fitting_module, pipeline as build_module
from cardkit.render import plans as plans_module
from cardkit.render.folders import CACHE_FOLDER
from cardkit.render.pipeline import build
from cardkit.render.plans import PlanInputs, face_fingerprint
from cardkit.render.renderer import Renderer
from tests.conftest import MINIMAL_DATABASE, with_face_cache
from tests.render.art_pictures import MINIMAL_ART, with_art
from tests.render.conftest import PROJECT, edit_german
from tests.render.test_rebuild import outputs


def plan_keys(root: Path, key=PlanInputs.key) -> dict[str, str]:
    """The key of each target's plan record (or `key`: PlanInputs.faces_key), by target
    folder, as a build of every game and language takes them."""
    root = root.resolve()
    database = load_database(root)[0]
    store = FaceCache(root / "keys-cache")
    inputs = PlanInputs(root, database, database.languages, Renderer(root, store))
    pictures = prepare_pictures(database, root, store=store)
    keys = {}
    for target in targets(database, database.games, database.languages):
        context = LanguageContext(root, target.language, database, [target.game])
        context.pictures.update(pictures.of_language(target.language))
        keys[str(target)] = key(inputs, target, context)
    return keys


def changed_by(root: Path, edit, key=PlanInputs.key) -> set[str]:
    before = plan_keys(root, key)
    edit(root)
    after = plan_keys(root, key)
    return {target for target in before if before[target] != after[target]}


def replace_in(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def grow(path: Path) -> None:
    path.write_bytes(path.read_bytes() + b"\0\0\0\0")


GAMES = ("classic", "cosmic", "duel", "vanguard")
EVERY_TARGET = {f"{game}/{language}" for game in GAMES for language in ("de", "en", "es")}
GERMAN = {f"{game}/de" for game in GAMES}


@pytest.mark.slow
@pytest.mark.parametrize("edit, changed", [
    (lambda root: replace_in(root / "locales/de/duel/aliens.yaml", "muss er sie zeigen", "muss er sie offen zeigen"),
     {"duel/de"}),
    (lambda root: replace_in(root / "locales/en/duel/aliens.yaml", "they must show it", "they must reveal it"),
     {"duel/de", "duel/en", "duel/es"}),
    (lambda root: replace_in(root / "cards/duel/planets.yaml", "red-b:\n  symbol: red", "red-b:\n  symbol: blue"),
     {"duel/de", "duel/en", "duel/es"}),
    (lambda root: replace_in(root / "templates/cards/duel/planet.html", '<div class="face">',
                             '<div class="face planet">'), EVERY_TARGET),
    (lambda root: grow(root / "templates/fonts/DejaVuSansCondensed.ttf"), EVERY_TARGET),
    (lambda root: replace_in(root / "locales/de/glossary.yaml", "jeder hat 20.", "jeder hat zwanzig."), GERMAN),
    (lambda root: replace_in(root / "locales/de/LC_MESSAGES/cardkit.po", 'msgstr "Komplexität:"',
                             'msgstr "Schwierigkeit:"'), GERMAN),
    (lambda root: replace_in(root / "locales/de/phrasebook.yaml", "words: [bevor]", "words: [bevor, ehe]"), GERMAN),
    # Any template may name any declared game's kinds (faces/environment.py).
    (lambda root: replace_in(root / "cards/vanguard/game.yaml", "label: {en: Crew, es: Tripulante}",
                             "label: {en: Crew member, es: Tripulante}"), EVERY_TARGET),
    (lambda root: (root / "notes.txt").write_text("not an input\n"), set()),
], ids=["German text", "English text", "card fact", "template", "font", "glossary", "catalogue", "phrasebook",
        "game declaration", "a file outside the inputs"])
def test_an_input_changes_the_key_of_exactly_the_targets_made_from_it(project_copy, edit, changed):
    assert changed_by(project_copy, edit) == changed


@pytest.mark.slow
@pytest.mark.parametrize("edit, changed", [
    (lambda root: replace_in(root / "locales/de/duel/aliens.yaml", "muss er sie zeigen", "muss er sie offen zeigen"),
     set()),
    (lambda root: replace_in(root / "cards/duel/planets.yaml", "red-b:\n  symbol: red", "red-b:\n  symbol: blue"),
     set()),
    (lambda root: replace_in(root / "locales/de/glossary.yaml", "jeder hat 20.", "jeder hat zwanzig."), GERMAN),
    (lambda root: replace_in(root / "templates/cards/duel/planet.html", '<div class="face">',
                             '<div class="face planet">'), EVERY_TARGET),
], ids=["German text", "card fact", "glossary", "template"])
def test_the_faces_key_leaves_out_the_card_files_and_texts_alone(project_copy, edit, changed):
    assert changed_by(project_copy, edit, PlanInputs.faces_key) == changed


def test_every_part_of_a_face_changes_its_fingerprint():
    database = load_database(PROJECT)[0]
    context = LanguageContext(PROJECT, "de", database, ["duel"])
    face = next(face for face in context.faces if face.card is not None and face.entry is not None
                and face.source is not None)
    other = next(other for other in context.faces if other.card is not None and other.kind != face.kind)
    changed = {
        "id": "another-id", "kind": other.kind, "template": other.template, "back": "another-back",
        "card": face.card.model_copy(update={"id": "another-id"}),
        "entry": face.entry.model_copy(update={"provisional": ["name"]}),
        "game": "classic", "source": None, "referenced": (("another-id", "Another name"),),
    }
    assert set(changed) == {field.name for field in dataclasses.fields(face)}, "a field of Face is not tried"
    for name, value in changed.items():
        assert face_fingerprint(dataclasses.replace(face, **{name: value})) != face_fingerprint(face), name
    assert face_fingerprint(dataclasses.replace(face)) == face_fingerprint(face)


def test_a_picture_changes_the_key_of_the_targets_showing_it(art_project):
    with_art(art_project, MINIMAL_ART)
    shown = art_project / "art/duel/gradient.jpg"
    keys = plan_keys(art_project)
    assert changed_by(art_project, lambda root: Image.open(shown).rotate(180).save(shown, quality=95)) == set(keys)
    assert changed_by(art_project, lambda root: Image.open(shown).save(root / "art/duel/unused.png")) == set()


class Planning:
    """Counts, by target folder, the HTML the build's plan makes and the fit records it reads,
    and names the faces it makes the HTML of."""

    def __init__(self, monkeypatch):
        self.html: Counter[str] = Counter()
        self.faces: set[str] = set()
        self.fit_records = 0
        for name in ("face_html", "document_html"):
            made = getattr(build_module, name)
            monkeypatch.setattr(build_module, name, lambda context, *rest, made=made: (
                self.html.update([self.folder(context)]) or made(context, *rest)))
        made_face = build_module.face_html
        monkeypatch.setattr(build_module, "face_html", lambda context, *pages: (
            self.faces.update(f"{self.folder(context)}/{page.face.id}" for page in pages)
            or made_face(context, *pages)))
        read = fitting_module.cached_fits
        monkeypatch.setattr(fitting_module, "cached_fits", lambda *arguments: (
            setattr(self, "fit_records", self.fit_records + 1) or read(*arguments)))

    @staticmethod
    def folder(context: LanguageContext) -> str:
        return f"{context.game}/{context.language}"

    def clear(self) -> None:
        self.html.clear()
        self.faces.clear()
        self.fit_records = 0


def test_with_nothing_changed_every_target_is_planned_from_its_record(project_copy, box_build, face_cache,
                                                                      tmp_path, monkeypatch):
    out = with_face_cache(tmp_path / "out", face_cache)
    planning = Planning(monkeypatch)
    result = build(project_copy, out, papers=["a4"], jobs=1)
    assert result.rendered == []
    assert not planning.html and planning.fit_records == 0
    assert outputs(out) == {name: pdf for name, pdf in outputs(box_build).items() if name.endswith("a4.pdf")}


def test_a_german_edit_plans_that_target_alone_and_keeps_its_record(project_copy, box_build, face_cache,
                                                                    tmp_path, monkeypatch, cold_edited_build):
    out = with_face_cache(tmp_path / "out", face_cache)
    edit_german(project_copy)
    planning = Planning(monkeypatch)
    result = build(project_copy, out, papers=["a4"], jobs=1)
    assert result.rendered == ["duel/de/iron-matron"]
    assert set(planning.html) == {"duel/de"}
    assert planning.faces == {"duel/de/iron-matron"}, "a face the edit left as it was is planned again"

    planning.clear()
    assert build(project_copy, out, papers=["a4"], jobs=1).rendered == []
    assert not planning.html and planning.fit_records == 0

    built = outputs(out)
    assert {name: pdf for name, pdf in built.items() if name.startswith("duel/de/")} == outputs(cold_edited_build)
    assert {name: pdf for name, pdf in built.items() if not name.startswith("duel/de/")} == {
        name: pdf for name, pdf in outputs(box_build).items() if name.endswith("a4.pdf")
        and not name.startswith("duel/de/")}


def one_face_fewer(entry: Path) -> None:
    """The record whole, but listing one face fewer than its target has."""
    store = FaceCache(entry.parents[1])
    record = json.loads(store.get(entry.name))
    record["faces"].pop()
    store.put(entry.name, json.dumps(record).encode())


@pytest.mark.parametrize("spoil", [
    lambda entry: entry.unlink(),
    lambda entry: entry.write_bytes(entry.read_bytes()[:200]),
    one_face_fewer,
    lambda entry: FaceCache(entry.parents[1]).put(entry.name, b"[1, 2]"),
], ids=["missing", "truncated", "other faces", "not a record"])
def test_a_missing_or_damaged_record_is_planned_again_and_kept(project_copy, face_cache, tmp_path, monkeypatch,
                                                                spoil):
    out = with_face_cache(tmp_path / "out", face_cache)
    build(project_copy, out, ["de"], ["a4"], jobs=1, games=["duel"])
    before = outputs(out)
    for key in (plan_keys(project_copy)["duel/de"], plan_keys(project_copy, PlanInputs.faces_key)["duel/de"]):
        spoil(out / CACHE_FOLDER / key[:2] / key)
    planning = Planning(monkeypatch)
    result = build(project_copy, out, ["de"], ["a4"], jobs=1, games=["duel"])
    assert result.rendered == [] and set(planning.html) == {"duel/de"} and planning.fit_records > 0
    assert outputs(out) == before
    planning.clear()
    build(project_copy, out, ["de"], ["a4"], jobs=1, games=["duel"])
    assert not planning.html


def test_without_its_record_a_target_takes_its_faces_from_the_record_under_its_faces_key(
        project_copy, face_cache, tmp_path, monkeypatch):
    out = with_face_cache(tmp_path / "out", face_cache)
    build(project_copy, out, ["de"], ["a4"], jobs=1, games=["duel"])
    before = outputs(out)
    key = plan_keys(project_copy)["duel/de"]
    (out / CACHE_FOLDER / key[:2] / key).unlink()
    planning = Planning(monkeypatch)
    assert build(project_copy, out, ["de"], ["a4"], jobs=1, games=["duel"]).rendered == []
    assert not planning.faces and planning.fit_records == 0
    assert planning.html == Counter({"duel/de": 2})  # its reference sheets and duplex check
    assert outputs(out) == before


def test_a_paper_the_record_lacks_plans_its_documents_and_keeps_them(project_copy, face_cache, tmp_path,
                                                                     monkeypatch):
    out = with_face_cache(tmp_path / "out", face_cache)
    key = plan_keys(project_copy)["duel/de"]
    (out / CACHE_FOLDER / key[:2] / key).unlink()
    build(project_copy, out, ["de"], ["a4"], jobs=1, games=["duel"])
    planning = Planning(monkeypatch)
    build(project_copy, out, ["de"], ["a4", "letter"], jobs=1, games=["duel"])
    assert planning.html == Counter({"duel/de": 2})  # its reference sheets and duplex check on Letter
    assert planning.fit_records == 0
    planning.clear()
    build(project_copy, out, ["de"], ["letter"], jobs=1, games=["duel"])
    assert not planning.html


@pytest.mark.slow
def test_a_file_the_html_names_outside_the_templates_is_checked_when_the_record_is_read(tmp_path):
    root = tmp_path / "db"
    shutil.copytree(MINIMAL_DATABASE, root)
    shutil.copytree(PROJECT / "templates", root / "templates")
    template = root / "templates/cards/duel/alien.html"
    template.write_text(template.read_text() + '{% if card.complexity == "red" %}'
                        '<img src="../pictures/red.png" alt="" style="position: absolute; '
                        'left: 3mm; top: 3mm; width: 5mm">{% endif %}\n')
    (root / "pictures").mkdir()
    Image.new("RGB", (60, 60), (200, 20, 20)).save(root / "pictures/red.png")
    out = tmp_path / "out"
    build(root, out, ["en"], ["a4"], jobs=1)

    Image.new("RGB", (60, 60), (20, 20, 200)).save(root / "pictures/red.png")
    assert build(root, out, ["en"], ["a4"], jobs=1).rendered == ["en/iron-matron"]


@pytest.mark.slow
def test_a_file_changed_while_planning_leaves_no_record(project_copy):
    database = load_database(project_copy)[0]
    inputs = PlanInputs(project_copy.resolve(), database, ["de"], Renderer(project_copy))
    assert inputs.unchanged()
    replace_in(project_copy / "locales/de/LC_MESSAGES/cardkit.po", 'msgstr "Komplexität:"', 'msgstr "Schwierigkeit:"')
    assert not inputs.unchanged()
    replace_in(project_copy / "locales/de/LC_MESSAGES/cardkit.po", 'msgstr "Schwierigkeit:"', 'msgstr "Komplexität:"')
    assert inputs.unchanged()
    grow(project_copy / "templates/icons/heart.svg")
    assert not inputs.unchanged()


@pytest.mark.slow
def test_a_library_release_changes_every_key_and_cardkit_s_own_metadata_none(project_copy, tmp_path, monkeypatch):
    keys = plan_keys(project_copy)
    installed = tmp_path / "site"
    (installed / "cardkit.egg-info").mkdir(parents=True)
    monkeypatch.syspath_prepend(installed)
    plans_module.installed_libraries.cache_clear()
    assert plan_keys(project_copy) == keys
    (installed / "jinja2-9.0.dist-info").mkdir()
    plans_module.installed_libraries.cache_clear()
    changed = plan_keys(project_copy)
    assert all(changed[target] != keys[target] for target in keys)
    monkeypatch.undo()
    plans_module.installed_libraries.cache_clear()
