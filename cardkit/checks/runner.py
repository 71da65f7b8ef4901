"""`validate`: load, build the model, run every check, and gather one report."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from cardkit.checks.coverage import KindCount, check_box_counts, count_cards
from cardkit.checks.references import check_references
from cardkit.model.database import Database, assemble
from cardkit.problems import Problem, Severity
from cardkit.source.tree import load_sources


@dataclass
class Report:
    root: Path
    problems: list[Problem] = field(default_factory=list)
    counts: list[KindCount] = field(default_factory=list)
    files_checked: int = 0

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity is Severity.ERROR]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.problems if p.severity is Severity.WARNING]


def load_database(root: Path) -> tuple[Database, list[Problem], int]:
    """The database under `root` and every problem found building it, plus the file count."""
    sources = load_sources(root)
    database, problems = assemble(sources)
    files = len(sources.card_documents) + len(sources.locale_documents) + len(sources.box_documents)
    return database, sources.problems + problems, files


def validate(root: Path) -> Report:
    database, problems, files = load_database(root)
    counts = count_cards(database)
    problems += check_references(database)
    problems += check_box_counts(database, counts)
    return Report(root, sorted(problems, key=Problem.sort_key), counts, files)
