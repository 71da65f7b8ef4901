"""`cardkit templates`: the templates cardkit ships, and a copy of one to override
(intake/templates.py)."""

from __future__ import annotations

from pathlib import Path

import click

from cardkit.cli.options import UsageError, root_option, writing_database
from cardkit.intake.templates import CopyRefused, copy_templates, overridden, shipped_templates


@click.group("templates")
def templates_group() -> None:
    """List the print templates cardkit ships; copy one into the project to change it."""


@templates_group.command("list")
@root_option
def list_command(root: Path) -> None:
    """Name every file cardkit ships under templates/, marking those the project overrides."""
    own = set(overridden(root))
    for name in shipped_templates():
        click.echo(f"{name}  (the project's own)" if name in own else name)


@templates_group.command("copy")
@click.argument("names", nargs=-1, required=True)
@root_option
def copy_command(names: tuple[str, ...], root: Path) -> None:
    """Copy each shipped file NAMES gives into the project's templates/, to edit there.

    The copy is used in place of the shipped file; a file the project has already is never
    replaced."""
    if not root.is_dir():
        raise UsageError(f"{root}: no such folder")
    with writing_database(root):
        try:
            written = copy_templates(root, list(dict.fromkeys(names)))
        except CopyRefused as exc:
            raise UsageError(f"{exc}\nnothing was written") from None
    for path in written:
        click.echo(f"wrote {path}")
