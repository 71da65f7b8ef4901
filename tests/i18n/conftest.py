"""A database whose Spanish texts hold what exchange files must carry unharmed."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.plurals import PLURALS

from cardkit.model import plurals

# Comments, quoting styles, a literal block with quotes, markup, an icon and non-Latin
# text, a translator's note over two lines, a stale translation and a missing text.
RICH_SPANISH_ALIENS = '''\
# Textos españoles de los alienígenas.
iron-matron:
  name: Matrona de hierro  # nombre impreso
  powers:
    punish:
      name: "Castigo «duro»"
      text: |-
        Siempre que tu adversario tenga exactamente 1 carta, debe enseñártela.
        Si es un [blast], **ganas** — 勝利 — Ωμέγα "citado" 'simple' \\ barra & <b>.
    lay-down-the-law:
      name: Mano dura
  translated_from:
    name: 5c01c327
    powers.punish.name: f1fc8ace
    powers.punish.text: d151cdb1
    powers.lay-down-the-law.name: 0000abcd  # made from an earlier English text
  notes:
    powers.punish.text: |-
      Mantén el tono "oficial".
      Segunda línea.

# Un comentario entre entradas.
pickle:
  name: 'Encurtido: el #1'
  translated_from:
    name: f85d4cb7
'''

ENGLISH_NOTE = '''\
  notes:
    name: Keep it short & <plain>; "Matron" is a title.
'''


@pytest.fixture
def rich_database(minimal_database: Path) -> Path:
    (minimal_database / "locales/es/duel/aliens.yaml").write_text(RICH_SPANISH_ALIENS, encoding="utf-8")
    english = minimal_database / "locales/en/duel/aliens.yaml"
    text = english.read_text(encoding="utf-8")
    english.write_text(text.replace("\n\npickle:", "\n" + ENGLISH_NOTE + "\npickle:"), encoding="utf-8")
    return minimal_database


def snapshot(root: Path) -> dict[Path, bytes]:
    return {path.relative_to(root): path.read_bytes() for path in sorted(root.rglob("*"))
            if path.is_file()}


# Babel's formulas for Spanish before and after its 2.19 release gave it a form for millions.
BABEL_2_18_SPANISH = (2, "(n != 1)")
BABEL_2_19_SPANISH = (3, "(n == 1 ? 0 : n != 0 && n % 1000000 == 0 ? 1 : 2)")


@pytest.fixture
def babel_spanish(monkeypatch):
    """Sets the formula Babel's table gives Spanish, as one release or another of Babel does,
    so a test holds whichever release is installed."""
    def set_formula(formula):
        monkeypatch.setattr(plurals, "get_plural",
                            lambda language: formula if language == "es" else PLURALS[language])
        plurals.plural_forms.cache_clear()
        plurals.accepted_plural_forms.cache_clear()
    yield set_formula
    plurals.plural_forms.cache_clear()
    plurals.accepted_plural_forms.cache_clear()
