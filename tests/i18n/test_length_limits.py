"""A card text's fit budget reaches translators' tools as a length limit: PO's
`max-length` flag and XLIFF's `maxwidth` in characters, as polib, gettext and
translate-toolkit read them."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import polib
import pytest
from translate.storage import factory

from cardkit.i18n.export import build_catalogue
from cardkit.i18n.po import write_po
from cardkit.i18n.xliff import write_xliff
from cardkit.model.database import load_database

LIMITS = {"alien:pickle:name": 18, "alien:iron-matron:powers.punish.text": 140}


def exported(root: Path, tmp_path: Path, writer, suffix: str) -> Path:
    database, _, _ = load_database(root)
    file = tmp_path / f"es.{suffix}"
    file.write_text(writer(build_catalogue(database, "es", max_lengths=LIMITS)), encoding="utf-8")
    return file


def test_po_entries_carry_their_limit_as_a_max_length_flag(minimal_database, tmp_path):
    file = exported(minimal_database, tmp_path, write_po, "po")

    entries = polib.pofile(str(file))

    limited = {entry.msgctxt: entry.flags for entry in entries if any(
        flag.startswith("max-length:") for flag in entry.flags)}
    assert limited == {key: [f"max-length:{limit}"] for key, limit in LIMITS.items()}
    toolkit = {unit.getcontext(): unit.typecomments for unit in factory.getobject(str(file)).units}
    assert toolkit["alien:pickle:name"] == ["#, max-length:18\n"]


def test_xliff_units_carry_their_limit_as_a_width_in_characters(minimal_database, tmp_path):
    file = exported(minimal_database, tmp_path, write_xliff, "xlf")

    units = factory.getobject(str(file)).units

    widths = {unit.getid().split("\x04")[-1]: (unit.xmlelement.get("maxwidth"),
                                                unit.xmlelement.get("size-unit"))
              for unit in units if unit.xmlelement.get("maxwidth")}
    assert widths == {key: (str(limit), "char") for key, limit in LIMITS.items()}


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="gettext's tools are not installed")
def test_msgfmt_checks_a_po_file_with_limits_without_a_word(minimal_database, tmp_path):
    file = exported(minimal_database, tmp_path, write_po, "po")

    checked = subprocess.run(["msgfmt", "-c", "-o", "/dev/null", str(file)], capture_output=True,
                             text=True, check=False)

    assert (checked.returncode, checked.stderr) == (0, "")
