"""What is printed on each face, read from the written PDFs: backs, reference cards and the
placeholders of cards whose facts the rulebooks do not give."""

from __future__ import annotations

import re
import shutil
import subprocess
from collections import Counter, defaultdict
from pathlib import Path

import pytest
from PIL import Image
from pikepdf import Pdf

from cardkit.faces.documents import LanguageContext
from cardkit.faces.faces import reference_cards
from cardkit.model.database import load_database
from cardkit.render.fit import measure_language, problems_of
from tests.conftest import SHIPPED_LANGUAGES
from tests.render.conftest import PROJECT, duel_folder
from tests.render.single_faces import faces_pdf, text_runs
from tests.render.test_pdfs import card_boxes

POINTS_PER_MM = 72 / 25.4
RESOLUTION = 150  # dpi, for every back
PLACEHOLDER_ES = "Los reglamentos no dan el resto de esta carta."
TACTIC_COLOURS = {"duel-tactic-orange": (0xe6, 0x7e, 0x22), "duel-tactic-blue": (0x2f, 0x6d, 0xb5)}


def rasterize_cards(pdf_path: Path, boxes: dict, out: Path) -> dict[str, Image.Image]:
    """Each card's trim area alone, rendered by one renderer (Poppler) at one resolution:
    every card becomes a copy of its sheet's page cropped to the card's trim (its content
    untouched), so the trim corner of each is the image's corner and every card lies on the
    pixel grid alike, wherever it stands on the sheet. Poppler maps the crop box onto the
    pixels exactly; PDFium snaps it to whole pixels at some resolutions, which changes the
    anti-aliasing of a card by where it stands."""
    names = sorted(boxes)
    cropped = Pdf.new()
    with Pdf.open(pdf_path) as sheets:
        for name in names:
            page_number, x, y, width, height = boxes[name]
            cropped.pages.append(sheets.pages[page_number])
            trim = [value * POINTS_PER_MM for value in (x, y, x + width, y + height)]
            cropped.pages[-1].MediaBox = cropped.pages[-1].CropBox = trim
        cropped.save(out / "cards.pdf")
    subprocess.run(["pdftoppm", "-r", str(RESOLUTION), str(out / "cards.pdf"), str(out / "card")],
                   check=True)
    images = sorted(out.glob("card-*.ppm"))
    assert len(images) == len(names)
    return {name: Image.open(image).convert("RGB") for name, image in zip(names, images)}


def inside_edge_pixels(card: Image.Image) -> bytes:
    """The card's trim area less its outermost pixel, which the rasterizer shares with
    whatever lies beyond the cut line."""
    return card.crop((1, 1, card.width - 1, card.height - 1)).tobytes()


@pytest.fixture(scope="module")
def back_images(built, tmp_path_factory) -> tuple[dict[str, str], dict[str, Image.Image]]:
    """The deck each back slot of the English A4 sheets shows (from the Form XObject the
    imposition drew there), and each slot's trim area as an image."""
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm (Debian package poppler-utils) is not installed; .ci/run installs it")
    boxes = card_boxes(built, "en", "a4", "back")
    slots = {f"{sheet}-{position}": box for (sheet, position), box in boxes.items()}
    decks = {slot: name.split(".", 1)[1] for slot, (_, name, *_) in slots.items()}
    regions = {slot: (page, x, y, width, height)
               for slot, (page, _, x, y, width, height) in slots.items()}
    return decks, rasterize_cards(built / duel_folder("en") / "cards-a4.pdf", regions,
                                  tmp_path_factory.mktemp("backs"))


def test_every_back_of_a_deck_is_identical_pixel_for_pixel(back_images):
    decks_of, images = back_images
    faces = LanguageContext(PROJECT, "en", load_database(PROJECT)[0], ["duel"]).faces
    expected = Counter(face.back_id.removeprefix("back-") for face in faces)
    assert Counter(decks_of.values()) == expected
    assert len({image.size for image in images.values()}) == 1  # one resolution for all
    decks = defaultdict(set)
    for slot, back in decks_of.items():
        decks[back].add(inside_edge_pixels(images[slot]))
    assert len(decks) > 5
    assert {back: len(images) for back, images in decks.items()} == {back: 1 for back in decks}
    # and the decks are told apart
    assert len({images.pop() for images in decks.values()}) == len(decks)


def test_tactic_backs_are_orange_and_blue(back_images):
    decks_of, images = back_images
    seen = set()
    for slot, back in decks_of.items():
        if back in TACTIC_COLOURS:
            # 6 mm in from the trim's top left corner: the deck colour, clear of the ring.
            card = images[slot]
            corner = card.getpixel((round(0.1 * card.width), round(0.07 * card.height)))
            assert corner == pytest.approx(TACTIC_COLOURS[back], abs=2)
            seen.add(back)
    assert seen == set(TACTIC_COLOURS)


