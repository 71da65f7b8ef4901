"""What the exchange files tell translators' tools beyond the texts: the PO header gettext
asks for, the earlier English of a stale XLIFF unit, and the notes on provisional texts."""

from __future__ import annotations

import shutil
import subprocess
from datetime import datetime, timezone

import polib
import pytest
from translate.storage import factory

from cardkit.i18n.catalogue import OutgoingCatalogue, OutgoingUnit
from cardkit.i18n.export import build_catalogue
from cardkit.i18n.po import write_po
from cardkit.i18n.xliff import read_xliff, write_xliff
from cardkit.model.database import load_database
from cardkit.model.plurals import plural_forms

REVISED = datetime(2026, 3, 1, 9, 30, tzinfo=timezone.utc)
STALE_KEY = "alien:iron-matron:name"


def stale_catalogue(previous: str | None) -> OutgoingCatalogue:
    unit = OutgoingUnit(STALE_KEY, ("Iron Matron",), False, ("Eiserne Matrone",), True, None,
                        ("alien Iron Matron",), "locales/de/duel/aliens.yaml:2", previous=previous)
    return OutgoingCatalogue("de", plural_forms("de"), [unit], "duel")


def test_the_po_header_has_the_fields_msgfmt_asks_for(minimal_database):
    database, _, _ = load_database(minimal_database)

    header = polib.pofile(write_po(build_catalogue(database, "es"), REVISED)).metadata

    assert {name: header[name] for name in ("PO-Revision-Date", "Last-Translator", "Language-Team")} \
        == {"PO-Revision-Date": "2026-03-01 09:30+0000", "Last-Translator": "cardkit i18n export",
            "Language-Team": "none"}


@pytest.mark.parametrize(("epoch", "revised"), [("1772357400", "2026-03-01 09:30+0000"),
                                               ("tomorrow", None)])
def test_source_date_epoch_dates_an_export_and_a_malformed_one_is_ignored(minimal_database, monkeypatch,
                                                                          epoch, revised):
    database, _, _ = load_database(minimal_database)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", epoch)
    before = datetime.now(timezone.utc).replace(second=0, microsecond=0)

    header = polib.pofile(write_po(build_catalogue(database, "es"))).metadata

    if revised:
        assert header["PO-Revision-Date"] == revised
    else:
        assert before <= datetime.strptime(header["PO-Revision-Date"], "%Y-%m-%d %H:%M%z") \
            <= datetime.now(timezone.utc)


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="gettext's tools are not installed")
def test_msgfmt_checks_an_export_without_a_warning(rich_database, tmp_path):
    database, _, _ = load_database(rich_database)
    file = tmp_path / "es.po"
    file.write_text(write_po(build_catalogue(database, "es")), encoding="utf-8")

    checked = subprocess.run(["msgfmt", "-c", "-o", "/dev/null", str(file)], capture_output=True,
                             text=True, check=False)

    assert (checked.returncode, checked.stderr) == (0, "")


def test_a_stale_xliff_unit_carries_its_earlier_english_as_alt_trans(tmp_path):
    file = tmp_path / "de.xlf"
    file.write_text(write_xliff(stale_catalogue("Iron Mother")), encoding="utf-8")

    unit = next(unit for unit in factory.getobject(str(file)).units if unit.getid().endswith(STALE_KEY))

    assert [(alternative.source, alternative.target, alternative.xmlelement.get("alttranstype"))
            for alternative in unit.getalttrans()] == [("Iron Mother", "Eiserne Matrone", "previous-version")]
    # cardkit reads the unit as before: the alternative is information, not the text
    read = read_xliff(file.read_bytes(), file)
    assert (read.units[0].sources, read.units[0].targets) == (("Iron Matron",), ("Eiserne Matrone",))


def test_a_unit_whose_earlier_english_is_unknown_has_no_alt_trans():
    assert "<alt-trans" not in write_xliff(stale_catalogue(None))


def test_a_provisional_text_is_called_a_text_and_a_provisional_name_a_name(rich_database):
    aliens = rich_database / "locales/es/duel/aliens.yaml"
    text = aliens.read_text(encoding="utf-8")
    aliens.write_text(text.replace("iron-matron:\n", "iron-matron:\n  provisional:\n"
                                   "  - name\n  - powers.punish.text\n", 1), encoding="utf-8")
    database, _, _ = load_database(rich_database)

    remarks = {unit.key: unit.remarks for unit in build_catalogue(database, "es").units}

    assert "this es text is provisional: the printed one is not known" in \
        remarks["alien:iron-matron:powers.punish.text"]
    assert "this es name is provisional: the printed one is not known" in remarks["alien:iron-matron:name"]
