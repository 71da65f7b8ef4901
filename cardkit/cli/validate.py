"""`cardkit validate` and `cardkit fmt`."""

from __future__ import annotations

from pathlib import Path

import click

from cardkit.checks.output import FORMATS, format_problem, render_report
from cardkit.checks.runner import validate
from cardkit.cli.options import (UsageError, budget_check, build_folder_option, database_root,
                                 glyph_check, output_format, require_database, writing_database)
from cardkit.faces.errors import RenderError
from cardkit.source.canonical import format_database


@click.command("validate")
@database_root
@output_format(FORMATS)
@click.option("--strict", is_flag=True, help="Warnings fail the run too.")
@click.option("--fit", is_flag=True,
              help="Also measure, with the real templates and fonts, whether every text fits its box "
                   "(the fits the build keeps in its face cache are reused, those measured kept).")
@click.option("--rulebooks", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="Also check every citation's quote against the rulebook files in this folder.")
@build_folder_option
def validate_command(root: Path, output_format: str, strict: bool, fit: bool,
                     rulebooks: Path | None, build_dir: Path) -> None:
    """Check the card database under ROOT (default: the current folder).

    Without --fit, a translated text longer than its box holds is a warning, by the fit
    budgets `cardkit build` keeps in its face cache (none where it has not measured them).

    Exit status: 0 clean, 1 problems found (errors, or warnings with --strict),
    2 usage or I/O errors.
    """
    if fit:
        measure_fit = _laid_out_checks(build_dir)
    else:
        measure_fit = _unlaid_checks(root, build_dir)
    try:
        report = validate(require_database(root), measure_fit=measure_fit, rulebooks=rulebooks)
    except RenderError as exc:
        raise UsageError(str(exc)) from None
    click.echo(render_report(report, output_format), nl=False)
    if report.errors or (strict and report.warnings):
        raise SystemExit(1)


def _laid_out_checks(build_dir: Path):
    """`--fit`: the print's checks with every face laid out, the fits taken from and kept in
    the build's face cache where there is one (a build after it lays out nothing again)."""
    def check(database, project: Path) -> list:
        from cardkit.faces.cache import FaceCache
        from cardkit.render import cache_folder, print_problems  # loads WeasyPrint

        folder = cache_folder(project, build_dir)
        return print_problems(database, project, FaceCache(folder if folder.is_dir() else None))

    return check


def _unlaid_checks(root: Path, build_dir: Path):
    """What plain `validate` checks of the print without laying out a face: the texts' fit
    budgets in the face cache, the cards' pictures (readable, inside the project, their
    resolution and crop), prepared as the build prepares them and kept in its face cache
    where there is one, and the characters the fonts lack (`glyph-missing`, as the build
    refuses them)."""
    budgets = budget_check(root, build_dir)
    glyphs = glyph_check(build_dir)

    def check(database, project: Path) -> list:
        from cardkit.faces.art import names_pictures, prepare_pictures
        from cardkit.faces.cache import FaceCache
        from cardkit.render import cache_folder

        problems = budgets(database, project) if budgets is not None else []
        if names_pictures(database):
            folder = cache_folder(project, build_dir)
            problems += prepare_pictures(database, project, store=FaceCache(folder if folder.is_dir() else None)).problems
        return problems + glyphs(database, project)

    return check


@click.command("fmt")
@database_root
@click.option("--check", is_flag=True, help="Report files not in canonical form; write nothing.")
def fmt_command(root: Path, check: bool) -> None:
    """Rewrite the database's YAML files into canonical form, keeping comments and key order."""
    root = require_database(root)
    if check:
        result = format_database(root, write=False)
    else:
        with writing_database(root):
            result = format_database(root, write=True)
    for problem in result.problems:
        click.echo(format_problem(problem))
    verb = "would reformat" if check else "reformatted"
    click.echo(f"{result.checked} files checked, {len(result.changed)} {verb}", err=True)
    if result.problems:
        raise SystemExit(1)
