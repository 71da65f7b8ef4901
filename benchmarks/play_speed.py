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
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--game", action="append", choices=GAMES,
                        help="an engine to time (default: every one); may be repeated")
    arguments = parser.parse_args()
    print(f"load before: {os.getloadavg()[0]:.2f} (1 min), {os.cpu_count()} cores")
    for game in arguments.game or GAMES:
        walls, cpus = [], []
        for seed in range(1, arguments.rounds + 1):
            with tempfile.TemporaryDirectory() as out:   # where failed games are written
                wall, cpu, status, summary = run(game, arguments.games, seed, out)
            walls.append(arguments.games / wall)
            cpus.append(arguments.games / cpu)
            print(f"  {game} seed {seed}: exit {status}, {summary}")
        print(f"{game:9} games/s by the clock: best {max(walls):7.1f}, median "
              f"{statistics.median(walls):7.1f}; by CPU time: best {max(cpus):7.1f}, median "
              f"{statistics.median(cpus):7.1f}")
    print(f"load after: {os.getloadavg()[0]:.2f} (1 min)")


if __name__ == "__main__":
    main()
