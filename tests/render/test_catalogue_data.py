"""The template catalogue is data: a msgstr prints as the text it is, markup and `%` included."""

from __future__ import annotations

import gettext
from io import BytesIO
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from click.testing import CliRunner

from cardkit.cli import main
from cardkit.model.database import load_database
from cardkit.render.environment import make_environment
from cardkit.render.fit import fit_problems
from tests.render.conftest import PROJECT
from tests.render.single_faces import faces_pdf, text_of

HOSTILE = '<script>alert(1)</script> 100% %(count)s %s <img src="http://example.com/x.png">'


def translations(**strings: str) -> gettext.GNUTranslations:
    catalog = Catalog(locale="de")
    for message, translation in strings.items():
        catalog.add(message, translation)
    compiled = BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


@pytest.mark.parametrize("msgstr, printed", [
    ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
    ("100%", "100%"),
    ("%(count)s", "%(count)s"),
    ("%s", "%s"),
    ('<a href="http://example.com">x</a>', "&lt;a href=&#34;http://example.com&#34;&gt;x&lt;/a&gt;"),
])
def test_a_msgstr_is_escaped_and_never_formatted(msgstr, printed):
    environment = make_environment(PROJECT / "templates", translations(Alien=msgstr))
    html = environment.from_string('{{ _("Alien") }}|{{ pgettext("card", "Alien") }}').render()
    assert html.split("|")[0] == printed


def hostile_catalogue(project: Path) -> None:
    catalogue = project / "locales/de/LC_MESSAGES/cardkit.po"
    text = catalogue.read_text(encoding="utf-8")
    wording = 'msgid "Complexity"\nmsgstr "Komplexität"'
    assert wording in text
    catalogue.write_text(text.replace(wording, f'msgid "Complexity"\nmsgstr "{HOSTILE.replace(chr(34), chr(92) + chr(34))}"'),
                         encoding="utf-8")


def test_a_hostile_msgstr_prints_as_text_in_the_pdf(project_copy):
    hostile_catalogue(project_copy)

    text = text_of(faces_pdf(project_copy, "de", ["swarm"]))

    for part in HOSTILE.split(" "):
        assert part in text


def test_a_hostile_msgstr_is_text_in_review_and_fit(project_copy):
    hostile_catalogue(project_copy)

    result = CliRunner().invoke(main, ["review", "--lang", "de", "--root", str(project_copy),
                                       "--out", str(project_copy / "build")])
    assert result.exit_code == 0, result.output
    page = (project_copy / "build/review/de.html").read_text(encoding="utf-8")
    assert "<script>alert(1)" not in page and '<img src="http://example.com' not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt; 100% %(count)s %s &lt;img" in page

    database = load_database(project_copy)[0]
    measured = fit_problems(database, project_copy, ["de"])
    assert measured and all(problem.code == "fit-shrunk" for problem in measured)
