"""cardkit's exchange files in the translators' own tools: gettext's msgfmt, msgcat and
msgmerge, polib, and translate-toolkit's stores and converters."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardkit.cli import main

needs_gettext = pytest.mark.skipif(shutil.which("msgfmt") is None,
                                   reason="gettext's tools are not installed")


def export(root: Path, tmp_path: Path, file_format: str = "po", language: str = "es") -> Path:
    output = tmp_path / f"{language}.{'po' if file_format == 'po' else 'xlf'}"
    result = CliRunner().invoke(main, ["i18n", "export", "--lang", language, "--format", file_format,
                                       "-o", str(output), "--root", str(root)])
    assert result.exit_code == 0, result.output
    return output


def replaced(file: Path, old: str, new: str) -> Path:
    text = file.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    file.write_text(text.replace(old, new), encoding="utf-8")
    return file


def msgfmt_check(file: Path) -> subprocess.CompletedProcess:
    return subprocess.run(["msgfmt", "-c", "-o", "/dev/null", str(file)], capture_output=True,
                          text=True, check=False)


@needs_gettext
def test_msgfmt_accepts_an_export_and_catches_a_broken_placeholder(minimal_database, tmp_path):
    exported = export(minimal_database, tmp_path)
    assert msgfmt_check(exported).returncode == 0
    assert '#, python-brace-format\nmsgctxt "phrasebook:effects.draw_cards.required"' in \
        exported.read_text(encoding="utf-8")

    broken = replaced(exported, 'msgstr[1] "Roba {count} cartas."', 'msgstr[1] "Roba {coUnt} cartas."')
    checked = msgfmt_check(broken)

    assert checked.returncode == 1
    assert "a format specification for argument 'coUnt' doesn't exist in 'msgid_plural'" in checked.stderr
