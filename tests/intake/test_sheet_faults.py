"""Every bad spreadsheet the sheet import refuses, one fault each, with its exact message
naming file, sheet and cell, and nothing written. The CSV files are kept in `sheets/`;
XLSX and ODS files, which are binary, are made here as a spreadsheet program saves them. The
sheets import into the minimal database with the small classic game beside it, whose aliens
they name."""

from __future__ import annotations

import datetime
import io
import zipfile
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner
from odfdo import Cell, Document, Row, Table

from cardkit.cli import main
from tests.intake.test_bombs import rezipped
from tests.model.test_games import two_game_database

SHEETS = Path(__file__).parent / "sheets"

CSV_FAULTS = {
    "unknown-column": "unknown-column.csv, B1: unknown column 'complexty'; did you mean 'complexity'?",
    "duplicate-id": "duplicate-id.csv, A3: the id 'pickle' again (first in row 2)",
    "wrong-type": "wrong-type.csv, B2: 'seven' where hand_size takes a whole number",
    "leading-zero": "leading-zero.csv, B2: '07' where hand_size takes a whole number, written "
                    "without leading zeros",
    "empty-required": "empty-required.csv, C2: empty, and a new plan needs its value",
    "list-item-out-of-range": "list-item-out-of-range.csv, D2: halves.1.value: -3 is out of "
                              "range: input should be greater than or equal to 1",
    "empty-id": "empty-id.csv, A2: empty, in a row that holds data; every row names its card's id",
    "another-game": "another-game.csv, A1: a sheet of classic alien cards, not of duel alien cards",
    "german-date": "german-date.csv, C2: a date (19.03.2026) where number takes a printed card's "
                   "number; the spreadsheet made a date of what was typed (such as 19.3): format "
                   "the column as text and type it again",
    "legacy-code-page": "legacy-code-page.csv, line 2: is not UTF-8: it looks saved in a legacy "
                        "code page (such as Windows-1252). Save it as UTF-8: in Excel, File > "
                        "Save As > \"CSV UTF-8 (Comma delimited)\"; in LibreOffice, Save As CSV "
                        "with the character set \"Unicode (UTF-8)\"",
}


def snapshot(root: Path) -> dict[Path, bytes]:
    return {path: path.read_bytes() for folder in ("cards", "locales")
            for path in sorted((root / folder).rglob("*")) if path.is_file()}


def refused(root: Path, sheet: Path) -> str:
    before = snapshot(root)
    result = CliRunner().invoke(main, ["sheet", "import", str(sheet), "--game", "duel",
                                       "--root", str(root)])
    assert result.exit_code == 1, result.output
    assert snapshot(root) == before
    assert result.stderr.startswith("Error: ") and result.stderr.endswith("\nnothing was written\n")
    return result.stderr.removeprefix("Error: ").removesuffix("\nnothing was written\n")


@pytest.mark.parametrize("name", CSV_FAULTS)
def test_each_bad_csv_is_refused_at_its_cell(tmp_path, name):
    root = two_game_database(tmp_path)
    assert refused(root, SHEETS / f"{name}.csv") == CSV_FAULTS[name]


# -- XLSX, made with openpyxl -------------------------------------------------------------

HEADER = ["duel alien", "complexity", "hand_size", "printing", "number", "en:name"]


def _workbook(change, title: str = "alien") -> bytes:
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    sheet.title = title
    sheet.append(HEADER)
    sheet.append(["pickle", None, None, None, None, "Pickle"])
    sheet.append(["iron-matron", None, None, None, None, "Iron Matron"])
    change(sheet)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def _set(cell: str, value):
    def change(sheet):
        sheet[cell] = value
    return change


def _merge(sheet):
    sheet.merge_cells("B2:C2")


def _hide_row(sheet):
    sheet.row_dimensions[3].hidden = True


def _formula(sheet):
    sheet["C2"] = "=1+1"


XLSX_FAULTS = {
    "date-made-of-text": (_set("E2", datetime.datetime(2026, 3, 5)),
                          "aliens.xlsx, sheet alien, E2: a date (2026-03-05T00:00:00) where number "
                          "takes a text; the spreadsheet made a date of what was typed (such as 3-5): "
                          "format the column as text and type it again"),
    "number-made-of-text": (_set("E2", 6),
                            "aliens.xlsx, sheet alien, E2: the number 6 where number takes a text; a "
                            "spreadsheet drops leading zeros and reads some texts as numbers: format "
                            "the column as text and type it again"),
    "formula": (_formula, "aliens.xlsx, sheet alien, C2: a formula (=1+1); type the value itself"),
    "merged-cells": (_merge, "aliens.xlsx, sheet alien, B2: merged cells (B2:C2); unmerge them, "
                             "each value in its own cell"),
    "hidden-row": (_hide_row, "aliens.xlsx, sheet alien, A3: a hidden row holding data; show it (or "
                              "delete it) so what is imported is what you see"),
}


