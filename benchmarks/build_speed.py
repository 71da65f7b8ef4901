"""How fast `cardkit build` is: against WeasyPrint's floor, against an earlier cardkit,
after an edit, in parallel, and as the database grows.

    .venv/bin/python benchmarks/build_speed.py [--repeat 3] [--baseline COMMIT] [--skip-box]
                                               [--rebuild-only]

Prints the best of N runs (all languages and papers, no cache unless said) of:
  1. the floor: WeasyPrint rendering each distinct face once, and each reference sheet and
     duplex check once, one after another in one process, stylesheets parsed once;
  2. the cold build on one process (--jobs 1), and its ratio to the floor (target <= 1.2);
  3. the cold build on one process per core, and the speed-up (target >= 1.7 on 2 cores),
     beside the speed-up the machine gives a CPU-bound loop in the same rounds: the ceiling
     any program reaches on it at that time (on a shared virtual machine, often below 2);
  4. with --baseline, the build of that commit of cardkit (exported to a temporary folder
     and run with this environment) of its own database, and this cardkit's build of that
     same database (with this cardkit's templates), and the speed-up (target >= 2);
  5. the rebuild after editing one card's German text, with the cache of a full build, as a
     person runs it: `cardkit build ROOT --out OUT --quiet`, a new process, against the cold
     build (`--no-cache`), a new process too, in the same rounds (target <= 1.0 s and <= 12 %),
     with the best and the median; beside them the same command with nothing changed, and
     the rebuild called as `build()` inside this process, which has paid the imports already
     (labelled in-process), and the floor of any rebuild that lays the face out again: a new
     process that imports WeasyPrint, takes the German hyphenation from the cache (the words' record) and
     renders that one face's HTML to PDF, nothing else (with --rebuild-only, 5 alone is run);
  6. unless --skip-box, cold builds of a generated database the size of the whole box
     (benchmarks/full_box.py) on one process and on one per core, with their speed-up beside
     the loop's, and the cost per face of it and of the shipped database: the slope.
Each ratio compares figures taken in the same rounds (1 to 3 run in turn, round after round,
and so do 5's cold build and rebuild), so a change of the machine's load falls on both sides;
each round of 5 is a new edit, and the benchmark stops unless it rendered exactly that card.
CPU times (this process and its workers) are given too, as they depend less on the load.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
import multiprocessing
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

from cardkit.faces.cache import FaceCache
from cardkit.faces.documents import LanguageContext, face_html, reference_html, registration_html
from cardkit.faces.faces import Printed
from cardkit.faces.layout import PAPERS
from cardkit.faces.stylesheets import FACE_STYLESHEETS, REFERENCE_STYLESHEETS
from cardkit.model.database import load_database
from cardkit.render.folders import CACHE_FOLDER
from cardkit.render.pipeline import build, render_faces
from cardkit.render.renderer import Renderer

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT / "benchmarks"))
from full_box import generate  # noqa: E402


@dataclass(frozen=True)
class Timing:
    wall: float
    cpu: float  # this process and its worker processes


def best_of(repeat: int, action, prepare=None) -> Timing:
    """The run with the best wall time of `repeat` runs."""
    return interleaved(repeat, {"": action}, {"": prepare} if prepare else None)[""]


def interleaved(repeat: int, actions: dict, prepare: dict | None = None) -> dict[str, Timing]:
    """The best wall time of each action over `repeat` rounds, each round running every
    action once in turn, so that a change of the machine's load falls on all of them;
    `prepare[name](round)` runs before its action, untimed."""
    return {name: min(timings, key=lambda run: run.wall)
            for name, timings in all_runs(repeat, actions, prepare).items()}


def all_runs(repeat: int, actions: dict, prepare: dict | None = None) -> dict[str, list[Timing]]:
    """Every run of `interleaved`'s rounds, by action."""
    runs: dict[str, list[Timing]] = {name: [] for name in actions}
    for number in range(repeat):
        for name, action in actions.items():
            if prepare and name in prepare:
                prepare[name](number)
            cpu_start = _cpu()
            start = time.perf_counter()
            action()
            runs[name].append(Timing(time.perf_counter() - start, _cpu() - cpu_start))
    return runs


def _cpu() -> float:
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def spin(count: int) -> int:
    total = 0
    for number in range(count):
        total += number * number % 7
    return total


LOOP_COUNT = 16_000_000  # about two seconds of one core


