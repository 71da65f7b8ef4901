"""How fast the command line answers: `cardkit --help`, `cardkit validate`, and the
`cardkit review --watch` loop from saving a file to the new page.

    .venv/bin/python benchmarks/cli_speed.py [--repeat 3]

Each command runs as a person runs it, in a new process (`.venv/bin/cardkit`), best of N.
The review loop runs the real watcher on a copy of the project: after its first page,
each round saves a different German text of one card and times until the page on disk
shows it. A page open in a browser notices the new generation within its polling interval
(0.3 s) more. Targets (issue 10): --help <= 0.3 s, validate <= 1.0 s, review <= 1.5 s.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
CARDKIT = Path(sys.executable).with_name("cardkit")


def best_of(repeat: int, command: list[str]) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(command, check=False, capture_output=True, cwd=PROJECT)
        times.append(time.perf_counter() - start)
    return min(times)


def review_latency(repeat: int) -> list[float]:
    with tempfile.TemporaryDirectory() as temporary:
        project = Path(temporary)
        for folder in ("cards", "locales", "templates"):
            shutil.copytree(PROJECT / folder, project / folder)
        page = project / "build" / "review" / "de.html"
        watcher = subprocess.Popen(
            [str(CARDKIT), "review", "--lang", "de", "--root", str(project), "--out",
             str(project / "build"), "--watch"], stderr=subprocess.PIPE, text=True)
        try:
            for line in watcher.stderr:
                if line.startswith("watching"):
                    break
            time.sleep(1.0)  # let the watcher settle on its folders
            latencies = []
            texts = project / "locales" / "de" / "duel" / "aliens.yaml"
            for number in range(1, repeat + 1):
                marker = f"Eiserne Matrone {number}"
                source = texts.read_text(encoding="utf-8")
                saved = time.perf_counter()
                texts.write_text(source.replace("  name: Eiserne Matrone", f"  name: {marker}", 1)
                                 if number == 1 else source.replace(f"Eiserne Matrone {number - 1}",
                                                                    marker, 1), encoding="utf-8")
                while marker not in page.read_text(encoding="utf-8"):
                    time.sleep(0.01)
                latencies.append(time.perf_counter() - saved)
                time.sleep(0.5)
            return latencies
        finally:
            watcher.terminate()
            watcher.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    repeat = parser.parse_args().repeat
    print(f"load before: {os.getloadavg()[0]:.2f} (1 min), {os.cpu_count()} cores")
    print(f"cardkit --help:                 {best_of(repeat, [str(CARDKIT), '--help']):6.2f} s")
    print(f"cardkit validate (shipped):     {best_of(repeat, [str(CARDKIT), 'validate']):6.2f} s")
    latencies = review_latency(repeat)
    print(f"review --watch, save to page:   {min(latencies):6.2f} s best, "
          f"{max(latencies):.2f} s worst of {len(latencies)}")
    print(f"load after: {os.getloadavg()[0]:.2f} (1 min)")


if __name__ == "__main__":
    main()
