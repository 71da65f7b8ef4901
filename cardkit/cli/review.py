"""`cardkit review`: the translator's side-by-side review page."""

from __future__ import annotations

from pathlib import Path

import click

from cardkit.checks.output import format_problem
from cardkit.cli.options import (UsageError, WriteError, output_folder, output_folder_option,
                                 require_database)
from cardkit.faces.errors import RenderError
from cardkit.model.database import DatabaseHasErrors
from cardkit.source.transaction import WriteFailed


@click.command("review")
@click.option("--lang", "language", required=True, help="The language to review against English.")
@click.option("--root", type=click.Path(file_okay=False, path_type=Path), default=".",
              show_default=True, help="The database folder.")
@output_folder_option
@click.option("--watch", is_flag=True, help="Rebuild whenever a card, text or template changes.")
def review_command(language: str, root: Path, out: str, watch: bool) -> None:
    """Write a page showing every card in English and LANG side by side, with its problems.

    The page goes to <out>/review/<lang>.html."""
    root = require_database(root)
    out = output_folder(out, root)
    _build(root, language, out, stop_on_error=True, watch=watch)
    if watch:
        from watchfiles import watch as changes

        folders = [root / name for name in ("cards", "locales", "templates") if (root / name).is_dir()]
        click.echo("watching cards/, locales/ and templates/; Ctrl-C stops", err=True)
        try:
            for _ in changes(*folders):
                _build(root, language, out, stop_on_error=False, watch=True)
        except KeyboardInterrupt:
            pass


def _build(root: Path, language: str, out: Path, stop_on_error: bool, watch: bool) -> None:
    from cardkit.render import BuildFailed  # loads WeasyPrint
    from cardkit.workbench.review import ReviewRefused, write_review

    try:
        page = write_review(root, language, out, watch=watch)
    except DatabaseHasErrors as exc:
        for problem in exc.errors:
            click.echo(format_problem(problem), err=True)
        if stop_on_error:
            raise click.ClickException(str(exc)) from None
        click.echo(f"not rebuilt: {exc}", err=True)
        return
    except BuildFailed as exc:
        if stop_on_error:
            raise click.ClickException(str(exc)) from None
        click.echo(f"not rebuilt: {exc}", err=True)
        return
    except (ReviewRefused, RenderError) as exc:
        if stop_on_error:
            raise UsageError(str(exc)) from None
        click.echo(f"not rebuilt: {exc}", err=True)
        return
    except WriteFailed as exc:
        if stop_on_error:
            raise WriteError(f"review not written: {exc}") from None
        click.echo(f"not rebuilt: {exc}", err=True)
        return
    click.echo(f"wrote {page}", err=True)
