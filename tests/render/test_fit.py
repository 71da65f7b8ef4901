"""Fit measured with the real renderer: a text too long for its box is reported at its line."""

import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardkit.cli.build import build_command
from cardkit.cli.validate import validate_command
from cardkit.faces.cache import FaceCache
from cardkit.faces.documents import LanguageContext, face_html
from cardkit.faces.faces import Printed
from cardkit.model.database import load_database
from cardkit.problems import Severity
from cardkit.render.budgets import language_budgets
from cardkit.render import fit as fit_module
from cardkit.render.fit import fit_face, fit_problems
from cardkit.render.folders import CACHE_FOLDER
from cardkit.render.pipeline import BuildFailed, build
from cardkit.render.renderer import Renderer
from tests.conftest import SHIPPED_LANGUAGES, with_face_cache
from tests.render.conftest import PROJECT, duel_folder


@pytest.mark.slow
def test_a_text_too_long_even_at_the_floor_is_an_error_at_its_line(project_copy, face_cache):
    path = project_copy / "locales" / "de" / "duel" / "fate" / "maintenance.yaml"
    source = path.read_text(encoding="utf-8")
    long_text = "Ziehe 3 Karten und verbessere deine Freundschaft mit 1 Botschafter. " * 6
    path.write_text(source.replace("    unlabelled-3: Ziehe 3 Karten.", f"    unlabelled-3: {long_text.strip()}"),
                    encoding="utf-8")
    database, _, _ = load_database(project_copy)
    problems = fit_problems(database, project_copy, ["de"], session_fits(project_copy, face_cache))
    overflow = [problem for problem in problems if problem.code == "fit-overflow"]
    assert len(overflow) == 1
    problem = overflow[0]
    assert problem.severity is Severity.ERROR
    assert problem.card_id == "supply-run"
    assert problem.position.path == Path("locales/de/duel/fate/maintenance.yaml")
    line = source.splitlines().index("    unlabelled-3: Ziehe 3 Karten.") + 1
    assert problem.position.line == line
    assert "resources.unlabelled-3 (de)" in problem.message and "floor size 6.5 pt" in problem.message


@pytest.mark.slow
def test_a_name_that_shrinks_is_a_warning_saying_how_much(project_copy, face_cache):
    database, _, _ = load_database(project_copy)
    problems = fit_problems(database, project_copy, ["de"], session_fits(project_copy, face_cache))
    shrunk = {problem.card_id: problem for problem in problems if problem.code == "fit-shrunk"}
    # "Gerade helfe ich, ungerade greife ich an" and its mirror are longer than one line at 11 pt.
    problem = shrunk["even-help-odd-attack"]
    assert problem.severity is Severity.WARNING
    assert "name (de) shrinks from 11 pt to" in problem.message
    assert not [problem for problem in problems if problem.code == "fit-overflow"]


def session_fits(project: Path, face_cache: Path) -> FaceCache:
    """A copy of the session build's face cache in the project's build folder: the faces a
    test did not change are not laid out again."""
    return FaceCache(with_face_cache(project / "build", face_cache) / face_cache.name)


LONG_RED = "Ziehe 3 Karten und verbessere deine Freundschaft mit 1 Botschafter. " * 6


def overflow_a_name(project: Path) -> int:
    """Makes the German Iron Matron's name far too long for its box (no check of the texts
    has anything against it, so only the fit stops it); returns its line."""
    path = project / "locales" / "de" / "duel" / "aliens.yaml"
    source = path.read_text(encoding="utf-8")
    path.write_text(source.replace("  name: Eiserne Matrone", "  name: " + " ".join(
        ["Eiserne Matrone"] * 28), 1), encoding="utf-8")
    return source.splitlines().index("  name: Eiserne Matrone") + 1


def warm_cache(built: Path, out: Path) -> Path:
    """A copy of the session build's face cache, so only what a test changes is rendered."""
    shutil.copytree(built / CACHE_FOLDER, out / CACHE_FOLDER)
    return out


