"""Artwork, read from the written PDFs: each picture in its frame, at the resolution it was
downsampled to, stored once, in sRGB; every bad picture refused at its card's line with
nothing written; the cache re-renders exactly the faces whose picture changed."""

from __future__ import annotations

from pathlib import Path

import pikepdf
import pytest
from PIL import Image
from pikepdf import PdfImage

from cardkit.checks.output import format_problem
from cardkit.faces.layout import BLEED, PAPERS, back_slot, slot
from cardkit.render.pipeline import BuildFailed, build
from tests.conftest import BrokenFixture, with_face_cache
from tests.render.art_pictures import MINIMAL_ART, placed_images, with_art
from tests.render.conftest import PROJECT
from tests.render.pdf_content import text_runs

BROKEN = sorted((Path(__file__).parent / "broken_art").glob("*.yaml"))
A4 = PAPERS["a4"]


@pytest.fixture(autouse=True)
def rendered_faces(request, tmp_path):
    """Each art project test's `out` folder starts with the faces the run rendered of the art
    project before any test changed it; the faces a test's changes touch are rendered again
    (their keys say which). The other output folders start empty. A test without the art
    project waits for no build."""
    if "art_project" in request.fixturenames:
        with_face_cache(tmp_path / "out", request.getfixturevalue("art_faces"))


def build_en(root: Path, out: Path, **options):
    return build(root, out, ["en"], ["a4"], jobs=1, **options)


def cards_pdf(out: Path) -> pikepdf.Pdf:
    return pikepdf.open(out / "en" / "cards-a4.pdf")


def test_each_picture_fills_its_faces_frame_into_the_bleed(art_project, tmp_path):
    with_art(art_project, MINIMAL_ART)

    build_en(art_project, tmp_path / "out")

    with cards_pdf(tmp_path / "out") as pdf:
        placed = {image.face: image for image in placed_images(pdf)}
    assert set(placed) == {"Face.iron-matron", "Face.pickle"}
    for index, face in enumerate(("Face.iron-matron", "Face.pickle")):  # the first two slots
        frame = slot(A4, index).grown(BLEED)
        image = placed[face]
        assert (image.page, round(image.width, 2), round(image.height, 2)) == (2, 69.0, 94.0)
        assert round(image.x, 2) == round(frame.x, 2)
        assert round(image.y, 2) == round(A4.height - frame.y - frame.height, 2)


def test_the_effective_resolution_is_the_build_s_from_the_pdf_matrix(art_project, tmp_path):
    with_art(art_project, {"iron-matron": "grid.png", "pickle": "soft.png"})

    result = build_en(art_project, tmp_path / "out")
    with cards_pdf(tmp_path / "out") as pdf:
        dpi = {image.face: image.dpi for image in placed_images(pdf)}

    # 900 x 1230 px over 69 x 94 mm (331 dpi) is downsampled to 300 dpi, never above.
    assert [round(value) for value in dpi["Face.iron-matron"]] == [300, 300]
    # 500 x 680 px over the same frame prints at 184 dpi as it is: a warning, not an error.
    assert [round(value) for value in dpi["Face.pickle"]] == [184, 184]
    assert [format_problem(problem) for problem in result.problems] == [
        "cards/duel/aliens.yaml:15:11: warning: art-low-resolution: pickle: "
        "art/duel/soft.png is 500 x 680 px and would print at 184 dpi in its 69 x 94 mm frame; "
        "it may print blurred (300 dpi for a sharp print)"]


def test_art_dpi_sets_the_resolution_pictures_are_downsampled_to(art_project, tmp_path):
    with_art(art_project, MINIMAL_ART)

    build_en(art_project, tmp_path / "out", art_dpi=200)

    with cards_pdf(tmp_path / "out") as pdf:
        assert {tuple(round(value) for value in image.dpi) for image in placed_images(pdf)} == {(200, 200)}


