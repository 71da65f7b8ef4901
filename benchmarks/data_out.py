"""How fast the data outputs are: the JSON export, the card images against pypdfium2's own
rasterisation, the gallery site, and the rebuild of images, decks and site after an edit.

    .venv/bin/python benchmarks/data_out.py [--repeat 5] [--jobs N]

Every figure times a command as a new process, as a person runs it, on a scratch copy of the
shipped database, and prints the best and the median of --repeat rounds, with the machine's
load average before and after. The commands of one comparison run in turn within each round,
so a change of the load falls on both sides.

  1. `cardkit export json` (target: <= 0.5 s);
  2. the floor: a new Python process that has pypdfium2 rasterise each face the face cache
     holds (the same faces and backs `--format png` writes) at 300 dpi and save it as a PNG
     with Pillow's defaults, on as many processes as cardkit uses; and `cardkit build
     --format png` with those faces cached but no image (target: <= 1.2 x the floor);
  3. `cardkit site` with the faces cached but no image, against 2 (target: <= 1.5 x);
  4. `cardkit build --format png,tts` and `cardkit site` from nothing (every face rendered),
     then again after one card's German text changed (target: <= 10 % of the cold time);
     also the share of the items (faces, images, sheets) made again, and the same against a
     cold run that started from the cached faces.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
CARDKIT = [str(Path(sys.executable).with_name("cardkit"))]
MADE = re.compile(r"\((\d+) faces, documents and images made")
EDITED = Path("locales/de/duel/aliens.yaml")
EDITS = ["muss er sie dir zeigen", "muss er sie dir vorzeigen"]

FLOOR = r"""
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pypdfium2

def rasterise(job):
    source, target = job
    page = pypdfium2.PdfDocument(source)[0]
    page.render(scale=300 / 72).to_pil().save(target)

faces, out, processes = Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3])
jobs = [(path, out / (path.stem + ".png")) for path in sorted(faces.glob("*.pdf"))]
with ProcessPoolExecutor(processes) as pool:
    list(pool.map(rasterise, jobs, chunksize=4))
