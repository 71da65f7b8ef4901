"""Spreadsheet files as grids of typed cells: XLSX (openpyxl), ODS (odfdo) and CSV as
Spanish and German Excel write it.

A reader gives a `Grid`: the file's one sheet as rows of cell values (text, whole or
fractional numbers, booleans, dates, None for an empty cell), and refuses, naming every
cell at fault, what a grid cannot say plainly: formulas, merged cells, hidden rows or
columns holding data, more than one sheet holding data, and CSV in a legacy code page. A
writer writes rows of values into a new file of the format its name ends in. What the
cells mean is `intake/sheet.py`'s.
"""

from __future__ import annotations

import csv
import datetime
import io
import re
import zipfile
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

from cardkit.source.characters import FORMULA_CHARACTERS

FORMATS = (".xlsx", ".ods", ".csv")
CSV_DELIMITER = ";"
UTF8_BOM = "\ufeff"
# A CSV text cell starting with a formula character, after any apostrophes, is written with
# one more apostrophe in front, which `_read_csv` takes off again: every text reads back as
# it was, and none runs when the file is opened.
_NEUTRALISED = re.compile(f"'*[{re.escape(FORMULA_CHARACTERS)}]")


class SheetRefused(Exception):
    """The spreadsheet cannot be imported; each fault names its file, sheet and cell."""

    def __init__(self, faults: list[str]):
        self.faults = faults
        super().__init__("\n".join(faults))


def column_letters(index: int) -> str:
    """`A` for column 0, `AA` for column 26."""
    letters = ""
    index += 1
    while index:
        index, remainder = divmod(index - 1, 26)
        letters = chr(ord("A") + remainder) + letters
    return letters


@dataclass
class Grid:
    file: str  # the file's name, as messages give it
    sheet: str | None  # None for a CSV file, which has no sheets
    rows: list[list[Any]] = field(default_factory=list)

    def where(self, row: int, column: int) -> str:
        """The place of a cell (0-based row and column), as messages name it:
        `aliens.xlsx, sheet alien, D7`."""
        cell = f"{column_letters(column)}{row + 1}"
        return f"{self.file}, sheet {self.sheet}, {cell}" if self.sheet is not None else f"{self.file}, {cell}"

    def value(self, row: int, column: int) -> Any:
        cells = self.rows[row]
        return cells[column] if column < len(cells) else None


def read_grid(path: Path, data: bytes) -> Grid:
    suffix = path.suffix.lower()
    if suffix == ".xlsx":
        return _read_xlsx(path.name, data)
    if suffix == ".ods":
        return _read_ods(path.name, data)
    if suffix == ".csv":
        return _read_csv(path.name, data)
    raise SheetRefused([f"{path.name}: cannot tell the format; name the file .xlsx, .ods or .csv"])


def grid_bytes(suffix: str, sheet: str, rows: list[list[Any]], text_columns: set[int]) -> bytes:
    """A new file of the format `suffix` names holding `rows` in one sheet named `sheet`;
    the columns of `text_columns` are formatted as text where the format can say so, so a
    spreadsheet keeps `06` and `3-5` as typed."""
    if suffix == ".xlsx":
        return _xlsx_bytes(sheet, rows, text_columns)
    if suffix == ".ods":
        return _ods_bytes(sheet, rows)
    if suffix == ".csv":
        return _csv_bytes(rows)
    raise ValueError(suffix)


def _trimmed(rows: list[list[Any]]) -> list[list[Any]]:
    """Rows without their trailing empty cells, and without trailing empty rows."""
    rows = [list(row) for row in rows]
    for row in rows:
        while row and row[-1] is None:
            row.pop()
    while rows and not rows[-1]:
        rows.pop()
    return rows


# XLSX


