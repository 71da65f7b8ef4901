"""Spreadsheet files as grids of typed cells: XLSX (openpyxl), ODS (odfdo) and CSV as
Spanish and German Excel write it.

A reader gives a `Grid`: the file's one sheet as rows of cell values (text, whole or
fractional numbers, booleans, dates, None for an empty cell). What a cell cannot say
plainly (a formula, merged cells, a hidden row or column holding data, a cell over the
cap) is a fault of the grid named at its cell, the cell read as empty, so the sheet
modules report it with every other fault of the sheet in one round. What makes the whole
file unreadable (more than one sheet holding data, CSV in a legacy code page, a file
past the limits) is refused at once. A
writer writes rows of values into a new file of the format its name ends in. What the
cells mean is the sheet modules' (`intake/sheet_layout.py` and its neighbours).
"""

from __future__ import annotations

import csv
import io
import re
import zipfile
import zlib
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

from cardkit.messages import Catalogue, Message
from cardkit.source.characters import FORMULA_CHARACTERS

FORMATS = (".xlsx", ".ods", ".csv")
# The header of the column that records what each row was exported from (a fingerprint the
# import reads, `sheet_layout.py`): hidden in an XLSX or ODS export, and the one hidden column
# whose data is read, since none of it is a value to edit.
BASE_HEADER = "cardkit base"
CSV_DELIMITER = ";"
UTF8_BOM = "\ufeff"
# A CSV text cell starting with a formula character, after any apostrophes, is written with
# one more apostrophe in front, which `_read_csv` takes off again: every text reads back as
# it was, and none runs when the file is opened.
_NEUTRALISED = re.compile(f"'*[{re.escape(FORMULA_CHARACTERS)}]")


# What a sheet may hold, measured before anything is expanded: a few kilobytes of zip or of
# repeat counts can otherwise stand for billions of cells.
MAX_ROWS = 10_000
MAX_COLUMNS = 500
MAX_CELL_CHARACTERS = 100_000
MAX_NUMBER_CHARACTERS = 100  # the digits of a number cell
MAX_UNPACKED_BYTES = 64 * 1024 * 1024  # a member of an XLSX or ODS file, unpacked
MAX_PACKING_RATIO = 100  # unpacked to packed, for a member over PACKING_RATIO_FROM bytes
PACKING_RATIO_FROM = 1024 * 1024


class SheetRefused(Exception):
    """The spreadsheet cannot be imported; each fault names its file, sheet and cell."""

    def __init__(self, faults: list[Message | str]):
        self.faults = faults
        super().__init__("\n".join(str(fault) for fault in faults))

    def said(self, catalogue: Catalogue) -> str:
        return "\n".join(catalogue.say(fault) for fault in self.faults)


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
    # The cells that could not be read, by (row, column), each with what is wrong with it:
    # their values stand as None in `rows`.
    faults: dict[tuple[int, int], Message | str] = field(default_factory=dict)
    # The cells blanked beside a fault (the rest of a hidden row or column, of a merge).
    blanked: set[tuple[int, int]] = field(default_factory=set)

    def where(self, row: int, column: int) -> str:
        """The place of a cell (0-based row and column), as messages name it:
        `aliens.xlsx, sheet alien, D7`."""
        cell = f"{column_letters(column)}{row + 1}"
        return f"{self.file}, sheet {self.sheet}, {cell}" if self.sheet is not None else f"{self.file}, {cell}"

    def value(self, row: int, column: int) -> Any:
        cells = self.rows[row]
        return cells[column] if column < len(cells) else None

    def unreadable(self, row: int, column: int) -> bool:
        """Whether the cell is one the reader could not read, or blanked beside one."""
        return (row, column) in self.faults or (row, column) in self.blanked

    def _blank(self, row: int, column: int) -> None:
        if column < len(self.rows[row]):
            self.rows[row][column] = None
        self.blanked.add((row, column))


