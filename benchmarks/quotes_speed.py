"""What checking every quote against the rulebooks adds to `cardkit validate`.

    .venv/bin/python benchmarks/quotes_speed.py [--repeat 5] [--rulebooks ../shared/seeds]

`cardkit validate` and `cardkit validate --rulebooks DIR` on the shipped database, each run as
a person runs it (a new process, `.venv/bin/cardkit`), interleaved round by round so both see
the same load: the wall time, and the CPU time the process used (user and system), which
other work on a shared machine disturbs less. Then the quote check alone in this process
(reading and folding the rulebooks, and every citation). Prints best and median of each.
Target (issue 31): the rulebooks add at most 0.3 s.
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

from cardkit.checks.quotes import check_quotes
from cardkit.model.database import load_database

PROJECT = Path(__file__).resolve().parents[1]
CARDKIT = Path(sys.executable).with_name("cardkit")


def timed(command: list[str]) -> tuple[float, float]:
    """The wall time and the CPU time (user and system) of one run of `command`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run(command, capture_output=True, cwd=PROJECT, check=False)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0:
        sys.exit(f"{' '.join(command)} failed:\n{result.stdout.decode()}{result.stderr.decode()}")
    return elapsed, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def line(label: str, times: list[float]) -> str:
    return f"{label:42} {min(times):6.3f} s best, {statistics.median(times):6.3f} s median"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--rulebooks", type=Path, default=PROJECT.parent / "shared" / "seeds")
    arguments = parser.parse_args()
    if not arguments.rulebooks.is_dir():
        sys.exit(f"no rulebooks at {arguments.rulebooks}: pass --rulebooks DIR")
    print(f"load before: {os.getloadavg()[0]:.2f} (1 min), {os.cpu_count()} cores")
    plain, quoted = [], []
    for _ in range(arguments.repeat):
        plain.append(timed([str(CARDKIT), "validate"]))
        quoted.append(timed([str(CARDKIT), "validate", "--rulebooks", str(arguments.rulebooks)]))
    database, _, _ = load_database(PROJECT)
    alone = []
    for _ in range(arguments.repeat):
        start = time.perf_counter()
        problems = check_quotes(database, arguments.rulebooks)
        alone.append(time.perf_counter() - start)
    citations = sum(len(group.cites) for groups in _all_sources(database) for group in groups)
    for index, kind in ((0, "wall"), (1, "CPU")):
        without = [times[index] for times in plain]
        with_quotes = [times[index] for times in quoted]
        print(line(f"cardkit validate ({kind})", without))
        print(line(f"cardkit validate --rulebooks ({kind})", with_quotes))
        print(line(f"added, round by round ({kind})",
                   [after - before for before, after in zip(without, with_quotes)]))
    print(line(f"quote check alone ({citations} citations)", alone))
    print(f"problems found: {len(problems)}")
    print(f"load after: {os.getloadavg()[0]:.2f} (1 min)")


def _all_sources(database):
    yield from (entry.sources for texts in database.texts.values() for entry in texts.values())
    yield from (card.sources for card in database.cards.values())
    yield from (box.sources for box in database.boxes.values())


if __name__ == "__main__":
    main()
