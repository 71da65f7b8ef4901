"""The renderer reads only the project: templates, icons, catalogues and stylesheets through
the boundary, and fonts from the project alone."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardkit.cli import main
from cardkit.cli.build import build_command
from cardkit.render.pipeline import BuildFailed, build
from tests.render.single_faces import faces_pdf, font_names

SECRET = "root:x:0:0:secret-line-never-printed"


@pytest.fixture
def outside_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("outside") / "passwd"
    path.write_text(SECRET + "\n")
    return path


@pytest.mark.slow
@pytest.mark.parametrize("linked", [
    "templates/cards/duel/planet.html",
    "templates/icons/blast.svg",
    "locales/de/LC_MESSAGES/cardkit.po",
])
def test_a_linked_template_icon_or_catalogue_is_refused_naming_the_link(
        project_copy, outside_file, tmp_path, linked):
    link = project_copy / linked
    link.unlink()
    link.symlink_to(outside_file)
    out = tmp_path / "out"

    with pytest.raises(BuildFailed) as refused:
        build(project_copy, out, ["de"], ["a4"], jobs=1, games=["duel"])

    refusal = (f"{link} is a link to {outside_file}, outside {project_copy.resolve()}; only "
               "files inside it are read")
    # A template or icon stops the render; a catalogue is refused by the preflight already.
    # A template or icon stops the render; a catalogue is refused by validate's own checks,
    # which the build runs first.
    assert (str(refused.value) == f"refused to read {link}: {refusal}"
            or any(refusal in problem.message for problem in refused.value.problems))
    assert not list(out.rglob("*.pdf"))


@pytest.mark.slow
def test_the_cli_refuses_a_linked_template_without_printing_it(project_copy, outside_file, tmp_path):
    link = project_copy / "templates/cards/duel/tactic.html"
    link.unlink()
    link.symlink_to(outside_file)

    result = CliRunner().invoke(build_command, [str(project_copy), "--game", "duel", "--out", str(tmp_path / "out"),
                                                "--lang", "en", "--paper", "a4", "--quiet",
                                                "--jobs", "1"])

    assert result.exit_code == 1
    assert f"{link} is a link to {outside_file}" in result.output
    assert "secret-line" not in result.output
    assert "Traceback" not in result.output
    assert not list((tmp_path / "out").rglob("*.pdf"))


@pytest.mark.slow
def test_a_fifo_as_template_is_refused_without_blocking(project_copy, tmp_path):
    fifo = project_copy / "templates/cards/duel/plan.html"
    fifo.unlink()
    os.mkfifo(fifo)

    with pytest.raises(BuildFailed) as refused:
        build(project_copy, tmp_path / "out", ["en"], ["a4"], jobs=1, games=["duel"])

    assert str(refused.value) == f"refused to read {fifo}: is a FIFO (named pipe), not a regular file"


@pytest.mark.slow
def test_a_linked_stylesheet_is_refused(project_copy, outside_file, tmp_path):
    link = project_copy / "templates/cards.css"
    link.unlink()
    link.symlink_to(outside_file)

    with pytest.raises(BuildFailed) as refused:
        build(project_copy, tmp_path / "out", ["en"], ["a4"], jobs=1, games=["duel"])

    assert str(refused.value) == f"refused to fetch {link.as_uri()}"


@pytest.mark.slow
def test_cjk_and_emoji_text_embeds_no_system_font(project_copy):
    names = project_copy / "locales/en/duel/aliens.yaml"
    names.write_text(names.read_text().replace("name: Swarm", "name: Swarm 群体 🐝"))

    pdf = faces_pdf(project_copy, "en", ["swarm"])

    # The name is printed in bold, the "not known" lines in italic: three fonts, all the project's.
    assert len(font_names(pdf)) == 3
    assert all(name.startswith("Cardkit-Sans") for name in font_names(pdf)), font_names(pdf)


@pytest.mark.slow
@pytest.mark.parametrize("command, exit_code", [
    (["validate", "--fit"], 2),  # an input it cannot read
    (["review", "--lang", "de", "--root"], 1),  # the page could not be built, as a build
])
def test_review_and_fit_refuse_a_linked_template_without_traceback(project_copy, outside_file, command,
                                                                   exit_code):
    link = project_copy / "templates/macros.html"
    link.unlink()
    link.symlink_to(outside_file)

    result = CliRunner().invoke(main, [*command, str(project_copy)])

    assert result.exit_code == exit_code
    assert f"refused to read {link}: {link} is a link to {outside_file}" in result.output
    assert "secret-line" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


FONT = "templates/fonts/DejaVuSansCondensed-Bold.ttf"


def font_linked_outside(project: Path, outside: Path) -> list[tuple[str, str]]:
    font = project / FONT
    (outside / font.name).write_bytes(font.read_bytes())
    font.unlink()
    font.symlink_to(outside / font.name)
    return [(FONT, f"{font} is a link to {outside / font.name}, outside {project.resolve()}; only "
                   "files inside it are read")]


def font_device(project: Path, outside: Path) -> list[tuple[str, str]]:
    font = project / FONT
    font.unlink()
    try:
        os.mknod(font, stat.S_IFCHR | 0o666, os.makedev(1, 3))  # a null device of our own
    except PermissionError:
        pytest.skip("making a device node needs CAP_MKNOD")
    return [(FONT, "is a device, not a regular file")]


def templates_linked_outside(project: Path, outside: Path) -> list[tuple[str, str]]:
    (project / "templates").rename(outside / "templates")
    (project / "templates").symlink_to(outside / "templates")
    fonts = sorted(path.name for path in (outside / "templates" / "fonts").glob("*.ttf"))
    return [(f"templates/fonts/{name}",
             f"{project / 'templates'} is a link to "
             f"{outside / 'templates' / 'fonts' / name}, outside {project.resolve()}; only files "
             "inside it are read") for name in fonts]


@pytest.mark.parametrize("command", ["build", "validate --fit"])
@pytest.mark.parametrize("fault", [font_linked_outside, font_device, templates_linked_outside],
                         ids=lambda fault: fault.__name__)
def test_a_font_the_boundary_refuses_is_a_problem_at_the_font(project_copy, tmp_path_factory, tmp_path,
                                                              command, fault):
    """As review and export already did: a font that is a link leading outside, a device, or
    in a templates folder linked outside is `file-unreadable`, exit 1, never a traceback."""
    refused = fault(project_copy, tmp_path_factory.mktemp("outside"))
    arguments = (["build", str(project_copy), "--quiet", "--out", str(tmp_path / "out")]
                 if command == "build" else ["validate", "--fit", str(project_copy)])

    result = CliRunner().invoke(main, arguments)

    assert result.exit_code == 1
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = [f"{font}:1:1: error: file-unreadable: the font is refused: {reason}" for font, reason in refused]
    if command == "build":
        problems = "1 problem" if len(lines) == 1 else f"{len(lines)} problems"
        assert result.output == "\n".join([
            *lines, f"Error: build failed, nothing written: {problems} would print wrong"]) + "\n"
    else:
        assert [line for line in result.output.splitlines() if "error:" in line] == lines
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").rglob("*.pdf"))
