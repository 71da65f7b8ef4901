"""Right-to-left languages print right to left: a Hebrew and an Arabic card, built in a
project of the test's own, read back from the PDF. Words come in their order from the right
edge, a signed number keeps its sign in front (`-42`, not `42-`), and a paragraph's lines
share their right edge, not their left."""

from __future__ import annotations

import re
import shutil
import subprocess
import unicodedata
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardkit.cli import main
from cardkit.model.direction import text_direction
from cardkit.render import pipeline
from cardkit.render.pipeline import build
from cardkit.render.preflight import preflight_problems
from tests.conftest import MINIMAL_DATABASE
from tests.render.conftest import PROJECT

pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None,
                                reason="pdftotext (Debian package poppler-utils) is not installed")

# Iron Matron's second power in each language, written for this test: a count (20) and a
# signed number (-42), taking a line and a bit of another; no lam-alef, which pdftotext reads
# back as alef-lam. Upright type: the oblique font has no Arabic letters.
POWER_TEXTS = {
    "he": "אחרי חשיפת התוכניות אתה רשאי לספור כל 20 שנחשף כערך -42 בקרב.",
    "ar": "بعد كشف الخطط يمكنك أن تعد كل 20 مكشوفة بقيمة -42 فقط.",
}
ENGLISH = ("After plans are revealed, you may count each revealed 20 as a 42.",
           "After plans are revealed, you may count each revealed 20 as -42.")


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """The minimal database (English alone) with the shipped templates, Hebrew and Arabic
    begun and the power translated, built for A4."""
    root = tmp_path_factory.mktemp("right-to-left") / "db"
    shutil.copytree(MINIMAL_DATABASE, root)
    shutil.copytree(PROJECT / "templates", root / "templates")
    shutil.rmtree(root / "locales/es")  # its text would no longer match the English changed here
    english = root / "locales/en/duel/aliens.yaml"
    english.write_text(english.read_text(encoding="utf-8").replace(*ENGLISH), encoding="utf-8")
    for language, text in POWER_TEXTS.items():
        begun = CliRunner().invoke(main, ["i18n", "init", language, "--root", str(root)])
        assert begun.exit_code == 0, begun.output
        (root / "locales" / language / "duel").mkdir()
        (root / "locales" / language / "duel" / "aliens.yaml").write_text(
            f"iron-matron:\n  powers:\n    lay-down-the-law:\n      text: {text}\n", encoding="utf-8")
    out = root.parent / "out"
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pipeline, "preflight_problems", upright_preflight)
        build(root, out, ["he", "ar"], ["a4"], jobs=1)
    return out


def upright_preflight(database, root, languages, store):
    """The build's preflight, but for the oblique font's missing Arabic letters: the glyph
    check asks every text of every style for now, and these texts print upright."""
    return [problem for problem in preflight_problems(database, root, languages, store)
            if not (problem.code == "glyph-missing" and "Oblique" in problem.message)]


def test_the_direction_comes_from_cldr():
    assert [text_direction(code) for code in ("he", "ar", "fa", "ur", "yi", "en", "de", "pt_BR")] \
        == ["rtl"] * 5 + ["ltr"] * 3


@pytest.mark.parametrize("language", POWER_TEXTS)
def test_a_signed_number_keeps_its_sign_in_front(built, language):
    read = subprocess.run(["pdftotext", str(built / language / "cards-a4.pdf"), "-"],
                          capture_output=True, text=True, check=True).stdout

    assert "-42" in read
    assert "42-" not in read


@pytest.mark.parametrize("language", POWER_TEXTS)
def test_the_text_reads_from_the_right_in_its_order(built, language):
    lines = paragraph_lines(built / language / "cards-a4.pdf", POWER_TEXTS[language])

    # Top to bottom, each line from its right end: the words as written.
    assert [logical(word) for line in lines for word in sorted(line, key=lambda w: -w.right)] \
        == POWER_TEXTS[language].split()


@pytest.mark.parametrize("language", POWER_TEXTS)
def test_the_paragraph_is_aligned_right(built, language):
    lines = paragraph_lines(built / language / "cards-a4.pdf", POWER_TEXTS[language])
    rights = [max(word.right for word in line) for line in lines]
    lefts = [min(word.left for word in line) for line in lines]

    assert len(lines) >= 2
    assert max(rights) - min(rights) < 0.5  # points: one right edge
    assert lefts[-1] - lefts[0] > 40  # the last, short line stops well short of the left edge


class Word:
    def __init__(self, text: str, left: float, top: float, right: float):
        self.text, self.left, self.top, self.right = text, left, top, right


WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)</word>')


def paragraph_lines(pdf: Path, text: str) -> list[list[Word]]:
    """The words of `text` as the PDF places them (pdftotext's boxes, each word's letters
    in the order they stand on the page, left to right), grouped in lines, top first."""
    read = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"],
                          capture_output=True, text=True, check=True).stdout
    shown = {visual(word) for word in text.split()}
    words = [Word(found, float(left), float(top), float(right))
             for left, top, right, found in WORD.findall(read) if found in shown]
    tops = sorted({round(word.top) for word in words})
    return [[word for word in words if round(word.top) == top] for top in tops]


def right_to_left(word: str) -> bool:
    return any(unicodedata.bidirectional(character) in ("R", "AL") for character in word)


def visual(word: str) -> str:
    """A word's letters as they stand on the page: a right-to-left word's reversed."""
    return word[::-1] if right_to_left(word) else word


def logical(word: Word) -> str:
    return visual(word.text)
