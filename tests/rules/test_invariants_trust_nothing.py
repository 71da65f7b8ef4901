"""Each engine's invariants module states every number it checks with its rulebook line and
reads none from the engine: a mistake in the engine's constant must not move the check with
it. The rule, read from the module's source (docs/rules.md, "Invariants that do not trust
the engine"):

1. from its engine's package (`cardkit.rules.<game>`) it imports classes only (the state's
   and the rules object's types), never a module and never any other name;
2. every UPPER_CASE name it reads is assigned in the module itself;
3. every module-level constant holding a number cites a rulebook line (`001 L88`) in the
   comment just above it or on its line;
4. no number but 0 and 1 is written inside a function, an index apart (`last[2]`): it is
   a named constant (3.);
5. the rules object each invariant is given (`rules`) is never read: the box facts and
   profile it holds are the engine's.
"""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

from cardkit.rules.core.registry import ENGINE_PACKAGES, registered

RULES_ROOT = Path(__file__).resolve().parents[2] / "cardkit" / "rules"
CITATION = re.compile(r"\b00\d L\d+")
UPPER = re.compile(r"^_?[A-Z][A-Z0-9_]*$")


def invariant_problems(source: str, package: str) -> list[str]:
    """What breaks the rule above in the source of `package`'s invariants module."""
    tree = ast.parse(source)
    lines = source.splitlines()
    problems: list[str] = []
    defined: set[str] = set()
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else (
            [node.target] if isinstance(node, ast.AnnAssign) else [])
        names = [name.id for target in targets
                 for name in (target.elts if isinstance(target, ast.Tuple) else [target])
                 if isinstance(name, ast.Name)]
        defined.update(names)
        if any(UPPER.match(name) for name in names) and _holds_number(node.value):
            if not _cited(lines, node.lineno):
                problems.append(f"line {node.lineno}: {', '.join(names)} cites no rulebook line")
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            problems += [f"line {node.lineno}: imports the module {alias.name}"
                         for alias in node.names if _in_engine(alias.name, package)]
        elif isinstance(node, ast.ImportFrom) and node.module and _in_engine(node.module, package):
            module = importlib.import_module(node.module)
            for alias in node.names:
                value = getattr(module, alias.name, None)
                if not isinstance(value, type):
                    problems.append(f"line {node.lineno}: imports {alias.name} from "
                                    f"{node.module}, which is not a class")
                defined.add(alias.asname or alias.name)
        elif isinstance(node, ast.ImportFrom):
            defined.update(alias.asname or alias.name for alias in node.names)
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            if UPPER.match(node.id) and node.id not in defined:
                problems.append(f"line {node.lineno}: reads {node.id}, not stated here")
            if node.id == "rules":
                problems.append(f"line {node.lineno}: reads the engine's rules object")
        elif isinstance(node, (ast.FunctionDef, ast.Lambda)):
            indices = {id(inner.slice) for inner in ast.walk(node)
                       if isinstance(inner, ast.Subscript)}
            problems += [f"line {number.lineno}: the number {number.value} is not a named "
                         "constant" for number in ast.walk(node)
                         if _is_number(number) and number.value not in (0, 1)
                         and id(number) not in indices]
    return sorted(set(problems), key=lambda problem: int(problem.split()[1].rstrip(":")))


def _in_engine(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def _is_number(node: ast.AST) -> bool:
    return (isinstance(node, ast.Constant) and isinstance(node.value, (int, float))
            and not isinstance(node.value, bool))


def _holds_number(value: ast.AST | None) -> bool:
    return value is not None and any(_is_number(node) for node in ast.walk(value))


def _cited(lines: list[str], lineno: int) -> bool:
    """A citation on the assignment's line or in the comment lines just above it."""
    if CITATION.search(lines[lineno - 1]):
        return True
    index = lineno - 2
    while index >= 0 and lines[index].lstrip().startswith("#"):
        if CITATION.search(lines[index]):
            return True
        index -= 1
    return False


def test_every_engine_keeps_its_invariants_in_its_invariants_module():
    engines = {id(engine): engine for engine in registered().values()}
    assert len(engines) == len(ENGINE_PACKAGES)
    for engine in engines.values():
        assert engine.invariants
        modules = {invariant.watch.__module__ for invariant in engine.invariants}
        assert len(modules) == 1 and modules.pop().endswith(".invariants"), engine.names


@pytest.mark.parametrize("package", ENGINE_PACKAGES)
def test_an_invariants_module_trusts_nothing_of_its_engine(package):
    path = RULES_ROOT / package.rsplit(".", 1)[1] / "invariants.py"
    assert invariant_problems(path.read_text(encoding="utf-8"), package) == []


BAD = {
    "a constant imported from the profile": (
        "from cardkit.rules.cosmic.profile import MAX_SHIPS_COMMITTED\n",
        ["line 1: imports MAX_SHIPS_COMMITTED from cardkit.rules.cosmic.profile, which is "
         "not a class"]),
    "the engine's module imported whole": (
        "import cardkit.rules.cosmic.profile\n",
        ["line 1: imports the module cardkit.rules.cosmic.profile"]),
    "a constant read that is not stated here": (
        "def check(state):\n    return state.ships > MOST\n",
        ["line 2: reads MOST, not stated here"]),
    "a number without its rulebook line": (
        "# Four ships a side.\nMOST = 4\n",
        ["line 2: MOST cites no rulebook line"]),
    "a number written in a check": (
        "def check(state):\n    return state.ships > 4\n",
        ["line 2: the number 4 is not a named constant"]),
    "the engine's facts read through the rules object": (
        "def watch(state, rules):\n    each = rules.facts.box_fact('ships_per_colour')\n",
        ["line 2: reads the engine's rules object"]),
}


@pytest.mark.parametrize("fault", BAD)
def test_each_way_of_trusting_the_engine_is_caught(fault):
    source, expected = BAD[fault]
    assert invariant_problems(source, "cardkit.rules.cosmic") == expected


def test_a_cited_constant_and_a_state_class_pass():
    source = ("from cardkit.rules.cosmic.state import CosmicState\n"
              "# Twenty ships a colour (001 L88).\n"
              "SHIPS = 20\n"
              "def check(state: CosmicState):\n"
              "    return state.ships == SHIPS\n")
    assert invariant_problems(source, "cardkit.rules.cosmic") == []
