"""The rules modules compiled by mypyc are used only while they are those of today's source,
and play and replay exactly as the source does."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from cardkit.rules import compiled

PROJECT = Path(__file__).resolve().parents[2]

# Plays games of every engine and prints, for each, a digest of the whole game written as
# a scenario (every procedure and every decision, to its end or its failure), then which
# code ran.
TRANSCRIPTS = """
import hashlib, sys
from pathlib import Path
from cardkit.model.database import load_database
from cardkit.rules import compiled
from cardkit.rules.core.engine import CardData
from cardkit.rules.core.playthrough import play_game, scenario_text
from cardkit.rules.core.registry import registered
database, _, _ = load_database(Path("."))
data = CardData(database.cards, database.boxes)
for game in ("duel", "vanguard", "classic", "cosmic"):
    engine = registered()[game]
    for number in range(int(sys.argv[1])):
        played = play_game(engine, game, data, 29, number)
        text = scenario_text(engine, played).encode()
        print(game, number, played.held, hashlib.sha256(text).hexdigest())
print("compiled" if compiled.IN_USE else "source")
"""


def _digests() -> dict[str, str]:
    return {module: hashlib.sha256(compiled.source_path(module).read_bytes()).hexdigest()
            for module in compiled.MODULES}


def _manifest(folder: Path, **changes) -> Path:
    manifest = {"python": sys.implementation.cache_tag, "sources": _digests(), **changes}
    folder.mkdir(parents=True, exist_ok=True)
    (folder / compiled.MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    return folder


def test_copies_of_todays_sources_are_fresh(tmp_path):
    assert compiled.status(_manifest(tmp_path)) == "fresh"


def test_a_source_changed_since_makes_the_copies_stale(tmp_path):
    engine_changed = {**_digests(), "cardkit.rules.cosmic.engine": "0" * 64}
    assert compiled.status(_manifest(tmp_path / "one", sources=engine_changed)) == (
        "stale: cardkit.rules.cosmic.engine")
    assert compiled.status(_manifest(tmp_path / "all", sources={})) == (
        "stale: cardkit.rules.core.decisions")


def test_copies_for_another_python_or_none_are_not_used(tmp_path):
    assert compiled.status(_manifest(tmp_path, python="cpython-299")) == "other Python"
    assert compiled.status(tmp_path / "nothing") == "none"
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / compiled.MANIFEST).write_text("{", encoding="utf-8")
    assert compiled.status(tmp_path / "broken") == "none"


def _run(arguments: list[str], pure: bool) -> subprocess.CompletedProcess:
    environment = {key: value for key, value in os.environ.items() if key != compiled.PURE}
    if pure:
        environment[compiled.PURE] = "1"
    return subprocess.run(arguments, cwd=PROJECT, env=environment, capture_output=True,
                          text=True, check=False, timeout=600)


needs_compiled = pytest.mark.skipif(
    compiled.status() != "fresh",
    reason=f"no fresh compiled rules in this environment ({compiled.status()}): "
           "./dev test compiles them")


@pytest.mark.slow
@needs_compiled
def test_compiled_rules_play_the_same_games_as_the_source():
    games = [sys.executable, "-c", TRANSCRIPTS, "25"]
    from_source, from_copies = _run(games, pure=True), _run(games, pure=False)
    assert from_source.returncode == from_copies.returncode == 0, (from_source.stderr,
                                                                   from_copies.stderr)
    *source_games, source_ran = from_source.stdout.splitlines()
    *compiled_games, compiled_ran = from_copies.stdout.splitlines()
    assert (source_ran, compiled_ran) == ("source", "compiled")
    assert len(source_games) == 100
    assert compiled_games == source_games


@pytest.mark.slow
@needs_compiled
def test_compiled_rules_replay_every_example_and_broken_scenario_as_the_source():
    cardkit = str(Path(sys.executable).with_name("cardkit"))
    for paths in (["tests/examples"], ["tests/rules/broken"]):
        replay = [cardkit, "replay", *paths]
        from_source, from_copies = _run(replay, pure=True), _run(replay, pure=False)
        assert from_source.stdout.strip()
        assert (from_copies.returncode, from_copies.stdout, from_copies.stderr) == (
            from_source.returncode, from_source.stdout, from_source.stderr)


def test_a_failed_build_says_why_and_leaves_the_copies_there_before(tmp_path, monkeypatch,
                                                                    capfd):
    project = tmp_path / "project"
    (project / "rulespkg").mkdir(parents=True)
    (project / "rulespkg" / "__init__.py").write_text("", encoding="utf-8")
    (project / "rulespkg" / "broken.py").write_text(
        'def count(ships: int) -> int:\n    return "four"\n', encoding="utf-8")
    folder = tmp_path / "compiled"
    folder.mkdir()
    (folder / compiled.MANIFEST).write_text("{}", encoding="utf-8")
    monkeypatch.setattr(compiled, "PROJECT", project)
    monkeypatch.setattr(compiled, "MODULES", ("rulespkg.broken",))

    with pytest.raises(compiled.CompileError,
                       match=r"mypyc could not compile the rules \(its messages are above\)"):
        compiled.build(folder)
    assert ('rulespkg/broken.py:2: error: Incompatible return value type (got "str", '
            'expected "int")') in capfd.readouterr().out
    assert sorted(path.name for path in tmp_path.iterdir()) == ["compiled", "project"]
    assert (folder / compiled.MANIFEST).read_text(encoding="utf-8") == "{}"


def test_dev_compiles_again_only_for_a_changed_source_or_another_mypyc(tmp_path, monkeypatch,
                                                                       capsys):
    from mypy.version import __version__ as installed
    folder = tmp_path / "compiled"
    monkeypatch.setattr(compiled, "compiled_folder", lambda: folder)
    builds = []
    monkeypatch.setattr(compiled, "build", lambda: builds.append(folder) or folder)

    for manifest, compiles in (({"mypyc": installed}, False),
                               ({"mypyc": "0.900"}, True),
                               ({"mypyc": installed, "sources": {}}, True)):
        builds.clear()
        _manifest(folder, **manifest)
        assert compiled.main(["build"]) == 0
        assert builds == ([folder] if compiles else []), manifest
    assert capsys.readouterr().out == f"compiled the rules modules with mypyc into {folder}\n" * 2
