"""Guards on the test suite itself: no test that passes because a loop ran zero times, and no test
that sleeps a fixed time and then asserts that something did not happen.

A case that is truly fine says so on the loop's (or the sleep's) line with `# guard-ok: why`.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

TESTS = Path(__file__).parent
OPT_OUT = "# guard-ok:"
LOOPS = (ast.For, ast.AsyncFor, ast.While)


def _names(node: ast.AST) -> set[str]:
    return {child.id for child in ast.walk(node) if isinstance(child, ast.Name)}


def _cannot_be_empty(iterable: ast.expr) -> bool:
    """A literal with elements, or range() of positive literals: it runs at least once."""
    if isinstance(iterable, (ast.Tuple, ast.List, ast.Set)):
        return bool(iterable.elts)
    if isinstance(iterable, ast.Dict):
        return bool(iterable.keys)
    if isinstance(iterable, ast.Constant) and isinstance(iterable.value, (str, bytes)):
        return bool(iterable.value)
    if (isinstance(iterable, ast.Call) and isinstance(iterable.func, ast.Name) and iterable.func.id == "range"
            and len(iterable.args) == 1 and isinstance(iterable.args[0], ast.Constant)):
        return iterable.args[0].value > 0
    return False


def _inside(node: ast.AST) -> set[int]:
    return {id(child) for child in ast.walk(node)}


def _test_functions(tree: ast.AST):
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test"):
            yield node


def vacuous_loops(source: str, filename: str = "<source>") -> list[str]:
    """`file:line` of each loop that holds the asserts of a test whose every assert is in a loop,
    when the loop may run zero times and no assert outside it speaks of what it runs over."""
    lines = source.splitlines()
    found = []
    for function in _test_functions(ast.parse(source)):
        asserts = [node for node in ast.walk(function) if isinstance(node, ast.Assert)]
        loops = [node for node in ast.walk(function) if isinstance(node, LOOPS)]
        in_some_loop = set().union(*(_inside(loop) for loop in loops)) if loops else set()
        if not asserts or any(id(node) not in in_some_loop for node in asserts):
            continue  # no asserts, or one that runs whatever the loops do
        for loop in loops:
            body = set().union(*(_inside(statement) for statement in loop.body))
            if not any(id(node) in body for node in asserts):
                continue
            over = loop.test if isinstance(loop, ast.While) else loop.iter
            if _cannot_be_empty(over) or OPT_OUT in lines[loop.lineno - 1]:
                continue
            names = _names(over)
            if not any(names & _names(node) for node in asserts if id(node) not in _inside(loop)):
                found.append(f"{filename}:{loop.lineno}")
    return found


def _all_over(test: ast.expr) -> ast.expr | None:
    """What `all(... for x in it)` runs over (`it`), when the assert's claim is that call."""
    if (isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and test.func.id == "all"
            and len(test.args) == 1 and isinstance(test.args[0], (ast.GeneratorExp, ast.ListComp))):
        return test.args[0].generators[0].iter
    return None


def vacuous_alls(source: str, filename: str = "<source>") -> list[str]:
    """`file:line` of each `assert all(... for x in it)` true of an empty `it`, when no other
    assert of the test speaks of what `it` is made of."""
    lines = source.splitlines()
    found = []
    for function in _test_functions(ast.parse(source)):
        asserts = [node for node in ast.walk(function) if isinstance(node, ast.Assert)]
        for node in asserts:
            over = _all_over(node.test)
            if over is None or _cannot_be_empty(over) or OPT_OUT in lines[node.lineno - 1]:
                continue
            names = _names(over)
            if not any(names & _names(other) for other in asserts if other is not node):
                found.append(f"{filename}:{node.lineno}")
    return found


def _is_sleep(node: ast.AST) -> bool:
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "sleep"
            and isinstance(node.func.value, ast.Name) and node.func.value.id in ("time", "asyncio"))


