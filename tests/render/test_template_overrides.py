"""A project's templates are cardkit's own, overridden file by file: a project without a
`templates/` folder prints with the package's, one file of its own replaces only that
file, and what the face cache is keyed by follows the file in effect."""

from __future__ import annotations

import gettext
import os
from pathlib import Path

import pytest
from jinja2 import TemplateNotFound
from pypdf import PdfReader

from cardkit.faces.cache import face_key
from cardkit.faces.environment import TemplateRefused, make_environment
from cardkit.render.pipeline import build
from cardkit.render.renderer import Renderer
from cardkit.source.templates import package_templates, template_file, template_files

MARK = "A plan face of our own"


def _cards_text(out: Path) -> str:
    pages = PdfReader(out / "en" / "cards-a4.pdf").pages
    assert len(pages) > 0
    return " ".join(page.extract_text() for page in pages)


def _own_plan_face(root: Path) -> Path:
    shipped = (package_templates() / "cards/duel/plan.html").read_text(encoding="utf-8")
    assert '{{ _("Colour:") }}' in shipped
    own = root / "templates" / "cards" / "duel" / "plan.html"
    own.parent.mkdir(parents=True)
    own.write_text(shipped.replace('{{ _("Colour:") }}', MARK), encoding="utf-8")
    return own


def test_a_project_without_templates_prints_with_the_packages(minimal_database, tmp_path):
    assert not (minimal_database / "templates").exists()

    build(minimal_database, tmp_path / "out", ["en"], ["a4"], jobs=1, games=["duel"])

    text = _cards_text(tmp_path / "out")
    assert "The Inadequate" in text and "Colour:" in text
    assert (tmp_path / "out" / "en" / "reference-a4.pdf").is_file()


def test_one_face_template_of_its_own_replaces_only_that_file(minimal_database, tmp_path):
    _own_plan_face(minimal_database)

    build(minimal_database, tmp_path / "out", ["en"], ["a4"], jobs=1, games=["duel"])

    text = _cards_text(tmp_path / "out")
    assert MARK in text
    # The aliens' faces, the macros, stylesheets and fonts are still the package's.
    assert "The Inadequate" in text and "Iron Matron" in text


def test_the_environment_reads_an_override_added_after_it_loaded_the_packages(minimal_database):
    environment = make_environment(minimal_database / "templates", gettext.NullTranslations())
    assert environment.get_template("review_face.html").filename.startswith(str(package_templates()))
    own = minimal_database / "templates" / "review_face.html"
    own.parent.mkdir()
    own.write_text("mine", encoding="utf-8")

    template = environment.get_template("review_face.html")

    assert template.filename == str(own) and template.render() == "mine"


def test_a_stylesheet_of_its_own_changes_the_key_of_every_face(minimal_database):
    html = '<div class="face">Comet</div>'
    shipped = face_key(Renderer(minimal_database), html)
    assert face_key(Renderer(minimal_database), html) == shipped
    own = minimal_database / "templates" / "cards.css"
    own.parent.mkdir()
    own.write_bytes((package_templates() / "cards.css").read_bytes() + b"\n.face { color: red; }\n")

    assert face_key(Renderer(minimal_database), html) != shipped


def test_a_projects_own_file_is_used_and_listed_beside_the_packages(tmp_path):
    own = tmp_path / "templates" / "icons" / "blast.svg"
    own.parent.mkdir(parents=True)
    own.write_text("<svg></svg>", encoding="utf-8")

    icons = template_files(tmp_path, "icons", "*.svg")

    assert template_file(tmp_path, "icons/blast.svg").path == own
    assert [icon.name.as_posix() for icon in icons] == sorted(
        f"icons/{path.name}" for path in (package_templates() / "icons").glob("*.svg"))
    assert [icon.path for icon in icons if not icon.shipped] == [own]


def test_a_projects_link_leading_outside_is_refused_not_replaced_by_the_packages(tmp_path):
    outside = tmp_path / "outside.html"
    outside.write_text("secret", encoding="utf-8")
    project = tmp_path / "project"
    (project / "templates").mkdir(parents=True)
    os.symlink(outside, project / "templates" / "back.html")
    environment = make_environment(project / "templates", gettext.NullTranslations())

    with pytest.raises(TemplateRefused, match="back.html is a link to .*outside"):
        environment.get_template("back.html")


@pytest.mark.parametrize("name", ["../cards/duel/box.yaml", "nothing-of-the-kind.html"])
def test_a_name_outside_the_templates_or_in_neither_is_not_found(minimal_database, name):
    environment = make_environment(minimal_database / "templates", gettext.NullTranslations())

    with pytest.raises(TemplateNotFound):
        environment.get_template(name)
