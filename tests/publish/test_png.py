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
from cardkit.faces.documents import LanguageContext
from cardkit.faces.games import targets
from cardkit.publish.outputs import Outputs
from cardkit.publish.png import canvas_size, png_name
from cardkit.publish.raster import Raster, SRGB_PROFILE, on_canvas
from cardkit.render.pipeline import build
from tests.conftest import shipped_database, with_face_cache
from tests.render.conftest import PROJECT

DATABASE = shipped_database()[0]


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
    images = sorted(images_built.rglob("png/**/*.png"))[:40]
    assert len(images) == 40
    for path in images:
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


@pytest.mark.parametrize("name, canvas", [("makeplayingcards", (822, 1122)), ("DriveThruCards", (825, 1125)),
                                          ("900x1200", (900, 1200)), ("744x1039", (744, 1039))])
def test_a_canvas_by_shop_or_pixels(name, canvas):
    assert canvas_size(name) == canvas


@pytest.mark.parametrize("value, message", [
    ("poker", "'poker' is neither WIDTHxHEIGHT in pixels nor a shop's canvas (makeplayingcards, drivethrucards)"),
    ("822x", "'822x' is neither WIDTHxHEIGHT in pixels nor a shop's canvas (makeplayingcards, drivethrucards)"),
    ("743x1039", "743x1039 is smaller than the card as cut at 300 dpi (744x1039)"),
    ("822x3001", "822x3001 is larger than 3000 pixels on a side"),
])
def test_a_canvas_the_build_refuses(tmp_path, value, message):
    result = CliRunner().invoke(main, ["build", str(PROJECT), "--out", str(tmp_path / "out"),
                                       "--format", "png", "--png-canvas", value])
    assert result.exit_code == 2
    assert message in result.output
    assert not (tmp_path / "out").exists()


def test_a_canvas_is_300_dpi(tmp_path):
    result = CliRunner().invoke(main, ["build", str(PROJECT), "--out", str(tmp_path / "out"),
                                       "--format", "png", "--png-canvas", "drivethrucards", "--dpi", "600"])
    assert result.exit_code == 2
    assert "--png-canvas images are 300 dpi; leave out --dpi 600" in result.output
    assert not (tmp_path / "out").exists()


def test_padding_repeats_the_edge_pixels_and_keeps_the_image_whole():
    image = Image.new("RGB", (5, 4))
    image.putdata([(row * 10 + column, 0, 0) for row in range(4) for column in range(5)])
    padded = on_canvas(image, (10, 7))  # 5 more columns (2 left, 3 right), 3 more rows (1, 2)
    assert padded.size == (10, 7)
    assert padded.crop((2, 1, 7, 5)).tobytes() == image.tobytes()
    assert [padded.getpixel((x, 3))[0] for x in range(10)] == [20, 20, 20, 21, 22, 23, 24, 24, 24, 24]
    assert [padded.getpixel((0, y))[0] for y in range(7)] == [0, 0, 10, 20, 30, 30, 30]
    assert on_canvas(image, (3, 2)).tobytes() == image.crop((1, 1, 4, 3)).tobytes()  # cut evenly


def test_a_shop_canvas_holds_the_card_unscaled_at_its_centre(tmp_path, face_cache):
    """MakePlayingCards' canvas is 7 x 12 px larger than the bleed PNG: that image sits 3 px
    from the left and 6 px from the top, pixel for pixel, its edge pixels repeated around it."""
    built = {}
    for name, options in (("bleed", ["--png-area", "bleed"]), ("canvas", ["--png-canvas", "makeplayingcards"])):
        built[name] = with_face_cache(tmp_path / name, face_cache)
        result = CliRunner().invoke(main, ["build", str(PROJECT), "--out", str(built[name]), "--game", "cosmic",
                                           "--lang", "de", "--format", "png", "--quiet", "--jobs", "2", *options])
        assert result.exit_code == 0, result.output
    images = sorted(path.relative_to(built["canvas"]) for path in built["canvas"].rglob("png/**/*.png"))
    assert images
    for name in images:
        with Image.open(built["canvas"] / name) as canvas, Image.open(built["bleed"] / name) as bleed:
            assert canvas.size == (822, 1122)
            assert canvas.info["dpi"] == pytest.approx((300, 300), abs=0.01)
            assert bleed.size == (815, 1110)
            assert canvas.crop((3, 6, 3 + 815, 6 + 1110)).tobytes() == bleed.tobytes(), name
            assert canvas.crop((0, 6, 1, 1116)).tobytes() == bleed.crop((0, 0, 1, 1110)).tobytes()
            assert canvas.crop((821, 6, 822, 1116)).tobytes() == bleed.crop((814, 0, 815, 1110)).tobytes()
            assert canvas.crop((3, 0, 818, 1)).tobytes() == bleed.crop((0, 0, 815, 1)).tobytes()