def _is_negative(test: ast.expr) -> bool:
    """`not ...`, `x not in y`, `x is None`, `x == before`-style claims that nothing changed."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return True
    if isinstance(test, ast.Compare):
        return any(isinstance(op, (ast.NotIn, ast.IsNot, ast.NotEq)) for op in test.ops) or any(
            isinstance(op, ast.Is) and isinstance(right, ast.Constant) and right.value is None
            for op, right in zip(test.ops, test.comparators)) or any(
            isinstance(side, ast.Name) and side.id in ("before", "unchanged", "previous")
            for side in [test.left, *test.comparators])
    return False


def sleeps_then_negatives(source: str, filename: str = "<source>") -> list[str]:
    """`file:line` of each fixed sleep in a test body followed, in the same block, by an assert
    that something did not happen or did not change."""
    lines = source.splitlines()
    found = []
    for function in _test_functions(ast.parse(source)):
        for block in ast.walk(function):
            statements = getattr(block, "body", None)
            if not isinstance(statements, list):
                continue
            for position, statement in enumerate(statements):
                if not (isinstance(statement, ast.Expr) and _is_sleep(statement.value)):
                    continue
                if OPT_OUT in lines[statement.lineno - 1]:
                    continue
                later = [node for after in statements[position + 1:] for node in ast.walk(after)
                         if isinstance(node, ast.Assert)]
                if any(_is_negative(node.test) for node in later):
                    found.append(f"{filename}:{statement.lineno}")
    return found


def _modules():
    return sorted(path for path in TESTS.rglob("*.py") if path.name.startswith("test_"))


def test_the_detectors_see_every_test_module():
    assert len(_modules()) >= 100


def test_no_test_passes_because_its_loop_ran_zero_times():
    found = [place for path in _modules()
             for place in vacuous_loops(path.read_text(encoding="utf-8"), str(path.relative_to(TESTS.parent)))]
    assert found == [], "assert how many items a loop runs over before asserting inside it"


def test_no_test_claims_all_of_what_may_be_nothing():
    found = [place for path in _modules()
             for place in vacuous_alls(path.read_text(encoding="utf-8"), str(path.relative_to(TESTS.parent)))]
    assert found == [], "assert how many items all() runs over before claiming it of all"


def test_no_test_sleeps_to_prove_something_did_not_happen():
    found = [place for path in _modules()
             for place in sleeps_then_negatives(path.read_text(encoding="utf-8"),
                                                str(path.relative_to(TESTS.parent)))]
    assert found == [], "wait for an event, or poll until a positive control has arrived"


VACUOUS = '''
def test_every_item_is_fine(items):
    for item in items:
        assert item.fine
'''


@pytest.mark.parametrize("source, expected", [
    (VACUOUS, ["<source>:3"]),
    (VACUOUS.replace("    for", "    assert len(items) >= 2\n    for"), []),
    (VACUOUS.replace("items:", "items:  # guard-ok: any number is right"), []),
    (VACUOUS.replace("in items", "in (1, 2)"), []),
    ("def test_nested(pages):\n    for page in (1, 2):\n        for mark in pages[page]:\n"
     "            assert mark\n", ["<source>:3"]),
    ("def test_outer_assert(items):\n    assert ready()\n    for item in items:\n        assert item\n", []),
    ("def helper(items):\n    for item in items:\n        assert item\n", []),
])
def test_the_loop_detector_finds_a_vacuous_loop_and_only_that(source, expected):
    assert vacuous_loops(source) == expected


SLEEPY = '''
def test_nothing_arrives(inbox):
    send_elsewhere()
    time.sleep(0.5)
    assert not inbox.messages
'''


@pytest.mark.parametrize("source, expected", [
    (SLEEPY, ["<source>:4"]),
    (SLEEPY.replace("assert not inbox.messages", "assert inbox.read() == before"), ["<source>:4"]),
    (SLEEPY.replace("assert not inbox.messages", "assert 'x' not in inbox.messages"), ["<source>:4"]),
    (SLEEPY.replace("assert not inbox.messages", "assert inbox.messages"), []),
    (SLEEPY.replace("(0.5)", "(0.5)  # guard-ok: a pause the code under test asks for"), []),
])
def test_the_sleep_detector_finds_a_sleep_before_a_negative_and_only_that(source, expected):
    assert sleeps_then_negatives(source) == expected


@pytest.mark.parametrize("source, expected", [
    ("def test_all(items):\n    assert all(item.fine for item in items)\n", ["<source>:2"]),
    ("def test_all(items):\n    assert items\n    assert all(item.fine for item in items)\n", []),
    ("def test_all():\n    assert all(n > 0 for n in (1, 2))\n", []),
])
def test_the_all_detector_finds_a_claim_of_an_empty_all(source, expected):
    assert vacuous_alls(source) == expected
