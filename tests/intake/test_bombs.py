"""Spreadsheets built to exhaust memory or time: each is measured before it is expanded and
refused with the cap it passes, naming the file (and sheet), in a process whose address
space is limited and which must finish; the database is left as it was."""

from __future__ import annotations

import io
import os
import random
import string
import subprocess
import sys
import zipfile
from pathlib import Path

import openpyxl
import pytest
from odfdo import Document, Table

from tests.rules.conftest import copy_database

HEADER = ["duel alien", "complexity", "hand_size", "printing", "number", "en:name"]
ADDRESS_SPACE = 2 * 1024 ** 3  # the bombs asked for tens of gigabytes
BOUND = 300  # seconds: the bombs ran for hours


def _limited() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


def imported(tmp_path: Path, name: str, data: bytes) -> subprocess.CompletedProcess:
    root = copy_database(tmp_path / "db")
    sheet = tmp_path / name
    sheet.write_bytes(data)
    before = {path: path.read_bytes() for path in root.rglob("*") if path.is_file()}
    result = subprocess.run([sys.executable, "-c", "from cardkit.cli import main; main()", "sheet",
                             "import", str(sheet), "--root", str(root)],
                            capture_output=True, text=True, timeout=BOUND, preexec_fn=_limited,
                            env=os.environ | {"PYTHONPATH": str(Path(__file__).resolve().parents[2])})
    assert {path: path.read_bytes() for path in root.rglob("*") if path.is_file()} == before
    return result


def refusal(result: subprocess.CompletedProcess) -> str:
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr
    assert result.stderr.startswith("Error: ") and result.stderr.endswith("\nnothing was written\n")
    return result.stderr.removeprefix("Error: ").removesuffix("\nnothing was written\n")


def xlsx(sheet_xml=lambda xml: xml, extra: dict[str, bytes] | None = None) -> bytes:
    """A small workbook as openpyxl writes it, its sheet's XML changed by `sheet_xml`."""
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    sheet.title = "alien"
    sheet.append(HEADER)
    sheet.append(["swarm", None, None, None, None, "Swarm"])
    buffer = io.BytesIO()
    workbook.save(buffer)
    return rezipped(buffer, "xl/worksheets/sheet1.xml", sheet_xml, extra)


def rezipped(saved: io.BytesIO, member_changed: str, change, extra: dict | None = None) -> bytes:
    """The saved workbook again, one member's XML changed by `change` and `extra` added."""
    source = zipfile.ZipFile(saved)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for member in source.namelist():
            data = source.read(member)
            if member == member_changed:
                data = change(data.decode()).encode()
            target.writestr(member, data)
        for member, data in (extra or {}).items():
            target.writestr(member, data)
    return out.getvalue()


def before_end_of_data(rows: str):
    return lambda xml: xml.replace("</sheetData>", rows + "</sheetData>")


def ods(change) -> bytes:
    document = Document("spreadsheet")
    document.body.clear()
    table = Table("alien")
    table.set_values([HEADER, ["swarm", None, None, None, None, "Swarm"]])
    document.body.append(table)
    buffer = io.BytesIO()
    document.save(buffer)
    return rezipped(buffer, "content.xml", change)


def many_rows(count: int) -> str:
    return "".join(f'<row r="{row}"><c r="A{row}" t="inlineStr"><is><t>c{row}</t></is></c></row>'
                   for row in range(3, count + 3))


def _second_row(change):
    """The ODS with `change` applied to the XML of its second row (swarm's)."""
    def changed(content: str) -> str:
        start = content.index("<table:table-row", content.index("</table:table-row>"))
        end = content.index("</table:table-row>", start)
        return content[:start] + change(content[start:end]) + content[end:]
    return changed


def _packed(data: bytes, member: str) -> int:
    return zipfile.ZipFile(io.BytesIO(data)).getinfo(member).compress_size