"""


def run(command: list[str], cwd: Path | None = None) -> tuple[float, str]:
    """Wall seconds of a command run as a new process, and what it wrote to stderr."""
    start = time.perf_counter()
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"{' '.join(command)} failed:\n{result.stdout}{result.stderr}")
    return elapsed, result.stderr


def made(stderr: str) -> int:
    found = MADE.search(stderr)
    return int(found.group(1)) if found else 0


def copy_project(target: Path) -> Path:
    for folder in ("cards", "locales", "templates"):
        shutil.copytree(PROJECT / folder, target / folder)
    return target


def summary(name: str, times: list[float], target: str = "") -> str:
    return (f"{name:<48} best {min(times):6.2f} s  median {statistics.median(times):6.2f} s"
            + (f"  {target}" if target else ""))


def export_faces(root: Path, build: Path, folder: Path) -> int:
    """Writes the one-page PDF of every face and back the cache holds for the build."""
    from cardkit.checks.runner import load_checked_database
    from cardkit.render.build import render_faces
    from cardkit.render.cache import CACHE_FOLDER, FaceCache

    database = load_checked_database(root)[0]
    rendered = render_faces(root, database, database.languages, [], FaceCache(build / CACHE_FOLDER))
    assert not rendered.rendered, "the face cache was not warm"
    folder.mkdir()
    for number, (_, face) in enumerate(sorted(rendered.faces.items(), key=lambda item: str(item[0]))):
        (folder / f"{number:04}.pdf").write_bytes(face.pdf)
    return len(rendered.faces)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=5, help="rounds (default 5)")
    parser.add_argument("--jobs", type=int, default=len(os.sched_getaffinity(0)),
                        help="processes for cardkit and for the floor (default: the cores here)")
    options = parser.parse_args()
    jobs = ["--jobs", str(options.jobs)]
    print(f"load average before: {' '.join(f'{value:.2f}' for value in os.getloadavg())}; "
          f"{options.jobs} processes; {options.repeat} rounds")
    with tempfile.TemporaryDirectory(prefix="cardkit-data-out-") as scratch:
        scratch = Path(scratch)
        root = copy_project(scratch / "project")
        warm = scratch / "warm"
        run([*CARDKIT, "build", str(root), "--out", str(warm), "--quiet", *jobs])
        faces = export_faces(root, warm, scratch / "faces")

        exports = [run([*CARDKIT, "export", "json", str(root), "-o", str(scratch / "json")])[0]
                   for _ in range(options.repeat)]
        print(summary("1. export json", exports, "(target <= 0.5 s)"))

        floor, png, site = [], [], []
        for round_number in range(options.repeat):
            out = scratch / f"floor-{round_number}"
            out.mkdir()
            floor.append(run([sys.executable, "-c", FLOOR, str(scratch / "faces"), str(out), str(options.jobs)])[0])
            out = scratch / f"png-{round_number}"
            shutil.copytree(warm / ".cache", out / ".cache")
            png.append(run([*CARDKIT, "build", str(root), "--out", str(out), "--format", "png", "--quiet", *jobs])[0])
            out = scratch / f"site-{round_number}"
            shutil.copytree(warm / ".cache", out / ".cache")
            site.append(run([*CARDKIT, "site", str(root), "--out", str(out / "site"), "--quiet", *jobs])[0])
            for name in ("floor", "png", "site"):
                shutil.rmtree(scratch / f"{name}-{round_number}")
        print(f"   ({faces} faces and backs in every game and language)")
        print(summary("2. floor: pypdfium2 + Pillow, the same faces", floor))
        print(summary("   cardkit build --format png", png,
                      f"ratio best {min(png) / min(floor):.2f}, median "
                      f"{statistics.median(png) / statistics.median(floor):.2f} (target <= 1.2)"))
        print(summary("3. cardkit site", site,
                      f"ratio to png best {min(site) / min(png):.2f}, median "
                      f"{statistics.median(site) / statistics.median(png):.2f} (target <= 1.5)"))

        cold, warm_faces, again = [], [], []
        cold_items, warm_items, again_items = [], [], []
        for round_number in range(options.repeat):
            for start, times, items in (("nothing", cold, cold_items), ("faces", warm_faces, warm_items)):
                out = scratch / f"cold-{round_number}-{start}"
                if start == "faces":
                    shutil.copytree(warm / ".cache", out / ".cache")
                seconds_png, stderr_png = run([*CARDKIT, "build", str(root), "--out", str(out),
                                               "--format", "png,tts", *jobs])
                seconds_site, stderr_site = run([*CARDKIT, "site", str(root), "--out", str(out / "site"), *jobs])
                times.append(seconds_png + seconds_site)
                items.append(made(stderr_png) + made(stderr_site))
            edited = root / EDITED
            text = edited.read_text(encoding="utf-8")
            old, new = EDITS if EDITS[0] in text else reversed(EDITS)
            edited.write_text(text.replace(old, new), encoding="utf-8")
            out = scratch / f"cold-{round_number}-nothing"
            seconds_png, stderr_png = run([*CARDKIT, "build", str(root), "--out", str(out),
                                           "--format", "png,tts", *jobs])
            seconds_site, stderr_site = run([*CARDKIT, "site", str(root), "--out", str(out / "site"), *jobs])
            again.append(seconds_png + seconds_site)
            again_items.append(made(stderr_png) + made(stderr_site))
            for start in ("nothing", "faces"):
                shutil.rmtree(scratch / f"cold-{round_number}-{start}")
        print(summary("4. png,tts + site from nothing", cold))
        print(summary("   png,tts + site from the cached faces", warm_faces))
        print(summary("   png,tts + site after one German edit", again,
                      f"{100 * statistics.median(again) / statistics.median(cold):.1f} % of the cold "
                      f"median (target <= 10 %), {100 * statistics.median(again) / statistics.median(warm_faces):.1f} % "
                      "of the cached-faces median"))
        print(f"   items made: cold {statistics.median(cold_items):.0f}, from cached faces "
              f"{statistics.median(warm_items):.0f}, after the edit {statistics.median(again_items):.0f} "
              f"({100 * statistics.median(again_items) / statistics.median(cold_items):.1f} % of the cold run's)")
    print(f"load average after: {' '.join(f'{value:.2f}' for value in os.getloadavg())}")


if __name__ == "__main__":
    main()
