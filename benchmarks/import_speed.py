"""Times `cardkit i18n import` of an edited German catalogue on a copy of the shipped database.

    .venv/bin/python benchmarks/import_speed.py [--repeat 5]

Prints the best and median of N runs of each stage: reading the PO file, checking its units
against the database, and checking the database as the import would leave it (the planned
files' texts made by the text writer, parsed in memory and given every check of `cardkit
validate`, with the report of the database before it), against loading the database once;
then the whole `cardkit i18n import` as a person runs it, in a new process, the database
put back before each run. One text is changed, so every run checks and writes.
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

from cardkit.checks.runner import check_sources, load_checked
from cardkit.i18n.export import build_catalogue
from cardkit.i18n.importer import _consequences, _Plan
from cardkit.model.plurals import plural_forms
from cardkit.i18n.po import read_po, write_po
from cardkit.source.tree import load_sources

PROJECT = Path(__file__).resolve().parent.parent
CARDKIT = Path(sys.executable).with_name("cardkit")


def timed(action, repeat: int, before=lambda: None) -> tuple[float, float, object]:
    times, result = [], None
    for _ in range(repeat):
        before()
        start = time.perf_counter()
        result = action()
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    repeat = parser.parse_args().repeat
    print(f"load average before: {' '.join(f'{value:.2f}' for value in os.getloadavg())}")
    with tempfile.TemporaryDirectory() as scratch:
        root = Path(scratch) / "db"
        for folder in ("cards", "locales"):
            shutil.copytree(PROJECT / folder, root / folder)
        checked = load_checked(root)
        raw = write_po(build_catalogue(checked.database, "de")).encode("utf-8")
        raw = raw.replace(b'msgstr "Schwarm"', b'msgstr "Der Schwarm"')
        forms = plural_forms("de")

        def check_units():
            plan = _Plan(root, checked.database, received, forms)
            plan.take_all(received.units)
            return plan

        def check_outcome():
            # A database loaded afresh, as each import loads it: its own report is computed
            # for the comparison, as part of the check.
            loaded = check_sources(root, sources)
            return _consequences(loaded, check_units())

        best, median, received = timed(lambda: read_po(raw, Path("de.po")), repeat)
        rows = [("read the PO file", best, median)]
        best, median, plan = timed(check_units, repeat)
        rows.append(("check its units", best, median))
        sources = load_sources(root)
        best, median, found = timed(check_outcome, repeat)
        rows.append(("check the database after the import", best, median))
        best, median, _ = timed(lambda: load_checked(root), repeat)
        rows.append(("load the database (for comparison)", best, median))

        po = Path(scratch) / "de.po"
        po.write_bytes(raw)
        pristine = Path(scratch) / "pristine"
        shutil.copytree(root / "locales", pristine)

        def restore():
            shutil.rmtree(root / "locales")
            shutil.copytree(pristine, root / "locales")

        def run_import():
            result = subprocess.run([str(CARDKIT), "i18n", "import", str(po), "--root", str(root)],
                                    capture_output=True, text=True, check=False)
            assert result.returncode == 0 and "1 texts updated" in result.stderr, result.stderr

        best, median, _ = timed(run_import, repeat, restore)
        rows.append(("cardkit i18n import (a new process)", best, median))
    print(f"{len(received.units)} units, {len(plan.edits.files)} file(s) to write, "
          f"{len(found)} new problem(s)")
    for name, best, median in rows:
        print(f"{name:<40} best {best * 1000:8.1f} ms   median {median * 1000:8.1f} ms")
    print(f"load average after: {' '.join(f'{value:.2f}' for value in os.getloadavg())}")


if __name__ == "__main__":
    main()
