"""Options and arguments shared by several commands, declared once."""

from __future__ import annotations

from pathlib import Path

import click

from cardkit.checks.output import format_problem
from cardkit.model.database import Database, load_database
from cardkit.problems import Severity
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


def load_or_fail(root: Path) -> Database:
    """The database, or exit 1 listing its errors: commands other than validate need it whole."""
    database, problems, _ = load_database(root)
    errors = [problem for problem in problems if problem.severity is Severity.ERROR]
    if errors:
        for problem in errors:
            click.echo(format_problem(problem), err=True)
        raise click.ClickException(f"{len(errors)} errors in the database; `cardkit validate` lists them")
    return database