def test_a_text_that_overflows_at_the_floor_stops_the_build_before_any_pdf(built, project_copy, tmp_path):
    line = overflow_a_name(project_copy)
    out = warm_cache(built, tmp_path / "out")
    previous = out / duel_folder("de", project_copy) / "cards-a4.pdf"
    previous.parent.mkdir(parents=True)
    previous.write_bytes(b"previous build")

    with pytest.raises(BuildFailed, match="1 text does not fit its box") as failure:
        build(project_copy, out, ["de"], ["a4"], jobs=1, games=["duel"])

    [problem] = [problem for problem in failure.value.problems if problem.code == "fit-overflow"]
    assert (str(problem.position.path), problem.position.line) == \
        ("locales/de/duel/aliens.yaml", line)
    assert previous.read_bytes() == b"previous build"
    assert sorted(path.name for path in previous.parent.iterdir()) == ["cards-a4.pdf"]


def test_the_build_command_exits_1_naming_the_overflowing_text(built, project_copy, tmp_path):
    line = overflow_a_name(project_copy)
    out = warm_cache(built, tmp_path / "out")
    result = CliRunner().invoke(build_command, [str(project_copy), "--game", "duel", "--out", str(out), "--lang", "de",
                                                "--paper", "a4", "--jobs", "1", "--quiet"])
    assert result.exit_code == 1
    assert f"locales/de/duel/aliens.yaml:{line}:" in result.output
    assert "fit-overflow" in result.output and "build failed, nothing written" in result.output
    assert not (out / duel_folder("de", project_copy)).exists()


@pytest.mark.slow
def test_validate_fit_exits_1_on_an_overflow(project_copy, face_cache, monkeypatch):
    """(That shrinking alone is a warning, not an error, the test above shows.) With the
    build's face cache, only the edited face is laid out: the others' fits are the cache's."""
    with_face_cache(project_copy / "build", face_cache)
    line = overflow_a_name(project_copy)
    laid_out = []
    monkeypatch.setattr(fit_module, "fit_face", lambda renderer, context, face, *rest: laid_out.append(
        (context.language, face.id)) or fit_face(renderer, context, face, *rest))

    broken = CliRunner().invoke(validate_command, [str(project_copy), "--fit"])

    assert broken.exit_code == 1, broken.output
    assert f"locales/de/duel/aliens.yaml:{line}:9: error: fit-overflow: name (de) does not fit" in broken.output
    assert "warning: fit-shrunk" in broken.output
    assert laid_out == [("de", "iron-matron")]


@pytest.mark.slow
def test_a_fit_budget_is_what_fits_at_the_floor(project_copy):
    database, _, _ = load_database(project_copy)
    budgets = language_budgets(project_copy, database, "de", FaceCache(None))
    budget = budgets[("maintenance", "supply-run", "resources.unlabelled-3")]
    assert 60 < budget < 400
    assert budgets[("alien", "iron-matron", "powers.punish.text")] > budget
    words = LONG_RED.split()
    within = " ".join(words)[: int(budget * 0.9)].rsplit(" ", 1)[0]
    beyond = " ".join(words * 3)[: int(budget * 1.3)].rsplit(" ", 1)[0]
    path = project_copy / "locales" / "de" / "duel" / "fate" / "maintenance.yaml"
    source = path.read_text(encoding="utf-8")
    results = {}
    for name, text in (("within", within), ("beyond", beyond)):
        path.write_text(source.replace("    unlabelled-3: Ziehe 3 Karten.", f"    unlabelled-3: {text}"),
                        encoding="utf-8")
        edited, _, _ = load_database(project_copy)
        context = LanguageContext(project_copy.resolve(), "de", edited)
        fitted = fit_face(Renderer(project_copy), context, context.face("supply-run"))
        results[name] = next(fit for fit in fitted.fits if fit.path == "resources.unlabelled-3").fits
    assert results == {"within": True, "beyond": False}


@pytest.mark.slow
@pytest.mark.parametrize("language", SHIPPED_LANGUAGES)
def test_no_text_box_of_any_face_may_shrink_below_6_5_pt(language):
    """The floor of every fit box on every face of every game: a text too long for it is an
    overflow to fix, never a glyph under 6.5 pt."""
    context = LanguageContext(PROJECT, language, load_database(PROJECT)[0])
    html = face_html(context, *(Printed(face, {}) for face in (*context.faces, *context.backs)))

    floors = [float(floor) for floor in re.findall(r'data-floor="([^"]+)"', html)]

    assert len(floors) > len(context.faces)
    assert min(floors) >= 6.5