class Loop:
    """The same CPU-bound work, shared by 1 or by `cores` processes, each set started ahead,
    so that the time is the machine's and not that of forking this large process."""

    def __init__(self, cores: int):
        self.pools = {count: multiprocessing.get_context("fork").Pool(count)
                      for count in {1, cores}}

    def run(self, processes: int) -> None:
        self.pools[processes].map(spin, [LOOP_COUNT // processes] * processes)

    def close(self) -> None:
        for pool in self.pools.values():
            pool.terminate()


def floor_documents(root: Path, work: Path) -> list[tuple[str, str]]:
    """The final HTML of every distinct face and document, with its stylesheet set."""
    database = load_database(root)[0]
    rendered = render_faces(root, database, database.languages, list(PAPERS),
                            FaceCache(work / CACHE_FOLDER), None)
    documents = []
    for target, context in rendered.contexts.items():
        sizes = rendered.sizes(target)
        documents += [(face_html(context, Printed(face, sizes)), FACE_STYLESHEETS)
                      for face in (*context.faces, *context.backs)]
        for paper in PAPERS.values():
            documents.append((reference_html(context, paper), REFERENCE_STYLESHEETS))
            documents.append((registration_html(context, paper), FACE_STYLESHEETS))
    return documents


def weasyprint_floor(root: Path, documents: list[tuple[str, str]]) -> None:
    renderer = Renderer(root)
    for html, stylesheets in documents:
        renderer.pdf(renderer.render(html, stylesheets))


def export_commit(commit: str, folder: Path) -> Path:
    """The commit's code, templates and database, as they were."""
    archive = subprocess.run(["git", "-C", str(PROJECT), "archive", "--format=tar", commit,
                              "cardkit", "cards", "locales", "templates"],
                             check=True, capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    return folder


def baseline_build(code: Path, out: Path, jobs: int | None) -> None:
    """The exported commit building its own database; it has no cache to warm."""
    script = (f"import sys; sys.path.insert(0, {str(code)!r}); import cardkit; "
              f"assert cardkit.__file__.startswith({str(code)!r}), cardkit.__file__; "
              "from pathlib import Path; from cardkit.render.pipeline import build; "
              f"build(Path({str(code)!r}), Path({str(out)!r}), jobs={jobs!r})")
    subprocess.run([sys.executable, "-c", script], check=True, cwd=code, capture_output=True)


GERMAN_TEXTS = "locales/de/duel/aliens.yaml"
GERMAN_MARKER = "muss er sie zeigen"
CARDKIT = str(Path(sys.executable).with_name("cardkit"))
MADE = re.compile(r"\((\d+) faces, documents and images made")


def edit_german_text(root: Path, original: str, number: int) -> None:
    """Round `number`'s wording of one German text, made from the file's `original` text so
    that every round is a new edit; the text checks still accept it (a changed number would
    be an error, and the build refuses what validate rejects)."""
    assert GERMAN_MARKER in original
    (root / GERMAN_TEXTS).write_text(original.replace(
        GERMAN_MARKER, "muss er sie" + " sofort" * number + " zeigen", 1), encoding="utf-8")


def rebuild_one_face(root: Path, out: Path, jobs: int) -> None:
    rendered = build(root, out, jobs=jobs).rendered
    assert len(rendered) == 1 and rendered[0].endswith("de/iron-matron"), \
        f"the edit rendered {rendered}, not one face"


def command(root: Path, out: Path, *options: str, made: int | None = None) -> None:
    """`cardkit build` as a person types it, in a new process; with `made`, the benchmark
    stops unless the build reports making exactly that many things."""
    result = subprocess.run([CARDKIT, "build", str(root), "--out", str(out), *options],
                            capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"cardkit build failed:\n{result.stderr}")
    if made is not None:
        found = MADE.search(result.stderr)
        assert found and int(found.group(1)) == made, f"expected {made} made: {result.stderr}"


ONE_FACE = """
import sys
from pathlib import Path
from cardkit.faces.cache import FaceCache
from cardkit.faces.stylesheets import FACE_STYLESHEETS
from cardkit.render.hyphenation import PatternPrefetch
from cardkit.render.renderer import Renderer

root, cache, html = Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3]).read_text(encoding="utf-8")
PatternPrefetch([], FaceCache(cache)).load("de")
renderer = Renderer(root)
renderer.pdf(renderer.render(html, FACE_STYLESHEETS))
"""


def one_face_floor(root: Path, out: Path, work: Path) -> Callable[[], None]:
    """The floor of a rebuild that lays one face out again, as a new process: Python,
    WeasyPrint and the face's stylesheets, the German hyphenation read from the cache, and the
    edited face's final HTML (as the last build printed it) laid out and written as a PDF."""
    database = load_database(root)[0]
    rendered = render_faces(root, database, ["de"], [], FaceCache(out / CACHE_FOLDER), 1)
    target = next(target for target in rendered.contexts if target.game == "duel")
    context = rendered.contexts[target]
    html = work / "one-face.html"
    html.write_text(face_html(context, Printed(context.face("iron-matron"), rendered.sizes(target))),
                    encoding="utf-8")
    arguments = [sys.executable, "-c", ONE_FACE, str(root), str(out / CACHE_FOLDER), str(html)]
    return lambda: subprocess.run(arguments, check=True)


def rebuild_after_edit(work: Path, repeat: int, cores: int) -> None:
    """5: each round a cold build, a new edit and its rebuild, and a build with nothing
    changed, each a new process, then the in-process rebuild of another edit."""
    copy = work / "project"
    for folder in ("cards", "locales", "templates"):
        shutil.copytree(PROJECT / folder, copy / folder)
    incremental, cold_out = work / "incremental", work / "cold"
    command(copy, incremental)
    original = (copy / GERMAN_TEXTS).read_text(encoding="utf-8")
    floor = one_face_floor(copy, incremental, work)
    runs = all_runs(repeat, {
        "cold": lambda: command(copy, cold_out, "--no-cache"),
        "rebuild": lambda: command(copy, incremental, made=1),
        "unchanged": lambda: command(copy, incremental, made=0),
        "floor": floor},
        prepare={"rebuild": lambda number: edit_german_text(copy, original, number + 1)})
    cold, rebuild, unchanged, one_face = runs["cold"], runs["rebuild"], runs["unchanged"], runs["floor"]
    best, median = (lambda runs: min(run.wall for run in runs)), (lambda runs: statistics.median(run.wall for run in runs))
    cpu = lambda runs: statistics.median(run.cpu for run in runs)
    print(f"cold build, new process (--no-cache): best {best(cold):6.2f} s, median {median(cold):6.2f} s "
          f"(CPU median {cpu(cold):.2f} s)")
    print(f"rebuild after one German edit, new process: best {best(rebuild):5.2f} s, median "
          f"{median(rebuild):5.2f} s (CPU median {cpu(rebuild):.2f} s; target <= 1.0 s)")
    print(f"  of the cold build: best {100 * best(rebuild) / best(cold):.1f}%, median "
          f"{100 * median(rebuild) / median(cold):.1f}% (target <= 12%); CPU median "
          f"{100 * cpu(rebuild) / cpu(cold):.1f}%")
    print(f"nothing changed, new process:        best {best(unchanged):5.2f} s, median "
          f"{median(unchanged):5.2f} s (CPU median {cpu(unchanged):.2f} s)")
    print(f"floor, one face laid out in a new process: best {best(one_face):5.2f} s, median "
          f"{median(one_face):5.2f} s (CPU median {cpu(one_face):.2f} s)")
    in_process = best_of(repeat, lambda: rebuild_one_face(copy, incremental, cores),
                         prepare=lambda number: edit_german_text(copy, original, repeat + number + 1))
    print(f"in-process rebuild (build() called here, imports paid): {in_process.wall:5.2f} s "
          f"({100 * in_process.wall / best(cold):.1f}% of the best cold build)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--baseline", metavar="COMMIT", help="an earlier cardkit to compare with")
    parser.add_argument("--skip-box", action="store_true", help="leave out the full-box slope")
    parser.add_argument("--rebuild-only", action="store_true",
                        help="only the rebuild after one edit (5), as a new process")
    arguments = parser.parse_args()
    repeat, cores = arguments.repeat, os.cpu_count() or 1
    print(f"load before: {os.getloadavg()[0]:.2f} (1 min), {cores} cores")
    if arguments.rebuild_only:
        with tempfile.TemporaryDirectory() as temporary:
            rebuild_after_edit(Path(temporary), repeat, cores)
        print(f"load after: {os.getloadavg()[0]:.2f} (1 min)")
        return

    loop = Loop(cores)
    with tempfile.TemporaryDirectory() as temporary:
        work = Path(temporary)
        documents = floor_documents(PROJECT, work / "warm")
        cold = interleaved(repeat, {
            "floor": lambda: weasyprint_floor(PROJECT, documents),
            "serial": lambda: build(PROJECT, work / "cold", jobs=1, cache=False),
            "parallel": lambda: build(PROJECT, work / "cold", jobs=cores, cache=False),
            "loop serial": lambda: loop.run(1),
            "loop parallel": lambda: loop.run(cores)})
        floor, serial, parallel = cold["floor"], cold["serial"], cold["parallel"]
        ceiling = cold["loop serial"].wall / cold["loop parallel"].wall
        print(f"distinct faces and documents:        {len(documents)}")
        print(f"WeasyPrint floor, 1 process:         {floor.wall:6.2f} s  (CPU {floor.cpu:.2f} s)")
        print(f"cold build, 1 process:               {serial.wall:6.2f} s  (CPU {serial.cpu:.2f} s; "
              f"{serial.wall / floor.wall:.2f}x the floor, CPU {serial.cpu / floor.cpu:.2f}x)")
        print(f"cold build, {cores} processes:             {parallel.wall:6.2f} s  "
              f"(CPU {parallel.cpu:.2f} s in all processes; speed-up {serial.wall / parallel.wall:.2f}x)")
        print(f"CPU-bound loop, same rounds:         speed-up {ceiling:.2f}x on {cores} processes "
              f"(the build reached {100 * serial.wall / parallel.wall / ceiling:.0f}% of it)")

        if arguments.baseline:
            code = export_commit(arguments.baseline, work / "baseline")
            database = work / "baseline-database"  # its cards and texts, these templates
            for folder, origin in (("cards", code), ("locales", code), ("templates", PROJECT)):
                shutil.copytree(origin / folder, database / folder)
            compared = interleaved(repeat, {
                "before": lambda: baseline_build(code, work / "before", None),
                "after": lambda: build(database, work / "after", cache=False)})
            before, new = compared["before"], compared["after"]
            print(f"build of {arguments.baseline[:10]}, default jobs:    {before.wall:6.2f} s  (CPU {before.cpu:.2f} s)")
            print(f"this build of that database, no cache: {new.wall:6.2f} s  (CPU {new.cpu:.2f} s; "
                  f"speed-up {before.wall / new.wall:.2f}x, CPU {before.cpu / new.cpu:.2f}x)")

        rebuild_after_edit(work, repeat, cores)

        if not arguments.skip_box:
            box = generate(work / "box", 177)
            box_runs = interleaved(repeat, {
                "serial": lambda: build(box, work / "box-serial", jobs=1, cache=False),
                "parallel": lambda: build(box, work / "box-parallel", jobs=cores, cache=False),
                "loop serial": lambda: loop.run(1),
                "loop parallel": lambda: loop.run(cores)})
            box_serial, box_parallel = box_runs["serial"], box_runs["parallel"]
            box_ceiling = box_runs["loop serial"].wall / box_runs["loop parallel"].wall
            print(f"full box, cold build, 1 process:     {box_serial.wall:6.2f} s  (CPU {box_serial.cpu:.2f} s)")
            print(f"full box, cold build, {cores} processes:   {box_parallel.wall:6.2f} s  "
                  f"(CPU {box_parallel.cpu:.2f} s; speed-up {box_serial.wall / box_parallel.wall:.2f}x; "
                  f"the loop's {box_ceiling:.2f}x, "
                  f"{100 * box_serial.wall / box_parallel.wall / box_ceiling:.0f}% of it)")
            faces = {}
            for name, root, seconds in (("shipped", PROJECT, parallel), ("full box", box, box_parallel)):
                database = load_database(root)[0]
                count = sum(len(_faces(root, database, language)) for language in database.languages)
                faces[name] = (count, seconds)
                print(f"cold build, {name:9} ({count:4} faces): {seconds.wall:6.2f} s  "
                      f"({1000 * seconds.wall / count:.1f} ms per face; CPU {1000 * seconds.cpu / count:.1f} ms)")
            (small, small_t), (large, large_t) = faces["shipped"], faces["full box"]
            print(f"marginal cost 1x -> 5x:              "
                  f"{1000 * (large_t.wall - small_t.wall) / (large - small):.1f} ms per face "
                  f"(CPU {1000 * (large_t.cpu - small_t.cpu) / (large - small):.1f} ms)")
    loop.close()
    print(f"load after: {os.getloadavg()[0]:.2f} (1 min)")


def _faces(root: Path, database, language: str):
    context = LanguageContext(root, language, database)
    return [*context.faces, *context.backs]


if __name__ == "__main__":
    main()
