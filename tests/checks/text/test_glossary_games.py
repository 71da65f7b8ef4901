"""A glossary term belongs to the games its English entry names: its forbidden variants and
its approved forms are checked in those games' texts only, in every language."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardkit.checks.output import format_problem
from cardkit.checks.runner import validate
from cardkit.model.glossary import GlossaryTerm, terms_of_game
from tests.conftest import PROJECT_ROOT
from tests.model.test_games import two_game_database

DUEL_ONLY_CLOUT = "clout:\n  term: clout\n  games: [duel]\n"
# A Spanish classic text and a Spanish Duel text, each with "Fuerza", the variant of the
# Duel's clout ("Influencia") the Spanish glossary forbids.
CLASSIC_TEXT = ("locales/es/classic/artifacts.yaml", "contra un jugador que nombres.",
                "contra un jugador que nombres con Fuerza.")
DUEL_TEXT = ("locales/es/duel/aliens.yaml", "debe enseñártela.", "debe enseñártela con Fuerza.")


def replace_in(root: Path, change: tuple[str, str, str]) -> None:
    path, old, new = change
    text = (root / path).read_text(encoding="utf-8")
    assert old in text, f"{path} no longer says {old!r}"
    (root / path).write_text(text.replace(old, new, 1), encoding="utf-8")


def forbidden(root: Path) -> list[str]:
    return [format_problem(problem) for problem in validate(root).problems
            if problem.code == "glossary-forbidden"]


def test_a_term_of_one_game_is_not_held_against_another_games_text(tmp_path):
    root = two_game_database(tmp_path)
    replace_in(root, CLASSIC_TEXT)
    assert forbidden(root) == [
        "locales/es/classic/artifacts.yaml:3:9: error: glossary-forbidden: text: 'Fuerza' "
        "is not the approved term; write 'Influencia'"]

    replace_in(root, ("locales/en/glossary.yaml", "clout:\n  term: clout\n", DUEL_ONLY_CLOUT))
    assert forbidden(root) == []

    replace_in(root, DUEL_TEXT)
    assert forbidden(root) == [
        "locales/es/duel/aliens.yaml:6:13: error: glossary-forbidden: powers.punish.text: 'Fuerza' "
        "is not the approved term; write 'Influencia'"]


def test_a_terms_games_are_its_own_or_else_its_english_terms():
    english = {"clout": GlossaryTerm(term="clout", games=["duel"]),
               "ship": GlossaryTerm(term="ship")}
    spanish = {"clout": GlossaryTerm(term="Influencia"),
               "ship": GlossaryTerm(term="Nave", games=["classic"]),
               "orphan": GlossaryTerm(term="Huérfano")}
    assert set(terms_of_game(spanish, english, "duel")) == {"clout", "orphan"}
    assert set(terms_of_game(spanish, english, "classic")) == {"ship", "orphan"}
    assert set(terms_of_game(english, english, "cosmic")) == {"ship"}


def shipped_copy(root: Path) -> Path:
    for folder in ("cards", "locales"):
        shutil.copytree(PROJECT_ROOT / folder, root / folder)
    return root


@pytest.mark.slow
def test_the_german_texts_of_both_editions_are_checked_against_the_german_glossary(tmp_path):
    root = shipped_copy(tmp_path)
    assert validate(root).problems == []
    # The classic Plague's Wormhole becomes the current edition's warp, and the current
    # negotiate card's warp a variant the German glossary forbids.
    replace_in(root, ("locales/de/classic/artifacts.yaml", "ins Wurmloch und wirft", "in den Warp und wirft"))
    replace_in(root, ("locales/de/cosmic/encounter.yaml", "das in den Warp kam", "das in den Vortex kam"))

    found = {(problem.code, problem.position.path.as_posix(), problem.message)
             for problem in validate(root).problems}

    assert found == {
        ("glossary-missing", "locales/de/classic/artifacts.yaml",
         "text: the English text uses 'Wormhole'; its approved translation 'Wurmloch' (or a form "
         "of it) is missing here"),
        ("glossary-forbidden", "locales/de/cosmic/encounter.yaml",
         "text: 'Vortex' is not the approved term; write 'Warp'")}
