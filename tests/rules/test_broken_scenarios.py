"""Broken scenario files of every game, one fault each and one test each: the exact
message, line and column, found before the replay (a fault of the file) or by it, never a
traceback. Each file's header names its fault: `# code: CODE` for a fault of the file,
none for a failure of the replay, and `# expect: LINE:COLUMN: MESSAGE`."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cardkit.rules.core.replay import replay_file

BROKEN = Path(__file__).parent / "broken"
EXAMPLES = Path(__file__).parents[1] / "examples"
FILES = sorted(BROKEN.glob("*/*.yaml"))


def _header(path: Path, field: str) -> str | None:
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith(f"# {field}: "):
            return line.removeprefix(f"# {field}: ")
    return None


@pytest.mark.parametrize("path", FILES, ids=lambda path: f"{path.parent.name}/{path.stem}")
def test_broken_scenario_reports_its_one_fault(path: Path, shipped_database):
    result = replay_file(path, shipped_database.cards, display_path=Path(path.name),
                         boxes=shipped_database.boxes)

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


def test_every_game_has_broken_scenarios():
    assert {path.parent.name for path in FILES} == {"duel", "cosmic", "vanguard"}


def test_a_duel_example_may_name_its_game(tmp_path, shipped_cards):
    example = tmp_path / "named.yaml"
    text = (EXAMPLES / "duel" / "duel-example.yaml").read_text(encoding="utf-8")
    example.write_text(text.replace("\nsources:", "\ngame: duel\nsources:", 1), encoding="utf-8")

    result = replay_file(example, shipped_cards)

    assert "game: duel" in example.read_text(encoding="utf-8")
    assert result.passed
    assert result.steps_passed == result.steps_total == 8


def test_a_database_without_the_games_box_is_reported_at_the_game_line(shipped_database):
    path = EXAMPLES / "classic" / "c01-orders-name-the-defense.yaml"
    boxes = {game: box for game, box in shipped_database.boxes.items() if game != "classic"}

    result = replay_file(path, shipped_database.cards, display_path=Path(path.name), boxes=boxes)

    game_line = next(number for number, line in enumerate(
        path.read_text(encoding="utf-8").splitlines(), start=1) if line.startswith("game:"))
    [problem] = result.problems
    assert (problem.code, problem.position.line, problem.message) == (
        "unknown-id", game_line, "the card database has no box for the game 'classic'")


def test_a_scenario_linked_from_outside_its_folder_is_refused(tmp_path):
    outside = tmp_path / "outside.yaml"
    outside.write_text((EXAMPLES / "vanguard" / "injury-dice-damage-first.yaml").read_text(
        encoding="utf-8"), encoding="utf-8")
    (tmp_path / "examples").mkdir()
    link = tmp_path / "examples" / "linked.yaml"
    link.symlink_to(outside)

    result = replay_file(link, {}, display_path=Path("linked.yaml"))

    [problem] = result.problems
    assert (problem.code, problem.message) == (
        "file-unreadable", f"cannot read the scenario: {link} is a link to {outside}, outside "
                           f"{link.parent}; only files inside it are read")


def test_a_fifo_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "waiting.yaml"
    os.mkfifo(fifo)

    result = replay_file(fifo, {}, display_path=Path("waiting.yaml"))

    [problem] = result.problems
    assert (problem.code, problem.message) == (
        "file-unreadable", "cannot read the scenario: is a FIFO (named pipe), not a regular file")
