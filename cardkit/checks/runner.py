"""`validate`: load, build the model, run every check, and gather one report."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from cardkit.checks.coverage import KindCount, check_box_counts, count_cards
from cardkit.checks.provenance import check_provenance
from cardkit.checks.quotes import check_quotes
from cardkit.checks.references import check_references
from cardkit.checks.silence import apply_silences
from cardkit.checks.status import check_staleness, translation_states
from cardkit.checks.text.catalogue import check_catalogues
from cardkit.checks.text.consistency import check_consistency
from cardkit.checks.text.runner import build_lexicons, check_texts
from cardkit.model.database import Database, DatabaseHasErrors, load_database
from cardkit.problems import Problem, Severity


@dataclass
class Report:
    root: Path
    problems: list[Problem] = field(default_factory=list)
    counts: list[KindCount] = field(default_factory=list)
    silenced: list[tuple[Problem, str]] = field(default_factory=list)
    files_checked: int = 0

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity is Severity.ERROR]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.problems if p.severity is Severity.WARNING]


def validate(root: Path, measure_fit: Callable[[Database, Path], list[Problem]] | None = None,
             rulebooks: Path | None = None) -> Report:
    """Every problem of the database under `root`. `measure_fit` (the render layer's fit
    measurement, handed in by the caller because checks sit above render) adds whether
    each text fits its printed box; `rulebooks`, a folder of the rulebook files, whether
    each citation's quote stands in its lines."""
    return check_database(root, *load_database(root), measure_fit=measure_fit, rulebooks=rulebooks)


def load_checked_database(root: Path) -> tuple[Database, Report]:
    """The database under `root` and its report; raises DatabaseHasErrors with every error
    `validate` finds, so a command that prints refuses exactly what validate rejects."""
    database, problems, files = load_database(root)
    report = check_database(root, database, problems, files)
    if report.errors:
        raise DatabaseHasErrors(root, report.errors)
    return database, report


def check_database(root: Path, database: Database, problems: list[Problem], files: int,
                   measure_fit: Callable[[Database, Path], list[Problem]] | None = None,
                   rulebooks: Path | None = None) -> Report:
    """Every check on a loaded database, after the `problems` its loading found."""
    counts = count_cards(database)
    problems += check_references(database)
    problems += check_box_counts(database, counts)
    problems += check_provenance(database)
    if rulebooks is not None:
        problems += check_quotes(database, rulebooks)
    problems += check_texts(database, build_lexicons(database))
    problems += check_catalogues(root, database.languages)
    problems += check_consistency(database)
    problems += check_staleness(translation_states(database))
    if measure_fit is not None and not any(p.severity is Severity.ERROR
                                           for p in apply_silences(database, problems)[0]):
        problems += measure_fit(database, root)  # only when no error stands (silenced ones do not)
    kept, silenced = apply_silences(database, problems)
    return Report(root, sorted(kept, key=Problem.sort_key), counts, silenced, files)
