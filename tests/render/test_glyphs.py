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
    catalogue.write_text(text.replace('msgstr "Planeta rojo"', 'msgstr "Planeta rojo ،"'),
                         encoding="utf-8")
    line = next(number for number, content in enumerate(text.splitlines(), 1)
                if content == 'msgid "Red planet"')

    problems = glyph_problems(load_database(project_copy)[0], project_copy, ["es"])

    assert written(problems) == [
        f"locales/es/LC_MESSAGES/cardkit.po:{line}:1: error: glyph-missing: template string "
        "'Red planet' [planet name] (es): '،' (U+060C ARABIC COMMA) is missing from "
        "DejaVuSansCondensed-Oblique.ttf of the project's fonts; "
        "it would print as an empty box"]


def test_preflight_gathers_catalogue_and_glyph_problems(project_copy):
    BrokenFixture.read(BROKEN[0]).apply(project_copy)
    catalogue = project_copy / "locales/de/LC_MESSAGES/cardkit.po"
    catalogue.write_text(catalogue.read_text(encoding="utf-8").replace(
        'msgstr "Komplexität"', 'msgstr "<b>Komplexität</b>"'), encoding="utf-8")

    problems = preflight_problems(load_database(project_copy)[0], project_copy, ["de"])

    assert [problem.code for problem in problems] == ["template-string-markup", "glyph-missing"]
