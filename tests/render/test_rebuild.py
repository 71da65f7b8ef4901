"""`cardkit build` after an edit, as a person runs it (a new process), with the face cache of
a full build: it writes the bytes a cold build of the same files writes, renders only what
the edit changed, loads the rendering libraries only when something is rendered, and with
nothing changed rewrites nothing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardkit.faces.cache import FaceCache
from cardkit.model.database import load_database
from cardkit.render import pipeline as build_module, fontmerge
from cardkit.render import impose as impose_module
from cardkit.render.folders import CACHE_FOLDER
from cardkit.render.fontmerge import project_font_files
from cardkit.render.pipeline import build, render_faces
from tests.conftest import PROJECT_ROOT, with_face_cache
from tests.render.conftest import duel_folder, edit_german

RENDERING_LIBRARIES = ("weasyprint", "pikepdf", "fontTools", "pydyf", "pypdfium2", "PIL", "cardkit.render.pdf")

PROBE = """
import sys
from cardkit.cli import main
try:
    main({arguments!r}, prog_name="cardkit")
except SystemExit as exit:
    code = exit.code
print("LOADED:", ",".join(name for name in {heavy!r} if name in sys.modules))
print("EXIT:", code)
"""


def cardkit_build(root: Path, out: Path, *options: str) -> str:
    """`cardkit build` in a new process; what it loaded of the rendering libraries."""
    arguments = ["build", str(root), "--out", str(out), "--quiet", *options]
    run = subprocess.run([sys.executable, "-c", PROBE.format(arguments=arguments, heavy=RENDERING_LIBRARIES)],
                         capture_output=True, text=True, timeout=600, check=False)
    assert "EXIT: 0" in run.stdout, run.stdout + run.stderr
    return run.stdout.split("LOADED: ", 1)[1].splitlines()[0]


def outputs(out: Path) -> dict[str, bytes]:
    return {str(path.relative_to(out)): path.read_bytes() for path in sorted(out.rglob("*"))
            if path.is_file() and CACHE_FOLDER not in path.relative_to(out).parts}


DUEL_GERMAN_A4 = ("--game", "duel", "--lang", "de", "--paper", "a4")


def test_an_edit_rebuilt_as_a_new_process_writes_what_a_cold_build_writes(project_copy, face_cache, tmp_path,
                                                                           cold_edited_build):
    warm = with_face_cache(tmp_path / "warm", face_cache)
    cardkit_build(project_copy, warm, *DUEL_GERMAN_A4)  # as the cache left it
    edit_german(project_copy)
    loaded = cardkit_build(project_copy, warm, *DUEL_GERMAN_A4)
    # The edit's one face is too few for worker processes: the build lays it out itself.
    assert "weasyprint" in loaded and "pikepdf" in loaded
    assert outputs(warm) == outputs(cold_edited_build)
    assert (warm / duel_folder("de") / "cards-a4.pdf").exists()


def test_with_nothing_changed_no_rendering_library_is_loaded_and_no_file_rewritten(
        project_copy, face_cache, tmp_path):
    out = with_face_cache(tmp_path / "out", face_cache)
    cardkit_build(project_copy, out)
    written = {path: path.stat().st_mtime_ns for path in out.rglob("*.pdf") if CACHE_FOLDER not in path.parts}
    assert cardkit_build(project_copy, out) == ""
    assert {path: path.stat().st_mtime_ns for path in written} == written


def test_the_sheets_are_imposed_again_for_another_pikepdf_or_fonttools(project_copy, face_cache, tmp_path,
                                                                          monkeypatch):
    out = with_face_cache(tmp_path / "out", face_cache)
    build(project_copy, out, ["de"], ["a4"], games=["duel"])
    imposed = []
    impose_cards = impose_module.impose_cards
    monkeypatch.setattr(impose_module, "impose_cards", lambda *arguments: (
        imposed.append(1) or impose_cards(*arguments)))
    build(project_copy, out, ["de"], ["a4"], games=["duel"])
    assert not imposed
    for library in ("pikepdf", "fonttools"):
        build_module._imposition_code.cache_clear()
        monkeypatch.setattr(build_module, "version", lambda name, other=library: (
            "0.0-other" if name == other else __import__("importlib.metadata").metadata.version(name)))
        build(project_copy, out, ["de"], ["a4"], games=["duel"])
        assert imposed, library
        imposed.clear()
    build_module._imposition_code.cache_clear()


@pytest.fixture
def fonts():
    return project_font_files(PROJECT_ROOT)


def test_a_kept_font_subset_is_the_subset_fonttools_makes(tmp_path, fonts):
    store = FaceCache(tmp_path)
    original = next(iter(fonts.values()))
    glyphs = (0, 36, 37, 38)
    made = fontmerge._kept_subset(original, glyphs, store)
    assert made == fontmerge._subset(original, glyphs)
    assert len(list(tmp_path.rglob("*"))) == 2  # its folder and its entry
    fontmerge._subset.cache_clear()
    assert fontmerge._kept_subset(original, glyphs, store) == made
    assert fontmerge._subset.cache_info().misses == 0  # read back, not made again
    fontmerge._kept_subset(original, glyphs + (39,), store)
    fontmerge._kept_subset(original + b"\0", glyphs, store)
    assert len(list(tmp_path.glob("*/*"))) == 3  # other glyphs, another font: other entries


def test_a_face_damaged_after_it_was_planned_is_rendered_again_when_imposed(project_copy, face_cache, tmp_path,
                                                                           cold_edited_build):
    """The plan finds a face's rendering in the cache without reading it; sheets imposed
    again read it, and rendering it again is what a damaged entry takes."""
    out = with_face_cache(tmp_path / "out", face_cache)
    build(project_copy, out, ["de"], ["a4"], games=["duel"])
    database = load_database(project_copy)[0]
    store = FaceCache(out / CACHE_FOLDER)
    rendered = render_faces(project_copy.resolve(), database, ["de"], [], store, games=["duel"])
    target = next(iter(rendered.contexts))
    key = rendered.faces[target, "prime"].key
    entry = out / CACHE_FOLDER / key[:2] / key
    entry.write_bytes(entry.read_bytes()[:100])
    edit_german(project_copy)  # re-imposes the sheets
    result = build(project_copy, out, ["de"], ["a4"], games=["duel"], jobs=1)
    assert sorted(result.rendered) == [f"{target}/iron-matron", f"{target}/prime"]
    assert store.get(key) is not None
    assert outputs(out) == outputs(cold_edited_build)


def test_a_build_leaves_no_temporary_font_folder_and_ends_silently(project_copy, face_cache, minimal_database,
                                                                   tmp_path):
    """WeasyPrint copies the project's fonts into a temporary folder per stylesheet set and
    removes it when the set is freed; `cardkit` freezes the collector at exit, so the
    renderer lets its sets go before that: in a cold build, in a rebuild after an edit, and
    in an export that measures the fit budgets itself (the cold build and the export of the
    minimal database: the same code on fewer faces)."""
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    environment = {**os.environ, "TMPDIR": str(temporary)}

    def run(*arguments: str) -> str:
        finished = subprocess.run([sys.executable, "-c", PROBE.format(arguments=list(arguments), heavy=())],
                                  capture_output=True, text=True, timeout=600, check=False, env=environment)
        assert "EXIT: 0" in finished.stdout, finished.stdout + finished.stderr
        return finished.stderr

    def build_into(out: Path, *options: str) -> str:
        return run("build", str(project_copy), "--out", str(out), "--quiet", *DUEL_GERMAN_A4, *options)

    assert run("build", str(minimal_database), "--out", str(tmp_path / "cold"), "--quiet", "--lang", "en",
               "--paper", "a4", "--no-cache") == ""
    warm = with_face_cache(tmp_path / "warm", face_cache)
    build_into(warm)
    edit_german(project_copy)
    assert build_into(warm) == ""
    unbuilt = tmp_path / "unbuilt"
    unbuilt.mkdir()
    assert run("i18n", "export", "--lang", "es", "--root", str(minimal_database), "--build-dir", str(unbuilt),
               "-o", str(tmp_path / "es.po")) == ""
    assert list(temporary.iterdir()) == []