def _read_xlsx(name: str, data: bytes) -> Grid:
    import openpyxl
    from openpyxl.utils.exceptions import InvalidFileException

    try:
        workbook = openpyxl.load_workbook(io.BytesIO(data), data_only=False)
    except (InvalidFileException, zipfile.BadZipFile, KeyError, ValueError, OSError) as exc:
        raise SheetRefused([f"{name}: not an XLSX workbook that can be read ({exc})"]) from None
    sheets = [sheet for sheet in workbook.worksheets if sheet.max_row > 1 or sheet.max_column > 1
              or sheet.cell(1, 1).value is not None]
    if len(sheets) != 1:
        raise SheetRefused([f"{name}: holds {len(sheets)} sheets with data "
                            f"({', '.join(sheet.title for sheet in sheets) or 'none'}); "
                            "import one sheet per file, as `cardkit sheet export` writes it"])
    sheet = sheets[0]
    grid = Grid(name, sheet.title)
    faults = []
    for merged in sheet.merged_cells.ranges:
        faults.append(f"{grid.where(merged.min_row - 1, merged.min_col - 1)}: merged cells "
                      f"({merged.coord}); unmerge them, each value in its own cell")
    rows = []
    for cells in sheet.iter_rows():
        values = []
        for cell in cells:
            if cell.data_type == "f":
                faults.append(f"{grid.where(cell.row - 1, cell.column - 1)}: a formula "
                              f"({cell.value}); type the value itself")
                values.append(None)
            elif isinstance(cell.value, (datetime.datetime, datetime.date, datetime.time)):
                values.append(cell.value)
            else:
                values.append(cell.value if cell.value != "" else None)
        rows.append(values)
    grid.rows = _trimmed(rows)
    hidden_rows = {index - 1 for index, dimension in sheet.row_dimensions.items() if dimension.hidden}
    hidden_columns = set()
    for letters, dimension in sheet.column_dimensions.items():
        if dimension.hidden:
            first, last = dimension.min or 0, dimension.max or 0
            hidden_columns |= set(range(first - 1, last)) if first else {_column_index(letters)}
    faults += _hidden_with_data(grid, hidden_rows, hidden_columns)
    if faults:
        raise SheetRefused(faults)
    return grid


def _column_index(letters: str) -> int:
    index = 0
    for letter in letters:
        index = index * 26 + ord(letter) - ord("A") + 1
    return index - 1


def _hidden_with_data(grid: Grid, hidden_rows: set[int], hidden_columns: set[int]) -> list[str]:
    faults = []
    for row in sorted(hidden_rows):
        if row < len(grid.rows) and any(value is not None for value in grid.rows[row]):
            column = next(index for index, value in enumerate(grid.rows[row]) if value is not None)
            faults.append(f"{grid.where(row, column)}: a hidden row holding data; show it "
                          "(or delete it) so what is imported is what you see")
    for column in sorted(hidden_columns):
        row = next((index for index, cells in enumerate(grid.rows)
                    if column < len(cells) and cells[column] is not None), None)
        if row is not None:
            faults.append(f"{grid.where(row, column)}: a hidden column holding data; show it "
                          "(or delete it) so what is imported is what you see")
    return faults


def _xlsx_bytes(sheet_name: str, rows: list[list[Any]], text_columns: set[int]) -> bytes:
    import openpyxl

    workbook = openpyxl.Workbook()
    sheet = workbook.active
    sheet.title = sheet_name
    for row in rows:
        sheet.append(row)
        for cell in sheet[sheet.max_row]:
            if isinstance(cell.value, str):
                cell.data_type = "s"  # openpyxl would write a text starting with = as a formula
    for index in text_columns:
        for cells in sheet.iter_rows(min_col=index + 1, max_col=index + 1, min_row=2):
            cells[0].number_format = "@"
    sheet.freeze_panes = "B2"
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


# ODS


def _read_ods(name: str, data: bytes) -> Grid:
    from odfdo import Document

    try:
        document = Document(io.BytesIO(data))
        tables = document.body.get_tables()
    except Exception as exc:  # odfdo raises what zipfile and lxml raise, unwrapped
        raise SheetRefused([f"{name}: not an ODS spreadsheet that can be read ({exc})"]) from None
    read = [_ods_table(name, table) for table in tables]
    with_data = [(grid, faults) for grid, faults in read if grid.rows]
    if len(with_data) != 1:
        raise SheetRefused([f"{name}: holds {len(with_data)} sheets with data "
                            f"({', '.join(grid.sheet for grid, _ in with_data) or 'none'}); "
                            "import one sheet per file, as `cardkit sheet export` writes it"])
    grid, faults = with_data[0]
    if faults:
        raise SheetRefused(faults)
    return grid


