"""The reference sheets of the classic and the current game: the steps of an encounter and
how one is resolved, in every language, read from the rendered PDF."""

from __future__ import annotations

import re
from io import BytesIO

import pytest
from pypdf import PdfReader

from cardkit.faces.documents import LanguageContext, reference_html
from cardkit.faces.layout import PAPERS
from cardkit.faces.stylesheets import REFERENCE_STYLESHEETS
from cardkit.model.database import load_database
from cardkit.render.renderer import Renderer
from tests.render.conftest import PROJECT
from tests.render.single_faces import text_runs

STEPS = {
    "en": ["Recover a lost ship", "Receive orders", "Gather ships", "Aim the main ship",
           "Attacker invites allies", "Defender invites allies", "Allies accept or decline",
           "Play encounter cards", "Reveal encounter cards", "Resolve"],
    "es": ["Recuperar una nave perdida", "Recibir órdenes", "Reunir naves", "Apuntar la Nave Principal",
           "El atacante invita a aliados", "El defensor invita a aliados",
           "Los aliados aceptan o declinan", "Jugar cartas de Encuentro",
           "Revelar las cartas de Encuentro", "Resolver"],
    "de": ["Ein verlorenes Schiff zurückholen", "Befehl erhalten", "Schiffe sammeln",
           "Das Hauptschiff ausrichten", "Der Angreifer lädt Verbündete ein",
           "Der Verteidiger lädt Verbündete ein", "Verbündete nehmen an oder lehnen ab",
           "Begegnungskarten spielen", "Begegnungskarten aufdecken", "Auswerten"],
}
# The resolution rules each sheet states (file 001, L533-638): ties go to the defender, a
# failed deal costs each main player 3 ships, compensation is a card per own ship lost, the
# defending allies' rewards a card or a ship per ship sent.
RULES = {
    "en": ["a tie goes to the defender", "sends 3 ships", "one card at random from the opponent's hand",
           "one reward for every ship it sent"],
    "es": ["en caso de empate gana el defensor", "envía 3 naves", "toma entonces al azar una carta",
           "una recompensa por cada nave que aportó"],
    "de": ["bei Gleichstand gewinnt der Verteidiger", "je 3 Schiffe", "eine zufällige Karte",
           "eine Belohnung für jedes Schiff"],
}


def sheet(game: str, language: str) -> PdfReader:
    context = LanguageContext(PROJECT, language, load_database(PROJECT)[0], [game])
    renderer = Renderer(PROJECT)
    document = renderer.render(reference_html(context, PAPERS["a4"]), REFERENCE_STYLESHEETS)
    return PdfReader(BytesIO(renderer.pdf(document)))


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "es", "de"])
def test_the_classic_sheet_numbers_the_ten_steps_and_states_the_resolution(language):
    assert_steps_and_rules(sheet("classic", language), STEPS[language], RULES[language])


# The current edition (file 002): eight phases (L117-226); ties go to the defense, a failed
# deal costs 3 ships each, compensation and defender rewards (L191-269).
PHASES = {
    "en": ["Start of turn", "Regroup", "Destiny", "Launch", "Alliance", "Planning", "Reveal",
           "Resolution"],
    "es": ["Inicio del turno", "Reagrupamiento", "Destino", "Lanzamiento", "Alianza",
           "Planificación", "Revelación", "Resolución"],
    "de": ["Zugbeginn", "Sammeln", "Schicksal", "Start", "Bündnis", "Planung", "Aufdecken",
           "Auflösung"],
}
OUTCOMES = {
    "en": ["a tie goes to the defense", "sends 3 of its ships to the warp",
           "reward per ship it committed", "A morph becomes a copy"],
    "es": ["en caso de empate gana la defensa", "envía 3 de sus naves a la disformidad",
           "una recompensa de defensor por cada nave", "se convierte en copia"],
    "de": ["bei Gleichstand gewinnt der Verteidiger", "schickt 3 seiner Schiffe in den Warp",
           "pro gesetztem Schiff eine Verteidigerbelohnung", "wird zur Kopie"],
}


@pytest.mark.slow
@pytest.mark.parametrize("language", ["en", "es", "de"])
def test_the_current_editions_sheet_numbers_the_eight_phases_and_states_the_outcomes(language):
    assert_steps_and_rules(sheet("cosmic", language), PHASES[language], OUTCOMES[language])


def assert_steps_and_rules(pdf: PdfReader, steps: list[str], rules: list[str]) -> None:
    """The steps numbered from 1, their titles in order, and each rule's words."""
    text = " ".join(" ".join(page.extract_text().split()) for page in pdf.pages)
    markers = [run.strip() for page in pdf.pages for run, *_ in text_runs(page)
               if re.fullmatch(r"\d+\. ?", run)]

    assert markers == [f"{number}." for number in range(1, len(steps) + 1)]
    positions = [text.find(f"{title}:") for title in steps]
    assert -1 not in positions and positions == sorted(positions)
    for rule in rules:
        assert rule in text