# Each bomb, and the refusal it meets.
BOMBS = {
    "ods-rows-repeated": (
        "aliens.ods", lambda: ods(_second_row(lambda row: row.replace(
            "<table:table-row", '<table:table-row table:number-rows-repeated="100000000"', 1))),
        "aliens.ods, sheet alien: row 2, repeated 100,000,000 times, reaches row 100,000,001; a "
        "sheet cardkit reads has at most 10,000 rows"),
    "ods-columns-repeated": (
        "aliens.ods", lambda: ods(_second_row(lambda row: row.replace(
            "<table:table-cell", '<table:table-cell table:number-columns-repeated="1000000000"', 1))),
        "aliens.ods, sheet alien: the value at A2, repeated 1,000,000,000 times, reaches column "
        "CFDGSXL (the 1,000,000,000th); a sheet cardkit reads has at most 500 columns"),
    "ods-repeat-not-a-number": (
        "aliens.ods", lambda: ods(_second_row(lambda row: row.replace(
            "<table:table-row", '<table:table-row table:number-rows-repeated="many"', 1))),
        "aliens.ods, sheet alien: the repeat count number-rows-repeated='many' is not a whole "
        "number from 1; save the sheet again from the spreadsheet program"),
    "xlsx-cell-at-the-last-column-and-row": (
        "aliens.xlsx", lambda: xlsx(before_end_of_data(
            '<row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t>x</t></is></c></row>')),
        "aliens.xlsx, sheet alien: a value at XFD1048576 reaches row 1,048,576; a sheet cardkit "
        "reads has at most 10,000 rows"),
    "xlsx-cell-at-row-a-million": (
        "aliens.xlsx", lambda: xlsx(before_end_of_data(
            '<row r="1000000"><c r="A1000000" t="inlineStr"><is><t>x</t></is></c></row>')),
        "aliens.xlsx, sheet alien: a value at A1000000 reaches row 1,000,000; a sheet cardkit "
        "reads has at most 10,000 rows"),
    "xlsx-declared-dimension": (
        "aliens.xlsx", lambda: xlsx(lambda xml: xml.replace('<dimension ref="A1:F2"/>',
                                                            '<dimension ref="A1:XFD1048576"/>')),
        "aliens.xlsx, sheet alien: its declared size (A1:XFD1048576) reaches row 1,048,576; a "
        "sheet cardkit reads has at most 10,000 rows"),
    "xlsx-300000-small-rows": (
        "aliens.xlsx", lambda: xlsx(before_end_of_data(many_rows(300_000))),
        "aliens.xlsx, sheet alien: a value at A10001 reaches row 10,001; a sheet cardkit reads "
        "has at most 10,000 rows"),
    "xlsx-ten-megabyte-cell": (
        "aliens.xlsx", lambda: xlsx(lambda xml: xml.replace(
            "<t>Swarm</t>", "<t>" + "".join(random.Random(1).choices(string.ascii_letters, k=10 ** 7))
            + "</t>")),
        "aliens.xlsx, sheet alien, F2: more than 100,000 characters; a cell cardkit reads holds "
        "at most 100,000"),
    "xlsx-packed-tightly": (
        "aliens.xlsx", lambda: xlsx(extra={"xl/media/padding.bin": bytes(60 * 1024 ** 2)}),
        lambda data: f"aliens.xlsx: its part xl/media/padding.bin unpacks to 62,914,560 bytes from "
                     f"{_packed(data, 'xl/media/padding.bin'):,}, more than 100 times its size; a "
                     "spreadsheet program packs nothing that tightly"),
}


# One bomb of each format in the fast tier; each takes a new process, several seconds.
FAST_BOMBS = ("ods-columns-repeated", "xlsx-declared-dimension")


@pytest.mark.parametrize("name", [
    name if name in FAST_BOMBS else pytest.param(name, marks=pytest.mark.slow) for name in BOMBS])
def test_each_bomb_is_refused_in_bounded_memory_and_time(tmp_path, name):
    file, make, message = BOMBS[name]
    data = make()
    assert refusal(imported(tmp_path, file, data)) == (message(data) if callable(message) else message)


def test_a_hidden_column_range_to_two_billion_costs_nothing(tmp_path):
    result = imported(tmp_path, "aliens.xlsx", xlsx(lambda xml: xml.replace(
        "<sheetData>", '<cols><col min="7" max="2000000000" hidden="1"/></cols><sheetData>')))
    assert result.returncode == 0, result.stderr
    assert result.stderr == "no change\n"
