"""Times validate and fmt on one very wide file, at growing sizes, to show they stay linear.

    .venv/bin/python benchmarks/wide_file.py [--keys 50000,100000,200000] [--runs 3]

For each size N the minimal test database gets a `cards/duel/plans.yaml` of N top-level
keys (200,000 keys make 3.5 MB, the size the hardening issue names), each a card that is
not a mapping (so every key is also a reported problem), and a `locales/es/duel/plans.yaml`
with N/4 texts for ids no card has (each gets a closest-id suggestion). Printed per size,
in seconds of CPU, the best of `--runs`: reading the wide file alone, through libyaml as
validate does and round trip as fmt does, `validate`, and `fmt --check` and `fmt` (after
indenting the file out of canonical form), with the microseconds per key of validate and
fmt: linear means those stay flat as N grows.
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
import time
from pathlib import Path

from cardkit.checks.runner import validate
from cardkit.source.canonical import format_database
from cardkit.source.yamlfile import Document, parse_text

MINIMAL = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "minimal"


def timed(function, runs: int, before=lambda: None) -> float:
    """The least CPU time of `runs` calls of `function`, each after `before`."""
    best = float("inf")
    for _ in range(runs):
        before()
        started = time.process_time()
        function()
        best = min(best, time.process_time() - started)
    return best


def run(keys: int, runs: int) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        root = Path(scratch) / "db"
        shutil.copytree(MINIMAL, root)
        wide = root / "cards" / "duel" / "plans.yaml"
        wide.write_text("".join(f"card-{i:06d}: x{i % 1000}\n" for i in range(keys)))
        (root / "locales" / "es" / "duel" / "plans.yaml").write_text(
            "".join(f"card-{i:06d}x:\n  name: N\n" for i in range(keys // 4)))
        size = wide.stat().st_size
        text = wide.read_text()
        read = lambda round_trip: parse_text(text, Document(wide), round_trip=round_trip)
        libyaml = timed(lambda: read(False), runs)
        round_trip = timed(lambda: read(True), runs)
        check = timed(lambda: validate(root), runs)
        out_of_form = "".join(f"card-{i:06d}:   x{i % 1000}\n" for i in range(keys))
        wide.write_text(out_of_form)
        fmt_check = timed(lambda: format_database(root, write=False), runs)
        fmt = timed(lambda: format_database(root, write=True), runs,
                    before=lambda: wide.write_text(out_of_form))
        per_key = lambda seconds: f"{seconds / keys * 1e6:4.0f} us/key"
        print(f"{keys:>7} keys ({size / 1e6:.1f} MB), best of {runs}: read {libyaml:5.2f} s "
              f"(libyaml), {round_trip:5.2f} s (round trip); validate {check:5.1f} s "
              f"({per_key(check)}); fmt --check {fmt_check:5.1f} s; fmt {fmt:5.1f} s "
              f"({per_key(fmt)})", flush=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", default="50000,100000,200000")
    parser.add_argument("--runs", type=int, default=3, help="report the best of this many")
    options = parser.parse_args()
    for count in options.keys.split(","):
        run(int(count), options.runs)
