"""The credits page names each face by what it shows, in the page's language: a card by its
name, a deck back in words, never by its face id."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from cardkit.faces.environment import load_translations, make_environment
from cardkit.faces.faces import BACK_TEMPLATE, Face
from cardkit.faces.layout import PAPERS
from tests.conftest import PROJECT_ROOT


def credits_page(language: str, *backs: str) -> str:
    environment = make_environment(PROJECT_ROOT / "templates", load_translations(PROJECT_ROOT, language),
                                   language=language)
    credited = [(Face(f"back-duel-{back}", "back", BACK_TEMPLATE, back, game="duel"),
                 SimpleNamespace(credit="Mine, CC0")) for back in backs]
    return environment.get_template("credits.html").render(language=language, paper=PAPERS["a4"],
                                                           credited=credited)


@pytest.mark.parametrize("language, back, words", [
    ("en", "alien", "<dt>Card back: Alien</dt>"),
    ("de", "alien", "<dt>Kartenrückseite: Alien</dt>"),
    ("es", "alien", "<dt>Reverso de carta: Alienígena</dt>"),
    ("en", "plan-orange", "<dt>Card back: Plan, orange</dt>"),
    ("de", "tactic-blue", "<dt>Kartenrückseite: Taktik, blau</dt>"),
])
def test_a_back_is_named_in_words_of_the_page_s_language(language, back, words):
    page = credits_page(language, back)

    assert words in page
    assert "back-duel" not in page
