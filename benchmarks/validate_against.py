"""`cardkit validate` of the shipped database by this checkout's code and by an earlier
commit's, as new processes, interleaved round by round so that both meet the same load.

    .venv/bin/python benchmarks/validate_against.py --against a14420d [--repeat 7]

The database is this checkout's for both (the earlier code reads it from a copy, so a newer
fact either code does not know shows up as an error line, printed once). The earlier code
runs from a scratch `git worktree` of the commit, removed afterwards. Prints best and median
wall-clock and CPU seconds of each, and the change. Target (issue 38): validate no slower
than before the game declarations and the checks added since (within 10 %).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

from earlier_code import PROJECT, earlier_code  # run as a script: benchmarks/ is on the path


def timed(code: Path, database: Path) -> tuple[float, float, subprocess.CompletedProcess]:
    """Wall-clock and CPU seconds of one `cardkit validate` with the package under `code`."""
    environment = {**os.environ, "PYTHONPATH": str(code)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", "import sys; from cardkit.cli import main; "
                           "sys.argv = ['cardkit', 'validate', sys.argv[1]]; main()", str(database)],
                          env=environment, capture_output=True, text=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), done


def summary(name: str, runs: list[tuple[float, float]]) -> tuple[float, float]:
    walls, cpus = [wall for wall, _ in runs], [cpu for _, cpu in runs]
    print(f"{name:>8}: wall best {min(walls):.3f} s, median {statistics.median(walls):.3f} s; "
          f"CPU best {min(cpus):.3f} s, median {statistics.median(cpus):.3f} s")
    return statistics.median(walls), statistics.median(cpus)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", required=True, help="the earlier commit")
    parser.add_argument("--repeat", type=int, default=7)
    options = parser.parse_args()
    with earlier_code(options.against) as (_, earlier, database):
        runs: dict[str, list[tuple[float, float]]] = {"now": [], "earlier": []}
        for round_number in range(options.repeat + 1):
            for name, code in (("now", PROJECT), ("earlier", earlier)):
                wall, cpu, done = timed(code, database)
                if round_number == 0:  # a first run of each, for the disk cache, not counted
                    print(f"{name}: exit {done.returncode}, {done.stdout.strip().splitlines()[-1]}")
                    continue
                runs[name].append((wall, cpu))
        now, before = summary("now", runs["now"]), summary("earlier", runs["earlier"])
        print(f"change: wall {100 * (now[0] / before[0] - 1):+.1f} %, "
              f"CPU {100 * (now[1] / before[1] - 1):+.1f} % (medians); load {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