def read_grid(path: Path, data: bytes) -> Grid:
    suffix = path.suffix.lower()
    if suffix == ".xlsx":
        return _read_xlsx(path.name, data)
    if suffix == ".ods":
        return _read_ods(path.name, data)
    if suffix == ".csv":
        return _read_csv(path.name, data)
    raise SheetRefused([Message("{file}: cannot tell the format; name the file .xlsx, .ods or .csv",
                                file=path.name)])


def grid_bytes(suffix: str, sheet: str, rows: list[list[Any]], text_columns: set[int],
               hidden_columns: frozenset[int] = frozenset()) -> bytes:
    """A new file of the format `suffix` names holding `rows` in one sheet named `sheet`;
    the columns of `text_columns` are formatted as text where the format can say so, so a
    spreadsheet keeps `06` and `3-5` as typed, and those of `hidden_columns` hidden where it
    can hide them."""
    if suffix == ".xlsx":
        return _xlsx_bytes(sheet, rows, text_columns, hidden_columns)
    if suffix == ".ods":
        return _ods_bytes(sheet, rows, hidden_columns)
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

    archive = _opened_zip(name, data, Message("an XLSX workbook"))
    for member in archive.infolist():
        if member.filename.endswith((".xml", ".rels")) and member.file_size:
            _well_formed(name, archive, member.filename)
    try:
        workbook = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=False)
    except Exception as exc:  # openpyxl raises what zipfile and its XML parser raise, unwrapped
        raise SheetRefused([Message("{file}: not an XLSX workbook that can be read ({reason})",
                                    file=name, reason=exc)]) from None
    try:
        measured = [(sheet, _measure_xlsx_sheet(name, sheet.title, archive, sheet._worksheet_path))
                    for sheet in workbook.worksheets]
        sheets = [(sheet, extent) for sheet, extent in measured if extent.cells]
        _one_sheet_with_data(name, [sheet.title for sheet, _ in sheets])
        sheet, extent = sheets[0]
        grid = Grid(name, sheet.title)
        faults = {(row, column): f"{grid.where(row, column)}: merged cells ({coordinate}); unmerge "
                  "them, each value in its own cell" for row, column, coordinate in extent.merged}
        rows = []
        try:
            for index, cells in enumerate(sheet.iter_rows(min_row=1, max_row=extent.rows, min_col=1,
                                                          max_col=extent.columns)):
                values = []
                for column, cell in enumerate(cells):
                    if cell.data_type == "f":
                        faults[index, column] = Message("{cell}: a formula ({formula}); type the value "
                                                        "itself", cell=grid.where(index, column),
                                                        formula=cell.value)
                        values.append(None)
                    elif cell.data_type == "e":
                        faults[index, column] = Message("{cell}: an error value ({value}); type the value "
                                                        "itself", cell=grid.where(index, column),
                                                        value=cell.value)
                        values.append(None)
                    elif isinstance(cell.value, str) and len(cell.value) > MAX_CELL_CHARACTERS:
                        faults[index, column] = Message("{cell}: {count} characters; a cell cardkit reads "
                                                        "holds at most {limit}",
                                                        cell=grid.where(index, column),
                                                        count=f"{len(cell.value):,}",
                                                        limit=f"{MAX_CELL_CHARACTERS:,}")
                        values.append(None)
                    else:
                        values.append(cell.value if cell.value != "" else None)
                rows.append(values)
        except (IndexError, KeyError, TypeError, ValueError) as exc:  # openpyxl's cell reader
            raise SheetRefused([f"{name}, sheet {sheet.title}: a cell cannot be read ({exc}); save "
                                "the sheet again from the spreadsheet program"]) from None
    finally:
        workbook.close()
    grid.rows = _trimmed(rows)
    grid.faults = faults
    _hidden_with_data(grid, extent.hidden_rows, extent.hidden_columns)
    return grid


