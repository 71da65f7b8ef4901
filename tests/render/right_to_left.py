"""A project of the tests' own with Hebrew and Arabic begun: the minimal database (English
alone) with the shipped templates, and Iron Matron's second power translated. The texts are
written for the tests: a count (20) and a signed number (-42), a line and a bit of another
on the card; no lam-alef, which pdftotext reads back as alef-lam. They print upright: the
oblique font has no Arabic letters."""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner

from cardkit.cli import main
from tests.conftest import MINIMAL_DATABASE
from tests.render.conftest import PROJECT

POWER = "powers.lay-down-the-law.text"
POWER_TEXTS = {
    "he": "אחרי חשיפת התוכניות אתה רשאי לספור כל 20 שנחשף כערך -42 בקרב.",
    "ar": "بعد كشف الخطط يمكنك أن تعد كل 20 مكشوفة بقيمة -42 فقط.",
}
ENGLISH = ("After plans are revealed, you may count each revealed 20 as a 42.",
           "After plans are revealed, you may count each revealed 20 as -42.")


def right_to_left_project(root: Path, languages: tuple[str, ...] = tuple(POWER_TEXTS)) -> Path:
    shutil.copytree(MINIMAL_DATABASE, root)
    shutil.copytree(PROJECT / "templates", root / "templates")
    shutil.rmtree(root / "locales/es")  # its text would no longer match the English changed here
    english = root / "locales/en/duel/aliens.yaml"
    english.write_text(english.read_text(encoding="utf-8").replace(*ENGLISH), encoding="utf-8")
    for language in languages:
        begun = CliRunner().invoke(main, ["i18n", "init", language, "--root", str(root)])
        assert begun.exit_code == 0, begun.output
        (root / "locales" / language / "duel").mkdir()
        (root / "locales" / language / "duel" / "aliens.yaml").write_text(
            f"iron-matron:\n  powers:\n    lay-down-the-law:\n      text: {POWER_TEXTS[language]}\n",
            encoding="utf-8")
    return root
