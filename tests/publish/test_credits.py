"""A picture's credit goes wherever the picture does: beside the PNGs and in the Tabletop
Simulator decks (the site's card pages and the PDFs' credits page have their own tests)."""

from __future__ import annotations

import json

from cardkit.publish.outputs import Outputs
from cardkit.render import build
from tests.render.art_pictures import with_art


def test_the_images_and_decks_of_pictured_cards_carry_their_credits(art_project, tmp_path):
    with_art(art_project, {"iron-matron": "grid.png", "pickle": "gradient.jpg"})
    out = tmp_path / "out"

    build(art_project, out, ["en"], ["a4"], jobs=1, outputs=Outputs(("png", "tts")))

    assert (out / "en/png/credits.txt").read_text(encoding="utf-8") == (
        "alien/iron-matron.png: Test picture grid.png, CC0\n"
        "alien/pickle.png: Test picture gradient.jpg, CC0\n")
    deck = json.loads((out / "en/tts/cardkit-duel-en/alien.json").read_text(encoding="utf-8"))
    (state,) = deck["ObjectStates"]
    assert state["Description"].splitlines() == [
        "Picture:", "Iron Matron: Test picture grid.png, CC0", "Pickle: Test picture gradient.jpg, CC0"]
    descriptions = {card["GMNotes"]: card["Description"] for card in state["ContainedObjects"]}
    assert len(descriptions) == 2
    for card_id, file in (("iron-matron", "grid.png"), ("pickle", "gradient.jpg")):  # guard-ok: two cards, counted above
        assert descriptions[card_id].split("\n\n")[-1] == f"Picture: Test picture {file}, CC0"


def test_images_without_pictures_have_no_credits_file(art_project, tmp_path):
    out = tmp_path / "out"

    build(art_project, out, ["en"], ["a4"], jobs=1, outputs=Outputs(("png", "tts")))

    assert (out / "en/png").is_dir() and not (out / "en/png/credits.txt").exists()
    deck = json.loads((out / "en/tts/cardkit-duel-en/alien.json").read_text(encoding="utf-8"))
    assert deck["ObjectStates"][0]["Description"] == ""
