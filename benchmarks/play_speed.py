"""How fast random playthroughs run: `cardkit play` for each engine, as a person runs it.

    .venv/bin/python benchmarks/play_speed.py [--games 10000] [--rounds 3] [--game duel ...]

Each round runs `cardkit play --game G --games N --seed R` in a new process (round R plays
other games than round R-1) and reports games per second by the wall clock and by the
process's own CPU time (user and system, its worker processes included). `cardkit play`
shares the games among one process per core, so the first is what the machine gives (less
what the load took), the second what one core gives. Best and median of the rounds, with
the load average before and after. The exit status of each run is printed too: 0 means
every game held every invariant. Target (issues 29 and 44): 10,000 games per engine at 150
games per second or more on one core, by CPU time.

    .venv/bin/python benchmarks/play_speed.py --shares [--games 300] [--rounds 3] [--game classic]

With `--shares`, where a game's time goes instead: in this process, the database loaded
once, each engine plays the same games four ways (every check; without its legality
oracle; without its invariants; with neither), the four interleaved round after round,
and the median CPU milliseconds a game of each are printed with what the invariants and
the oracle add to the engine and its player alone, and the oracle's share of a whole game
(issue 44: at most a third).

Both say first whether the rules ran compiled by mypyc (`cardkit/rules/compiled.py`: what
`./dev` builds) or from their Python source (with `CARDKIT_PURE_RULES=1`, or when a source
changed since they were compiled).
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from cardkit.model.database import load_database
from cardkit.rules import compiled
from cardkit.rules.core.engine import CardData
from cardkit.rules.core.playthrough import play
from cardkit.rules.core.registry import registered

PROJECT = Path(__file__).resolve().parents[1]
CARDKIT = Path(sys.executable).with_name("cardkit")
GAMES = ("duel", "vanguard", "classic", "cosmic")


def run(game: str, games: int, seed: int, out: str) -> tuple[float, float, int, str]:
    """Wall seconds, CPU seconds, exit status and the summary line of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([str(CARDKIT), "play", "--game", game, "--games", str(games),
                           "--seed", str(seed), "--out", out],
                          cwd=PROJECT, capture_output=True, text=True, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    summary = done.stdout.splitlines()[0] if done.stdout else done.stderr.strip()
    return wall, cpu, done.returncode, summary


def shares(game: str, games: int, rounds: int) -> None:
    """Median CPU ms a game of `game` with every check, without the oracle, without the
    invariants and with neither, the four interleaved; what each part adds and the
    oracle's share of a whole game."""
    database, _, _ = load_database(PROJECT)
    data = CardData(database.cards, database.boxes)
    gc.freeze()    # as `cardkit play` does: the database out of the collector's passes
    engine = registered()[game]
    without_oracle = dataclasses.replace(
        engine, playthrough=dataclasses.replace(engine.playthrough, oracle=None))
    ways = {"every check": engine, "no oracle": without_oracle,
            "no invariants": dataclasses.replace(engine, invariants=()),
            "neither": dataclasses.replace(without_oracle, invariants=())}
    times: dict[str, list[float]] = {way: [] for way in ways}
    for _ in range(rounds):
        for way, variant in ways.items():
            start = time.process_time()
            play(game, games, 1, data, {game: variant})
            times[way].append((time.process_time() - start) / games * 1000)
    ms = {way: statistics.median(runs) for way, runs in times.items()}
    invariants = ms["no oracle"] - ms["neither"]
    oracle = ms["no invariants"] - ms["neither"]
    print(f"{game:9} ms a game by CPU time: every check {ms['every check']:.2f}, no oracle "
          f"{ms['no oracle']:.2f}, no invariants {ms['no invariants']:.2f}, neither "
          f"{ms['neither']:.2f}; the invariants add {invariants:.2f}, the oracle {oracle:.2f} "
          f"({100 * oracle / ms['every check']:.0f} % of a game)")


def timed(game: str, games: int, rounds: int) -> None:
    """Games a second of `cardkit play` by the clock and by CPU time, best and median."""
    walls, cpus = [], []
    for seed in range(1, rounds + 1):
        with tempfile.TemporaryDirectory() as out:   # where failed games are written
            wall, cpu, status, summary = run(game, games, seed, out)
        walls.append(games / wall)
        cpus.append(games / cpu)
        print(f"  {game} seed {seed}: exit {status}, {summary}")
    print(f"{game:9} games/s by the clock: best {max(walls):7.1f}, median "
          f"{statistics.median(walls):7.1f}; by CPU time: best {max(cpus):7.1f}, median "
          f"{statistics.median(cpus):7.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int,
                        help="games a run (default 10,000; with --shares, 300)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--game", action="append", choices=GAMES,
                        help="an engine to time (default: every one); may be repeated")
    parser.add_argument("--shares", action="store_true",
                        help="where a game's time goes: the invariants' and the oracle's parts")
    arguments = parser.parse_args()
    print(f"load before: {os.getloadavg()[0]:.2f} (1 min), {os.cpu_count()} cores")
    print("rules: " + ("compiled by mypyc" if compiled.IN_USE else
                       f"from their Python source (compiled copies: {compiled.status()})"))
    for game in arguments.game or GAMES:
        if arguments.shares:
            shares(game, arguments.games or 300, arguments.rounds)
        else:
            timed(game, arguments.games or 10_000, arguments.rounds)
    print(f"load after: {os.getloadavg()[0]:.2f} (1 min)")


if __name__ == "__main__":
    main()
