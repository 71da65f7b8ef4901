"""Times `cardkit i18n import` of an edited German catalogue on a copy of the shipped database.

    .venv/bin/python benchmarks/import_speed.py [--repeat 5]

Prints the best and median of N runs of each stage: reading the PO file, checking its units
against the database, and checking the database as the import would leave it (a scratch
copy loaded and given the text checks), against loading the database once. One text is
changed, so every run checks and would write; nothing is written.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from cardkit.i18n.exchange import _Importer, build_catalogue
from cardkit.i18n.outcome import consequences
from cardkit.i18n.plurals import plural_forms
from cardkit.i18n.po import read_po, write_po
from cardkit.model.database import load_database

PROJECT = Path(__file__).resolve().parent.parent


def timed(action, repeat: int) -> tuple[float, float, object]:
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = action()
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    repeat = parser.parse_args().repeat
    with tempfile.TemporaryDirectory() as scratch:
        root = Path(scratch)
        for folder in ("cards", "locales"):
            shutil.copytree(PROJECT / folder, root / folder)
        database, _, _ = load_database(root)
        raw = write_po(build_catalogue(database, "de")).encode("utf-8")
        raw = raw.replace(b'msgstr "Schwarm"', b'msgstr "Der Schwarm"')
        forms = plural_forms("de")

        def check_units():
            importer = _Importer(root, database, received, forms)
            importer.take_all(received.units)
            return importer

        best, median, received = timed(lambda: read_po(raw, Path("de.po")), repeat)
        rows = [("read the PO file", best, median)]
        best, median, importer = timed(check_units, repeat)
        rows.append(("check its units", best, median))
        planned = importer.planned_texts()
        best, median, found = timed(lambda: consequences(root, database, planned, importer.places),
                                    repeat)
        rows.append(("check the database after the import", best, median))
        best, median, _ = timed(lambda: load_database(root), repeat)
        rows.append(("load the database (for comparison)", best, median))
    print(f"{len(received.units)} units, {len(planned)} file(s) to write, {len(found)} new problem(s)")
    for name, best, median in rows:
        print(f"{name:<40} best {best * 1000:8.1f} ms   median {median * 1000:8.1f} ms")


if __name__ == "__main__":
    main()
