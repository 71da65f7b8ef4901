"""How fast cards come in: `cardkit sheet import` and `cardkit sheet export` of a generated
500-card sheet, and `cardkit new` on the shipped database.

    .venv/bin/python benchmarks/sheet_speed.py [--repeat 5] [--cards 500] [--format xlsx]

Each command runs as a person runs it, in a new process (`.venv/bin/cardkit`), on a scratch
copy of the shipped database, and prints its best and median of N:

- import: a sheet of N generated Duel aliens (each with two powers, English and Spanish
  texts, cited to a declared printing) into a fresh copy each time, every check included;
- export: the same N aliens (the copy after one import) back into a sheet;
- new: one alien into a fresh copy of the shipped database each time.

Targets (issue 24): export <= 1 s, import <= 2 s, new <= 0.5 s. The generated cards exist
only in the temporary folder.
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

PROJECT = Path(__file__).resolve().parents[1]
CARDKIT = Path(sys.executable).with_name("cardkit")
sys.path.insert(0, str(PROJECT))

from cardkit.intake.grid import grid_bytes  # noqa: E402

PRINTINGS = "printings:\n  bench-en: {language: en}\n  bench-es: {language: es}\n"
HEADER = ["duel alien", "complexity", "powers.first.timing", "powers.second.timing", "printing",
          "number", "en:name", "en:powers.first.name", "en:powers.first.text",
          "en:powers.second.name", "en:powers.second.text", "en:printing", "en:number",
          "es:name", "es:powers.first.name", "es:powers.first.text", "es:powers.second.name",
          "es:powers.second.text", "es:printing", "es:number", "es:confirmed"]


def generated_rows(count: int) -> list[list]:
    rows = [HEADER]
    for number in range(1, count + 1):
        rows.append([f"bench-{number}", "green", "always", "duels", "bench-en", str(number),
                     f"Bench {number}", f"Rise {number}", "You may draw 1 card.",
                     f"Fall {number}", "You win ties.", "bench-en", str(number),
                     f"Banco {number}", f"Subida {number}", "Puedes robar 1 carta.",
                     f"Caída {number}", "Ganas los empates.", "bench-es", str(number), "yes"])
    return rows


def fresh_copy(folder: Path, room: int = 0) -> Path:
    """The shipped database with the printings declared and, for a sheet of generated cards,
    a box that holds `room` more aliens (the box count is checked too)."""
    if folder.exists():
        shutil.rmtree(folder)
    for part in ("cards", "locales"):
        shutil.copytree(PROJECT / part, folder / part)
    box = folder / "cards/duel/box.yaml"
    text = box.read_text(encoding="utf-8").replace("\naliens: 27\n", f"\naliens: {27 + room}\n", 1)
    box.write_text(text + PRINTINGS, encoding="utf-8")
    return folder


def timed(command: list[str]) -> float:
    start = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{result.stderr}")
    return elapsed


def report(label: str, times: list[float], target: float) -> None:
    print(f"{label:34} best {min(times):5.2f} s, median {statistics.median(times):5.2f} s "
          f"(target <= {target} s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--cards", type=int, default=500)
    parser.add_argument("--format", choices=("xlsx", "ods", "csv"), default="xlsx")
    options = parser.parse_args()
    print(f"load before: {os.getloadavg()[0]:.2f} (1 min), {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as temporary:
        scratch = Path(temporary)
        sheet = scratch / f"aliens.{options.format}"
        sheet.write_bytes(grid_bytes(f".{options.format}", "alien", generated_rows(options.cards), set()))
        imports = []
        for _ in range(options.repeat):
            root = fresh_copy(scratch / "db", options.cards)
            imports.append(timed([str(CARDKIT), "sheet", "import", str(sheet), "--root", str(root)]))
        exports = [timed([str(CARDKIT), "sheet", "export", "--game", "duel", "--kind", "alien",
                          "-o", str(scratch / f"out.{options.format}"), "--root", str(root)])
                   for _ in range(options.repeat)]
        news = []
        for number in range(options.repeat):
            root = fresh_copy(scratch / "new")
            news.append(timed([str(CARDKIT), "new", "alien", f"bench-new-{number}", "--game", "duel",
                               "--name", "Bench", "--root", str(root)]))
    report(f"sheet import, {options.cards} {options.format}", imports, 2)
    report(f"sheet export, {options.cards} {options.format}", exports, 1)
    report("new (shipped database)", news, 0.5)
    print(f"load after: {os.getloadavg()[0]:.2f} (1 min)")


if __name__ == "__main__":
    main()
