"""Card text cannot inject markup; WeasyPrint fetches only project files; failed builds write nothing."""

from pathlib import Path

import pytest
from click.testing import CliRunner

from cardkit.cli import main
from cardkit.cli.build import build_command
from cardkit.faces.environment import make_environment
from cardkit.render.fetcher import ProjectFetcher, RefusedResource
from cardkit.render.folders import CACHE_FOLDER
from cardkit.render.pipeline import BuildFailed, build
from tests.render.conftest import duel_folder


def test_card_text_is_escaped_and_icons_become_svg(tmp_path):
    templates = Path(__file__).resolve().parents[2] / "templates"
    import gettext
    environment = make_environment(templates, gettext.NullTranslations())
    html = environment.from_string("{{ text | icons }} {{ raw }}").render(
        text='<img src="http://example.com/x.png"> [blast] [nonsense]', raw="<b>bold</b>")
    assert "<img" not in html and "&lt;img" in html
    assert "<b>" not in html
    assert 'class="icon icon-blast"' in html
    assert "[nonsense]" in html


@pytest.mark.parametrize("url", [
    "http://example.com/font.ttf",
    "https://example.com/style.css",
    "file:///etc/passwd",
    "data:text/css,body{}",
])
def test_fetcher_refuses_the_network_and_files_outside_the_project(tmp_path, url):
    with pytest.raises(RefusedResource):
        ProjectFetcher(tmp_path).fetch(url)


def test_fetcher_refuses_escaping_the_project_by_dot_dot(tmp_path):
    (tmp_path / "inside").mkdir()
    (tmp_path / "secret.txt").write_text("no")
    with pytest.raises(RefusedResource):
        ProjectFetcher(tmp_path / "inside").fetch((tmp_path / "inside").as_uri() + "/../secret.txt")


def test_fetcher_serves_project_files_with_their_type(tmp_path):
    (tmp_path / "style.css").write_text("body {}")
    response = ProjectFetcher(tmp_path).fetch((tmp_path / "style.css").as_uri())
    assert response.read() == b"body {}"
    assert response.headers.get_content_type() == "text/css"


@pytest.mark.slow
def test_a_failed_build_leaves_the_previous_pdfs_in_place(project_copy, tmp_path):
    out = tmp_path / "out"
    previous = out / duel_folder("en", project_copy) / "reference-a4.pdf"
    previous.parent.mkdir(parents=True)
    previous.write_bytes(b"previous build")
    stylesheet = project_copy / "templates" / "reference.css"
    stylesheet.write_text('@import url("https://example.com/evil.css");\n' + stylesheet.read_text())
    with pytest.raises(BuildFailed, match="refused to fetch https://example.com/evil.css"):
        build(project_copy, out, ["en"], ["a4"], jobs=1, games=["duel"])
    assert previous.read_bytes() == b"previous build"
    assert sorted(path for path in out.rglob("*") if path.is_file()
                  and CACHE_FOLDER not in path.relative_to(out).parts) == [previous]


@pytest.mark.slow
def test_cli_reports_a_failed_build_without_traceback(project_copy, tmp_path):
    stylesheet = project_copy / "templates" / "cards.css"
    stylesheet.write_text('@import url("http://example.com/x.css");\n' + stylesheet.read_text())
    result = CliRunner().invoke(build_command, [str(project_copy), "--game", "duel", "--out", str(tmp_path / "out"),
                                                "--lang", "en", "--paper", "a4", "--quiet",
                                                "--jobs", "1"])
    assert result.exit_code == 1
    assert "build failed, nothing written" in result.output
    assert "Traceback" not in result.output
    assert not list((tmp_path / "out").rglob("*.pdf"))


@pytest.mark.parametrize("arguments, message", [
    (["--lang", "fr"], "no locale for fr"),
    (["--paper", "a3"], "unknown paper a3"),
])
def test_cli_rejects_unknown_languages_and_papers(project_copy, tmp_path, arguments, message):
    result = CliRunner().invoke(build_command, [str(project_copy), "--game", "duel", "--out", str(tmp_path / "out"), "--quiet",
                                                *arguments])
    assert result.exit_code != 0
    assert message in result.output


def test_the_build_refuses_what_validate_rejects_with_the_same_messages(project_copy, tmp_path):
    texts = project_copy / "locales" / "de" / "duel" / "aliens.yaml"
    texts.write_text(texts.read_text(encoding="utf-8").replace("name: Eiserne Matrone",
                                                                "name: Eiserne Matrone [blsat]", 1),
                     encoding="utf-8")
    validated = CliRunner().invoke(main, ["validate", str(project_copy)])
    errors = [line for line in validated.output.splitlines() if ": error: " in line]
    assert validated.exit_code == 1 and errors and "icon-unknown" in errors[0]

    built = CliRunner().invoke(build_command, [str(project_copy), "--game", "duel", "--out", str(tmp_path / "out"),
                                               "--lang", "de", "--quiet", "--jobs", "1"])

    assert built.exit_code == 1
    assert [line for line in built.output.splitlines() if ": error: " in line] == errors
    assert not list((tmp_path / "out").rglob("*.pdf"))
