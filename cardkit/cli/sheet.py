"""`cardkit sheet export` and `cardkit sheet import`: the cards of one kind as a spreadsheet."""

from __future__ import annotations

from pathlib import Path

import click

from cardkit.cli.errors import NOTHING_WRITTEN, Failure
from cardkit.cli.options import (UsageError, load_or_fail, require_database, root_option, write_output_file,
                                 writing_database)
from cardkit.i18n.importer import read_exchange_file
from cardkit.intake.grid import FORMATS, SheetRefused, read_grid
from cardkit.intake.sheet_export import export_sheet
from cardkit.intake.sheet_import import import_sheet
from cardkit.intake.sheet_layout import SheetUsage
from cardkit.messages import Message, reader_catalogue
from cardkit.source.boundary import InputRefused
from cardkit.source.edit import EditRefused


@click.group("sheet")
def sheet_group() -> None:
    """Edit the cards of one kind as a spreadsheet (XLSX, ODS, or CSV as Excel writes it)."""


def _suffix(path: Path) -> str:
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise UsageError(Message("{file}: cannot tell the format; name the file .xlsx, .ods or .csv",
                                 file=path))
    return suffix


@sheet_group.command("export")
@click.option("--game", required=True, help="The game (duel, classic, cosmic, vanguard).")
@click.option("--kind", required=True, help="The card kind (alien, plan...).")
@click.option("--lang", "languages", default="en,es,de", show_default=True,
              help="The languages whose texts get columns, comma-separated.")
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False, path_type=Path),
              help="The file to write: .xlsx, .ods or .csv (semicolons, UTF-8 with a byte-order mark).")
@root_option
def export_command(game: str, kind: str, languages: str, output: Path, root: Path) -> None:
    """Write every card of one kind of one game as a spreadsheet, one row per card."""
    suffix = _suffix(output)
    checked = load_or_fail(require_database(root))
    try:
        data = export_sheet(checked.database, game, kind,
                            [language.strip() for language in languages.split(",") if language.strip()],
                            suffix)
    except SheetUsage as exc:
        raise UsageError(exc) from None
    write_output_file(output, data)


@sheet_group.command("import")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--game", help="Refuse the sheet unless it holds cards of this game.")
@click.option("--kind", help="Refuse the sheet unless it holds cards of this kind.")
@click.option("--overwrite", is_flag=True,
              help="Keep the sheet's value of a cell changed in the database since the export too.")
@root_option
def import_command(file: Path, game: str | None, kind: str | None, overwrite: bool, root: Path) -> None:
    """Write a spreadsheet's rows back into the database: new rows are new cards, changed
    cells edited fields, empty cells leave their fields as they are.

    The whole sheet is checked first, and then the database as the import would leave it,
    with every check of `cardkit validate`; any error refuses the whole sheet, naming the
    cell, and nothing is written. Translations come in unconfirmed unless the language's
    `confirmed` column says yes."""
    _suffix(file)
    try:
        raw = read_exchange_file(file)
    except InputRefused as exc:
        raise UsageError(exc) from None
    with writing_database(require_database(root)):
        checked = load_or_fail(root)
        try:
            report = import_sheet(checked, read_grid(file, raw), game, kind, overwrite)
        except SheetRefused as exc:
            raise Failure(exc, NOTHING_WRITTEN) from None
        except EditRefused as exc:
            raise Failure(exc) from None
    catalogue = reader_catalogue()
    for change in report.changes:
        click.echo(f"{change.card_id}: {catalogue.say(change.what)}")
    for line in report.summary():
        click.echo(catalogue.say(line), err=True)
