"""pofilter parity: each fault pofilter's default checks find in an exported file, where it
is a fault on a printed card, cardkit's own checks find too, at import and in validate.

The table below is the parity table of docs/translating.md. pofilter checks that find
nothing wrong on card text are not mirrored; the guide gives each reason.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import polib
import pytest
from click.testing import CliRunner

from cardkit.cli import main

POFILTER = Path(sys.executable).parent / "pofilter"
PUNISH = "alien:iron-matron:powers.punish.text"
PUNISH_ES = "Siempre que tu adversario tenga exactamente 1 carta en la mano, debe enseñártela."
LAW = "alien:iron-matron:powers.lay-down-the-law.text"
LAW_ES = "Después de que se muestren los Planes, puedes contar cada 20 mostrado como un 42."
LAW_EN = "After plans are revealed, you may count each revealed 20 as a 42."

# fault: (the key, the msgstr line as exported, as the fault leaves it, pofilter's check,
#         cardkit's problem code)
PARITY = {
    "untranslated copy": (LAW, f'msgstr "{LAW_ES}"', f'msgstr "{LAW_EN}"', "unchanged",
                          "untranslated-copy"),
    "leading whitespace": ("alien:pickle:name", 'msgstr "Encurtido"', 'msgstr " Encurtido"',
                           "startwhitespace", "whitespace"),
    "trailing whitespace": ("alien:pickle:name", 'msgstr "Encurtido"', 'msgstr "Encurtido "',
                            "endwhitespace", "whitespace"),
    "double space": (PUNISH, f'msgstr "{PUNISH_ES}"', f'msgstr "{PUNISH_ES.replace("tu ", "tu  ")}"',
                     "doublespacing", "whitespace"),
    "unbalanced bracket": (PUNISH, f'msgstr "{PUNISH_ES}"',
                           f'msgstr "{PUNISH_ES.replace("en la mano", "(en la mano")}"',
                           "brackets", "brackets-unbalanced"),
    "end punctuation": (PUNISH, f'msgstr "{PUNISH_ES}"', f'msgstr "{PUNISH_ES[:-1]}"', "endpunc",
                        "end-punctuation"),
    "placeholder": ("phrasebook:effects.draw_cards.required", 'msgstr[1] "Roba {count} cartas."',
                    'msgstr[1] "Roba {cuenta} cartas."', "pythonbraceformat", "placeholder-mismatch"),
    "number": (PUNISH, f'msgstr "{PUNISH_ES}"', f'msgstr "{PUNISH_ES.replace("1 carta", "2 cartas")}"',
               "numbers", "number-mismatch"),
    "markup tag": (PUNISH, f'msgstr "{PUNISH_ES}"',
                   f'msgstr "{PUNISH_ES.replace("exactamente", "<b>exactamente</b>")}"',
                   "xmltags", "markup-tag"),
    "tab": (PUNISH, f'msgstr "{PUNISH_ES}"', "msgstr \"" + PUNISH_ES.replace("tu ", "tu\\t") + '"',
            "tabs", "layout-character"),
    "line break": (PUNISH, f'msgstr "{PUNISH_ES}"', "msgstr \"" + PUNISH_ES.replace("tu ", "tu\\n") + '"',
                   "newlines", "layout-character"),
    "doubled word": (PUNISH, f'msgstr "{PUNISH_ES}"', f'msgstr "{PUNISH_ES.replace("tu ", "tu tu ")}"',
                     "doublewords", "doubled-word"),
    "punctuation only": ("alien:pickle:name", 'msgstr "Encurtido"', 'msgstr "…"', "purepunc",
                         "punctuation-only"),
}


def export(root: Path, tmp_path: Path) -> Path:
    output = tmp_path / "es.po"
    result = CliRunner().invoke(main, ["i18n", "export", "--lang", "es", "-o", str(output),
                                       "--root", str(root)])
    assert result.exit_code == 0, result.output
    return output


def pofilter_findings(file: Path, tmp_path: Path) -> dict[str, set[str]]:
    """The key of every entry pofilter's default checks flag, with the checks' names."""
    flagged = tmp_path / "flagged.po"
    subprocess.run([str(POFILTER), "--progress=none", str(file), str(flagged)], check=True,
                   capture_output=True)
    return {entry.msgctxt: set(re.findall(r"\(pofilter\) (\w+):", entry.tcomment))
            for entry in polib.pofile(str(flagged))}


def cardkit_findings(root: Path, file: Path) -> dict[str, set[str]]:
    """The key of every unit import reports a problem at, with the problems' codes."""
    result = CliRunner().invoke(main, ["i18n", "import", str(file), "--root", str(root)])
    found: dict[str, set[str]] = {}
    for key, code in re.findall(r"\.po:\d+: (?:warning: |error, written unconfirmed: )?"
                                r"([\w:.\-]+): ([a-z-]+):", result.stderr):
        found.setdefault(key, set()).add(code)
    return found


