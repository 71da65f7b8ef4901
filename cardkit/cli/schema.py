"""`cardkit schema`: JSON Schemas of the data files, for editors and other tools."""

from __future__ import annotations

from pathlib import Path

import click

from cardkit.cli.options import UsageError, WriteError, require_database, writing_output
from cardkit.model.database import declare_games
from cardkit.model.files import fields_reference, file_schemas, schema_text
from cardkit.source.transaction import Transaction, WriteFailed


@click.command("schema")
@click.option("-o", "--output", "folder", required=True, type=click.Path(file_okay=False, path_type=Path),
              help="The folder to write the schemas into (made when missing).")
@click.option("--fields", type=click.Path(dir_okay=False, path_type=Path),
              help="Also write the field reference (docs/fields.md) to this file.")
@click.option("--root", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="A database folder whose games declared in data (cards/<game>/game.yaml) "
                   "are described too.")
def schema_command(folder: Path, fields: Path | None, root: Path | None) -> None:
    """Write a JSON Schema for every kind of data file: card facts and texts per game and
    kind, each game's box, the glossary and the phrasebook.

    An editor running the YAML language server completes and checks the files with them
    (the project's `.vscode/settings.json` maps the shipped ones)."""
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"{folder}: is not a folder")
    if root is not None:
        require_database(root)
        problems = declare_games(root)
        if problems:
            raise UsageError(f"{problems[0].position}: {problems[0].message} "
                             "(`cardkit validate` lists every problem)")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with writing_output(folder), Transaction(folder) as transaction:
            for item in file_schemas():
                transaction.write(folder / item.name, schema_text(item.schema))
        if fields is not None:
            with writing_output(fields.absolute().parent) as parent, Transaction(parent) as transaction:
                transaction.write(fields, fields_reference())
    except (WriteFailed, OSError) as exc:
        raise WriteError(f"{exc}; nothing was written") from None
    click.echo(f"{len(file_schemas())} schemas written to {folder}", err=True)
