"""A sheet's base: each exported row records what it was exported from, so `cardkit sheet
import` keeps what a teammate changed in the database since the export, takes the sheet's
own edits, and refuses a cell changed both ways unless told to overwrite. Each format is
edited as its own program would (the CSV as text, the XLSX through openpyxl, the ODS through
odfdo), so the hidden base column goes through the save. The database is the printed
minimal one: its Spanish texts are the printed wording, as the shipped database's are, so an
edit of one marks nothing provisional."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner
from odfdo import Document

from cardkit.cli import main
from cardkit.i18n.writer import FACTS_TAIL, EntryValue, LocaleEdits, Translation, write_texts
from cardkit.intake.grid import BASE_HEADER, column_letters, grid_bytes, read_grid
from cardkit.model.database import load_database
from tests.conftest import copy_minimal_printed
from tests.rules.conftest import replace_in

FORMATS = [".csv", ".xlsx", ".ods"]
ALIENS_FACTS = Path("cards/duel/aliens.yaml")
ALIENS_ES = Path("locales/es/duel/aliens.yaml")
NO_BASE = ("no 'cardkit base' column (a sheet made by hand, or exported by an older cardkit), so "
           "a cell changed in the database since the sheet was made cannot be told from an edit: "
           "the sheet's value is written over it")


def run(*arguments: str):
    return CliRunner().invoke(main, list(arguments))


def snapshot(root: Path) -> dict[Path, bytes]:
    return {path: path.read_bytes() for folder in ("cards", "locales")
            for path in sorted((root / folder).rglob("*")) if path.is_file()}


def exported(tmp_path: Path, suffix: str) -> tuple[Path, Path]:
    root = copy_minimal_printed(tmp_path / "db")
    sheet = tmp_path / f"aliens{suffix}"
    result = run("sheet", "export", "--game", "duel", "--kind", "alien", "--lang", "en,es",
                 "-o", str(sheet), "--root", str(root))
    assert result.exit_code == 0, result.output
    return root, sheet


def teammate_edits(root: Path, *edits: tuple[Path, Translation | EntryValue]) -> None:
    """Edits written into the database as every other command writes them."""
    pending = LocaleEdits(root)
    for file, edit in edits:
        pending.add(file, edit)
    write_texts(root, pending.texts())


def place(sheet: Path, card_id: str, header: str) -> str:
    """Where a card's cell stands, as messages name it: `aliens.xlsx, sheet alien, U7`."""
    grid = read_grid(sheet, sheet.read_bytes())
    row = next(index for index, cells in enumerate(grid.rows) if cells[0] == card_id)
    return grid.where(row, grid.rows[0].index(header))


def edit_cells(sheet: Path, changes: dict[tuple[str, str], object]) -> None:
    """The sheet with each (card id, header) cell set, saved by the format's own tool."""
    grid = read_grid(sheet, sheet.read_bytes())
    headers = grid.rows[0]
    at = {(card_id, header): (next(index for index, cells in enumerate(grid.rows) if cells[0] == card_id),
                              headers.index(header)) for card_id, header in changes}
    if sheet.suffix == ".csv":
        rows = [list(cells) + [None] * (len(headers) - len(cells)) for cells in grid.rows]
        for key, value in changes.items():
            row, column = at[key]
            rows[row][column] = value
        sheet.write_bytes(grid_bytes(".csv", "alien", rows, set()))
    elif sheet.suffix == ".xlsx":
        workbook = openpyxl.load_workbook(sheet)
        for key, value in changes.items():
            row, column = at[key]
            workbook["alien"].cell(row + 1, column + 1, value)
        workbook.save(sheet)
    else:
        document = Document(sheet)
        table = document.body.get_tables()[0]
        for key, value in changes.items():
            row, column = at[key]
            table.set_value((column, row), value)
        document.save(sheet)


PUNISH_NAME = (ALIENS_ES, Translation("iron-matron", "powers.punish.name", text="Castigo duro"))
PUNISH_TIMING = (ALIENS_FACTS, EntryValue("iron-matron", ("powers", "punish", "timing"), "duels",
                                          tail=FACTS_TAIL))


@pytest.mark.parametrize("suffix", FORMATS)
def test_a_database_edit_since_the_export_survives_an_edit_of_another_cell(tmp_path, suffix):
    root, sheet = exported(tmp_path, suffix)
    teammate_edits(root, PUNISH_NAME, PUNISH_TIMING)
    edit_cells(sheet, {("iron-matron", "es:name"): "Matrona férrea"})

    result = run("sheet", "import", str(sheet), "--root", str(root))
    assert result.exit_code == 0, result.output
    assert result.stdout == "iron-matron: es:name\n"
    assert result.stderr == "locales/es/duel/aliens.yaml: 1 card changed\n1 card changed\n"
    database = load_database(root)[0]
    spanish = database.text("es", "iron-matron").texts
    assert spanish["name"] == "Matrona férrea"
    assert spanish["powers.punish.name"] == "Castigo duro"
    assert database.cards["iron-matron"].powers["punish"].timing == "duels"


