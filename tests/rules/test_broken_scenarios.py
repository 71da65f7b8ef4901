"""Broken scenario files, one fault each: the exact message, line and column, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardkit.rules.replay import replay_file

BROKEN = Path(__file__).parent / "broken"
EXAMPLES = Path(__file__).parents[1] / "examples"


def _header(path: Path, field: str) -> str | None:
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith(f"# {field}: "):
            return line.removeprefix(f"# {field}: ")
    return None


@pytest.mark.parametrize("path", sorted(BROKEN.glob("*.yaml")), ids=lambda path: path.stem)
def test_broken_scenario_reports_its_one_fault(path: Path, shipped_cards):
    result = replay_file(path, shipped_cards, display_path=Path(path.name))

    assert not result.passed
    code = _header(path, "code")
    if code is not None:
        # A fault of the file itself: the scenario is not run at all.
        [problem] = result.problems
        reported = f"{problem.position.line}:{problem.position.column}: {problem.message}"
        assert problem.code == code
        assert problem.position.path == Path(path.name)
        assert result.failure is None
    else:
        assert not result.problems
        failure = result.failure
        reported = f"{failure.position.line}:{failure.position.column}: {failure.message}"
    assert reported == _header(path, "expect")


def test_a_duel_example_may_name_its_game(tmp_path, shipped_cards):
    example = tmp_path / "named.yaml"
    text = (EXAMPLES / "duel" / "duel-example.yaml").read_text(encoding="utf-8")
    example.write_text(text.replace("\nsources:", "\ngame: duel\nsources:", 1), encoding="utf-8")

    result = replay_file(example, shipped_cards)

    assert "game: duel" in example.read_text(encoding="utf-8")
    assert result.passed
    assert result.steps_passed == result.steps_total == 8
