"""The canonical form of the database's YAML files, as `cardkit fmt` writes it.

Canonical means: as the project's one round-trip YAML configuration dumps it (two-space
indentation, lists indented under their key, lines up to 100 characters), with comments,
key order and quoting kept. Formatting twice changes nothing the second time.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from cardkit.messages import Message
from cardkit.problems import Position, Problem, warning
from cardkit.source.layout import discover
from cardkit.source.transaction import Transaction
from cardkit.source.yamlfile import Document, dump_text, load_yaml


@dataclass
class FormatResult:
    checked: int = 0
    changed: list[Path] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)


def database_yaml_files(root: Path) -> list[Path]:
    """Every YAML file under cards/ and locales/, devices and FIFOs too (reading them is
    refused, and so reported, never skipped in silence)."""
    files = [root / folder for folder in ("cards", "locales")]
    return sorted(path for folder in files if folder.is_dir()
                  for path in folder.rglob("*") if path.suffix in (".yaml", ".yml") and not path.is_dir())


def format_database(root: Path, write: bool) -> FormatResult:
    """Brings every YAML file to canonical form, or (write=False) reports those that are not.
    The rewritten files are written together, all or none. Links to folders, which no
    reader follows, are reported."""
    layout = discover(root)  # refuses a folder that holds no database
    result = FormatResult(problems=list(layout.linked_folders))
    rewritten: dict[Path, str] = {}
    for path in database_yaml_files(root):
        shown = path.relative_to(root) if path.is_relative_to(root) else path
        document = load_yaml(path, shown, root=root)
        result.checked += 1
        if document.problems:
            result.problems += document.problems
            continue
        if document.data is None:
            continue  # empty, or comments only: nothing to bring into form
        original = document.text
        canonical = canonical_text(document)
        if canonical == original:
            continue
        result.changed.append(shown)
        if write:
            rewritten[path] = canonical
        else:
            result.problems.append(warning(_first_difference(shown, original, canonical),
                                           "not-canonical",
                                           Message("file is not in canonical form; `cardkit "
                                                   "fmt` rewrites it")))
    if rewritten:
        with Transaction(root) as transaction:
            for path, text in rewritten.items():
                transaction.write(path, text)
    return result


def canonical_text(document: Document) -> str:
    return dump_text(document.data)


def _first_difference(shown: Path, original: str, canonical: str) -> Position:
    for number, (before, after) in enumerate(zip(original.splitlines(), canonical.splitlines()), 1):
        if before != after:
            return Position(shown, number, 1)
    return Position(shown, min(len(original.splitlines()), len(canonical.splitlines())) + 1, 1)
