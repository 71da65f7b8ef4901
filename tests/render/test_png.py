"""`cardkit build --format png`, read back with Pillow: one image per face and language and per
deck back, of the card's size at the resolution asked, with the sRGB profile and no time."""

from __future__ import annotations

import shutil
import struct
from io import BytesIO
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image, ImageCms

from cardkit.cli import main
from cardkit.model.database import load_database
from cardkit.render.build import build
from cardkit.render.documents import LanguageContext
from cardkit.render.games import targets
from cardkit.render.outputs import Outputs
from cardkit.render.png import png_name
from cardkit.render.raster import Raster, SRGB_PROFILE
from tests.conftest import with_face_cache
from tests.render.conftest import PROJECT

DATABASE = load_database(PROJECT)[0]


def expected_images() -> set[Path]:
    """Every face and deck back of every game in every language, where the PNGs go."""
    found = set()
    for target in targets(DATABASE, DATABASE.games, DATABASE.languages):
        context = LanguageContext(PROJECT, target.language, DATABASE, [target.game])
        found |= {Path(target.folder, "png", png_name(face)) for face in (*context.faces, *context.backs)}
    return found


def chunks(data: bytes) -> list[str]:
    """The chunk types of a PNG file, in order."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    types, offset = [], 8
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        types.append(kind.decode("ascii"))
        offset += 12 + length
    return types


def test_every_face_and_back_of_every_game_and_language_has_its_image(images_built):
    written = {path.relative_to(images_built) for path in images_built.rglob("png/**/*.png")}
    assert written == expected_images()
    assert {path.parts[0] for path in written} == set(DATABASE.games)
    assert {path.parts[1] for path in written} == set(DATABASE.languages)


def test_trim_at_300_dpi_is_744_by_1039_pixels_in_srgb(images_built):
    for path in [images_built / "duel/de/png/alien/iron-matron.png",
                 images_built / "duel/de/png/back/alien.png",
                 images_built / "classic/es/png/artifact/plague.png"]:
        with Image.open(path) as image:
            assert image.size == (744, 1039)
            assert image.mode == "RGB"
            assert image.info["icc_profile"] == SRGB_PROFILE
            profile = ImageCms.ImageCmsProfile(BytesIO(image.info["icc_profile"]))
            assert ImageCms.getProfileDescription(profile).strip() == "sRGB built-in"
            assert round(image.info["dpi"][0]) == 300


def test_no_chunk_carries_a_time_or_text(images_built):
    for path in sorted(images_built.rglob("png/**/*.png"))[:40]:
        assert set(chunks(path.read_bytes())) == {"IHDR", "iCCP", "pHYs", "IDAT", "IEND"}, path


def test_the_image_is_the_card_as_it_prints(images_built):
    """The Iron Matron's German face: white card inside its grey frame, dark text in it."""
    with Image.open(images_built / "duel/de/png/alien/iron-matron.png") as image:
        assert image.getpixel((372, 20)) == (255, 255, 255) or image.getpixel((372, 60)) == (255, 255, 255)
        darkest, _ = image.crop((60, 200, 680, 700)).convert("L").getextrema()
        assert darkest < 50


@pytest.mark.parametrize("dpi, area, size", [(300, "bleed", (815, 1110)), (150, "trim", (372, 520)),
                                            (600, "trim", (1488, 2079))])
def test_sizes_follow_dpi_and_area(dpi, area, size):
    assert Raster(dpi, area).size == size


def test_bleed_at_another_resolution_and_the_same_bytes_without_the_cache(tmp_path, face_cache):
    runner = CliRunner()
    cached = with_face_cache(tmp_path / "cached", face_cache)
    fresh = tmp_path / "fresh"
    for out, extra in ((cached, []), (fresh, ["--no-cache"])):
        result = runner.invoke(main, ["build", str(PROJECT), "--out", str(out), "--game", "cosmic",
                                      "--lang", "de", "--format", "png", "--dpi", "150",
                                      "--png-area", "bleed", "--quiet", "--jobs", "2", *extra])
        assert result.exit_code == 0, result.output
    images = sorted(path.relative_to(cached) for path in cached.rglob("*.png"))
    assert images and images == sorted(path.relative_to(fresh) for path in fresh.rglob("*.png"))
    for name in images:
        assert (cached / name).read_bytes() == (fresh / name).read_bytes(), name
        with Image.open(cached / name) as image:
            assert image.size == (407, 555)
    assert not list(cached.rglob("*.pdf"))  # only what --format asks for


def test_a_changed_face_is_rasterised_again_alone_with_its_deck_sheet(tmp_path, face_cache):
    project = tmp_path / "project"
    for folder in ("cards", "locales", "templates"):
        shutil.copytree(PROJECT / folder, project / folder)
    out = with_face_cache(tmp_path / "out", face_cache)
    outputs = Outputs(("png", "tts"))
    first = build(project, out, ["de"], games=["duel"], outputs=outputs)
    assert first.rendered and all("/png/" in what or "/tts/" in what for what in first.rendered)
    german = project / "locales/de/duel/aliens.yaml"
    german.write_text(german.read_text(encoding="utf-8").replace("muss er sie zeigen",
                                                                 "muss er sie vorzeigen"),
                      encoding="utf-8")
    before = (out / "duel/de/png/alien/swarm.png").stat().st_mtime_ns

    again = build(project, out, ["de"], games=["duel"], outputs=outputs)

    assert again.rendered == ["duel/de/iron-matron", "duel/de/png/alien/iron-matron.png",
                              "duel/de/tts/cardkit-duel-de/sheet-1.png"]
    assert (out / "duel/de/png/alien/swarm.png").stat().st_mtime_ns == before


def test_an_unknown_format_is_a_usage_error(tmp_path):
    result = CliRunner().invoke(main, ["build", str(PROJECT), "--out", str(tmp_path / "out"),
                                       "--format", "pdf,jpg"])
    assert result.exit_code == 2
    assert "unknown format jpg; use pdf, png, tts" in result.output
    assert not (tmp_path / "out").exists()