def _ods_table(name: str, table) -> tuple[Grid, list[str]]:
    """A table's cells. A spreadsheet program writes the empty rest of a sheet as rows and
    cells repeated a million times; a repeated run is counted, never expanded, and stands
    in the grid only where data follows it."""
    grid = Grid(name, table.name)
    faults: list[str] = []
    rows: list[list[Any]] = []
    hidden_rows: set[int] = set()
    empty_rows = 0
    for row in table.xpath("descendant::table:table-row"):
        repeated = int(row.get_attribute("table:number-rows-repeated") or 1)
        index = len(rows) + empty_rows
        values = _ods_row(grid, row, index, faults)
        if not values:
            empty_rows += repeated
            continue
        rows += [[] for _ in range(empty_rows)]
        empty_rows = 0
        if row.get_attribute("table:visibility") in ("collapse", "filter"):
            hidden_rows |= set(range(index, index + repeated))
        rows += [list(values) for _ in range(repeated)]
    grid.rows = _trimmed(rows)
    faults += _hidden_with_data(grid, hidden_rows, _ods_hidden_columns(table))
    return grid, faults


def _ods_row(grid: Grid, row, index: int, faults: list[str]) -> list[Any]:
    values: list[Any] = []
    empty = 0
    for cell in row.xpath("table:table-cell|table:covered-table-cell"):
        repeated = int(cell.get_attribute("table:number-columns-repeated") or 1)
        column = len(values) + empty
        spanned = [cell.get_attribute(f"table:number-{what}-spanned") for what in ("columns", "rows")]
        if any(span not in (None, "1", 1) for span in spanned):
            faults.append(f"{grid.where(index, column)}: merged cells; unmerge them, each value "
                          "in its own cell")
        if cell.tag == "table:covered-table-cell":
            value = None
        elif cell.get_attribute("table:formula"):
            faults.append(f"{grid.where(index, column)}: a formula "
                          f"({cell.get_attribute('table:formula')}); type the value itself")
            value = None
        else:
            value = _ods_value(cell)
        if value is None:
            empty += repeated
            continue
        values += [None] * empty + [value] * repeated
        empty = 0
    return values


def _ods_hidden_columns(table) -> set[int]:
    hidden: set[int] = set()
    index = 0
    for column in table.xpath("descendant::table:table-column"):
        repeated = int(column.get_attribute("table:number-columns-repeated") or 1)
        if column.get_attribute("table:visibility") in ("collapse", "filter"):
            hidden |= set(range(index, index + min(repeated, 1024)))
        index += repeated
    return hidden


def _ods_value(cell) -> Any:
    value = cell.value
    if cell.type in ("date", "time"):
        return value if value is not None else cell.get_attribute("office:date-value")
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if value == "":
        return None
    return value


def _ods_bytes(sheet_name: str, rows: list[list[Any]]) -> bytes:
    from odfdo import Document, Table

    document = Document("spreadsheet")
    document.body.clear()
    table = Table(sheet_name)
    width = max(len(row) for row in rows)
    table.set_values([row + [None] * (width - len(row)) for row in rows])
    document.body.append(table)
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


# CSV

LEGACY_CSV = ("is not UTF-8: it looks saved in a legacy code page (such as Windows-1252). Save "
              "it as UTF-8: in Excel, File > Save As > \"CSV UTF-8 (Comma delimited)\"; in "
              "LibreOffice, Save As CSV with the character set \"Unicode (UTF-8)\"")


def _read_csv(name: str, data: bytes) -> Grid:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise SheetRefused([f"{name}, line {line}: {LEGACY_CSV}"]) from None
    text = text.removeprefix(UTF8_BOM)
    first_line = text.split("\n", 1)[0]
    delimiter = ";" if ";" in first_line else ","
    rows = [[_csv_text(cell) if cell != "" else None for cell in row]
            for row in csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)]
    return Grid(name, None, _trimmed(rows))


def _csv_bytes(rows: list[list[Any]]) -> bytes:
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, delimiter=CSV_DELIMITER, lineterminator="\r\n")
    for row in rows:
        writer.writerow(["" if value is None else neutralised(value) if isinstance(value, str) else value
                         for value in row])
    return (UTF8_BOM + buffer.getvalue()).encode("utf-8")




def neutralised(text: str) -> str:
    """The text as a CSV cell no spreadsheet program runs as a formula."""
    return "'" + text if _NEUTRALISED.match(text) else text


def _csv_text(cell: str) -> str:
    return cell[1:] if cell.startswith("'") and _NEUTRALISED.match(cell, 1) else cell
