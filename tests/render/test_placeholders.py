"""Placeholders do not pass for cards: a face the rulebooks do not give in full is stamped
"Placeholder" across its panel, and `build --known-only` leaves such faces off the sheets."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from cardkit.faces.layout import PAPERS
from cardkit.render.pipeline import build
from tests.conftest import once_per_run, with_face_cache
from tests.render.conftest import PROJECT, duel_folder, placements

STAMP = "PLATZHALTER"  # "Placeholder" in German capitals (text-transform: uppercase)
FOOT_LINE = "Den Rest dieser Karte"  # the German of "The rulebooks do not give the rest of this card."

pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None,
                                reason="pdftotext (Debian package poppler-utils) is not installed")


@pytest.fixture(scope="module")
def known_only(tmp_path_factory, face_cache) -> Path:
    def make(out: Path) -> None:
        with_face_cache(out, face_cache)
        build(PROJECT, out, ["de"], ["a4"], jobs=2, games=["duel"], known_only=True)

    return once_per_run(tmp_path_factory, "known-only", make)


def text(pdf: Path, page: int | None = None, area: tuple[float, ...] | None = None) -> str:
    """pdftotext's reading of a PDF, of one page (0-based) and an area of it (x, y, width,
    height in points from the top left), with the lines joined."""
    command = ["pdftotext", "-raw", "-r", "72"]
    if page is not None:
        command += ["-f", str(page + 1), "-l", str(page + 1)]
    if area is not None:
        command += [option for flag, value in zip(("-x", "-y", "-W", "-H"), area)
                    for option in (flag, str(round(value)))]
    read = subprocess.run([*command, str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    return re.sub(r"\s+", " ", read)


def fronts(pdf: Path) -> dict[str, str]:
    """The text of every card front on the sheets, by face name."""
    height = PAPERS["a4"].height * 72 / 25.4
    faces = {}
    for page, name, x, y, width, tall in placements(pdf):
        if page >= 2 and page % 2 == 0 and name.startswith("Face."):
            points = [value * 72 / 25.4 for value in (x, y, width, tall)]
            faces[name] = text(pdf, page, (points[0], height - points[1] - points[3], points[2], points[3]))
    return faces


def test_every_face_the_rulebooks_do_not_give_is_stamped(built):
    faces = fronts(built / duel_folder("de") / "cards-a4.pdf")
    stamped = {name for name, read in faces.items() if STAMP in read}
    assert len(faces) > len(stamped) > 0
    assert stamped == {name for name, read in faces.items() if FOOT_LINE in read}


def test_known_only_leaves_the_placeholders_out(built, known_only):
    plain = fronts(built / duel_folder("de") / "cards-a4.pdf")
    kept = known_only / duel_folder("de") / "cards-a4.pdf"
    assert set(fronts(kept)) == {name for name, read in plain.items() if STAMP not in read}
    assert STAMP not in text(kept) and FOOT_LINE not in text(kept)
