"""`cardkit init` of a new project and its first `cardkit build`, each a new process, as a
person starting a game of their own meets them.

    .venv/bin/python benchmarks/init_speed.py [--repeat 5] [--lang en,es]

Each round makes the project in a new scratch folder, so every build is a first one (no face
cache). Prints best and median wall-clock seconds of the two commands and of both together.
Target (issue 38): init plus a first build of the empty project within 5 s.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def timed(*arguments: str) -> float:
    """Wall-clock seconds of `cardkit ARGUMENTS` as a new process; stops on a failed run."""
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", "import sys; from cardkit.cli import main; "
                           "sys.argv = ['cardkit', *sys.argv[1:]]; main()", *arguments],
                          capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"cardkit {' '.join(arguments)} exited {done.returncode}:\n{done.stderr}")
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--lang", default="en,es")
    options = parser.parse_args()
    runs: dict[str, list[float]] = {"init": [], "build": [], "both": []}
    for _ in range(options.repeat):
        with tempfile.TemporaryDirectory() as scratch:
            project = Path(scratch) / "own-game"
            init = timed("init", str(project), "--game", "own-game", "--title", "Own Game", "--lang", options.lang)
            build = timed("build", str(project), "--out", str(project / "build"), "--quiet")
        for name, seconds in (("init", init), ("build", build), ("both", init + build)):
            runs[name].append(seconds)
    for name, seconds in runs.items():
        print(f"{name:>5}: best {min(seconds):.2f} s, median {statistics.median(seconds):.2f} s")
    print(f"load {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
