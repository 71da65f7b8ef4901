"""Characters the fonts cannot print, per print style, said where texts are made: at
`i18n init` (the language's letters), `validate`, `i18n import` and the workbench; and
Arabic in italic text printed from the upright font. The scratch project is the minimal
database begun in Arabic, its Arabic made up here: a timing heading (a template string,
set in italic) in Arabic and an alien's name in Ethiopic, a script no shipped font has."""

from __future__ import annotations

import re
import shutil
from io import BytesIO
from pathlib import Path

import pikepdf
import polib
import pytest
from click.testing import CliRunner
from fontTools.ttLib import TTFont

from cardkit.checks.output import format_problem
from cardkit.cli import main
from cardkit.model.database import load_database
from cardkit.render.glyphs import glyph_problems
from tests.conftest import MINIMAL_DATABASE, PROJECT_ROOT

HEADING = "المنافسات"  # made up for "Contests & Duels", printed in italic on the alien
NAME = "ሰላም"  # an Ethiopic name, made up
NAME_GAPS = ("'ሰ' (U+1230 ETHIOPIC SYLLABLE SA), 'ላ' (U+120B ETHIOPIC SYLLABLE LAA), "
             "'ም' (U+121D ETHIOPIC SYLLABLE ME) in none of the project's fonts")


def cardkit(*arguments: str):
    return CliRunner().invoke(main, list(arguments), catch_exceptions=False)


@pytest.fixture
def arabic(tmp_path) -> Path:
    """The minimal database begun in Arabic, with the Arabic timing heading."""
    root = tmp_path / "db"
    shutil.copytree(MINIMAL_DATABASE, root)
    result = cardkit("i18n", "init", "ar", "--root", str(root))
    assert result.exit_code == 0, result.output
    catalogue = polib.pofile(str(root / "locales/ar/LC_MESSAGES/cardkit.po"))
    catalogue.find("Contests & Duels").msgstr = HEADING
    catalogue.save()
    return root


def name_in_ethiopic(root: Path) -> tuple[str, int]:
    """Writes the alien's Ethiopic name; returns its file and line."""
    aliens = root / "locales/ar/duel/aliens.yaml"
    aliens.parent.mkdir(parents=True, exist_ok=True)
    aliens.write_text(f"iron-matron:\n  name: {NAME}\n", encoding="utf-8")
    return "locales/ar/duel/aliens.yaml", 2


def test_init_names_the_letters_of_a_language_no_font_has(tmp_path):
    root = tmp_path / "db"
    shutil.copytree(MINIMAL_DATABASE, root)

    arabic = cardkit("i18n", "init", "ar", "--root", str(root))
    amharic = cardkit("i18n", "init", "am", "--root", str(root))

    assert arabic.exit_code == amharic.exit_code == 0
    assert "glyph-missing" not in arabic.output
    [line] = [line for line in amharic.output.splitlines() if "glyph-missing" in line]
    assert re.fullmatch(r"templates/fonts\.css:1:1: warning: glyph-missing: \d+ letters of am "
                        r"would print as empty boxes: ሀ ሁ ሂ .* and \d+ more in none of the "
                        r"project's fonts", line), line


def test_validate_names_each_text_no_font_prints_at_its_line(arabic):
    path, line = name_in_ethiopic(arabic)

    result = cardkit("validate", str(arabic))

    assert result.exit_code == 1
    assert (f"{path}:{line}:9: error: glyph-missing: name (ar) would print empty boxes: "
            f"{NAME_GAPS}") in result.output.splitlines()
    assert result.output.count("glyph-missing") == 1


def test_the_import_writes_the_text_and_warns_at_its_unit(arabic, tmp_path):
    exported = tmp_path / "ar.po"
    assert cardkit("i18n", "export", "--lang", "ar", "--no-fit-budgets", "-o", str(exported),
                   "--root", str(arabic)).exit_code == 0
    catalogue = polib.pofile(str(exported))
    [unit] = [entry for entry in catalogue if entry.msgctxt == "alien:iron-matron:name"]
    unit.msgstr = NAME
    catalogue.save()
    line = next(number for number, text in enumerate(exported.read_text(encoding="utf-8").splitlines(), 1)
                if text == 'msgctxt "alien:iron-matron:name"')

    result = cardkit("i18n", "import", str(exported), "--root", str(arabic))

    assert result.exit_code == 0, result.output
    warnings = [text for text in result.output.splitlines() if "glyph-missing" in text]
    assert warnings == [f"{exported}:{line}: warning: alien:iron-matron:name: glyph-missing: "
                        f"name (ar) would print empty boxes: {NAME_GAPS}"]
    assert NAME in (arabic / "locales/ar/duel/aliens.yaml").read_text(encoding="utf-8")


