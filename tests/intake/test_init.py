"""`cardkit init`: a project of one's own that validates and builds as it stands, refused
without touching anything when it cannot be begun, and the same from cardkit installed as
a wheel into an environment of its own, as an owner installs it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from cardkit.cli import main
from tests.conftest import PROJECT_ROOT

THREE_CARDS = ("comet;3;;;Comet;Draw 2 cards.;;\n"
               "nebula;5;;;Nebula;Move a ship.;;\n"
               "quasar;1;;;Quasar;Look at the top card.;;\n")


def cardkit(*arguments: str, code: int = 0) -> str:
    result = CliRunner().invoke(main, list(arguments))
    assert result.exit_code == code, result.output
    return result.output


def test_a_new_project_validates_as_it_stands(tmp_path):
    folder = tmp_path / "traders"
    cardkit("init", str(folder), "--game", "star-traders", "--title", "Star Traders", "--lang", "en,es")

    assert "0 errors, 0 warnings" in cardkit("validate", str(folder))
    declaration = (folder / "cards/star-traders/game.yaml").read_text(encoding="utf-8")
    assert 'en: "Star Traders"' in declaration and "kinds:\n  card:\n" in declaration
    assert (folder / "locales/es/LC_MESSAGES/cardkit.po").is_file()
    assert not (folder / "cards/duel").exists() and not (folder / "locales/en/duel").exists()
    # The templates are the package's until the project copies one to change it.
    assert [path.name for path in (folder / "templates").iterdir()] == ["README.md"]
    assert "cardkit templates copy cards.css" in (folder / "templates/README.md").read_text(encoding="utf-8")


def test_a_language_begun_later_takes_its_template_catalogue_from_the_package(tmp_path):
    folder = tmp_path / "traders"
    cardkit("init", str(folder), "--game", "star-traders", "--title", "Star Traders")

    cardkit("i18n", "init", "fr", "--root", str(folder))

    catalogue = (folder / "locales/fr/LC_MESSAGES/cardkit.po").read_text(encoding="utf-8")
    assert 'msgid "Colour:"' in catalogue


def test_what_cannot_be_begun_is_named_all_at_once_and_nothing_is_written(tmp_path):
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "notes.txt").write_text("mine", encoding="utf-8")

    output = cardkit("init", str(folder), "--game", "Duel Game", "--title", " ", "--lang", "es,xx",
                     code=2)

    assert output == (
        "Error: --game 'Duel Game': a game's id is lowercase letters, digits and hyphens (star-traders)\n"
        "--title: the game's English title is empty\n"
        "--lang es,xx: English (en), the source language, is one of them\n"
        "--lang: 'xx' is not a language code Babel knows (such as fr, pl, pt_BR)\n"
        f"{folder}: exists and is not an empty folder; cardkit init writes into a new or empty "
        "folder only, so nothing of yours is touched\n"
        "nothing was written\n")
    assert [path.name for path in folder.iterdir()] == ["notes.txt"]


def test_a_shipped_games_id_is_refused(tmp_path):
    output = cardkit("init", str(tmp_path / "x"), "--game", "duel", "--title", "Duel", code=2)

    assert "--game 'duel': cardkit ships a game of that id; choose another" in output
    assert not (tmp_path / "x").exists()


def _python_of(venv: Path) -> Path:
    return venv / "bin" / "python"


@pytest.mark.slow
def test_an_owner_installs_the_wheel_begins_a_project_and_prints_three_cards(tmp_path):
    """The wheel built from this checkout, installed with the locked dependencies into a
    fresh environment outside the repository: init, three cards through a spreadsheet,
    validate, build, and the PDF's text read back."""
    # Nothing of the checkout on the path: with PYTHONPATH at it, the egg-info the wheel's
    # build leaves there tells pip cardkit is installed already, and it installs nothing.
    environment = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    wheels = tmp_path / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
                    "-w", str(wheels), str(PROJECT_ROOT)], check=True, timeout=600)
    [wheel] = wheels.glob("cardkit-*.whl")
    venv = tmp_path / "owner-venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    python = _python_of(venv)
    # uv installs what pip would, from the same hashed lock, in seconds rather than a minute.
    uv = [str(Path(sys.executable).parent / "uv"), "pip", "install", "--quiet", "--python", str(python)]
    subprocess.run([*uv, "--require-hashes", "--no-deps", "-r", str(PROJECT_ROOT / "requirements.lock")],
                   env=environment, check=True, timeout=900)
    subprocess.run([*uv, "--no-deps", str(wheel)], env=environment, check=True, timeout=300)
    owner = tmp_path / "owner"
    owner.mkdir()

    def run(*arguments: str, cwd: Path = owner) -> str:
        done = subprocess.run([str(venv / "bin" / "cardkit"), *arguments], cwd=cwd, env=environment,
                              capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, done.stdout + done.stderr
        return done.stdout + done.stderr

    run("init", "traders", "--game", "star-traders", "--title", "Star Traders")
    project = owner / "traders"
    assert "cardkit/default_templates" not in str(project.resolve())
    sheet = owner / "cards.csv"
    run("sheet", "export", "--game", "star-traders", "--kind", "card", "--lang", "en", "-o", str(sheet),
        cwd=project)
    with sheet.open("a", encoding="utf-8", newline="") as stream:
        stream.write(THREE_CARDS)
    assert run("sheet", "import", str(sheet), cwd=project).count(": new card") == 3
    assert "0 errors" in run("validate", cwd=project)
    assert [path.name for path in (project / "templates").iterdir()] == ["README.md"]
    run("build", "--quiet", "--paper", "a4", cwd=project)

    text = " ".join(page.extract_text() for page in PdfReader(project / "build/en/cards-a4.pdf").pages)
    for name, words in (("Comet", "Draw 2 cards."), ("Nebula", "Move a ship."), ("Quasar", "Look at the top")):
        assert name in text and words in text
    located = subprocess.run([str(python), "-c", "import cardkit; print(cardkit.__file__)"], cwd=owner,
                             env=environment, capture_output=True, text=True, check=True).stdout
    assert str(PROJECT_ROOT) not in located
