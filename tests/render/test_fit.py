"""Fit measured with the real renderer: a text too long for its box is reported at its line."""

from pathlib import Path

from cardkit.model.database import load_database
from cardkit.problems import Severity
from cardkit.render.fit import fit_problems


def test_a_text_too_long_even_at_the_floor_is_an_error_at_its_line(project_copy):
    path = project_copy / "locales" / "de" / "duel" / "fate" / "maintenance.yaml"
    source = path.read_text(encoding="utf-8")
    long_text = "Ziehe 3 Karten und verbessere deine Freundschaft mit 1 Botschafter. " * 6
    path.write_text(source.replace("    red: Ziehe 3 Karten.", f"    red: {long_text.strip()}"),
                    encoding="utf-8")
    database, _, _ = load_database(project_copy)
    problems = fit_problems(database, project_copy, ["de"])
    overflow = [problem for problem in problems if problem.code == "fit-overflow"]
    assert len(overflow) == 1
    problem = overflow[0]
    assert problem.severity is Severity.ERROR
    assert problem.card_id == "supply-run"
    assert problem.position.path == Path("locales/de/duel/fate/maintenance.yaml")
    line = source.splitlines().index("    red: Ziehe 3 Karten.") + 1
    assert problem.position.line == line
    assert "resources.red (de)" in problem.message and "floor size 5.5 pt" in problem.message


def test_a_name_that_shrinks_is_a_warning_saying_how_much(project_copy):
    database, _, _ = load_database(project_copy)
    problems = fit_problems(database, project_copy, ["de"])
    shrunk = {problem.card_id: problem for problem in problems if problem.code == "fit-shrunk"}
    # "Gerade helfe ich, ungerade greife ich an" and its mirror are longer than one line at 11 pt.
    problem = shrunk["even-help-odd-attack"]
    assert problem.severity is Severity.WARNING
    assert "name (de) shrinks from 11 pt to" in problem.message
    assert not [problem for problem in problems if problem.code == "fit-overflow"]