def test_the_workbench_names_the_characters_of_a_draft_and_a_saved_text(arabic):
    from cardkit.workbench.service import Workbench

    path, line = name_in_ethiopic(arabic)
    bench = Workbench(arabic, "ar")

    # written by the save under the name, as powers: / punish: / name: (line 5, column 13)
    draft = bench.check("iron-matron", "powers.punish.name", f"Ⲁ {NAME}")
    saved = [problem for problem in bench.card("iron-matron").problems
             if problem.code == "glyph-missing"]

    assert [format_problem(problem) for problem in draft if problem.code == "glyph-missing"] == [
        f"{path}:5:13: error: glyph-missing: powers.punish.name (ar) would print empty "
        f"boxes: 'Ⲁ' (U+2C80 COPTIC CAPITAL LETTER ALFA), {NAME_GAPS}"]
    assert [format_problem(problem) for problem in saved] == [
        f"{path}:{line}:9: error: glyph-missing: name (ar) would print empty boxes: {NAME_GAPS}"]


def test_a_style_prints_only_what_its_declared_fonts_hold(arabic):
    """Without the upright family behind it, the oblique font alone prints italic text, and
    it has no Arabic: the italic heading is named, the upright and bold styles print it."""
    fonts = (PROJECT_ROOT / "templates/fonts.css").read_text(encoding="utf-8")
    (arabic / "templates").mkdir()
    (arabic / "templates/fonts.css").write_text(
        "\n".join(line for line in fonts.splitlines() if "Upright\"; " not in line), encoding="utf-8")

    problems = glyph_problems(load_database(arabic)[0], arabic, ["ar"])

    assert [problem.message for problem in problems] == [
        "template string 'Contests & Duels' (ar) would print empty boxes: "
        + ", ".join(f"{character!r} (U+{ord(character):04X} {name})" for character, name in (
            ("ا", "ARABIC LETTER ALEF"), ("ل", "ARABIC LETTER LAM"), ("م", "ARABIC LETTER MEEM"),
            ("ن", "ARABIC LETTER NOON"), ("ف", "ARABIC LETTER FEH"), ("س", "ARABIC LETTER SEEN"),
            ("ت", "ARABIC LETTER TEH")))
        + " in no italic or bold italic font (DejaVuSansCondensed-Oblique.ttf)"]


@pytest.mark.slow
def test_arabic_in_italic_prints_from_the_upright_font(arabic):
    from cardkit.faces.documents import LanguageContext, face_html
    from cardkit.faces.faces import Printed
    from cardkit.faces.stylesheets import FACE_STYLESHEETS
    from cardkit.render.fit import fit_face
    from cardkit.render.renderer import Renderer

    database = load_database(arabic)[0]
    assert glyph_problems(database, arabic, ["ar"]) == []
    context, renderer = LanguageContext(arabic, "ar", database), Renderer(arabic)
    fitted = fit_face(renderer, context, context.face("iron-matron"))
    pdf = renderer.pdf(renderer.render(face_html(context, Printed(fitted.face, fitted.sizes)),
                                       FACE_STYLESHEETS))

    drawn = drawn_characters(pdf)

    assert set(HEADING) <= set(drawn)
    assert all(drawn[character] == {("Cardkit-Sans-Semi-Condensed", True)} for character in HEADING)


def drawn_characters(pdf: bytes) -> dict[str, set[tuple[str, bool]]]:
    """Each character a PDF shows, with the fonts that show it (subset tag left off) and
    whether the glyph drawn has an outline: an empty box, the font's .notdef, has none that
    a missing character can show."""
    found: dict[str, set[tuple[str, bool]]] = {}
    with pikepdf.open(BytesIO(pdf)) as document:
        for page in document.pages:
            for font in page.Resources.Font.values():
                if "/ToUnicode" not in font or "/DescendantFonts" not in font:
                    continue
                program = TTFont(BytesIO(font.DescendantFonts[0].FontDescriptor.FontFile2.read_bytes()))
                name = str(font.BaseFont).lstrip("/").split("+", 1)[-1]
                unicode = font.ToUnicode.read_bytes().decode("latin-1")
                for block in re.findall(r"beginbfchar(.*?)endbfchar", unicode, re.S):
                    for glyph_id, text in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
                        glyph = program.getGlyphName(int(glyph_id, 16))
                        outlined = (int(glyph_id, 16) != 0 and glyph in program["glyf"]
                                    and program["glyf"][glyph].numberOfContours != 0)
                        for character in bytes.fromhex(text).decode("utf-16-be"):
                            found.setdefault(character, set()).add((name, outlined))
    return found
