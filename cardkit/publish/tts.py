"""`cardkit build --format tts`: Tabletop Simulator decks, one saved object per card kind of a
game in a language, in `<game>/<ll>/tts/cardkit-<game>-<ll>/`: dropped into the game's
Saved Objects folder, that folder shows one deck per kind (docs/outputs.md lists which
fields are the game's and where it documents them).

A deck is laid out on sheets of at most 10 x 7 cards (the most a custom deck sheet holds),
each at most 4,096 px on its longest side: 69 faces and, in the last slot, the hidden-card
image the game shows for a card in another player's hand (the deck's back). Cards with
different backs (the Duel's tactics by colour) go on sheets of their own, each with its back.
A card's `CardID` is its sheet's key in `CustomDeck` times 100 plus its place on the sheet,
counted row by row from 0.
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

from cardkit.faces.cache import FaceCache
from cardkit.faces.documents import credited
from cardkit.faces.faces import Face
from cardkit.faces.games import Target
from cardkit.faces.layout import CARD_WIDTH
from cardkit.publish.outputs import Made, Outputs
from cardkit.publish.raster import (MM_PER_INCH, Raster, Rasterised, RasterJob, Renderings, encode_png,
                                   face_job, raster_key, rasterise_all)

MAX_COLUMNS, MAX_ROWS = 10, 7
# The game's importer takes sheets of 2 to 10 columns and 2 to 7 rows.
MIN_COLUMNS = MIN_ROWS = 2
MAX_SHEET_SIDE = 4096
# The most faces a sheet holds: its last slot is the hidden card's.
FACES_PER_SHEET = MAX_COLUMNS * MAX_ROWS - 1
# Each card as wide as ten fit in 4,096 px, at the resolution that gives.
CARD_RASTER = Raster(dpi=(MAX_SHEET_SIDE // MAX_COLUMNS) * MM_PER_INCH / CARD_WIDTH, area="trim")


@dataclass(frozen=True)
class Sheet:
    """One custom deck sheet: its faces in order, the back they share, and its grid."""

    key: int
    faces: tuple[Face, ...]
    back: Face
    columns: int
    rows: int

    @property
    def name(self) -> str:
        return f"sheet-{self.key}.png"

    def card_id(self, index: int) -> int:
        return self.key * 100 + index


def sheets_of(faces: list[Face], backs: list[Face]) -> dict[str, list[Sheet]]:
    """The sheets of each card kind, in print order: a kind's cards grouped by back, each
    group cut into sheets of at most FACES_PER_SHEET. Sheet keys run from 1 across kinds."""
    decks: dict[str, dict[str, list[Face]]] = {}
    for face in faces:
        decks.setdefault(face.kind, {}).setdefault(face.back_id, []).append(face)
    sheets: dict[str, list[Sheet]] = {}
    key = 0
    for kind, by_back in decks.items():
        for back_id, group in by_back.items():
            for start in range(0, len(group), FACES_PER_SHEET):
                chunk = tuple(group[start:start + FACES_PER_SHEET])
                columns, rows = grid(len(chunk) + 1)
                key += 1
                back = next(face for face in backs if face.id == back_id)
                sheets.setdefault(kind, []).append(Sheet(key, chunk, back, columns, rows))
    return sheets


def grid(slots: int) -> tuple[int, int]:
    """The smallest grid the game takes that holds `slots` (faces and the hidden card)."""
    rows = max(MIN_ROWS, math.ceil(slots / MAX_COLUMNS))
    return max(MIN_COLUMNS, math.ceil(slots / rows)), rows


def folder_name(target: Target) -> str:
    return f"cardkit-{target.game}-{target.language}"


def compose_sheet(pdfs: list[bytes], back: bytes, columns: int, rows: int) -> bytes:
    """The sheet image: each face in its slot row by row, the back in the last slot."""
    width, height = CARD_RASTER.size
    sheet = Image.new("RGB", (columns * width, rows * height), "white")
    placed = [*((index, pdf) for index, pdf in enumerate(pdfs)), (columns * rows - 1, back)]
    for index, pdf in placed:
        row, column = divmod(index, columns)
        sheet.paste(CARD_RASTER.image(pdf), (column * width, row * height))
    return encode_png(sheet, CARD_RASTER.dpi)


def write_tts(made: Made, outputs: Outputs) -> tuple[dict[Path, bytes], list[str]]:
    """The `tts` format (outputs.py)."""
    decks, rasterised = tts_files(made.contexts, made, made.store, made.out, outputs.tts_base, made.jobs)
    return {made.out / name: data for name, data in decks.items()}, rasterised


def tts_files(contexts: dict, renderings: Renderings, store: FaceCache, out: Path, base: str | None = None,
              processes: int | None = None) -> tuple[dict[str, bytes], list[str]]:
    """The decks of each target's context (one game in one language), by path under the
    output folder `out`: `<game>/<ll>/tts/cardkit-<game>-<ll>/` holds a saved object
    `<kind>.json` per card kind, its sheets and its backs. Also returns what had to be
    rasterised. `base` starts the images' references, by default the absolute file URL of
    the written `tts/` folder."""
    jobs, saved = {}, {}
    for target, context in contexts.items():
        folder = f"{target.folder}/tts/{folder_name(target)}"
        sheets = sheets_of(context.faces, context.backs)
        for kind_sheets in sheets.values():
            for sheet in kind_sheets:
                jobs[f"{folder}/{sheet.name}"] = _sheet_job(renderings, target, sheet)
        for back in context.backs:
            jobs[f"{folder}/{back_name(back)}"] = face_job(renderings, target, back, CARD_RASTER)
        credits = Credits.of(context)
        for kind, kind_sheets in sheets.items():
            saved[f"{folder}/{kind}.json"] = saved_object(target, kind, kind_sheets,
                                                          f"{base or written_base(out, target)}{folder_name(target)}/",
                                                          credits)
    rasterised: Rasterised = rasterise_all(jobs, store, processes)
    return {**rasterised.images, **saved}, rasterised.made


def _sheet_job(renderings: Renderings, target: Target, sheet: Sheet) -> RasterJob:
    """The job of composing one sheet of a deck from its faces and back."""
    key = raster_key("tts-sheet of renderings", repr(CARD_RASTER), f"{sheet.columns}x{sheet.rows}",
                     renderings.face_key_of(target, sheet.back),
                     *(renderings.face_key_of(target, face) for face in sheet.faces))
    return RasterJob(key, compose_sheet, lambda: ([renderings.pdf_of(target, face) for face in sheet.faces],
                                                  renderings.pdf_of(target, sheet.back), sheet.columns, sheet.rows))


def written_base(out: Path, target: Target) -> str:
    """The absolute file URL of the folder holding the target's deck folder: the game loads
    an image from a file URL only by its absolute path, so the decks load from where the
    build wrote them (and their bytes depend on that place)."""
    return (out / target.folder / "tts").resolve().as_uri() + "/"


def back_name(back: Face) -> str:
    return f"back-{back.back}.png"


@dataclass(frozen=True)
class Credits:
    """Whose each picture on a target's faces is (faces/documents.py `credited`), and the
    label the language gives a picture's credit, for the decks' descriptions."""

    by_face: dict[str, str]
    label: str = "Picture:"

    @classmethod
    def of(cls, context) -> "Credits":
        pgettext = context.environment.globals.get("pgettext")
        return cls({face.id: picture.credit for face, picture in credited(context)},
                   pgettext("site", "Picture:") if pgettext else "Picture:")

    def line(self, face: Face) -> str | None:
        credit = self.by_face.get(face.id)
        return f"{self.label} {credit}" if credit else None


def saved_object(target: Target, kind: str, sheets: list[Sheet], url_base: str,
                 credits: Credits = Credits({})) -> bytes:
    """A saved object holding the kind's deck (a lone card where the kind has one); each
    card's description ends with its picture's credit, and the deck's lists every credit of
    its cards and back."""
    custom = {str(sheet.key): {
        "FaceURL": url_base + sheet.name,
        "BackURL": url_base + back_name(sheet.back),
        "NumWidth": sheet.columns,
        "NumHeight": sheet.rows,
        "BackIsHidden": True,
        "UniqueBack": False,
        "Type": 0,
    } for sheet in sheets}
    cards = [_card(target, face, sheet, index, custom, credits)
             for sheet in sheets for index, face in enumerate(sheet.faces)]
    faces = {face.id: face for sheet in sheets for face in (*sheet.faces, sheet.back)}
    deck_credits = [f"{face.text('name') or face.source_text('name') or face.back or face.id}: {credit}"
                    for face in faces.values() if (credit := credits.by_face.get(face.id))]
    name = f"{target.game} {kind} ({target.language})"
    if len(cards) == 1:
        state = cards[0]
    else:
        state = {
            "Name": "Deck",
            "GUID": _guid(target, kind),
            "Nickname": name,
            "Description": "\n".join([credits.label, *deck_credits]) if deck_credits else "",
            "Transform": _TRANSFORM,
            "Hands": False,
            "DeckIDs": [card["CardID"] for card in cards],
            "CustomDeck": custom,
            "ContainedObjects": cards,
        }
    saved = {"SaveName": name, "GameMode": "", "Date": "", "VersionNumber": "", "Table": "", "Sky": "",
             "Note": "", "Rules": "", "XmlUI": "", "LuaScript": "", "LuaScriptState": "",
             "TabStates": {}, "ObjectStates": [state]}
    return (json.dumps(saved, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


_TRANSFORM = {"posX": 0.0, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 0.0,
              "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def _card(target: Target, face: Face, sheet: Sheet, index: int, custom: dict, credits: Credits) -> dict:
    texts = [face.text(path) or face.source_text(path) for path in _text_paths(face)] + [credits.line(face)]
    return {
        "Name": "Card",
        "GUID": _guid(target, face.id),
        "Nickname": face.text("name") or face.source_text("name") or face.id,
        "Description": "\n\n".join(text for text in texts if text),
        "GMNotes": face.id,
        "Transform": _TRANSFORM,
        "Hands": True,
        "CardID": sheet.card_id(index),
        "CustomDeck": {str(sheet.key): custom[str(sheet.key)]},
    }


def _text_paths(face: Face) -> list[str]:
    if face.card is None:
        return []
    return [path for path in face.card.text_paths() if path != "name" and face.known(path)]


def _guid(target: Target, name: str) -> str:
    """A stable object id, six hex digits as the game writes them."""
    return hashlib.sha256(f"{target.game}/{target.language}/{name}".encode()).hexdigest()[:6]