@pytest.mark.skipif(not POFILTER.exists(), reason="translate-toolkit's pofilter is not installed")
@pytest.mark.parametrize("fault", PARITY)
def test_cardkit_finds_what_pofilter_finds(minimal_database, tmp_path, fault):
    key, old, new, check, code = PARITY[fault]
    exported = export(minimal_database, tmp_path)
    text = exported.read_text(encoding="utf-8")
    assert text.count(old) == 1
    exported.write_text(text.replace(old, new), encoding="utf-8")

    assert check in pofilter_findings(exported, tmp_path).get(key, set())
    assert code in cardkit_findings(minimal_database, exported).get(key, set())


@pytest.mark.slow
def test_cardkit_finds_more_than_pofilter(minimal_database, tmp_path):
    exported = export(minimal_database, tmp_path)
    text = exported.read_text(encoding="utf-8")
    exported.write_text(text.replace('msgstr "Encurtido"', 'msgstr "Encurtido [blastt]"')
                        .replace(f'msgstr "{PUNISH_ES}"',
                                 f'msgstr "{PUNISH_ES.replace("la mano", "el barco")}"'),
                        encoding="utf-8")

    assert pofilter_findings(exported, tmp_path).get("alien:pickle:name", set()) <= {"brackets"}
    assert PUNISH not in pofilter_findings(exported, tmp_path)
    found = cardkit_findings(minimal_database, exported)
    assert "icon-unknown" in found["alien:pickle:name"]
    assert found[PUNISH] == {"glossary-forbidden"}


@pytest.mark.skipif(not POFILTER.exists(), reason="translate-toolkit's pofilter is not installed")
def test_pofilters_comments_come_back_through_pomerge_and_are_not_stored_as_notes(
        minimal_database, tmp_path):
    exported = export(minimal_database, tmp_path)
    text = exported.read_text(encoding="utf-8")
    exported.write_text(text.replace(f'msgstr "{PUNISH_ES}"',
                                     f'msgstr "{PUNISH_ES.replace("tu ", "tu tu ")}"'), encoding="utf-8")
    flagged = tmp_path / "flagged.po"
    subprocess.run([str(POFILTER), "--progress=none", str(exported), str(flagged)], check=True,
                   capture_output=True)
    merged = tmp_path / "merged.po"
    subprocess.run([str(POFILTER.parent / "pomerge"), "--progress=none", "-t", str(exported), "-i",
                    str(flagged), "-o", str(merged)], check=True, capture_output=True)
    assert "(pofilter) doublewords" in merged.read_text(encoding="utf-8")
    spanish = minimal_database / "locales/es/duel/aliens.yaml"

    result = CliRunner().invoke(main, ["i18n", "import", str(merged), "--root", str(minimal_database)])

    assert result.exit_code == 0, result.output
    assert f"{PUNISH}: 1 pofilter comment left out: a tool's findings are not a translator's note" \
        in result.stderr
    assert "pofilter" not in spanish.read_text(encoding="utf-8")
    assert "tu tu adversario" in spanish.read_text(encoding="utf-8")
    assert "1 text updated" in result.stderr