def _opened_zip(name: str, data: bytes, kind: Message) -> zipfile.ZipFile:
    """The file as a zip archive whose every member unpacks to a bounded size."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        members = archive.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, OSError) as exc:
        raise SheetRefused([Message("{file}: not {kind} that can be read ({reason})", file=name,
                                    kind=kind, reason=exc)]) from None
    for member in members:
        if member.file_size > MAX_UNPACKED_BYTES:
            raise SheetRefused([f"{name}: its part {member.filename} unpacks to "
                                f"{member.file_size:,} bytes; a sheet cardkit reads unpacks to at "
                                f"most {MAX_UNPACKED_BYTES:,} bytes a part"])
        if member.file_size > PACKING_RATIO_FROM \
                and member.file_size > MAX_PACKING_RATIO * max(member.compress_size, 1):
            raise SheetRefused([f"{name}: its part {member.filename} unpacks to "
                                f"{member.file_size:,} bytes from {member.compress_size:,}, more "
                                f"than {MAX_PACKING_RATIO} times its size; a spreadsheet program "
                                "packs nothing that tightly"])
    return archive


def _xml_parser(name: str, member: str):
    from xml.parsers import expat

    parser = expat.ParserCreate()

    def refuse_doctype(*_):
        raise SheetRefused([f"{name}: its part {member} has a DOCTYPE, which no spreadsheet "
                            "program writes; save the sheet again from the spreadsheet program"])

    parser.StartDoctypeDeclHandler = refuse_doctype
    parser.EntityDeclHandler = refuse_doctype
    return parser


def _parse(name: str, archive: zipfile.ZipFile, member: str, parser) -> None:
    from xml.parsers import expat

    try:
        with archive.open(member) as stream:
            parser.ParseFile(stream)
    except expat.ExpatError as exc:
        raise SheetRefused([f"{name}: its part {member} is not well-formed XML (line "
                            f"{exc.lineno}: {expat.ErrorString(exc.code)})"]) from None
    except (zipfile.BadZipFile, zlib.error, NotImplementedError, ValueError, OSError,
            EOFError) as exc:  # damaged, or packed by a method zipfile does not know
        raise SheetRefused([f"{name}: its part {member} cannot be unpacked ({exc})"]) from None


def _well_formed(name: str, archive: zipfile.ZipFile, member: str) -> None:
    _parse(name, archive, member, _xml_parser(name, member))


@dataclass
class _Extent:
    """What a worksheet's XML holds, measured without building it: the rows and columns up
    to its last cell with a value, its merged ranges and hidden rows and columns."""

    rows: int = 0
    columns: int = 0
    cells: int = 0
    merged: list[tuple[int, int, str]] = field(default_factory=list)
    hidden_rows: set[int] = field(default_factory=set)
    hidden_columns: set[int] = field(default_factory=set)


_CELL_REFERENCE = re.compile(r"\$?([A-Z]{1,3})\$?([0-9]{1,7})")


def _cell_reference(reference: str) -> tuple[int, int] | None:
    """The 0-based row and column of `B7`, None for what is not a cell reference."""
    found = _CELL_REFERENCE.fullmatch(reference or "")
    return (int(found.group(2)) - 1, _column_index(found.group(1))) if found else None


def _beyond(name: str, sheet: str, row: int, column: int, what: str) -> SheetRefused | None:
    if row >= MAX_ROWS:
        return SheetRefused([f"{name}, sheet {sheet}: {what} reaches row {row + 1:,}; a sheet "
                             f"cardkit reads has at most {MAX_ROWS:,} rows"])
    if column >= MAX_COLUMNS:
        return SheetRefused([f"{name}, sheet {sheet}: {what} reaches column {column_letters(column)} "
                             f"(the {column + 1:,}th); a sheet cardkit reads has at most "
                             f"{MAX_COLUMNS} columns"])
    return None


def _measure_xlsx_sheet(name: str, sheet: str, archive: zipfile.ZipFile, member: str) -> _Extent:
    extent = _Extent()
    parser = _xml_parser(name, member)
    state = {"row": -1, "column": -1, "cell": None, "text": 0, "number": False, "counted": False}

    def refuse(fault: SheetRefused | None) -> None:
        if fault is not None:
            raise fault

    def start(tag: str, attributes: dict) -> None:
        tag = tag.rpartition(":")[2]
        if tag == "dimension":
            last = _cell_reference(attributes.get("ref", "").rpartition(":")[2])
            if last is not None:
                refuse(_beyond(name, sheet, *last, f"its declared size ({attributes['ref']})"))
        elif tag == "row":
            number = attributes.get("r")
            if number is not None and not (number.isascii() and number.isdigit() and int(number)):
                raise SheetRefused([f"{name}, sheet {sheet}: a row numbered {number!r}, not a whole "
                                    "number from 1; save the sheet again from the spreadsheet program"])
            state["row"] = int(number) - 1 if number is not None else state["row"] + 1
            state["column"] = -1
            if attributes.get("hidden") in ("1", "true") and state["row"] < MAX_ROWS:
                extent.hidden_rows.add(state["row"])
        elif tag == "c":
            place = _cell_reference(attributes.get("r", ""))
            if place is not None and place[0] != state["row"]:
                raise SheetRefused([f"{name}, sheet {sheet}: the cell {attributes['r']} stands in "
                                    f"row {state['row'] + 1:,}; save the sheet again from the "
                                    "spreadsheet program"])
            state["cell"] = place if place is not None else (state["row"], state["column"] + 1)
            state["column"] = state["cell"][1]
            state["text"] = 0
            state["number"] = attributes.get("t", "n") == "n"
            state["counted"] = False
        elif tag in ("v", "is", "f") and state["cell"] is not None and not state["counted"]:
            row, column = state["cell"]
            refuse(_beyond(name, sheet, row, column, f"a value at {column_letters(column)}{row + 1}"))
            extent.rows, extent.columns = max(extent.rows, row + 1), max(extent.columns, column + 1)
            extent.cells += 1
            state["counted"] = True
        elif tag == "col":
            if attributes.get("hidden") in ("1", "true"):
                first, last = (int(attributes.get(end, "0")) if attributes.get(end, "").isdigit() else 0
                               for end in ("min", "max"))
                # A range may run to the last column a spreadsheet has (XFD): only the
                # columns a value can stand in count.
                extent.hidden_columns |= set(range(max(first - 1, 0), min(last, MAX_COLUMNS)))
        elif tag == "mergeCell":
            first = _cell_reference(attributes.get("ref", "").partition(":")[0])
            if first is not None and first[0] < MAX_ROWS and first[1] < MAX_COLUMNS:
                extent.merged.append((*first, attributes["ref"]))

    def end(tag: str) -> None:
        if tag.rpartition(":")[2] == "c":
            state["cell"] = None

    def characters(text: str) -> None:
        if state["cell"] is None:
            return
        state["text"] += len(text)
        row, column = state["cell"]
        limit = MAX_NUMBER_CHARACTERS if state["number"] else MAX_CELL_CHARACTERS
        if state["text"] > limit:
            what = "a number of more than" if state["number"] else "more than"
            raise SheetRefused([f"{name}, sheet {sheet}, {column_letters(column)}{row + 1}: "
                                f"{what} {limit:,} characters; a cell cardkit reads holds at most "
                                f"{limit:,}"])

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = characters
    _parse(name, archive, member, parser)
    return extent


def _column_index(letters: str) -> int:
    index = 0
    for letter in letters:
        index = index * 26 + ord(letter) - ord("A") + 1
    return index - 1


def _hidden_with_data(grid: Grid, hidden_rows: set[int], hidden_columns: set[int]) -> None:
    """A fault at the first value of each hidden row or column holding data, the rest of it
    blanked: what is imported is what is seen."""
    for row in sorted(hidden_rows):
        if row < len(grid.rows) and any(value is not None for value in grid.rows[row]):
            column = next(index for index, value in enumerate(grid.rows[row]) if value is not None)
            grid.faults[row, column] = Message("{cell}: a hidden row holding data; show it (or delete "
                                               "it) so what is imported is what you see",
                                               cell=grid.where(row, column))
            for index in range(len(grid.rows[row])):
                grid._blank(row, index)
    for column in sorted(hidden_columns):
        if grid.rows and grid.value(0, column) == BASE_HEADER:
            continue
        # Its header alone is no data: a column hidden for holding nothing to edit.
        row = next((index for index, cells in enumerate(grid.rows) if index > 0
                    and column < len(cells) and cells[column] is not None), None)
        if row is not None:
            grid.faults[row, column] = Message("{cell}: a hidden column holding data; show it (or "
                                               "delete it) so what is imported is what you see",
                                               cell=grid.where(row, column))
            for index in range(1, len(grid.rows)):
                grid._blank(index, column)


def column_widths(rows: list[list[Any]]) -> list[int]:
    """Each column's width in characters: its longest line (ids and names whole), between
    8 and 40, so a long text wraps rather than pushing the rest of the row away."""
    width = max((len(row) for row in rows), default=0)
    longest = [0] * width
    for row in rows:
        for index, value in enumerate(row):
            if value is not None:
                longest[index] = max(longest[index], *(len(line) for line in str(value).split("\n")))
    return [min(max(length + 2, 8), 40) for length in longest]


def _xlsx_bytes(sheet_name: str, rows: list[list[Any]], text_columns: set[int],
                hidden_columns: frozenset[int]) -> bytes:
    import openpyxl
    from openpyxl.utils import get_column_letter

    # Write-only: rows are streamed, so no cell is made for an empty one (a quarter of the
    # time for a 500-card export); a text column's format is the column's own, so what is
    # typed later into an empty cell or a new row stays text.
    workbook = openpyxl.Workbook(write_only=True)
    sheet = workbook.create_sheet(sheet_name)
    for index, width in enumerate(column_widths(rows)):
        dimension = sheet.column_dimensions[get_column_letter(index + 1)]
        dimension.width = width
        dimension.hidden = index in hidden_columns
        if index in text_columns:
            dimension.number_format = "@"
    sheet.freeze_panes = "B2"
    for row in rows:
        sheet.append([None if value is None else _xlsx_cell(sheet, value, index in text_columns)
                      for index, value in enumerate(row)])
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def _xlsx_cell(sheet, value: Any, text_column: bool):
    from openpyxl.cell import WriteOnlyCell

    cell = WriteOnlyCell(sheet, value)
    if isinstance(value, str):
        cell.data_type = "s"  # openpyxl would write a text starting with = as a formula
    if text_column:
        cell.number_format = "@"
    return cell


# ODS


def _read_ods(name: str, data: bytes) -> Grid:
    from odfdo import Document

    archive = _opened_zip(name, data, Message("an ODS spreadsheet"))
    for member in archive.infolist():
        if member.filename.endswith(".xml") and member.file_size:  # LibreOffice leaves some empty
            _well_formed(name, archive, member.filename)
    try:
        document = Document(io.BytesIO(data))
        tables = document.body.get_tables()
    except Exception as exc:  # odfdo raises what zipfile and lxml raise, unwrapped
        raise SheetRefused([Message("{file}: not an ODS spreadsheet that can be read ({reason})",
                                    file=name, reason=exc)]) from None
    with_data = [grid for grid in map(_ods_table, [name] * len(tables), tables) if grid.rows]
    _one_sheet_with_data(name, [grid.sheet for grid in with_data])
    return with_data[0]


def _ods_table(name: str, table) -> Grid:
    """A table's cells. A spreadsheet program writes the empty rest of a sheet as rows and
    cells repeated a million times; a repeated run is counted, never expanded, and stands
    in the grid only where data follows it."""
    grid = Grid(name, table.name)
    rows: list[list[Any]] = []
    hidden_rows: set[int] = set()
    empty_rows = 0
    for row in table.xpath("descendant::table:table-row"):
        repeated = _repeat(grid, row, "table:number-rows-repeated")
        index = len(rows) + empty_rows
        values = _ods_row(grid, row, index)
        if not values:
            empty_rows += repeated
            continue
        fault = _beyond(grid.file, grid.sheet, index + repeated - 1, 0,
                        f"row {index + 1}, repeated {repeated:,} times,")
        if fault is not None:
            raise fault
        rows += [[] for _ in range(empty_rows)]
        empty_rows = 0
        if row.get_attribute("table:visibility") in ("collapse", "filter"):
            hidden_rows |= set(range(index, index + repeated))
        rows += [list(values) for _ in range(repeated)]
    grid.rows = _trimmed(rows)
    _hidden_with_data(grid, hidden_rows, _ods_hidden_columns(grid, table))
    return grid


def _ods_row(grid: Grid, row, index: int) -> list[Any]:
    values: list[Any] = []
    empty = 0
    for cell in row.xpath("table:table-cell|table:covered-table-cell"):
        repeated = _repeat(grid, cell, "table:number-columns-repeated")
        column = len(values) + empty
        spanned = [cell.get_attribute(f"table:number-{what}-spanned") for what in ("columns", "rows")]
        if any(span not in (None, "1", 1) for span in spanned):
            grid.faults[index, column] = Message("{cell}: merged cells; unmerge them, each value in "
                                                 "its own cell", cell=grid.where(index, column))
        if cell.tag == "table:covered-table-cell":
            value = None
        elif cell.get_attribute("table:formula"):
            grid.faults[index, column] = Message("{cell}: a formula ({formula}); type the value itself",
                                                 cell=grid.where(index, column),
                                                 formula=cell.get_attribute("table:formula"))
            value = None
        elif len(str(cell.get_attribute("office:value") or "")) > MAX_NUMBER_CHARACTERS:
            grid.faults[index, column] = (f"{grid.where(index, column)}: a number of more than "
                                          f"{MAX_NUMBER_CHARACTERS} characters; a cell cardkit reads "
                                          f"holds at most {MAX_NUMBER_CHARACTERS}")
            value = None
        else:
            value = _ods_value(cell)
        if value is None:
            empty += repeated
            continue
        fault = _beyond(grid.file, grid.sheet, index, column + repeated - 1,
                        f"the value at {column_letters(column)}{index + 1}, repeated {repeated:,} times,")
        if fault is not None:
            raise fault
        if isinstance(value, str) and len(value) > MAX_CELL_CHARACTERS:
            grid.faults[index, column] = Message("{cell}: {count} characters; a cell cardkit reads "
                                                 "holds at most {limit}", cell=grid.where(index, column),
                                                 count=f"{len(value):,}", limit=f"{MAX_CELL_CHARACTERS:,}")
            value = None
            empty += repeated
            continue
        values += [None] * empty + [value] * repeated
        empty = 0
    return values


def _repeat(grid: Grid, element, attribute: str) -> int:
    """A repeat count, refused unless it is a whole number from 1."""
    given = element.get_attribute(attribute)
    if given is None:
        return 1
    text = str(given).strip()
    if text.isascii() and text.isdigit() and len(text) <= 12 and int(text) >= 1:
        return int(text)
    raise SheetRefused([f"{grid.file}, sheet {grid.sheet}: the repeat count "
                        f"{attribute.partition(':')[2]}={given!r} is not a whole number from 1; "
                        "save the sheet again from the spreadsheet program"])


def _ods_hidden_columns(grid: Grid, table) -> set[int]:
    hidden: set[int] = set()
    index = 0
    for column in table.xpath("descendant::table:table-column"):
        repeated = _repeat(grid, column, "table:number-columns-repeated")
        if column.get_attribute("table:visibility") in ("collapse", "filter"):
            hidden |= set(range(index, min(index + repeated, MAX_COLUMNS)))
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


def _ods_bytes(sheet_name: str, rows: list[list[Any]], hidden_columns: frozenset[int]) -> bytes:
    from odfdo import Column, Document, Style, Table

    document = Document("spreadsheet")
    document.body.clear()
    table = Table(sheet_name)
    width = max(len(row) for row in rows)
    table.set_values([row + [None] * (width - len(row)) for row in rows])
    for index, characters in enumerate(column_widths(rows)):
        name = f"co{index + 1}"
        # About 0.2 cm a character in the default 10 pt font.
        document.insert_style(Style("table-column", name=name, width=f"{characters * 0.2:.2f}cm"),
                              automatic=True)
        column = Column(style=name)
        if index in hidden_columns:
            column.set_attribute("table:visibility", "collapse")
        table.set_column(index, column)
    document.body.append(table)
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


# CSV

LEGACY_CSV = Message("is not UTF-8: it looks saved in a legacy code page (such as Windows-1252). "
                     "Save it as UTF-8: in Excel, File > Save As > \"CSV UTF-8 (Comma delimited)\"; "
                     "in LibreOffice, Save As CSV with the character set \"Unicode (UTF-8)\"")


def _read_csv(name: str, data: bytes) -> Grid:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise SheetRefused([Message("{file}, line {line}: {reason}", file=name, line=line,
                                    reason=LEGACY_CSV)]) from None
    text = text.removeprefix(UTF8_BOM)
    first_line = text.split("\n", 1)[0]
    delimiter = ";" if ";" in first_line else ","
    grid = Grid(name, None)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    rows = []
    try:
        for row in reader:
            if len(rows) >= MAX_ROWS:
                raise SheetRefused([f"{name}, line {reader.line_num}: a row past the "
                                    f"{MAX_ROWS:,}th; a sheet cardkit reads has at most {MAX_ROWS:,} rows"])
            if len(row) > MAX_COLUMNS:
                raise SheetRefused([f"{name}, line {reader.line_num}: {len(row):,} cells; a sheet "
                                    f"cardkit reads has at most {MAX_COLUMNS} columns"])
            for column, cell in enumerate(row):
                if len(cell) > MAX_CELL_CHARACTERS:
                    raise _csv_cell_too_large(grid, len(rows), column)
            rows.append([_csv_text(cell) if cell != "" else None for cell in row])
    except csv.Error as exc:
        if "field limit" in str(exc):  # the csv module's own limit, above ours
            raise _csv_cell_too_large(grid, len(rows), None) from None
        raise SheetRefused([Message("{file}, line {line}: not CSV that can be read ({reason})",
                                    file=name, line=reader.line_num, reason=exc)]) from None
    grid.rows = _trimmed(rows)
    return grid


def _csv_cell_too_large(grid: Grid, row: int, column: int | None) -> SheetRefused:
    where = grid.where(row, column) if column is not None else f"{grid.file}, row {row + 1}"
    return SheetRefused([f"{where}: a cell of more than {MAX_CELL_CHARACTERS:,} characters; a cell "
                         f"cardkit reads holds at most {MAX_CELL_CHARACTERS:,}"])


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


def _one_sheet_with_data(name: str, titles: list[str]) -> None:
    """Refuses a workbook whose sheets with data are not exactly one."""
    if len(titles) != 1:
        raise SheetRefused([Message("{file}: holds {count} sheets with data ({sheets}); import one "
                                    "sheet per file, as `cardkit sheet export` writes it", file=name,
                                    count=len(titles), sheets=", ".join(titles) or Message("none"))])
