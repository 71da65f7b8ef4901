"""`cardkit export json`: the database as a JSON dataset for other programs (docs/export.md).

`cardkit i18n export` is the translators' round trip (PO, XLIFF, TBX); this group writes data
that is only read, never imported back.
"""

from __future__ import annotations

from pathlib import Path

import click

from cardkit.cli.options import (UsageError, WriteError, database_root, load_or_fail, writing_output,
                                 output_folder, require_database)
from cardkit.export.dataset import ExportRefused, export_files
from cardkit.source.transaction import Transaction, WriteFailed


@click.group("export")
def export_group() -> None:
    """Write the database as data for other programs: a JSON dataset with its schema."""


@export_group.command("json")
@database_root
@click.option("--game", "games", multiple=True, metavar="GAME",
              help="A game to export; repeat for several (default: every game).")
@click.option("-o", "--output", "out", default="build/json", show_default=True,
              help="The folder the files go to.")
def json_command(root: Path, games: tuple[str, ...], out: str) -> None:
    """Write <game>.json for each game, meta.json and the JSON Schema they follow.

    Every card with its facts, unknowns and sources, its texts in every language with their
    translation state, and the game's box and glossary; the same database gives the same bytes.
    """
    database = load_or_fail(require_database(root)).database
    folder = output_folder(out, root)
    try:
        files = export_files(database, root, list(dict.fromkeys(games)) or None)
    except ExportRefused as exc:
        raise UsageError(str(exc)) from None
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with writing_output(folder), Transaction(folder) as transaction:
            for name, data in files.items():
                transaction.write(folder / name, data)
    except OSError as exc:
        raise WriteError(f"{folder}: {exc.strerror or exc}; nothing was written") from None
    except WriteFailed as exc:
        raise WriteError(str(exc) if exc.committed else f"{exc}; nothing was written") from None
    click.echo(f"{len(files)} files written to {folder}", err=True)
