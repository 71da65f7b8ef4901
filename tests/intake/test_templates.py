"""`cardkit templates`: the shipped templates named, and a copy of one into the project,
where it overrides the shipped file; refused, writing nothing, for a name cardkit does not
ship or a file the project has already."""

from __future__ import annotations

from click.testing import CliRunner

from cardkit.cli import main
from cardkit.source.templates import package_templates


def cardkit(*arguments: str, code: int = 0) -> str:
    result = CliRunner().invoke(main, list(arguments))
    assert result.exit_code == code, result.output
    return result.output


def test_a_copied_template_is_the_shipped_file_and_listed_as_the_projects_own(tmp_path):
    output = cardkit("templates", "copy", "cards/duel/plan.html", "cards.css", "--root", str(tmp_path))

    assert output == (f"wrote {tmp_path / 'templates/cards/duel/plan.html'}\n"
                      f"wrote {tmp_path / 'templates/cards.css'}\n")
    for name in ("cards/duel/plan.html", "cards.css"):
        assert (tmp_path / "templates" / name).read_bytes() == (package_templates() / name).read_bytes()
    listed = cardkit("templates", "list", "--root", str(tmp_path)).splitlines()
    assert "cards.css  (the project's own)" in listed and "cards/duel/alien.html" in listed
    assert [line for line in listed if line.endswith("(the project's own)")] == [
        "cards.css  (the project's own)", "cards/duel/plan.html  (the project's own)"]


def test_an_unknown_name_or_a_file_of_ones_own_is_refused_and_nothing_written(tmp_path):
    mine = tmp_path / "templates" / "cards.css"
    mine.parent.mkdir()
    mine.write_text("/* mine */", encoding="utf-8")

    output = cardkit("templates", "copy", "back.html", "cards.css", "nothing.css", "--root", str(tmp_path),
                     code=2)

    assert output == (f"Error: {mine}: the project has its own already; it is left as it is\n"
                      "nothing.css: cardkit ships no such template (`cardkit templates list` names them)\n"
                      "nothing was written\n")
    assert mine.read_text(encoding="utf-8") == "/* mine */"
    assert sorted(path.name for path in (tmp_path / "templates").iterdir()) == ["cards.css"]
