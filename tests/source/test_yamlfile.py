"""Loading never raises on bad input: every fault becomes a Problem with a position."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardkit.source.yamlfile import MAX_FILE_BYTES, Document, load_yaml, parse_text


def test_file_over_the_size_limit_is_one_problem(tmp_path: Path):
    huge = tmp_path / "plans.yaml"
    huge.write_bytes(b"# padding\n" * (MAX_FILE_BYTES // 10 + 1))

    document = load_yaml(huge, Path("cards/duel/plans.yaml"))

    assert [(p.code, str(p.position)) for p in document.problems] == [
        ("file-too-large", "cards/duel/plans.yaml:1:1")]
    assert document.data is None


def test_missing_file_is_a_problem_not_an_exception(tmp_path: Path):
    document = load_yaml(tmp_path / "absent.yaml", Path("absent.yaml"))

    assert [p.code for p in document.problems] == ["file-unreadable"]


def test_positions_point_at_values_and_keys():
    document = parse_text("wild:\n  colour: orange\n  value: 13\n", Document(Path("plans.yaml")))

    assert str(document.position(("wild", "value"))) == "plans.yaml:3:10"
    assert str(document.key_position(("wild", "value"))) == "plans.yaml:3:3"
    assert str(document.position(("wild", "absent", "deeper"))) == "plans.yaml:2:3"


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("ab:-[]{}&*!|>'\"#\n\t %@`?,")), max_size=80))
def test_arbitrary_text_never_raises(text):
    document = parse_text(text, Document(Path("fuzz.yaml")))

    for problem in document.problems:  # guard-ok: the claim is that no text raises; many are valid
        assert problem.position.line >= 1 and problem.position.column >= 1


def test_a_value_added_after_reading_is_placed_at_its_enclosing_value():
    for round_trip in (True, False):
        document = parse_text("wild:\n  colour: orange\n", Document(Path("plans.yaml")),
                              round_trip=round_trip)
        document.data["wild"]["value"] = 13

        assert str(document.position(("wild", "value"))) == "plans.yaml:2:3"
