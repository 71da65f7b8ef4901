"""The template catalogue is data: a msgstr prints as the text it is, markup and `%` included."""

from __future__ import annotations

import gettext
from io import BytesIO
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from click.testing import CliRunner

from cardkit.checks.output import format_problem
from cardkit.cli import main
from cardkit.faces.catalogue import catalogue_problems
from cardkit.faces.environment import make_environment
from cardkit.model.database import load_database
from cardkit.render.fit import fit_problems
from tests.conftest import SHIPPED_LANGUAGES
from tests.render.conftest import PROJECT
from tests.render.single_faces import faces_pdf, text_of

HOSTILE = '<script>alert(1)</script> 100% %(count)s %s <img src="http://example.com/x.png">'


def translations(strings: dict[tuple[str | None, str], str]) -> gettext.GNUTranslations:
    """A compiled catalogue of {(context, message): translation}."""
    catalog = Catalog(locale="de")
    for (context, message), translation in strings.items():
        catalog.add(message, translation, context=context)
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
    environment = make_environment(PROJECT / "templates",
                                   translations({(None, "Alien"): msgstr, ("card", "Alien"): msgstr}))
    html = environment.from_string('{{ _("Alien") }}|{{ pgettext("card", "Alien") }}').render()
    assert html == f"{printed}|{printed}"


def hostile_catalogue(project: Path) -> None:
    catalogue = project / "locales/de/LC_MESSAGES/cardkit.po"
    text = catalogue.read_text(encoding="utf-8")
    wording = 'msgid "Complexity:"\nmsgstr "Komplexität:"'
    assert wording in text
    catalogue.write_text(text.replace(wording, f'msgid "Complexity:"\nmsgstr "{HOSTILE.replace(chr(34), chr(92) + chr(34))}"'),
                         encoding="utf-8")


@pytest.mark.slow
def test_a_hostile_msgstr_prints_as_text_in_the_pdf(project_copy):
    hostile_catalogue(project_copy)

    text = text_of(faces_pdf(project_copy, "de", ["swarm"]))

    for part in HOSTILE.split(" "):  # guard-ok: HOSTILE is a constant of several words
        assert part in text


@pytest.mark.slow
def test_a_hostile_msgstr_stops_review_as_it_stops_build_and_is_text_in_fit(project_copy):
    """review rendered a catalogue validate and build refuse; it now stops on it as they do,
    naming each problem at its line, and writes no page. (That a msgstr is escaped in every
    page the templates render is the environment's, tested above.)"""
    hostile_catalogue(project_copy)
    line = (project_copy / "locales/de/LC_MESSAGES/cardkit.po").read_text(
        encoding="utf-8").splitlines().index('msgid "Complexity:"') + 1

    result = CliRunner().invoke(main, ["review", "--lang", "de", "--root", str(project_copy),
                                       "--out", str(project_copy / "build")])

    assert result.exit_code == 1
    assert [problem.split(": error: ")[1].split(":")[0] for problem in result.output.splitlines()
            if problem.startswith(f"locales/de/LC_MESSAGES/cardkit.po:{line}:1: error: ")] == [
        "placeholder-mismatch", "placeholder-mismatch", "template-string-markup"]
    assert not (project_copy / "build" / "review").exists()

    database = load_database(project_copy)[0]
    measured = fit_problems(database, project_copy, ["de"])
    assert measured and all(problem.code == "fit-shrunk" for problem in measured)


def test_the_shipped_catalogues_hold_no_markup():
    assert catalogue_problems(PROJECT, SHIPPED_LANGUAGES) == []


def test_markup_in_a_msgstr_is_reported_at_its_line(project_copy):
    hostile_catalogue(project_copy)
    line = (project_copy / "locales/de/LC_MESSAGES/cardkit.po").read_text(
        encoding="utf-8").splitlines().index('msgid "Complexity:"') + 1

    problems = catalogue_problems(project_copy, ["de"])

    assert [format_problem(problem) for problem in problems] == [
        f"locales/de/LC_MESSAGES/cardkit.po:{line}:1: error: template-string-markup: template "
        "string 'Complexity:' (de): the translation holds markup or a link ('<script>'); it would "
        "print as those characters on the cards"]
    assert problems[0].suggestion == "write the translation as plain text"


def test_a_linked_catalogue_is_a_problem_naming_the_link(project_copy, tmp_path_factory):
    outside = tmp_path_factory.mktemp("outside") / "cardkit.po"
    outside.write_text('msgid "Alien"\nmsgstr "secret-never-shown"\n')
    link = project_copy / "locales/es/LC_MESSAGES/cardkit.po"
    link.unlink()
    link.symlink_to(outside)

    problems = catalogue_problems(project_copy, ["es"])

    assert [format_problem(problem) for problem in problems] == [
        f"locales/es/LC_MESSAGES/cardkit.po:1:1: error: file-unreadable: the template catalogue "
        f"is refused: {link} is a link to {outside}, outside {project_copy.resolve()}; only files "
        "inside it are read"]


def test_a_changed_catalogue_is_read_again_in_the_same_process(tmp_path):
    """Catalogues are parsed once per content (a build asks for each several times); an
    edit between two reads, as in the workbench's long-lived process, is never missed."""
    from cardkit.faces.catalogue import template_strings
    from cardkit.faces.environment import load_translations

    catalogue = tmp_path / "locales" / "de" / "LC_MESSAGES" / "cardkit.po"
    catalogue.parent.mkdir(parents=True)
    for wording in ("Kosten", "Preis"):
        catalogue.write_text(f'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                             f'msgid "Cost"\nmsgstr "{wording}"\n', encoding="utf-8")
        assert load_translations(tmp_path, "de").gettext("Cost") == wording
        assert [(string.id, string.string) for string in template_strings(tmp_path, "de")] == [("Cost", wording)]