@pytest.mark.parametrize("name", XLSX_FAULTS)
def test_each_bad_xlsx_is_refused_at_its_cell(tmp_path, name):
    root = two_game_database(tmp_path)
    change, message = XLSX_FAULTS[name]
    sheet = tmp_path / "aliens.xlsx"
    sheet.write_bytes(_workbook(change))
    assert refused(root, sheet) == message


def test_a_hidden_column_holding_only_its_header_is_read(tmp_path):
    root = two_game_database(tmp_path)
    sheet = tmp_path / "aliens.xlsx"
    sheet.write_bytes(_workbook(lambda sheet: setattr(sheet.column_dimensions["B"], "hidden", True)))
    result = CliRunner().invoke(main, ["sheet", "import", str(sheet), "--root", str(root)])
    assert result.exit_code == 0, result.output


def test_a_sheet_named_for_another_kind_is_refused(tmp_path):
    root = two_game_database(tmp_path)
    sheet = tmp_path / "aliens.xlsx"
    sheet.write_bytes(_workbook(lambda sheet: None, title="plan"))
    assert refused(root, sheet) == ("aliens.xlsx, sheet plan, A1: the sheet 'plan' says it holds "
                                    "duel alien cards; a sheet of duel alien cards is named 'alien'")


# -- ODS, made with odfdo -----------------------------------------------------------------


def _spreadsheet(change) -> bytes:
    document = Document("spreadsheet")
    document.body.clear()
    table = Table("alien")
    table.set_values([HEADER, ["pickle", None, None, None, None, "Pickle"],
                      ["iron-matron", None, None, None, None, "Iron Matron"]])
    change(table)
    document.body.append(table)
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


def _ods_formula(table):
    table.set_cell("C2", Cell(2, formula="of:=1+1"))


def _ods_date(table):
    table.set_cell("E2", Cell(datetime.date(2026, 3, 5)))


def _ods_merge(table):
    table.set_span("B2:C2")


def _ods_hide_row(table):
    row: Row = table.get_row(2)
    row.set_attribute("table:visibility", "collapse")
    table.set_row(2, row)


ODS_FAULTS = {
    "formula": (_ods_formula, "aliens.ods, sheet alien, C2: a formula (of:=1+1); type the value itself"),
    "date-made-of-text": (_ods_date, "aliens.ods, sheet alien, E2: a date (2026-03-05) where number "
                                     "takes a text; the spreadsheet made a date of what was typed "
                                     "(such as 3-5): format the column as text and type it again"),
    "merged-cells": (_ods_merge, "aliens.ods, sheet alien, B2: merged cells; unmerge them, each "
                                 "value in its own cell"),
    "hidden-row": (_ods_hide_row, "aliens.ods, sheet alien, A3: a hidden row holding data; show it "
                                  "(or delete it) so what is imported is what you see"),
}


@pytest.mark.parametrize("name", ODS_FAULTS)
def test_each_bad_ods_is_refused_at_its_cell(tmp_path, name):
    root = two_game_database(tmp_path)
    change, message = ODS_FAULTS[name]
    sheet = tmp_path / "aliens.ods"
    sheet.write_bytes(_spreadsheet(change))
    assert refused(root, sheet) == message


# -- what once ended in a traceback or came in as text --------------------------------------

CSV_HEADER = "duel alien;complexity;hand_size;printing;number;en:name\r\n"


@pytest.mark.parametrize("size, message", [
    (100_001, "aliens.csv, F2: a cell of more than 100,000 characters; a cell cardkit reads holds "
              "at most 100,000"),
    (131_073, "aliens.csv, row 2: a cell of more than 100,000 characters; a cell cardkit reads "
              "holds at most 100,000"),  # past the csv module's own limit
])
def test_a_csv_cell_over_the_cap_is_refused(tmp_path, size, message):
    root = two_game_database(tmp_path)
    sheet = tmp_path / "aliens.csv"
    sheet.write_text(CSV_HEADER + "pickle;;;;;" + "a" * size + "\r\n", encoding="utf-8")
    assert refused(root, sheet) == message


def test_a_whole_number_of_five_thousand_digits_is_refused(tmp_path):
    root = two_game_database(tmp_path)
    sheet = tmp_path / "aliens.csv"
    sheet.write_text(CSV_HEADER + "pickle;;" + "9" * 5000 + ";;;Pickle\r\n", encoding="utf-8")
    assert refused(root, sheet) == ("aliens.csv, C2: a whole number of 5,000 digits where hand_size "
                                    "takes at most 15")


def test_an_xlsx_error_cell_is_refused_at_its_cell(tmp_path):
    root = two_game_database(tmp_path)
    sheet = tmp_path / "aliens.xlsx"
    sheet.write_bytes(_workbook(_set("C2", "#REF!")))
    assert refused(root, sheet) == ("aliens.xlsx, sheet alien, C2: an error value (#REF!); type the "
                                    "value itself")


def _sheet_xml_changed(change) -> bytes:
    """The workbook of `_workbook` with its sheet's XML as `change` makes it."""
    return rezipped(io.BytesIO(_workbook(lambda sheet: None)), "xl/worksheets/sheet1.xml", change)


