"""The footer names the next deck only on the duel's Fate cards: another game's kind that
is also called `event` (ISS Vanguard's, declared in data) has no next deck."""

from __future__ import annotations

from cardkit.faces.documents import LanguageContext, face_html
from cardkit.faces.faces import Printed
from cardkit.model.database import load_database
from tests.render.conftest import PROJECT


def footer_of(card_id: str) -> str:
    context = LanguageContext(PROJECT, "en", load_database(PROJECT)[0])
    html = face_html(context, Printed(context.face(card_id), {}))
    return html[html.index('<div class="footer">'):]


def test_a_duel_event_names_its_next_deck():
    assert '<div class="next">' in footer_of("sweet-revenge")


def test_a_vanguard_event_prints_without_a_next_deck():
    footer = footer_of("voces-fantasmagoricas")
    assert '<div class="next">' not in footer
    assert '<div class="provisional-note">' in footer  # its effects are our wording
