"""Options and arguments shared by several commands, declared once."""

from __future__ import annotations

from pathlib import Path

import click

from cardkit.checks.output import format_problem
from cardkit.model.database import Database, DatabaseHasErrors, load_valid_database
from cardkit.source.layout import NotADatabase, discover


class UsageError(click.ClickException):
    """A mistake in how cardkit was called, or a folder it cannot use: exit code 2."""

    exit_code = 2


def database_root(function):
    return click.argument(
        "root", required=False, default=".",
        type=click.Path(file_okay=False, path_type=Path))(function)


def output_format(choices: tuple[str, ...]):
    return click.option("--format", "output_format", type=click.Choice(choices), default=choices[0],
                        show_default=True, help="How problems are written.")


def require_database(root: Path) -> Path:
    try:
        discover(root)
    except NotADatabase as exc:
        raise UsageError(str(exc)) from None
    return root


def load_or_fail(root: Path, exit_code: int = 1) -> Database:
    """The database, or exit listing its errors: commands other than validate need it whole."""
    try:
        return load_valid_database(root)
    except DatabaseHasErrors as exc:
        for problem in exc.errors:
            click.echo(format_problem(problem), err=True)
        failure = click.ClickException(str(exc))
        failure.exit_code = exit_code
        raise failure from None