def test_one_picture_on_several_faces_is_one_object(art_project, tmp_path):
    with_art(art_project, {"iron-matron": "grid.png", "pickle": "grid.png"})

    build_en(art_project, tmp_path / "out")

    with cards_pdf(tmp_path / "out") as pdf:
        placed = placed_images(pdf)
        images = [obj for obj in pdf.objects
                  if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image"]
        assert len(placed) == 2 and {image.face for image in placed} == {"Face.iron-matron", "Face.pickle"}
        assert len({image.image.objgen for image in placed}) == 1
        assert len(images) == 1


def test_a_cmyk_jpeg_prints_in_srgb_said_once(art_project, tmp_path):
    with_art(art_project, {"iron-matron": "cmyk.jpg", "pickle": "cmyk.jpg"})

    result = build_en(art_project, tmp_path / "out")

    assert [note for note in result.notes if "cmyk" in note] == [
        "art/duel/cmyk.jpg: CMYK without an ICC profile, converted to sRGB"]
    with cards_pdf(tmp_path / "out") as pdf:
        image = placed_images(pdf)[0].image
        assert image.ColorSpace == "/DeviceRGB"
        printed = PdfImage(image).as_pil_image()
    source = Image.open(art_project / "art/duel/cmyk.jpg").convert("RGB")
    # The frame's aspect (69:94) crops the 1000 x 1400 px picture to 1000 x 1362 px, centred.
    for x, y in ((0.5, 0.5), (0.2, 0.3), (0.8, 0.9)):
        expected = source.getpixel((round(x * 999), round(19 + y * 1361)))
        got = printed.getpixel((round(x * (printed.width - 1)), round(y * (printed.height - 1))))
        assert all(abs(a - b) <= 12 for a, b in zip(got, expected)), (x, y, got, expected)  # guard-ok: RGB pixels


def test_transparency_is_kept(art_project, tmp_path):
    with_art(art_project, {"iron-matron": "transparent.png"})

    build_en(art_project, tmp_path / "out")

    with cards_pdf(tmp_path / "out") as pdf:
        (image,) = placed_images(pdf)
        assert "/SMask" in image.image


def test_a_transparent_area_prints_in_the_card_s_colour(art_project, tmp_path):
    import pypdfium2

    half = Image.new("RGBA", (815, 1110), (0, 0, 0, 0))
    half.paste((40, 60, 200, 255), (0, 0, 407, 1110))  # the left half opaque blue, the right clear
    half.save(art_project / "art/duel/half-clear.png")
    with_art(art_project, {"iron-matron": "half-clear.png"})  # a red alien: `.tone-red`, #c0392b

    build_en(art_project, tmp_path / "out")

    page = pypdfium2.PdfDocument(tmp_path / "out/en/cards-a4.pdf")[2]
    rendered = page.render(scale=1).to_pil().convert("RGB")  # a pixel a point
    frame = slot(A4, 0).grown(BLEED)  # millimetres from the page's top left

    def colour(x_mm: float, y_mm: float) -> tuple[int, int, int]:
        return rendered.getpixel((round((frame.x + x_mm) * 72 / 25.4), round((frame.y + y_mm) * 72 / 25.4)))

    # Between the cut (3 mm inside the bleed box's edges, where a neighbour's bleed may lie)
    # and the text panel (5.5 mm inside): opaque blue on the left, the card's red through the
    # clear right half, not the paper's white.
    assert colour(4.3, 47) == (40, 60, 200)
    assert colour(64.7, 47) == (0xc0, 0x39, 0x2b)


def test_contain_shows_the_whole_picture_centred_in_its_frame(art_project, tmp_path):
    # 1000 x 1400 px is narrower than 69:94: full height, 67.14 mm wide, centred.
    with_art(art_project, {"pickle": "gradient.jpg"}, fit="contain")

    build_en(art_project, tmp_path / "out")

    with cards_pdf(tmp_path / "out") as pdf:
        (image,) = placed_images(pdf)
    frame = slot(A4, 1).grown(BLEED)
    assert (round(image.width, 2), round(image.height, 2)) == (67.14, 94.0)
    assert round(image.x - frame.x, 2) == round((69 - 67.14) / 2, 2)


def test_a_focus_point_moves_the_crop(art_project, tmp_path):
    # The grid is 900 x 1230 px: the frame's aspect keeps 900 x 1226 px; a focus at the top
    # keeps the top rows and one at the bottom the bottom rows, so the picture's red centre
    # line sits lower in the first.
    with_art(art_project, {"iron-matron": "grid.png"}, focus="[0.5, 0]")
    build_en(art_project, tmp_path / "top")
    aliens = art_project / "cards/duel/aliens.yaml"
    aliens.write_text(aliens.read_text().replace("focus: [0.5, 0]", "focus: [0.5, 1]"))
    build_en(art_project, tmp_path / "bottom")

    rows = []
    for out in ("top", "bottom"):
        with cards_pdf(tmp_path / out) as pdf:
            picture = PdfImage(placed_images(pdf)[0].image).as_pil_image().convert("RGB")
        column = [picture.getpixel((10, y)) for y in range(picture.height)]
        rows.append([y for y, (r, g, b) in enumerate(column) if r > 200 and g < 80 and b < 80])
    assert rows[0] and rows[1] and min(rows[0]) > min(rows[1])


@pytest.mark.parametrize("path", BROKEN, ids=[path.stem for path in BROKEN])
def test_a_bad_picture_stops_the_build_at_its_card_with_nothing_written(art_project, tmp_path, path):
    fixture = BrokenFixture.read(path)
    fixture.apply(art_project)
    out = tmp_path / "out"

    with pytest.raises(BuildFailed) as failed:
        build_en(art_project, out)

    assert [format_problem(problem) for problem in failed.value.problems] == [
        line.replace("<tmp>", str(tmp_path)) for line in fixture.expected]
    assert not list(out.glob("**/*.pdf"))


def test_art_on_a_kind_whose_template_has_no_frame_is_refused(art_project, tmp_path):
    frames = art_project / "templates/cards/duel/art.html"
    frames.write_text(frames.read_text().replace('"alien": full_art, ', ""))
    with_art(art_project, {"pickle": "grid.png"})

    with pytest.raises(BuildFailed) as failed:
        build_en(art_project, tmp_path / "out")

    assert [format_problem(problem) for problem in failed.value.problems] == [
        "cards/duel/aliens.yaml:11:3: error: art-no-frame: pickle: the duel "
        "alien template has no frame for a picture (templates/cards/duel/art.html names none "
        "for 'alien')"]


def test_replacing_a_picture_re_renders_exactly_the_faces_showing_it(art_project, tmp_path):
    with_art(art_project, MINIMAL_ART)
    out = tmp_path / "out"
    build_en(art_project, out)
    before = (out / "en/cards-a4.pdf").read_bytes()

    Image.open(art_project / "art/duel/gradient.jpg").rotate(180).save(
        art_project / "art/duel/gradient.jpg", quality=95)
    result = build_en(art_project, out)

    assert result.rendered == ["en/pickle"]
    assert (out / "en/cards-a4.pdf").read_bytes() != before


def test_builds_with_art_are_byte_identical(art_project, tmp_path):
    with_art(art_project, {"iron-matron": "transparent.png", "pickle": "cmyk.jpg"})

    build_en(art_project, tmp_path / "cold", cache=False)
    build(art_project, tmp_path / "parallel", ["en"], ["a4"], jobs=2)
    build_en(art_project, tmp_path / "parallel")  # from the cache

    assert ((tmp_path / "cold/en/cards-a4.pdf").read_bytes()
            == (tmp_path / "parallel/en/cards-a4.pdf").read_bytes())


def test_a_picture_a_template_shows_is_in_the_key_of_exactly_its_faces(art_project, tmp_path):
    template = art_project / "templates/cards/duel/alien.html"
    template.write_text(template.read_text() + '{% if card.complexity == "red" %}'
                        '<img src="pictures/red.png" alt="" style="position: absolute; '
                        'left: 3mm; top: 3mm; width: 5mm">{% endif %}\n')
    (art_project / "templates/pictures").mkdir()
    gradient = Image.open(art_project / "art/duel/gradient.jpg")
    gradient.save(art_project / "templates/pictures/red.png")
    out = tmp_path / "out"
    build_en(art_project, out)

    gradient.rotate(180).save(art_project / "templates/pictures/red.png")
    result = build_en(art_project, out)

    assert result.rendered == ["en/iron-matron"]  # the red alien; the green one shows none


def test_a_picture_the_css_names_is_in_the_key_of_every_face(art_project, tmp_path):
    # The stylesheets are shared: which faces a CSS picture lands on is known only once
    # laid out, so a change to it renders every face again rather than print a stale one.
    stylesheet = art_project / "templates/cards.css"
    stylesheet.write_text(stylesheet.read_text() + ".tone-green { background-image: url(pictures/green.png); }\n")
    (art_project / "templates/pictures").mkdir()
    gradient = Image.open(art_project / "art/duel/gradient.jpg")
    gradient.save(art_project / "templates/pictures/green.png")
    out = tmp_path / "out"
    build_en(art_project, out)

    gradient.rotate(180).save(art_project / "templates/pictures/green.png")
    result = build_en(art_project, out)

    assert "en/pickle" in result.rendered and "en/iron-matron" in result.rendered


def test_every_credit_is_on_the_credits_page_ending_the_card_sheets(art_project, tmp_path):
    with_art(art_project, MINIMAL_ART)

    build_en(art_project, tmp_path / "out")

    path = tmp_path / "out/en/cards-a4.pdf"
    with pikepdf.open(path) as pdf:
        last = len(pdf.pages) - 1
    runs = [run for run in text_runs(path) if run.page == last]
    text = " ".join(run.text for run in runs)
    for file in MINIMAL_ART.values():
        assert f"Test picture {file}, CC0" in text
    assert "Iron Matron" in text and "Pickle" in text
    assert min(run.size for run in runs) >= 6.5


def test_a_build_without_pictures_has_no_credits_page(art_project, tmp_path):
    build_en(art_project, tmp_path / "out")

    assert "Picture credits" not in " ".join(run.text for run in text_runs(tmp_path / "out/en/cards-a4.pdf"))


def test_the_documented_frame_sizes_are_the_templates():
    from cardkit.faces.art import art_frames, pixels_at
    from cardkit.faces.environment import make_environment
    from cardkit.faces.games import kinds_of
    from gettext import NullTranslations

    environment = make_environment(PROJECT / "templates", NullTranslations())
    documented = (PROJECT / "docs/printing.md").read_text()
    for game in ("duel", "classic", "cosmic"):
        frames = art_frames(environment, game)
        framed = [kind for kind in kinds_of(game) if kind in frames]
        sizes = {(frames[kind].width, frames[kind].height) for kind in framed}
        assert len(sizes) == 1  # one row per game
        ((width, height),) = sizes
        bled = pixels_at(width, height)
        cut = pixels_at(width - 2 * BLEED, height - 2 * BLEED)
        assert (f"| {game} | {', '.join(framed)} | {width:g} x {height:g} mm | {bled[0]} x {bled[1]} px "
                f"| {cut[0]} x {cut[1]} px |") in documented
        unframed = [kind for kind in kinds_of(game) if kind not in frames]
        if unframed:
            assert f"| {game} | {', '.join(unframed)} | none | | |" in documented


def give_backs(root: Path, **backs: str) -> None:
    with (root / "cards/duel/box.yaml").open("a") as box:
        box.write("backs:\n" + "".join(f"  {back}:\n    file: {file}\n    credit: Back {file}, CC0\n"
                                       for back, file in backs.items()))


def test_a_deck_back_prints_its_picture_behind_every_card_of_the_deck(art_project, tmp_path):
    give_backs(art_project, alien="gradient.jpg")

    build_en(art_project, tmp_path / "out")

    with cards_pdf(tmp_path / "out") as pdf:
        placed = placed_images(pdf)
    assert {image.face for image in placed} == {"Back.duel-alien"}
    # Both aliens wear it, on the back page of the first sheet: one object drawn twice.
    assert [image.page for image in placed] == [3, 3]
    assert len({image.image.objgen for image in placed}) == 1
    # Each where long-edge duplex puts it behind its card: the mirrored slot, bleed included.
    for image, index in zip(sorted(placed, key=lambda image: -image.x), (0, 1)):
        frame = back_slot(A4, index).grown(BLEED)
        assert (round(image.x, 2), round(image.y, 2), round(image.width, 2), round(image.height, 2)) == (
            round(frame.x, 2), round(A4.height - frame.y - frame.height, 2), 69.0, 94.0)


def test_a_back_no_deck_wears_is_refused(art_project, tmp_path):
    give_backs(art_project, artefact="gradient.jpg")

    with pytest.raises(BuildFailed) as failed:
        build_en(art_project, tmp_path / "out")

    assert [format_problem(problem) for problem in failed.value.problems] == [
        "cards/duel/box.yaml:16:3: error: art-unknown-back: the artefact back: no deck of duel wears "
        "a back named 'artefact'; its backs: alien, discovery, plan-blue, plan-orange, reference, "
        "reinforcement"]


def test_a_language_may_print_a_picture_of_its_own(art_project, tmp_path):
    with_art(art_project, {"pickle": "gradient.jpg"})
    spanish = art_project / "locales/es/duel/aliens.yaml"
    spanish.write_text(spanish.read_text().replace(
        "pickle:\n", "pickle:\n  art:\n    file: grid.png\n    credit: Rejilla de prueba, CC0\n", 1))

    build(art_project, tmp_path / "out", ["en", "es"], ["a4"], jobs=1)

    pixels = {}
    for language in ("en", "es"):
        with pikepdf.open(tmp_path / f"out/{language}/cards-a4.pdf") as pdf:
            (image,) = placed_images(pdf)
            pixels[language] = PdfImage(image.image).as_pil_image().convert("RGB").getpixel((5, 5))
        runs = text_runs(tmp_path / f"out/{language}/cards-a4.pdf")
        credits = " ".join(run.text for run in runs)
        assert ("Rejilla de prueba, CC0" in credits) == (language == "es")
    # The grid's corner is white; the gradient's is dark.
    assert min(pixels["es"]) > 240 and sum(pixels["en"]) < 300


def test_validate_fit_reports_what_the_build_would(art_project):
    from click.testing import CliRunner

    from cardkit.cli import main

    with_art(art_project, {"iron-matron": "coarse.png", "pickle": "soft.png"})

    result = CliRunner().invoke(main, ["validate", str(art_project), "--fit"])

    assert result.exit_code == 1
    assert ("cards/duel/aliens.yaml:4:11: error: art-resolution: iron-matron: art/duel/coarse.png is "
            "272 x 370 px and would print at 100 dpi") in result.output
    assert ("cards/duel/aliens.yaml:15:11: warning: art-low-resolution: pickle: art/duel/soft.png is "
            "500 x 680 px and would print at 184 dpi") in result.output


def test_an_svg_picture_is_drawn_as_vectors_in_its_frame(art_project, tmp_path):
    (art_project / "art/duel/disc.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">'
        '<circle cx="50" cy="50" r="40" fill="#ff0000"/></svg>\n')
    with_art(art_project, {"pickle": "disc.svg"}, fit="contain")

    result = build_en(art_project, tmp_path / "out")

    assert result.problems == []  # no pixels, so no resolution to report
    with cards_pdf(tmp_path / "out") as pdf:
        assert placed_images(pdf) == []  # no raster image anywhere
        pickle = next(form for page in pdf.pages for name, form in page.Resources.get("/XObject", {}).items()
                      if name == "/Face.pickle")
        streams = [pickle.read_bytes()] + [form.read_bytes() for form in pickle.Resources.XObject.values()]
    assert any(b"1 0 0 rg" in stream for stream in streams)


def test_a_picture_with_an_icc_profile_is_converted_to_srgb_said_once(art_project, tmp_path):
    from PIL import ImageCms

    profile = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    Image.open(art_project / "art/duel/grid.png").save(art_project / "art/duel/tagged.png", icc_profile=profile)
    with_art(art_project, {"iron-matron": "tagged.png", "pickle": "tagged.png"})

    result = build_en(art_project, tmp_path / "out")

    assert [note for note in result.notes if note.startswith("art/")] == [
        "art/duel/tagged.png: RGB with an ICC profile, converted to sRGB"]
    with cards_pdf(tmp_path / "out") as pdf:
        assert {str(image.image.ColorSpace) for image in placed_images(pdf)} == {"/DeviceRGB"}


def test_a_webp_picture_prints_like_the_others(art_project, tmp_path):
    Image.open(art_project / "art/duel/gradient.jpg").save(art_project / "art/duel/gradient.webp", quality=90)
    with_art(art_project, {"pickle": "gradient.webp"})

    build_en(art_project, tmp_path / "out")

    with cards_pdf(tmp_path / "out") as pdf:
        (image,) = placed_images(pdf)
    assert (round(image.width, 2), round(image.height, 2)) == (69.0, 94.0)
    assert [round(value) for value in image.dpi] == [300, 300]


def test_a_picture_of_the_recommended_size_is_sharp(art_project):
    """815 x 1110 px is what docs/printing.md recommends for the 69 x 94 mm frame at 300 dpi:
    its whole pixels measure 299.9 dpi, and no warning says it may print blurred."""
    from click.testing import CliRunner

    from cardkit.cli import main
    from tests.render.art_pictures import gradient

    gradient((815, 1110)).save(art_project / "art/duel/recommended.png")
    with_art(art_project, {"pickle": "recommended.png"})

    result = CliRunner().invoke(main, ["validate", str(art_project), "--fit"])

    assert "art-low-resolution" not in result.output and "art-resolution" not in result.output
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("path", BROKEN, ids=[path.stem for path in BROKEN])
def test_plain_validate_finds_what_a_bad_picture_would_stop_the_build_for(art_project, tmp_path, path):
    from click.testing import CliRunner

    from cardkit.cli import main

    fixture = BrokenFixture.read(path)
    fixture.apply(art_project)

    result = CliRunner().invoke(main, ["validate", str(art_project)])

    assert result.exit_code == 1
    expected = [line.replace("<tmp>", str(tmp_path)) for line in fixture.expected]
    assert [line for line in result.output.splitlines() if line in expected] == expected


def test_a_cover_cutting_off_more_than_a_quarter_of_the_picture_is_a_warning(art_project, tmp_path):
    from click.testing import CliRunner

    from cardkit.cli import main
    from tests.render.art_pictures import gradient

    gradient((5000, 1250)).save(art_project / "art/duel/wide.png")  # 4:1 in a 69 x 94 mm frame
    with_art(art_project, {"pickle": "wide.png"})
    expected = ("cards/duel/aliens.yaml:12:11: warning: art-cropped: pickle: art/duel/wide.png is 5000 x 1250 px; "
                "covering its 69 x 94 mm frame cuts off 82% of it (41% on the left and 41% on the right); "
                "crop it to the frame's 69:94 shape (in the file, or with a crop box), or use `fit: contain` "
                "to show it whole")

    result = CliRunner().invoke(main, ["validate", str(art_project)])
    built = build_en(art_project, tmp_path / "out")

    assert expected in result.output.splitlines()
    assert result.exit_code == 0, result.output
    assert expected in [format_problem(problem) for problem in built.problems]


@pytest.mark.parametrize("size, focus, said", [
    ((920, 940), None, None),  # 690 of 920 px kept: exactly a quarter cut off
    ((921, 940), None, "921 x 940 px; covering its 69 x 94 mm frame cuts off 25.1% of it "
                       "(12.6% on the left and 12.5% on the right)"),
    ((207, 376), None, None),  # 282 of 376 px kept
    ((207, 377), None, "207 x 377 px; covering its 69 x 94 mm frame cuts off 25.2% of it "
                       "(12.7% at the top and 12.5% at the bottom)"),
    ((2000, 1000), "[0, 0.5]", "2000 x 1000 px; covering its 69 x 94 mm frame cuts off 63% of it "
                               "(all on the right)"),
    ((1000, 3000), "[0.5, 1]", "1000 x 3000 px; covering its 69 x 94 mm frame cuts off 55% of it "
                               "(all at the top)"),
], ids=["a-quarter", "just-over-a-quarter", "a-quarter-tall", "just-over-a-quarter-tall",
        "focus-left", "focus-bottom"])
def test_a_cover_warns_only_past_a_quarter_cut_off_and_says_where(art_project, size, focus, said):
    from click.testing import CliRunner

    from cardkit.cli import main
    from tests.render.art_pictures import gradient

    gradient(size).save(art_project / "art/duel/shaped.png")
    with_art(art_project, {"pickle": "shaped.png"}, **({"focus": focus} if focus else {}))

    result = CliRunner().invoke(main, ["validate", str(art_project)])

    assert "Traceback" not in result.output and "pickle" in result.output  # its resolution, at least
    cropped = [line for line in result.output.splitlines() if "art-cropped" in line]
    assert cropped == ([] if said is None else [
        "cards/duel/aliens.yaml:12:11: warning: art-cropped: pickle: art/duel/shaped.png is " + said
        + "; crop it to the frame's 69:94 shape (in the file, or with a crop box), or use "
        "`fit: contain` to show it whole"])


def test_a_cover_of_a_picture_shaped_like_its_frame_says_nothing(art_project):
    from click.testing import CliRunner

    from cardkit.cli import main
    from tests.render.art_pictures import gradient

    gradient((815, 1110)).save(art_project / "art/duel/recommended.png")
    with_art(art_project, {"pickle": "recommended.png"})

    result = CliRunner().invoke(main, ["validate", str(art_project)])

    assert result.exit_code == 0 and "art-" not in result.output, result.output
