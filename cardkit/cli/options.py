"""Options and arguments shared by several commands, declared once."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

import click

from cardkit.checks.output import format_problem
from cardkit.checks.runner import Checked, MeasureFit, Strictness, load_checked
from cardkit.cli.errors import NOTHING_WRITTEN, Failure, UsageError, WriteError
from cardkit.messages import Message, reader_catalogue
from cardkit.model.database import DatabaseHasErrors
from cardkit.source.layout import NotADatabase, discover
from cardkit.source.lock import LockTimeout, LockUnavailable, output_lock, project_lock
from cardkit.source.output import names_standard_output, write_through, writes_through
from cardkit.source.transaction import Transaction, WriteFailed, recover

# How long a writing command waits for another one to finish (seconds).
LOCK_TIMEOUT_VARIABLE = "CARDKIT_LOCK_TIMEOUT"
DEFAULT_LOCK_TIMEOUT = 30.0


def database_root(function):
    return click.argument(
        "root", required=False, default=".",
        type=click.Path(file_okay=False, path_type=Path))(function)


root_option = click.option("--root", type=click.Path(file_okay=False, path_type=Path), default=".",
                           show_default=True, help="The database folder.")


def output_folder_option(function):
    return click.option("--out", "out", default="build", show_default=True,
                         help="The folder the output goes to (not the database folder itself).")(function)


def output_folder(value: str, root: Path) -> Path:
    """The `--out` folder, refused when empty, the database folder, or not a folder."""
    if not value.strip():
        raise UsageError(Message("--out is empty; name the folder the output goes to"))
    out = Path(value)
    if out.resolve() == Path(root).resolve():
        raise UsageError(Message("--out {value}: is the database folder; name a folder for the "
                                 "output, such as build", value=value))
    if out.exists() and not out.is_dir():
        raise UsageError(Message("--out {value}: is not a folder", value=value))
    return out


def build_folder_option(function):
    return click.option("--build-dir", "build_dir", type=click.Path(file_okay=False, path_type=Path),
                        default=Path("build"), show_default=True,
                        help="The folder `cardkit build` writes to (its --out): the fit budgets are "
                             "kept in its face cache, <dir>/.cache.")(function)


def budget_check(root: Path, build_dir: Path, measure_edited: bool = False):
    """The `measure_fit` of a command that warns of texts longer than their boxes hold
    (render/budgets.py): by the fit budgets in the face cache, and with `measure_edited`,
    measured for the texts an edit changes. None for a database without its print
    templates, and, unless measuring, where there is no face cache: then nothing of the
    render layer is loaded."""
    from cardkit.render import cache_folder

    folder = cache_folder(root, build_dir)
    if not (root / "templates").is_dir() or not (measure_edited or folder.is_dir()):
        return None
    from cardkit.render import BudgetCheck
    from cardkit.faces.cache import FaceCache

    return BudgetCheck(FaceCache(folder), measure_edited)


def glyph_check(build_dir: Path, as_warnings: bool = False):
    """The `measure_fit` part that finds characters the fonts cannot print in the styles the
    templates use (render/glyphs.py), the fonts' character maps kept in the face cache where
    there is one. `as_warnings` for a command that writes texts the build would refuse
    (the import): the text is kept, and the warning says what to fix before printing."""

    def check(database, project: Path) -> list:
        from cardkit.faces.cache import FaceCache
        from cardkit.problems import Severity
        from cardkit.render import cache_folder, glyph_problems

        folder = cache_folder(project, build_dir)
        problems = glyph_problems(database, project, store=FaceCache(folder if folder.is_dir() else None))
        return ([replace(problem, severity=Severity.WARNING) for problem in problems] if as_warnings
                else problems)

    return check


def combined_checks(*checks):
    """One `measure_fit` running each of `checks` that is not None."""
    present = [check for check in checks if check is not None]
    return lambda database, project: [problem for check in present
                                      for problem in check(database, project)]


def output_file_option(function):
    return click.option(
        "-o", "--output", type=click.Path(dir_okay=False, allow_dash=True, path_type=Path),
        help="Write to this file instead of standard output ('-': standard output). A device "
             "or FIFO is written through, never replaced.")(function)


def write_output_file(output: Path | None, text: str | bytes) -> None:
    """Writes `text` where `-o` says (`source.output`): standard output, through a device or
    FIFO, or into a file in one transaction over its folder, after completing or discarding
    an interrupted write there."""
    if output is None or names_standard_output(output):
        click.echo(text, nl=False)
        return
    try:
        if writes_through(output):
            write_through(output, text.encode("utf-8") if isinstance(text, str) else text)
            return
        with writing_output(output.absolute().parent) as folder:
            with Transaction(folder) as transaction:
                transaction.write(output, text)
    except WriteFailed as exc:
        raise _write_error(exc) from None


def available_cores() -> int:
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:
        return os.cpu_count() or 1


def _cap_jobs(context, parameter, value: int | None) -> int | None:
    cores = available_cores()
    if value is not None and value > cores:
        click.echo(f"note: --jobs {value} is more than the {cores} cores here; using {cores}",
                   err=True)
        return cores
    return value


def jobs_option(function):
    return click.option("--jobs", type=click.IntRange(min=1), default=None, callback=_cap_jobs,
                        help="Processes working in parallel (default and most: one per core).")(function)


def output_format(choices: tuple[str, ...]):
    return click.option("--format", "output_format", type=click.Choice(choices), default=choices[0],
                        show_default=True, help="How problems are written.")


def require_database(root: Path) -> Path:
    try:
        discover(root)
    except NotADatabase as exc:
        raise UsageError(exc) from None
    return root


def load_or_fail(root: Path, exit_code: int = 1, measure_fit: MeasureFit | None = None) -> Checked:
    """The database, or exit listing its errors: commands other than validate need all of it
    (`Strictness.UNREADABLE`)."""
    try:
        return load_checked(root, Strictness.UNREADABLE, measure_fit)
    except DatabaseHasErrors as exc:
        for problem in exc.errors:
            click.echo(format_problem(problem), err=True)
        failure = Failure(exc)
        failure.exit_code = exit_code
        raise failure from None


@contextmanager
def writing_database(root: Path) -> Iterator[None]:
    """Holds the project's write lock around a whole read-modify-write, after completing or
    discarding a write an earlier command left interrupted; a failed write becomes a
    message naming the file and the reason."""
    try:
        with project_lock(root, timeout=_lock_timeout(), on_wait=_say_waiting):
            announce_recovery(root, in_project=True)
            yield
    except (LockTimeout, LockUnavailable) as exc:
        raise WriteError(exc) from None
    except WriteFailed as exc:
        raise _write_error(exc) from None


def _write_error(exc: WriteFailed) -> WriteError:
    return WriteError(exc) if exc.committed else WriteError(Message("{reason}; {nothing}", reason=exc,
                                                                    nothing=NOTHING_WRITTEN))


@contextmanager
def writing_output(folder: Path) -> Iterator[Path]:
    """Holds an output folder's lock (when the folder exists: a transaction refuses one that
    does not) around completing or discarding a write interrupted there and what the block
    writes; yields the folder."""
    if not folder.is_dir():
        yield folder
        return
    try:
        with output_lock(folder, timeout=_lock_timeout(), on_wait=_say_waiting):
            announce_recovery(folder)
            yield folder
    except (LockTimeout, LockUnavailable) as exc:
        raise WriteError(exc) from None


def _say_waiting(message: Message) -> None:
    click.echo(reader_catalogue().say(message), err=True)


def announce_recovery(folder: Path, in_project: bool = False) -> None:
    try:
        sentence = recover(folder, in_project)
    except WriteFailed as exc:
        raise WriteError(exc) from None
    if sentence is not None:
        click.echo(sentence, err=True)


def _lock_timeout() -> float:
    value = os.environ.get(LOCK_TIMEOUT_VARIABLE, "")
    try:
        return max(0.0, float(value)) if value else DEFAULT_LOCK_TIMEOUT
    except ValueError:
        raise UsageError(Message("{variable}={value} is not a number of seconds",
                                 variable=LOCK_TIMEOUT_VARIABLE, value=repr(value))) from None
