"""Times `cardkit i18n export` with fit budgets, as a person runs it (a new process), on a
copy of the shipped database.

    .venv/bin/python benchmarks/export_speed.py [--lang de] [--repeat 5]

Prints the best and median of N runs of:
- the export after a build (the face cache warm: every budget is read from it);
- the export with no face cache (cold: it measures every budget and keeps them);
- for comparison, a cold `cardkit build --lang LL` (the render of that language's faces);
- `cardkit validate` with and without the face cache (it reads the budgets from the cache).
Targets (issue 25): a warm export at most 1 s; a cold one no longer than a cold build.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
CARDKIT = Path(sys.executable).with_name("cardkit")


def timed(repeat: int, command: list[str], before=lambda: None) -> list[float]:
    times = []
    for _ in range(repeat):
        before()
        start = time.perf_counter()
        subprocess.run([str(CARDKIT), *command], check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return times


def report(name: str, times: list[float]) -> None:
    print(f"{name:42} best {min(times):6.2f} s, median {statistics.median(times):6.2f} s "
          f"({len(times)} runs)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", default="de")
    parser.add_argument("--repeat", type=int, default=5)
    arguments = parser.parse_args()
    print(f"load average before: {' '.join(f'{value:.2f}' for value in os.getloadavg())}")
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        for part in ("cards", "locales", "templates"):
            shutil.copytree(PROJECT / part, root / part)
        build = root / "build"
        export = ["i18n", "export", "--lang", arguments.lang, "--root", str(root), "-o", os.devnull]
        no_cache = lambda: shutil.rmtree(build, ignore_errors=True)  # noqa: E731

        report("export, no face cache", timed(arguments.repeat, export, no_cache))
        report("cold build of the language", timed(
            arguments.repeat, ["build", str(root), "--lang", arguments.lang, "--quiet", "--out", str(build)],
            no_cache))
        report("export after that build", timed(arguments.repeat, export))
        report("validate with the face cache", timed(arguments.repeat, ["validate", str(root)]))
        no_cache()
        report("validate, no face cache", timed(arguments.repeat, ["validate", str(root)]))
    print(f"load average after: {' '.join(f'{value:.2f}' for value in os.getloadavg())}")


if __name__ == "__main__":
    main()
