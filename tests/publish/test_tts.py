"""`cardkit build --format tts`, read as the game reads it: every saved object parses, each
card's CardID names the slot of its sheet that shows exactly its face, and the sheets keep
within the game's limits."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from urllib.parse import urlparse
from urllib.request import url2pathname

import pytest
from PIL import Image, ImageChops, ImageStat

from cardkit.faces.documents import LanguageContext
from cardkit.faces.faces import Face
from cardkit.faces.games import targets
from cardkit.publish.outputs import Outputs
from cardkit.publish.raster import Raster
from cardkit.publish.tts import CARD_RASTER, FACES_PER_SHEET, MAX_SHEET_SIDE, folder_name, grid, sheets_of
from cardkit.render.pipeline import build
from tests.conftest import shipped_database, with_face_cache
from tests.render.conftest import PROJECT

DATABASE = shipped_database()[0]
TARGETS = targets(DATABASE, DATABASE.games, DATABASE.languages)


def decks(folder: Path) -> dict[str, dict]:
    return {path.stem: json.loads(path.read_text(encoding="utf-8")) for path in folder.glob("*.json")}


def cards_of(saved: dict) -> list[dict]:
    (state,) = saved["ObjectStates"]
    return state["ContainedObjects"] if state["Name"] == "Deck" else [state]


@pytest.mark.parametrize("target", TARGETS, ids=str)
def test_every_card_id_names_its_place_on_its_sheet(images_built, target):
    folder = images_built / target.folder / "tts" / folder_name(target)
    context = LanguageContext(PROJECT, target.language, DATABASE, [target.game])
    faces = {face.id: face for face in context.faces}
    found = decks(folder)
    assert set(found) == {face.kind for face in context.faces}  # a deck per kind
    shown = []
    for kind, saved in found.items():
        cards = cards_of(saved)
        if saved["ObjectStates"][0]["Name"] == "Deck":
            assert saved["ObjectStates"][0]["DeckIDs"] == [card["CardID"] for card in cards]
        pictures = {face_id: _picture(images_built, target, face) for face_id, face in faces.items()
                    if face.kind == kind}
        for card in cards:
            face = faces[card["GMNotes"]]
            assert face.kind == kind
            assert card["Nickname"] == face.text("name") or face.source_text("name") or face.id
            key, index = divmod(card["CardID"], 100)
            sheet = card["CustomDeck"][str(key)]
            assert 0 <= index < sheet["NumWidth"] * sheet["NumHeight"] - 1  # the last slot is hidden
            assert sheet["BackIsHidden"] is True
            image = _image(images_built, sheet["FaceURL"], target)
            assert image.size == (sheet["NumWidth"] * CARD_RASTER.size[0], sheet["NumHeight"] * CARD_RASTER.size[1])
            assert max(image.size) <= MAX_SHEET_SIDE
            slot = _slot(image, sheet, index)
            # The slot the CardID names shows this card: of the kind's faces, none is nearer
            # (two planets of one colour and letter print alike).
            distances = {face_id: _distance(slot, picture) for face_id, picture in pictures.items()}
            assert distances[face.id] == min(distances.values()), (card["CardID"], face.id, distances)
            back = _image(images_built, sheet["BackURL"], target)
            assert _slot(image, sheet, sheet["NumWidth"] * sheet["NumHeight"] - 1).tobytes() == back.tobytes()
            shown.append(face.id)
    assert sorted(shown) == sorted(faces)


def _image(out: Path, url: str, target) -> Image.Image:
    """The image an absolute file URL names: one the build wrote into the deck's folder."""
    folder = (out / target.folder / "tts" / folder_name(target)).resolve()
    assert url.startswith(folder.as_uri() + "/")
    path = Path(url2pathname(urlparse(url).path))
    assert path.parent == folder
    return _decoded(path)


@lru_cache(maxsize=4)  # a kind's sheet and its back: no more held than a test is looking at
def _decoded(path: Path) -> Image.Image:
    """A sheet decoded once, however many of its cards a test looks at."""
    with Image.open(path) as image:
        return image.convert("RGB")


def _slot(image: Image.Image, sheet: dict, index: int) -> Image.Image:
    width, height = CARD_RASTER.size
    row, column = divmod(index, sheet["NumWidth"])
    return image.crop((column * width, row * height, (column + 1) * width, (row + 1) * height))


def _picture(out: Path, target, face: Face) -> Image.Image:
    """The face's own PNG (300 dpi), scaled to a sheet's slot."""
    with Image.open(out / target.folder / "png" / face.kind / f"{face.id}.png") as image:
        return image.convert("RGB").resize(CARD_RASTER.size, Image.Resampling.LANCZOS)


def _distance(one: Image.Image, other: Image.Image) -> float:
    return sum(ImageStat.Stat(ImageChops.difference(one, other)).mean)


def test_a_deck_larger_than_a_sheet_goes_on_several():
    backs = [Face("back-duel-x", "back", "back.html", "x", game="duel")]
    faces = [Face(f"card-{number}", "x", "t.html", "x", game="duel") for number in range(150)]
    (sheets,) = sheets_of(faces, backs).values()
    assert [len(sheet.faces) for sheet in sheets] == [FACES_PER_SHEET, FACES_PER_SHEET, 12]
    assert [(sheet.columns, sheet.rows) for sheet in sheets] == [(10, 7), (10, 7), (7, 2)]
    assert [sheet.card_id(0) for sheet in sheets] == [100, 200, 300]
    assert all(max(sheet.columns * CARD_RASTER.size[0], sheet.rows * CARD_RASTER.size[1]) <= MAX_SHEET_SIDE
               for sheet in sheets)


@pytest.mark.parametrize("slots, expected", [(2, (2, 2)), (8, (4, 2)), (11, (6, 2)), (70, (10, 7)),
                                             (21, (7, 3))])
def test_the_smallest_grid_the_game_takes(slots, expected):
    assert grid(slots) == expected


def test_the_cards_are_as_wide_as_ten_fit_on_4096_pixels():
    assert CARD_RASTER.size == (409, 571)
    assert Raster(CARD_RASTER.dpi).size == CARD_RASTER.size


def test_a_base_address_for_the_images(tmp_path, face_cache):
    out = with_face_cache(tmp_path / "out", face_cache)
    base = "file:///C:/Users/player/Documents/My Games/Tabletop Simulator/Saves/Saved Objects/"
    build(PROJECT, out, ["es"], games=["cosmic"], outputs=Outputs(("tts",), tts_base=base))
    saved_objects = decks(out / "cosmic/es/tts/cardkit-cosmic-es").values()
    sheets = [sheet for saved in saved_objects
              for sheet in saved["ObjectStates"][0]["CustomDeck"].values()]
    assert sheets
    for sheet in sheets:
        assert sheet["FaceURL"].startswith(base + "cardkit-cosmic-es/sheet-")
        assert sheet["BackURL"].startswith(base + "cardkit-cosmic-es/back-")
