"""A pytest plugin: every worked-example file becomes its own test item.

Registered through the `pytest11` entry point (name `cardkit`), so plain `pytest`
collects scenario files (YAML files under a folder named `examples` whose top level
starts with `example:`) in any project that installs cardkit. The card database is
read from `--cardkit-database` (or the `cardkit_database` ini value), by default the
rootdir; it is read once per session, and only when a scenario is collected, so
projects without examples pay nothing.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cardkit.model.database import load_database
from cardkit.rules.core.replay import is_scenario_file, replay_file

EXAMPLES_FOLDER = "examples"
_DATABASE_KEY = pytest.StashKey[dict]()


def pytest_addoption(parser: pytest.Parser):
    group = parser.getgroup("cardkit")
    group.addoption("--cardkit-database", default=None, metavar="ROOT",
                    help="card database the worked examples are replayed against "
                         "(default: the rootdir)")
    parser.addini("cardkit_database", "card database for the worked examples", default="")


def pytest_collect_file(file_path: Path, parent: pytest.Collector):
    if EXAMPLES_FOLDER in file_path.parts[:-1] and is_scenario_file(file_path):
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


def _cards(config: pytest.Config) -> dict:
    cached = config.stash.get(_DATABASE_KEY, None)
    if cached is None:
        root = (config.getoption("cardkit_database")
                or config.getini("cardkit_database") or str(config.rootpath))
        database, problems, _ = load_database(Path(root))
        errors = [problem for problem in problems if problem.severity.value == "error"]
        cached = {"cards": database.cards, "boxes": database.boxes, "root": root,
                  "errors": errors}
        config.stash[_DATABASE_KEY] = cached
    return cached


class ScenarioFile(pytest.File):
    def collect(self):
        yield ScenarioItem.from_parent(self, name=self.path.stem)


class ScenarioItem(pytest.Item):
    def runtest(self):
        database = _cards(self.config)
        rootpath = self.config.rootpath
        shown = self.path.relative_to(rootpath) if self.path.is_relative_to(rootpath) else None
        result = replay_file(self.path, database["cards"], shown, boxes=database["boxes"])
        if not result.passed:
            raise ScenarioFailed(result, database)

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, ScenarioFailed):
            return excinfo.value.report()
        return super().repr_failure(excinfo, style)

    def reportinfo(self):
        return self.path, None, f"worked example {self.path.name}"


class ScenarioFailed(Exception):
    def __init__(self, result, database: dict):
        super().__init__(result.path)
        self.result = result
        self.database = database

    def report(self) -> str:
        lines = []
        if self.database["errors"]:
            lines.append(f"the card database at {self.database['root']} has "
                         f"{len(self.database['errors'])} error(s); first: "
                         f"{self.database['errors'][0].position}: "
                         f"{self.database['errors'][0].message}")
        lines += [f"{problem.position}: {problem.message}" for problem in self.result.problems]
        if self.result.failure is not None:
            lines.append(self.result.failure.render())
        return "\n".join(lines)
