"""The libyaml reader gives what the round-trip loader gives: the same data, the same line and
column of every key, value and item, the same problems; and it reads the database itself
rather than handing it to the slower loader."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ruamel.yaml.comments import CommentedMap, CommentedSeq

from cardkit.source.reader import read
from cardkit.source.yamlfile import MAX_DEPTH, Document, parse_text
from tests.conftest import PROJECT_ROOT

PROJECT_YAML = sorted(str(path.relative_to(PROJECT_ROOT))
                      for folder in ("cards", "locales", "tests")
                      for path in (PROJECT_ROOT / folder).rglob("*.yaml"))
SHIPPED_YAML = [relative for relative in PROJECT_YAML if not relative.startswith("tests")]


def shape(data):
    """The data with the recorded position of every key, value and item beside it."""
    if isinstance(data, CommentedMap):
        return ("map", data.lc.line, data.lc.col,
                [(key, data.lc.data[key], shape(value)) for key, value in data.items()])
    if isinstance(data, CommentedSeq):
        return ("seq", data.lc.line, data.lc.col,
                [(data.lc.data[index], shape(item)) for index, item in enumerate(data)])
    if isinstance(data, bool) or data is None:
        return data
    for kind in (str, int, float):
        if isinstance(data, kind):
            return kind.__name__, kind(data)
    raise AssertionError(f"unexpected value {data!r}")


def both_ways(text: str):
    readings = []
    for round_trip in (True, False):
        document = parse_text(text, Document(Path("x.yaml")), round_trip=round_trip)
        readings.append(([str(problem) for problem in document.problems], shape(document.data),
                         document.rejected_keys))
    return readings


# The golden playthroughs run to thousands of lines each, a second apiece for the round-trip
# loader: they are read both ways in the full suite only.
PLAYTHROUGHS = "tests/rules/playthroughs/"


@pytest.mark.parametrize("relative", [
    pytest.param(relative, marks=pytest.mark.slow) if relative.startswith(PLAYTHROUGHS) else relative
    for relative in PROJECT_YAML])
def test_every_yaml_file_of_the_project_reads_the_same_both_ways(relative):
    round_trip, libyaml = both_ways((PROJECT_ROOT / relative).read_text(encoding="utf-8",
                                                                       errors="replace"))
    assert libyaml == round_trip


@pytest.mark.parametrize("relative", SHIPPED_YAML)
def test_the_shipped_database_is_read_by_libyaml_itself(relative):
    assert read((PROJECT_ROOT / relative).read_text(encoding="utf-8"), MAX_DEPTH) is not None


EDGE_CASES = [
    "\ufeffa: 1\n", "a: 1\n\ufeffb: 2\n", "a: x\u2028y\nb: 2\n", "a: 'x\u2028y'\nb: 2\n",
    "a: 'x\u2029y'\nb: 2\n", "a:\tx\n", "a: 1\r\nb:\r\n  - 2\r\n", "---\na: 1\n...\n",
    "---\na: 1\n...\n---\nb: 2\n", "a: 'multi\n  line'\nb: plain\n  continued\n", "? a\n: 1\n",
    "? a\n", "a: \"\\u2028\"\n", "a: x\u00a0\n", "a: [1, 2,]\n", "a: [b: 1]\n", "a: [? b : c]\n",
    "- a\n- b: c\n  d: e\n- - f\n", "a: |+\n  x\n\n", "a: >2\n   x\n", "a: @x\n", "a: b: c\n",
    "a:\n- b\n- c\nd: e\n", "\"a\": 1\n'a': 2\n", "1: a\n1: b\n", "true: 1\nTrue: 2\n", "a: !!null ''\n",
    "a: *x\n", "# only\n", "", "[1, 2]", "'x'", "- \n- x\n", "a: \ufffe\n", "a:\n  b:\n  c: 1\n",
    "a: {b: {c: [1]}}: 2\n", "? [a]\n: 1\n", "x: 12:30\ny: 0x1f\nz: 1_0\n", "k: &a 1\nl: *a\n",
    "a: 1\n\n\ufeffb: 2\n", "a:\n  b: 1\n\ufeff  c: 2\n", "a: x\u202ey\n", "a: \"\\u2029\"\n",
    "a: >#-\n  x\n", "a: |2#\n   x\n",
]


@pytest.mark.parametrize("text", EDGE_CASES)
def test_edge_cases_read_the_same_both_ways(text):
    round_trip, libyaml = both_ways(text)
    assert libyaml == round_trip


@st.composite
def mutants(draw):
    text = (PROJECT_ROOT / draw(st.sampled_from(PROJECT_YAML))).read_text(encoding="utf-8",
                                                                          errors="replace")
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.integers(0, len(text)))
        piece = draw(st.sampled_from(list(":-[]{}#&*!|>'\"?, \n%@`x0.\\") + ["  ", "- ", ": "]))
        text = text[:where] + piece + text[where + draw(st.integers(0, 1)):]
    return text


@pytest.mark.slow
@settings(max_examples=120, deadline=None)
@given(mutants())
def test_mutated_files_read_the_same_both_ways(text):
    round_trip, libyaml = both_ways(text)
    assert libyaml == round_trip


def test_nesting_past_libyamls_limit_is_one_problem_where_libyaml_stops():
    text = "a: " + "[" * 200_000 + "]" * 200_000 + "\n"
    document = parse_text(text, Document(Path("x.yaml")), round_trip=False)
    assert [(str(problem.position), problem.code) for problem in document.problems] == [
        ("x.yaml:1:1003", "yaml-syntax")]
    assert document.problems[0].message == "YAML does not parse: nesting is too deep"


def test_nesting_the_round_trip_loader_cannot_hold_is_one_problem_not_a_crash():
    text = "a: " + "[" * 400 + "]" * 400 + "\n"
    document = parse_text(text, Document(Path("x.yaml")), round_trip=True)
    assert [(str(problem.position), problem.code) for problem in document.problems] == [
        ("x.yaml:1:1", "yaml-syntax")]
    assert document.problems[0].message == "YAML does not parse: nesting is too deep"


def test_a_wide_file_keeps_every_position():
    text = "".join(f"card-{index:05d}: x{index}\n" for index in range(20_000))
    document = parse_text(text, Document(Path("x.yaml")), round_trip=False)
    assert document.problems == []
    assert str(document.position(("card-19999",))) == "x.yaml:20000:13"
    assert str(document.key_position(("card-12345",))) == "x.yaml:12346:1"
