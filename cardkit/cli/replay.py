"""`cardkit replay`: replay the rulebooks' worked examples against the card database."""

from __future__ import annotations

from pathlib import Path

import click

from cardkit.checks.output import format_problem
from cardkit.cli.options import UsageError, load_or_fail, require_database
from cardkit.rules.core.replay import find_scenarios, replay_file

DEFAULT_EXAMPLES = Path("tests/examples")


@click.command("replay")
@click.argument("paths", nargs=-1, type=click.Path(exists=True, path_type=Path))
@click.option("--database", "root", default=".", show_default=True,
              type=click.Path(file_okay=False, path_type=Path),
              help="Folder of the card database the examples are replayed against.")
def replay_command(paths: tuple[Path, ...], root: Path) -> None:
    """Replay worked examples (default: every one under tests/examples/).

    Prints each example's result and, at the first checkpoint that fails, the
    expected against the actual state. Exit status: 0 when every example holds,
    1 when one loads and fails, 2 when one does not load (the file itself is wrong or
    refused: a link or a device in a folder searched is refused, never followed), for
    usage errors, or for a broken card database.
    """
    database = load_or_fail(require_database(root), exit_code=UsageError.exit_code).database
    found = find_scenarios(paths or [root / DEFAULT_EXAMPLES])
    scenarios = found.scenarios
    if not scenarios and not found.refused:
        raise UsageError("no worked examples found")
    for problem in found.refused:
        click.echo(f"FAIL  {problem.position.path}")
        click.echo(f"  {format_problem(problem)}")
    failed = unloadable = len(found.refused)
    for path in scenarios:
        result = replay_file(path, database.cards, boxes=database.boxes)
        if result.passed:
            click.echo(f"ok    {path}  ({result.steps_total} step{'' if result.steps_total == 1 else 's'})")
            continue
        failed += 1
        unloadable += result.failure is None
        click.echo(f"FAIL  {path}")
        for problem in result.problems:
            click.echo(f"  {format_problem(problem)}")
        if result.failure is not None:
            click.echo(f"  after {result.steps_passed} of {result.steps_total} steps")
            for line in result.failure.render().splitlines():
                click.echo(f"  {line}" if line else "")
    total = len(scenarios) + len(found.refused)
    click.echo(f"{total - failed} of {total} examples hold")
    if unloadable:
        raise SystemExit(UsageError.exit_code)
    if failed:
        raise SystemExit(1)
