"""Every game prints: the classic game's PDFs in all three languages, each in its own texts,
each game in its own folder, and the classic deck's one back; a text a language lacks prints
as the English, marked and tagged as English."""

from __future__ import annotations

from pathlib import Path

import pikepdf
import pytest
from pypdf import PdfReader

from cardkit.faces.documents import LanguageContext, face_html
from cardkit.faces.faces import Printed
from cardkit.faces.games import targets
from cardkit.faces.stylesheets import FACE_STYLESHEETS
from cardkit.model.database import load_database
from cardkit.render.pipeline import build
from cardkit.render.renderer import Renderer
from tests.conftest import with_face_cache
from tests.render.conftest import PROJECT

LANGUAGES = ["de", "en", "es"]


@pytest.fixture(scope="module")
def classic(tmp_path_factory, face_cache):
    """The classic game built on A4 in every language, from the session's face cache."""
    out = with_face_cache(tmp_path_factory.mktemp("classic"), face_cache)
    return out, build(PROJECT, out, LANGUAGES, ["a4"], jobs=2, games=["classic"])


def text(path: Path) -> str:
    return " ".join(" ".join(page.extract_text().split()) for page in PdfReader(path).pages)


def test_the_classic_game_builds_its_pdfs_in_every_language(classic):
    out, result = classic

    assert [path.relative_to(out).as_posix() for path in result.written] == [
        f"classic/{language}/{name}-a4.pdf" for language in LANGUAGES for name in ("cards", "reference")]
    assert [problem for problem in result.problems if problem.code == "fit-overflow"] == []


def test_the_card_sheets_hold_every_classic_card_its_reference_cards_and_three_backs(classic):
    out, _ = classic
    database = load_database(PROJECT)[0]
    classic_cards = {card_id for card_id in database.cards if database.game_of(card_id) == "classic"}

    with pikepdf.open(out / "classic/en/cards-a4.pdf") as pdf:
        drawn = {str(name) for page in pdf.pages for name in page.Resources.get("/XObject", {}).keys()}

    reference_cards = {"reference-classic_steps_1_5", "reference-classic_steps_6_10",
                       "reference-classic_attack", "reference-classic_negotiate",
                       "reference-classic_compensation", "reference-classic_rewards"}
    assert {name.removeprefix("/Face.") for name in drawn if name.startswith("/Face.")} == \
        classic_cards | reference_cards
    assert {name for name in drawn if name.startswith("/Back.")} == {
        "/Back.classic-alien", "/Back.classic-deck", "/Back.classic-reference"}


def test_each_language_prints_its_own_texts(classic):
    out, _ = classic
    cards = {language: text(out / "classic" / language / "cards-a4.pdf") for language in LANGUAGES}

    assert "Escudo de Fuerza" in cards["es"] and "Force Field" not in cards["es"]
    assert "Force Field" in cards["en"] and "English text, not yet translated" not in cards["en"]
    # German: our own names and texts, marked as ours, and no English
    assert "Kraftfeld" in cards["de"] and "Force Field" not in cards["de"]
    assert "Wurmloch" in cards["de"] and "Wormhole" not in cards["de"]
    assert "unser Wortlaut, nicht der der gedruckten Karte" in cards["de"]
    assert "englischer Text, noch nicht übersetzt" not in cards["de"]
    assert "Kurzübersicht" in text(out / "classic/de/reference-a4.pdf")


def text_boxes(box):
    """Every piece of laid-out text under a WeasyPrint box, absolutely placed ones included."""
    for descendant in box.descendants(placeholders=True):
        if type(descendant).__name__ == "TextBox":
            yield descendant


@pytest.mark.slow
def test_a_text_a_language_lacks_prints_in_english_marked_and_hyphenated_as_english(project_copy):
    german = project_copy / "locales/de/classic/artifacts.yaml"
    lines = german.read_text(encoding="utf-8").splitlines(keepends=True)
    start = next(index for index, line in enumerate(lines) if line.startswith("  text: ")
                 and "nachdem die Verbündeten" in line)
    end = next(index for index in range(start + 1, len(lines)) if not lines[index].startswith("    "))
    german.write_text("".join(lines[:start] + lines[end:]), encoding="utf-8")
    context = LanguageContext(project_copy, "de", load_database(project_copy)[0], ["classic"])
    face = context.face("force-field")

    html = face_html(context, Printed(face, {}))
    document = Renderer(project_copy).render(html, FACE_STYLESHEETS)

    assert '<span class="untranslated" lang="en" dir="ltr">Play after allies' in html
    # WeasyPrint hyphenates each piece of text with the patterns of its language.
    languages = {box.text: box.style["lang"] for box in text_boxes(document.pages[0]._page_box)}
    english = [text for text in languages if "allies" in text or "colonies" in text]
    assert len(english) >= 2 and {languages[text] for text in english} == {"en"}
    assert languages["Kraftfeld"] == languages["EN"] == "de"  # the name, and the mark itself
    assert "EN: englischer Text, noch nicht übersetzt" in languages


def test_encounter_cards_and_artifacts_share_the_decks_back():
    faces = LanguageContext(PROJECT, "en", load_database(PROJECT)[0], ["classic"]).faces

    backs = {face.kind: {face.back for face in faces if face.kind == kind}
             for face in faces for kind in [face.kind]}

    assert backs == {"alien": {"alien"}, "encounter": {"deck"}, "artifact": {"deck"},
                     "reference": {"reference"}}


def test_beside_other_games_each_game_builds_into_its_own_folder():
    database = load_database(PROJECT)[0]

    assert [target.folder for target in targets(database, ["classic"], ["en", "de"])] == \
        ["classic/en", "classic/de"]
    assert [target.folder for target in targets(database, ["duel"], ["en"])] == ["duel/en"]
