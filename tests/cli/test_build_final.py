"""Unconfirmed translations on proofs, and `build --final` refusing what is not finished."""

from __future__ import annotations

import shutil

import pytest
from click.testing import CliRunner

from cardkit.cli import main
from tests.conftest import PROJECT_ROOT
from tests.render.pdf_content import text_runs

ALIENS = "locales/de/duel/aliens.yaml"


@pytest.fixture
def unconfirmed(tmp_path):
    """A copy of the project whose German name of the Iron Matron is a fuzzy guess: written,
    its fingerprint gone, as an import of a fuzzy entry leaves it."""
    root = tmp_path / "db"
    for folder in ("cards", "locales", "templates"):
        shutil.copytree(PROJECT_ROOT / folder, root / folder)
    aliens = root / ALIENS
    text = aliens.read_text(encoding="utf-8")
    assert text.count("    name: 5c01c327\n") == 1
    aliens.write_text(text.replace("    name: 5c01c327\n", ""), encoding="utf-8")
    return root


def build(root, *arguments):
    return CliRunner().invoke(main, ["build", str(root), "--lang", "de", "--game", "duel",
                                     "--paper", "a4", "--jobs", "1", "--quiet", *arguments])


def test_final_refuses_an_unconfirmed_text_naming_it(unconfirmed, tmp_path):
    result = build(unconfirmed, "--final", "--out", str(tmp_path / "out"))

    assert result.exit_code == 1
    line = (unconfirmed / ALIENS).read_text(encoding="utf-8").splitlines().index("  name: Eiserne Matrone") + 1
    assert f"{ALIENS}:{line}:9: stale: de duel iron-matron name" in result.stderr
    assert "not a final build: 1 printed text missing or unconfirmed (stale)" in result.stderr
    assert not (tmp_path / "out").exists()


def test_final_refuses_a_missing_text_and_an_untranslated_template_string(unconfirmed, tmp_path):
    aliens = unconfirmed / ALIENS
    aliens.write_text(aliens.read_text(encoding="utf-8").replace("  name: Eiserne Matrone\n", ""),
                      encoding="utf-8")
    catalogue = unconfirmed / "locales/de/LC_MESSAGES/cardkit.po"
    catalogue.write_text(catalogue.read_text(encoding="utf-8").replace(
        'msgstr "Übersetzung noch nicht bestätigt"', 'msgstr ""'), encoding="utf-8")

    result = build(unconfirmed, "--final", "--out", str(tmp_path / "out"))

    assert result.exit_code == 1
    assert "missing: de duel iron-matron name" in result.stderr
    assert "missing: de templates 'translation not yet confirmed'" in result.stderr
    assert "2 printed texts missing or unconfirmed" in result.stderr


@pytest.mark.slow
def test_a_proof_marks_the_unconfirmed_text(unconfirmed, tmp_path):
    result = build(unconfirmed, "--out", str(tmp_path / "out"))

    assert result.exit_code == 0, result.output
    runs = [run for run in text_runs(tmp_path / "out" / "duel" / "de" / "cards-a4.pdf")]
    matron = {run.face for run in runs if "Eiserne Matrone" in run.text}
    marked = {run.face for run in runs if run.text.strip() == "?"}
    noted = {run.face for run in runs if "Übersetzung noch nicht bestätigt" in run.text}
    assert matron and matron <= marked and marked == noted