@pytest.mark.parametrize("suffix", FORMATS)
def test_a_cell_changed_both_in_the_sheet_and_in_the_database_is_refused(tmp_path, suffix):
    root, sheet = exported(tmp_path, suffix)
    teammate_edits(root, PUNISH_NAME, PUNISH_TIMING)
    edit_cells(sheet, {("iron-matron", "es:powers.punish.name"): "Castigo severo",
                       ("iron-matron", "powers.punish.timing"): "contests"})
    before = snapshot(root)

    result = run("sheet", "import", str(sheet), "--root", str(root))
    assert result.exit_code == 1
    assert result.stderr == (
        f"Error: {place(sheet, 'iron-matron', 'powers.punish.timing')}: iron-matron's "
        "powers.punish.timing changed both in the sheet and in the database since the export: "
        "the database has 'duels', the sheet 'contests'; import with --overwrite to keep the sheet's\n"
        f"{place(sheet, 'iron-matron', 'es:powers.punish.name')}: iron-matron's "
        "es:powers.punish.name changed both in the sheet and in the database since the export: "
        "the database has 'Castigo duro', the sheet 'Castigo severo'; import with --overwrite to "
        "keep the sheet's\n"
        "nothing was written\n")
    assert snapshot(root) == before


@pytest.mark.parametrize("suffix", FORMATS)
def test_overwrite_keeps_the_sheet_s_value_of_a_cell_changed_both_ways(tmp_path, suffix):
    root, sheet = exported(tmp_path, suffix)
    teammate_edits(root, PUNISH_NAME)
    edit_cells(sheet, {("iron-matron", "es:powers.punish.name"): "Castigo severo"})

    result = run("sheet", "import", str(sheet), "--overwrite", "--root", str(root))
    assert result.exit_code == 0, result.output
    assert result.stdout == "iron-matron: es:powers.punish.name\n"
    assert result.stderr == (
        f"warning: {place(sheet, 'iron-matron', 'es:powers.punish.name')}: iron-matron's "
        "es:powers.punish.name changed in the database since the export: its 'Castigo duro' "
        "replaced by the sheet's 'Castigo severo' (--overwrite)\n"
        "locales/es/duel/aliens.yaml: 1 card changed\n1 card changed\n")
    assert load_database(root)[0].text("es", "iron-matron").texts["powers.punish.name"] == "Castigo severo"


def test_the_same_edit_made_in_the_sheet_and_in_the_database_is_no_conflict(tmp_path):
    root, sheet = exported(tmp_path, ".csv")
    teammate_edits(root, PUNISH_NAME)
    edit_cells(sheet, {("iron-matron", "es:powers.punish.name"): "Castigo duro"})
    before = snapshot(root)
    result = run("sheet", "import", str(sheet), "--root", str(root))
    assert result.exit_code == 0, result.output
    assert result.stderr == "no change\n"
    assert snapshot(root) == before


def test_an_xlsx_or_ods_export_hides_the_base_column(tmp_path):
    _, xlsx = exported(tmp_path, ".xlsx")
    _, ods = exported(tmp_path / "ods", ".ods")
    sheet = openpyxl.load_workbook(xlsx)["alien"]
    last = sheet.max_column
    assert sheet.cell(1, last).value == BASE_HEADER
    assert sheet.column_dimensions[column_letters(last - 1)].hidden
    table = Document(ods).body.get_tables()[0]
    assert table.get_values()[0][-1] == BASE_HEADER
    assert table.get_column(table.width - 1).get_attribute("table:visibility") == "collapse"


def base_cell(sheet: Path, card_id: str) -> str:
    grid = read_grid(sheet, sheet.read_bytes())
    return next(cells[-1] for cells in grid.rows if cells[0] == card_id)


@pytest.mark.parametrize("damage", ["changed", "moved"])
def test_a_base_damaged_by_hand_is_refused_naming_its_cell(tmp_path, damage):
    root, sheet = exported(tmp_path, ".csv")
    base = base_cell(sheet, "iron-matron")
    damaged = (base[:-1] + ("a" if base[-1] != "a" else "b") if damage == "changed"
               else base_cell(sheet, "pickle"))
    edit_cells(sheet, {("iron-matron", BASE_HEADER): damaged})
    before = snapshot(root)
    result = run("sheet", "import", str(sheet), "--root", str(root))
    assert result.exit_code == 1
    assert result.stderr == (
        f"Error: {place(sheet, 'iron-matron', BASE_HEADER)}: not the base the export wrote for "
        "iron-matron's row (changed by hand, or copied from another row); export the sheet "
        "again, or clear the cell to write the row over the database's changes since the export\n"
        "nothing was written\n")
    assert snapshot(root) == before


