"""Checkpoints: compare what a scenario expects with the state's plain view, and diff them.

Only the fields a checkpoint names are compared. Lists named in `unordered` (hands,
sets of dice) compare in any order.
"""

from __future__ import annotations

import difflib
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any


class _Absent:
    def __repr__(self) -> str:
        return "(no such field)"


ABSENT = _Absent()


@dataclass(frozen=True)
class Mismatch:
    path: str
    expected: Any
    actual: Any

    def __str__(self) -> str:
        return f"{self.path}: expected {scalar(self.expected)}, actual {scalar(self.actual)}"


def compare(expected: Any, actual: Any, unordered: Collection[str] = (),
            path: str = "") -> list[Mismatch]:
    """Every place where `actual` differs from `expected`; only what `expected` names counts."""
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [Mismatch(path, expected, actual)]
        mismatches = []
        for key, value in expected.items():
            here = f"{path}.{key}" if path else str(key)
            if key not in actual:
                mismatches.append(Mismatch(here, value, ABSENT))
            else:
                mismatches += compare(value, actual[key], unordered, here)
        return mismatches
    if _normal(expected, path, unordered) != _normal(actual, path, unordered):
        return [Mismatch(path, expected, actual)]
    return []


def _normal(value: Any, path: str, unordered: Collection[str]) -> Any:
    if isinstance(value, list) and path.rsplit(".", 1)[-1] in unordered:
        return sorted(value, key=str)
    return value


def render_diff(expected: dict, actual: dict) -> str:
    """A unified diff of the checkpoint against the same fields of the actual state."""
    shown = _project(actual, expected)
    diff = difflib.unified_diff(_yaml_lines(expected), _yaml_lines(shown),
                                fromfile="expected", tofile="actual", lineterm="")
    return "\n".join(diff)


def _project(actual: Any, expected: Any) -> Any:
    if isinstance(expected, dict) and isinstance(actual, dict):
        return {key: _project(actual.get(key, ABSENT), value) for key, value in expected.items()}
    return actual


def _yaml_lines(value: dict, indent: int = 0) -> list[str]:
    pad = " " * indent
    lines = []
    for key, item in value.items():
        if isinstance(item, dict) and item:
            lines.append(f"{pad}{key}:")
            lines += _yaml_lines(item, indent + 2)
        else:
            lines.append(f"{pad}{key}: {scalar(item)}")
    return lines


def scalar(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(scalar(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key}: {scalar(item)}" for key, item in value.items()) + "}"
    return str(value)