def _replaced(old: str, new: str):
    def change(xml: str) -> str:
        assert old in xml
        return xml.replace(old, new, 1)
    return change


def test_an_xlsx_with_a_doctype_is_refused(tmp_path):
    root = two_game_database(tmp_path)
    sheet = tmp_path / "aliens.xlsx"
    sheet.write_bytes(_sheet_xml_changed(lambda xml: '<!DOCTYPE worksheet [<!ENTITY x "y">]>' + xml))
    assert refused(root, sheet) == ("aliens.xlsx: its part xl/worksheets/sheet1.xml has a DOCTYPE, "
                                    "which no spreadsheet program writes; save the sheet again from "
                                    "the spreadsheet program")


def _three_faults(sheet):
    sheet["C2"] = "=1+1"
    sheet.row_dimensions[3].hidden = True
    sheet.append(["preserver", None, "seven", None, None, None])


def test_faults_of_different_stages_come_in_one_round(tmp_path):
    root = two_game_database(tmp_path)
    sheet = tmp_path / "aliens.xlsx"
    sheet.write_bytes(_workbook(_three_faults))
    assert refused(root, sheet) == (
        "aliens.xlsx, sheet alien, C2: a formula (=1+1); type the value itself\n"
        "aliens.xlsx, sheet alien, A3: a hidden row holding data; show it (or delete it) so what "
        "is imported is what you see\n"
        "aliens.xlsx, sheet alien, C4: 'seven' where hand_size takes a whole number")


# Sheet XML no spreadsheet program writes, which openpyxl's reader raised on (a traceback) or
# read leaving a row out; found by benchmarks/mutants.py's sheet family.
UNREADABLE_XLSX = {
    "shared-text-not-held": (
        '<c r="F2" t="inlineStr"><is><t>Pickle</t></is></c>', '<c r="F2" t="s"><v>7</v></c>',
        "aliens.xlsx, sheet alien: a cell cannot be read (list index out of range); save the "
        "sheet again from the spreadsheet program"),
    "merged-range-past-the-last-row": (
        "</sheetData>", '</sheetData><mergeCells count="1"><mergeCell ref="A2:B2000000000"/>'
                        "</mergeCells>",
        "aliens.xlsx, sheet alien: a cell cannot be read (Max value is 1048576); save the sheet "
        "again from the spreadsheet program"),
    "row-number-not-a-number": (
        '<row r="3">', '<row r="1.5">',
        "aliens.xlsx, sheet alien: a row numbered '1.5', not a whole number from 1; save the "
        "sheet again from the spreadsheet program"),
    "row-number-zero": (
        '<row r="3">', '<row r="0">',
        "aliens.xlsx, sheet alien: a row numbered '0', not a whole number from 1; save the "
        "sheet again from the spreadsheet program"),
    "cell-in-another-row": (
        '<row r="3">', '<row r="9">',
        "aliens.xlsx, sheet alien: the cell A3 stands in row 9; save the sheet again from the "
        "spreadsheet program"),
}


@pytest.mark.parametrize("name", UNREADABLE_XLSX)
def test_an_xlsx_cell_or_row_openpyxl_cannot_read_is_refused(tmp_path, name):
    root = two_game_database(tmp_path)
    old, new, message = UNREADABLE_XLSX[name]
    sheet = tmp_path / "aliens.xlsx"
    sheet.write_bytes(_sheet_xml_changed(_replaced(old, new)))
    assert refused(root, sheet) == message


def test_an_xlsx_part_whose_packed_data_is_damaged_is_refused(tmp_path):
    root = two_game_database(tmp_path)
    data = bytearray(_workbook(lambda sheet: None))
    theme = zipfile.ZipFile(io.BytesIO(bytes(data))).getinfo("xl/theme/theme1.xml")
    # The member's deflated data starts after its local header (30 bytes, its name, its extra).
    start = theme.header_offset + 30 + len(theme.filename) + len(theme.extra)
    data[start + 20:start + 24] = b"\xff\xff\xff\xff"
    sheet = tmp_path / "aliens.xlsx"
    sheet.write_bytes(bytes(data))
    assert refused(root, sheet) == ("aliens.xlsx: its part xl/theme/theme1.xml cannot be unpacked "
                                    "(Error -3 while decompressing data: invalid bit length repeat)")


def test_an_xlsx_part_packed_by_an_unknown_method_is_refused(tmp_path):
    root = two_game_database(tmp_path)
    data = bytearray(_workbook(lambda sheet: None))
    entry = data.index(b"PK\x01\x02")  # the central directory's first record
    while data[entry + 46:entry + 46 + len(b"xl/theme/theme1.xml")] != b"xl/theme/theme1.xml":
        entry = data.index(b"PK\x01\x02", entry + 4)
    data[entry + 10:entry + 12] = (99).to_bytes(2, "little")  # its central record's method
    sheet = tmp_path / "aliens.xlsx"
    sheet.write_bytes(bytes(data))
    assert refused(root, sheet) == ("aliens.xlsx: its part xl/theme/theme1.xml cannot be unpacked "
                                    "(That compression method is not supported)")