def test_a_row_whose_base_was_cleared_is_written_as_before_with_a_warning(tmp_path):
    root, sheet = exported(tmp_path, ".csv")
    teammate_edits(root, PUNISH_NAME)
    edit_cells(sheet, {("iron-matron", BASE_HEADER): None})
    result = run("sheet", "import", str(sheet), "--root", str(root))
    assert result.exit_code == 0, result.output
    assert result.stdout == "iron-matron: es:powers.punish.name\n"
    assert result.stderr == (
        f"warning: {place(sheet, 'iron-matron', BASE_HEADER)}: no base for iron-matron's row "
        "(typed in, or its base cleared), so its cells are written over the database's even "
        "where it changed since the export\n"
        "locales/es/duel/aliens.yaml: 1 card changed\n1 card changed\n")
    assert load_database(root)[0].text("es", "iron-matron").texts["powers.punish.name"] == "Castigo"


def test_a_sheet_with_no_base_column_imports_as_before_with_a_warning(tmp_path):
    """An export of an older cardkit, or a sheet made by hand: the sheet's value wins."""
    root, sheet = exported(tmp_path, ".csv")
    teammate_edits(root, PUNISH_NAME)
    rows = read_grid(sheet, sheet.read_bytes()).rows
    sheet.write_bytes(grid_bytes(".csv", "alien", [cells[:-1] for cells in rows], set()))
    result = run("sheet", "import", str(sheet), "--root", str(root))
    assert result.exit_code == 0, result.output
    assert result.stdout == "iron-matron: es:powers.punish.name\n"
    assert result.stderr == (f"warning: aliens.csv: {NO_BASE}\n"
                             "locales/es/duel/aliens.yaml: 1 card changed\n1 card changed\n")


def test_a_new_row_copied_from_an_exported_one_is_a_new_card_whatever_its_base(tmp_path):
    root, sheet = exported(tmp_path, ".csv")
    replace_in(root / "cards/duel/box.yaml", "printings:\n",
               "printings:\n  duel-en-1: {language: en, publisher: A publisher, year: 2024}\n")
    teammate_edits(root, PUNISH_NAME)
    rows = read_grid(sheet, sheet.read_bytes()).rows
    copied = list(next(cells for cells in rows if cells[0] == "iron-matron"))
    copied[0] = "steel-matron"
    copied[rows[0].index("printing")] = "duel-en-1"
    copied[rows[0].index("en:name")] = "Steel Matron"
    copied[rows[0].index("es:name")] = "Matrona de acero"
    sheet.write_bytes(grid_bytes(".csv", "alien", rows + [copied], set()))
    result = run("sheet", "import", str(sheet), "--root", str(root))
    assert result.exit_code == 0, result.output
    assert result.stdout == "steel-matron: new card\n"
    assert result.stderr == ("cards/duel/aliens.yaml: 1 card added\nlocales/en/duel/aliens.yaml: 1 card added\n"
                             "locales/es/duel/aliens.yaml: 1 card added\n1 card added\n")
    database = load_database(root)[0]
    assert database.text("es", "steel-matron").texts["powers.punish.name"] == "Castigo"
    assert database.text("es", "iron-matron").texts["powers.punish.name"] == "Castigo duro"


def test_a_column_added_by_hand_to_an_export_is_read_as_before(tmp_path):
    """The base knows only the columns the export wrote: a column added afterwards (here the
    Spanish one, to an English export) has no exported value to hold a change against."""
    root = copy_minimal_printed(tmp_path / "db")
    sheet = tmp_path / "aliens.csv"
    assert run("sheet", "export", "--game", "duel", "--kind", "alien", "--lang", "en", "-o", str(sheet),
               "--root", str(root)).exit_code == 0
    teammate_edits(root, PUNISH_NAME)
    rows = read_grid(sheet, sheet.read_bytes()).rows
    rows = [cells[:-1] + [value, cells[-1]] for cells, value in zip(
        rows, ["es:powers.punish.name"] + [None] * (len(rows) - 1))]
    rows[next(index for index, cells in enumerate(rows) if cells[0] == "iron-matron")][-2] = "Castigo severo"
    sheet.write_bytes(grid_bytes(".csv", "alien", rows, set()))
    result = run("sheet", "import", str(sheet), "--root", str(root))
    assert result.exit_code == 0, result.output
    assert result.stdout == "iron-matron: es:powers.punish.name\n"
    assert load_database(root)[0].text("es", "iron-matron").texts["powers.punish.name"] == "Castigo severo"
