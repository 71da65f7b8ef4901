"""`cardkit i18n export` and `cardkit i18n import`: the translators' exchange files."""

from __future__ import annotations

from pathlib import Path

import click

from cardkit.cli.options import (UsageError, WriteError, announce_recovery, load_or_fail, require_database,
                                 writing_database)
from cardkit.i18n.exchange import (ImportRefused, LocaleRefused, build_catalogue, import_catalogue,
                                   read_exchange_file)
from cardkit.i18n.po import read_po, write_po
from cardkit.i18n.xliff import XliffUnwritable, read_xliff, write_xliff
from cardkit.source.boundary import InputRefused
from cardkit.source.edit import EditRefused
from cardkit.source.transaction import Transaction, WriteFailed

WRITERS = {"po": write_po, "xliff": write_xliff}
READERS = {".po": read_po, ".xlf": read_xliff, ".xliff": read_xliff}

root_option = click.option("--root", type=click.Path(file_okay=False, path_type=Path), default=".",
                           show_default=True, help="The database folder.")


@click.group("i18n")
def i18n_group() -> None:
    """Exchange translations with translators' tools as PO or XLIFF files."""


@i18n_group.command("export")
@click.option("--lang", "language", required=True, help="The language to export.")
@click.option("--format", "file_format", type=click.Choice(tuple(WRITERS)), default="po",
              show_default=True, help="PO for gettext tools, XLIFF 1.2 for CAT tools.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
              help="Write to this file instead of standard output.")
@root_option
def export_command(language: str, file_format: str, output: Path | None, root: Path) -> None:
    """Write every translatable text of a language with its English source and state."""
    database = load_or_fail(require_database(root))
    try:
        text = WRITERS[file_format](build_catalogue(database, language))
    except LocaleRefused as exc:
        raise UsageError(str(exc)) from None
    except XliffUnwritable as exc:
        raise click.ClickException(str(exc)) from None
    if output is None:
        click.echo(text, nl=False)
    else:
        folder = output.absolute().parent
        if folder.is_dir():
            announce_recovery(folder)
        try:
            with Transaction(folder) as transaction:
                transaction.write(output, text)
        except WriteFailed as exc:
            raise WriteError(str(exc) if exc.committed else f"{exc}; nothing was written") from None


@i18n_group.command("import")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@root_option
def import_command(file: Path, root: Path) -> None:
    """Write the translations of a PO or XLIFF file back into the locale's YAML files.

    The whole file is checked first; if anything in it does not fit the database,
    nothing is written.
    """
    reader = READERS.get(file.suffix.lower())
    if reader is None:
        raise UsageError(f"{file}: cannot tell the format; name the file .po, .xlf or .xliff")
    try:
        raw = read_exchange_file(file)
    except InputRefused as exc:
        raise UsageError(str(exc)) from None
    with writing_database(require_database(root)):
        database = load_or_fail(root)
        try:
            changes = import_catalogue(root, database, reader(raw, file))
        except ImportRefused as exc:
            raise click.ClickException(f"{exc}\nnothing was written") from None
        except EditRefused as exc:
            raise click.ClickException(str(exc)) from None
    for change in changes:
        click.echo(f"{change.position.path}:{change.position.line}: {change.key}: {change.what}")
    click.echo(f"{len(changes)} texts updated", err=True)