@pytest.mark.slow
def test_cards_of_unknown_facts_say_so_and_nameless_cards_get_a_name():
    pdf = faces_pdf(PROJECT, "es", ["swarm", "red-a", "orange-shield-2"])
    swarm, planet, tactic = (page.extract_text() for page in pdf.pages)
    assert "Enjambre" in swarm and "ALIENÍGENA" in swarm
    # "not known" agrees with its noun: one catalogue entry per context
    assert "Complejidad: desconocida" in swarm and "Poderes: desconocidos" in swarm
    assert PLACEHOLDER_ES in swarm
    assert "Planeta rojo †" in planet and "PLANETA" in planet and "Símbolo: rojo" in planet
    # every fact of a planet is known: no line about the rest
    assert PLACEHOLDER_ES not in planet
    assert "Táctica naranja †" in tactic and "TÁCTICA" in tactic and PLACEHOLDER_ES in tactic


@pytest.mark.slow
def test_the_placeholder_line_is_fitted_like_any_text(project_copy):
    catalogue = project_copy / "locales/es/LC_MESSAGES/cardkit.po"
    text = catalogue.read_text(encoding="utf-8")
    catalogue.write_text(text.replace(f'msgstr "{PLACEHOLDER_ES}"',
                                      f'msgstr "{" ".join([PLACEHOLDER_ES] * 3)}"'), encoding="utf-8")
    database = load_database(project_copy)[0]
    context = LanguageContext(project_copy, "es", database, ["duel"])
    context.faces = [face for face in context.faces if face.id in ("swarm", "prime")]

    problems = problems_of(database, "es", measure_language(context), context.templates)

    assert [(problem.code, problem.card_id, problem.message.split(" does not fit")[0])
            for problem in problems] == [("fit-overflow", "swarm", "placeholder (es)"),
                                         ("fit-overflow", "prime", "placeholder (es)")]


REFERENCE_FACES = [f"reference-{name}" for name in reference_cards(
    LanguageContext(PROJECT, "en", load_database(PROJECT)[0], ["duel"]).environment, "duel")]
# Where a card's text may start, from its outline's left edge: the panel's left (.face,
# 5.5 mm, bleed included) and its padding (1.5 mm) in templates/cards.css.
CONTENT_LEFT_MM = 5.5 + 1.5


@pytest.mark.slow
@pytest.mark.parametrize("language", SHIPPED_LANGUAGES)
def test_reference_cards_print_every_duel_step_at_6_5_pt_or_more(language):
    pdf = faces_pdf(PROJECT, language, REFERENCE_FACES)
    runs = {face: text_runs(page) for face, page in zip(REFERENCE_FACES, pdf.pages, strict=True)}

    markers = {face: [text.strip() for text, *_ in face_runs if re.fullmatch(r"\d+\. ?", text)]
               for face, face_runs in runs.items()}
    assert markers["reference-duel_1_6"] == ["1.", "2.", "3.", "4.", "5.", "6."]
    assert markers["reference-duel_7_11"] == ["7.", "8.", "9.", "10.", "11."]
    smallest = min(size for face_runs in runs.values() for *_, size in face_runs)
    assert smallest >= 6.5 - 0.01
    leftmost = min(x for face_runs in runs.values() for _, x, _, _ in face_runs)
    assert leftmost >= CONTENT_LEFT_MM - 0.01


PLANS = """wild:
  colour: orange
  value: 13

inadequate:
  colour: blue
  value: 6

almost-invincible:
  {colour}
  value: 31
"""


@pytest.mark.parametrize("colour, expected", [
    # One plan's colour unknown: it can join neither deck, so no plan wears a colour's back.
    ("unknown: [colour]", {"wild": "plan", "inadequate": "plan", "almost-invincible": "plan"}),
    # Every colour known (as the data may come to say): each plan wears its colour's back.
    ("colour: orange", {"wild": "plan-orange", "inadequate": "plan-blue",
                        "almost-invincible": "plan-orange"}),
])
def test_plans_wear_their_colours_back_only_while_every_colour_is_known(project_copy, colour, expected):
    (project_copy / "cards/duel/plans.yaml").write_text(PLANS.format(colour=colour), encoding="utf-8")

    backs = {face.id: face.back for face in LanguageContext(
        project_copy, "en", load_database(project_copy)[0], ["duel"]).faces if face.kind == "plan"}

    assert backs == expected
