"""`cardkit build`: the print-and-play PDFs and reference sheets."""

from __future__ import annotations

from pathlib import Path

import click

from cardkit.checks.output import format_problem
from cardkit.cli.options import (WriteError, announce_recovery, database_root, jobs_option, output_folder,
                                 output_folder_option, require_database)
from cardkit.render.build import BuildFailed, build
from cardkit.render.layout import PAPERS
from cardkit.source.transaction import WriteFailed


def _list(value: str | None) -> list[str] | None:
    return [item.strip() for item in value.split(",") if item.strip()] if value else None


def _papers(context, parameter, value):
    papers = _list(value)
    unknown = [paper for paper in papers or [] if paper not in PAPERS]
    if unknown:
        raise click.BadParameter(f"unknown paper {', '.join(unknown)}; use {', '.join(PAPERS)}")
    return papers


@click.command("build")
@database_root
@click.option("--lang", "languages", callback=lambda c, p, v: _list(v), metavar="LL,LL",
              help="Languages to build, comma-separated (default: every language).")
@click.option("--paper", "papers", callback=_papers, metavar="a4,letter",
              help="Papers to build, comma-separated (default: both).")
@output_folder_option
@jobs_option
@click.option("--quiet", is_flag=True, help="No progress display; only problems and errors.")
def build_command(root: Path, languages, papers, out: str, jobs: int | None, quiet: bool) -> None:
    """Render card sheets and reference sheets of the database under ROOT into PDFs.

    Nothing is written unless every PDF rendered; the previous PDFs stay in place.
    """
    root = require_database(root)
    out = output_folder(out, root)
    if out.is_dir():
        announce_recovery(out)
    with _progress(quiet) as report:
        try:
            result = build(root, out, languages, papers, jobs, report)
        except BuildFailed as exc:
            for problem in exc.problems:
                click.echo(format_problem(problem), err=True)
            raise click.ClickException(f"build failed, nothing written: {exc}") from None
        except WriteFailed as exc:
            unchanged = "" if exc.committed else "; the previous PDFs are unchanged"
            raise WriteError(f"build failed: {exc}{unchanged}") from None
    for problem in result.problems:
        click.echo(format_problem(problem), err=True)
    for note in result.notes:
        click.echo(f"note: {note}", err=True)
    if not quiet:
        click.echo(f"{len(result.written)} PDFs written to {out}", err=True)


class _progress:
    """A progress bar on stderr, or nothing with --quiet."""

    def __init__(self, quiet: bool):
        self.quiet = quiet
        self.bar = None

    def __enter__(self):
        return None if self.quiet else self

    def __call__(self, done: int, total: int, what: str) -> None:
        if self.bar is None:
            self.bar = click.progressbar(length=total, label="Building", file=click.get_text_stream("stderr"),
                                         item_show_func=lambda item: item)
            self.bar.__enter__()
        self.bar.update(1, what)

    def __exit__(self, *exc_info):
        if self.bar is not None:
            self.bar.__exit__(*exc_info)
