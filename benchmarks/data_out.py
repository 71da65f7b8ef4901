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
     then again after one card's German text changed (target: <= 10 % of the cold time),
     and once more with nothing changed (what the two commands cost to find that out); also
     the run from the cached faces, and how many items (faces, images, sheets) each made.

CPU seconds (each command with its worker processes) are printed beside the wall times.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
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
EDITS = ["muss er sie zeigen", "muss er sie vorzeigen"]

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


CPU: list[float] = []  # the CPU seconds of each run, in order: less subject to the load


def run(command: list[str]) -> tuple[float, str]:
    """Wall seconds of a command run as a new process, and what it wrote to stderr; its CPU
    seconds (with its worker processes) go to CPU."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    CPU.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    if result.returncode != 0:
        sys.exit(f"{' '.join(command)} failed:\n{result.stdout}{result.stderr}")
    return elapsed, result.stderr


def timed(command: list[str]) -> tuple[float, float, str]:
    """As `run`, with the CPU seconds beside the wall seconds."""
    elapsed, stderr = run(command)
    return elapsed, CPU[-1], stderr


def made(stderr: str) -> int:
    found = MADE.search(stderr)
    return int(found.group(1)) if found else 0


def copy_project(target: Path) -> Path:
    for folder in ("cards", "locales", "templates"):
        shutil.copytree(PROJECT / folder, target / folder)
    return target


def summary(name: str, times: list[float], target: str = "", cpu: list[float] | None = None) -> str:
    return (f"{name:<46} best {min(times):6.2f} s  median {statistics.median(times):6.2f} s"
            + (f"  (CPU median {statistics.median(cpu):6.2f} s)" if cpu else "")
            + (f"\n{'':<49}{target}" if target else ""))


def ratio(name: str, ours: list[float], theirs: list[float], target: str, percent: bool = False) -> str:
    best, median = min(ours) / min(theirs), statistics.median(ours) / statistics.median(theirs)
    shown = (lambda value: f"{100 * value:.1f} %") if percent else (lambda value: f"{value:.2f}")
    return f"{name}: best {shown(best)}, median {shown(median)} ({target})"


def export_faces(root: Path, build: Path, folder: Path) -> int:
    """Writes the one-page PDF of every face and back the cache holds for the build."""
    from cardkit.checks.runner import Strictness, load_checked
    from cardkit.render.pipeline import render_faces
    from cardkit.faces.cache import FaceCache
    from cardkit.render.folders import CACHE_FOLDER

    database = load_checked(root, Strictness.ANY_ERROR).database
    rendered = render_faces(root, database, database.languages, [], FaceCache(build / CACHE_FOLDER))
    assert not rendered.rendered, "the face cache was not warm"
    folder.mkdir()
    for number, (target, face_id) in enumerate(sorted(rendered.faces, key=str)):
        (folder / f"{number:04}.pdf").write_bytes(rendered.pdf(target, face_id))
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

        exports, export_cpu = [], []
        for _ in range(options.repeat):
            seconds, cpu, _ = timed([*CARDKIT, "export", "json", str(root), "-o", str(scratch / "json")])
            exports.append(seconds)
            export_cpu.append(cpu)
        print(summary("1. export json", exports, "target <= 0.5 s", export_cpu))

        figures: dict[str, tuple[list[float], list[float]]] = {name: ([], []) for name in ("floor", "png", "site")}
        for round_number in range(options.repeat):
            commands = {
                "floor": [sys.executable, "-c", FLOOR, str(scratch / "faces"), None, str(options.jobs)],
                "png": [*CARDKIT, "build", str(root), "--out", None, "--format", "png", "--quiet", *jobs],
                "site": [*CARDKIT, "site", str(root), "--out", None, "--quiet", *jobs],
            }
            for name, command in commands.items():
                out = scratch / f"{name}-{round_number}"
                if name == "floor":
                    out.mkdir()
                else:
                    shutil.copytree(warm / ".cache", out / ".cache")
                command[command.index(None)] = str(out / "site" if name == "site" else out)
                seconds, cpu, _ = timed(command)
                figures[name][0].append(seconds)
                figures[name][1].append(cpu)
                shutil.rmtree(out)
        (floor, floor_cpu), (png, png_cpu), (site, site_cpu) = figures.values()
        print(f"   ({faces} faces and backs in every game and language)")
        print(summary("2. floor: pypdfium2 + Pillow, the same faces", floor, cpu=floor_cpu))
        print(summary("   cardkit build --format png", png,
                      ratio("wall", png, floor, "target <= 1.2") + "; " + ratio("CPU", png_cpu, floor_cpu, "same"),
                      png_cpu))
        print(summary("3. cardkit site", site,
                      ratio("to png, wall", site, png, "target <= 1.5") + "; " + ratio("CPU", site_cpu, png_cpu, "same"),
                      site_cpu))

        runs = {name: ([], [], []) for name in ("cold", "faces", "edit", "unchanged")}

        def outputs(name: str, out: Path) -> None:
            seconds_png, cpu_png, stderr_png = timed([*CARDKIT, "build", str(root), "--out", str(out),
                                                      "--format", "png,tts", *jobs])
            seconds_site, cpu_site, stderr_site = timed([*CARDKIT, "site", str(root), "--out", str(out / "site"), *jobs])
            runs[name][0].append(seconds_png + seconds_site)
            runs[name][1].append(cpu_png + cpu_site)
            runs[name][2].append(made(stderr_png) + made(stderr_site))

        for round_number in range(options.repeat):
            cold = scratch / f"cold-{round_number}"
            from_faces = scratch / f"faces-{round_number}"
            shutil.copytree(warm / ".cache", from_faces / ".cache")
            outputs("cold", cold)
            outputs("faces", from_faces)
            edited = root / EDITED
            text = edited.read_text(encoding="utf-8")
            old, new = EDITS if EDITS[0] in text else reversed(EDITS)
            assert old in text, f"{EDITED} no longer holds {old!r}: the benchmark edits nothing"
            edited.write_text(text.replace(old, new), encoding="utf-8")
            outputs("edit", cold)
            outputs("unchanged", cold)
            shutil.rmtree(cold)
            shutil.rmtree(from_faces)
        cold, edit = runs["cold"], runs["edit"]
        print(summary("4. png,tts + site from nothing", cold[0], cpu=cold[1]))
        print(summary("   png,tts + site from the cached faces", runs["faces"][0], cpu=runs["faces"][1]))
        print(summary("   png,tts + site after one German edit", edit[0],
                      ratio("of the cold run, wall", edit[0], cold[0], "target <= 10 %", percent=True) + "; "
                      + ratio("CPU", edit[1], cold[1], "same", percent=True), edit[1]))
        print(summary("   png,tts + site again, nothing changed", runs["unchanged"][0], cpu=runs["unchanged"][1]))
        print(f"   items made: from nothing {statistics.median(cold[2]):.0f}, from the cached faces "
              f"{statistics.median(runs['faces'][2]):.0f}, after the edit {statistics.median(edit[2]):.0f} "
              f"({100 * statistics.median(edit[2]) / statistics.median(cold[2]):.1f} % of the cold run's), "
              f"unchanged {statistics.median(runs['unchanged'][2]):.0f}")
    print(f"load average after: {' '.join(f'{value:.2f}' for value in os.getloadavg())}")


if __name__ == "__main__":
    main()
