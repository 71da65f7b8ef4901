"""Times validate and fmt on one very wide file, at growing sizes, to show they stay linear.

    .venv/bin/python benchmarks/wide_file.py [--keys 50000,100000,200000]

For each size N the minimal test database gets a `cards/duel/plans.yaml` of N top-level
keys (200,000 keys make 3.5 MB, the size the hardening issue names), each a card that is
not a mapping (so every key is also a reported problem), and a `locales/es/duel/plans.yaml`
with N/4 texts for ids no card has (each gets a closest-id suggestion). Printed per size:
seconds of CPU for ruamel.yaml's round-trip load of the wide file alone (the floor),
`validate`, and `fmt --check` and `fmt` (after indenting the file out of canonical form),
and the microseconds per key of each: linear means those stay flat as N grows.
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
import time
from pathlib import Path

from cardkit.checks.runner import validate
from cardkit.source.canonical import format_database
from cardkit.source.yamlfile import round_trip_yaml

MINIMAL = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "minimal"


def timed(function) -> float:
    started = time.process_time()
    function()
    return time.process_time() - started


def run(keys: int) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        root = Path(scratch) / "db"
        shutil.copytree(MINIMAL, root)
        wide = root / "cards" / "duel" / "plans.yaml"
        wide.write_text("".join(f"card-{i:06d}: x{i % 1000}\n" for i in range(keys)))
        (root / "locales" / "es" / "duel" / "plans.yaml").write_text(
            "".join(f"card-{i:06d}x:\n  name: N\n" for i in range(keys // 4)))
        size = wide.stat().st_size
        text = wide.read_text()
        load = timed(lambda: round_trip_yaml().load(text))
        check = timed(lambda: validate(root))
        wide.write_text("".join(f"card-{i:06d}:   x{i % 1000}\n" for i in range(keys)))
        fmt_check = timed(lambda: format_database(root, write=False))
        fmt = timed(lambda: format_database(root, write=True))
        per_key = lambda seconds: f"{seconds / keys * 1e6:6.0f} us/key"
        print(f"{keys:>7} keys ({size / 1e6:.1f} MB): ruamel load {load:6.1f} s ({per_key(load)}), "
              f"validate {check:6.1f} s ({per_key(check)}), fmt --check {fmt_check:6.1f} s, "
              f"fmt {fmt:6.1f} s ({per_key(fmt)})", flush=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", default="50000,100000,200000")
    for count in parser.parse_args().keys.split(","):
        run(int(count))
