"""`glyph-missing`: a character the project's fonts lack is found before anything prints."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardkit.checks.output import format_problem
from cardkit.model.database import load_database
from cardkit.render.glyphs import glyph_problems
from cardkit.render.preflight import preflight_problems
from tests.conftest import BrokenFixture
from tests.render.conftest import PROJECT

BROKEN = sorted((Path(__file__).parent / "broken").glob("glyph-missing-*.yaml"))


def written(problems) -> list[str]:
    return [format_problem(problem) for problem in problems]


def test_the_shipped_database_prints_with_the_projects_fonts():
    assert glyph_problems(load_database(PROJECT)[0], PROJECT) == []


@pytest.mark.parametrize("path", BROKEN, ids=[path.stem for path in BROKEN])
def test_a_character_no_font_has_is_named_at_its_text(project_copy, path):
    fixture = BrokenFixture.read(path)
    fixture.apply(project_copy)

    problems = glyph_problems(load_database(project_copy)[0], project_copy, ["de"])

    assert written(problems) == fixture.expected
    assert {problem.card_id for problem in problems} == {"swarm" if "cjk" in path.stem else "cudgel"}


def test_a_template_string_is_checked_at_its_catalogue_line(project_copy):
    catalogue = project_copy / "locales/es/LC_MESSAGES/cardkit.po"
    text = catalogue.read_text(encoding="utf-8")
    catalogue.write_text(text.replace('msgstr "Planeta rojo"', 'msgstr "Planeta rojo 群"'),
                         encoding="utf-8")
    line = next(number for number, content in enumerate(text.splitlines(), 1)
                if content == 'msgid "Red planet"')

    problems = glyph_problems(load_database(project_copy)[0], project_copy, ["es"])

    assert written(problems) == [
        f"locales/es/LC_MESSAGES/cardkit.po:{line}:1: error: glyph-missing: template string "
        "'Red planet' [planet name] (es) would print empty boxes: '群' (U+7FA4 CJK UNIFIED "
        "IDEOGRAPH-7FA4) in none of the project's fonts"]


def test_preflight_gathers_catalogue_and_glyph_problems(project_copy):
    BrokenFixture.read(BROKEN[0]).apply(project_copy)
    catalogue = project_copy / "locales/de/LC_MESSAGES/cardkit.po"
    catalogue.write_text(catalogue.read_text(encoding="utf-8").replace(
        'msgstr "Komplexität:"', 'msgstr "<b>Komplexität:</b>"'), encoding="utf-8")

    problems = preflight_problems(load_database(project_copy)[0], project_copy, ["de"])

    assert [problem.code for problem in problems] == ["template-string-markup", "glyph-missing"]


# The letters Polish and Czech add to the Latin alphabet, capitals and small.
POLISH = "ĄĆĘŁŃÓŚŹŻąćęłńóśźż"
CZECH = "ÁČĎÉĚÍŇÓŘŠŤÚŮÝŽáčďéěíňóřšťúůýž"


@pytest.mark.slow
@pytest.mark.parametrize("language, letters", [("pl", POLISH), ("cs", CZECH)])
def test_a_new_languages_letters_are_in_the_fonts(project_copy, language, letters):
    """A Polish or Czech name with every letter of the language prints; an Ethiopic letter
    beside them is the one glyph-missing names, so the check reads the new language's texts."""
    from click.testing import CliRunner

    from cardkit.cli import main

    result = CliRunner().invoke(main, ["i18n", "init", language, "--root", str(project_copy)])
    assert result.exit_code == 0, result.output
    emissaries = project_copy / "locales" / language / "duel" / "emissaries.yaml"
    emissaries.parent.mkdir(parents=True)
    emissaries.write_text(f"cudgel:\n  name: {letters} ሰ\n", encoding="utf-8")

    problems = glyph_problems(load_database(project_copy)[0], project_copy, [language])

    assert [problem.message.split(": ", 1)[1][:21] for problem in problems] == ["'ሰ' (U+1230 ETHIOPIC "]
    assert all(problem.card_id == "cudgel" for problem in problems)
