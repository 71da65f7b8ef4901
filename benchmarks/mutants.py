"""Mutation run: thousands of broken inputs through validate, fmt, mark-translated and import.

    .venv/bin/python benchmarks/mutants.py [--count 10000] [--seed 1] [--every 250] [--jobs 2]
                                           [--time-limit 60]

Each mutant is the minimal test database (tests/fixtures/minimal) with one change:

- bytes: a random byte of a YAML file replaced, deleted or inserted, or a line doubled;
- hostile: one value replaced by YAML the loader must refuse (merge keys, tags, directives,
  YAML 1.1 numbers, a 5,000-digit integer, control characters, blank texts, ...);
- whole: an English text file emptied, or a glossary emptied or cut short;
- catalogue: a byte of an exported PO file changed, then imported;
- journal: an interrupted write's staging folder, planted or copied, before a command that
  writes (fmt, mark-translated, i18n import, or i18n export -o into a folder of the mutant):
  a journal naming a file outside by its absolute path, by `..` or through a linked folder;
  a staged name climbing out of the staging folder; a staged file, journal or staging folder
  that is a link leading outside; a well-formed journal with one byte damaged; a project
  copied (`cp -a`) with a committed journal, or after a `fmt` killed (SIGKILL) at a random
  step of its writes, in which the command then runs.

Every mutant runs `cardkit validate`; hostile and whole mutants must fail it. Every fifth
also runs `fmt` and `mark-translated --lang es --all`; catalogue mutants run `i18n import`.
Printed: how many runs ended in a traceback; how many hung (ran past the time limit); how
many falsely succeeded (exit 0 where the input must be refused: an import that leaves a
database validate rejects, a planted journal obeyed); how many left a half-written state (a
staging folder or temporary file, or a refused command that changed a file); how many
changed a file outside the mutant's folder; and, of the copied projects, how many changed
their original or did not complete their own write. The goal is 0 for each.

Each mutant draws from its own random stream (seed and number), so mutant N of a seed is the
same whatever `--jobs` splits the run over, and can be made again alone.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from click.testing import CliRunner

from cardkit.cli import main
from cardkit.source.transaction import JOURNAL, STAGING

PROJECT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(PROJECT))
from tests.safety.harness import run_killed  # noqa: E402  (the project's own test harness)

MINIMAL = PROJECT / "tests" / "fixtures" / "minimal"
# Seconds a command may run before it counts as hung (set per worker by --time-limit).
time_limit = 60.0
# Printed last: each must be 0.
GOALS = ("tracebacks", "hangs", "false successes", "half-written states", "files outside changed",
         "copies that changed their original", "copies that did not complete their own write")

HOSTILE_VALUES = [
    "013", "0x0d", "0o17", "1_000", "1:30", ".inf", "2026-11-22", "!!int abc", "!!bool yes",
    "!foo x", "!!python/tuple [1]", "!!omap [{a: 1}]", "!!python/object:os.system {}",
    '"\\x1b"', '"\\x85"', '"a\\0b"', '"  "', '"\\t"', "9" * 5000, "-" + "1" * 4400, "{<<: {a: 1}}",
    "*nowhere", "[*nowhere]", "{[a]: 1}", "{{a: [1]}: x}",
]
HOSTILE_LINES = ["%TAG !x! tag:example.com,2000:\n---\n", "%YAML 1.1\n---\n"]


def snapshot(root: Path) -> dict[str, bytes]:
    return {str(path.relative_to(root)): path.read_bytes() for path in sorted(root.rglob("*"))
            if path.is_file()}


def yaml_files(root: Path) -> list[Path]:
    return sorted(path for path in root.rglob("*.yaml"))


def mutate_bytes(root: Path, chooser: random.Random) -> None:
    path = chooser.choice(yaml_files(root))
    path.write_bytes(damage(path.read_bytes(), chooser))


def damage(content: bytes, chooser: random.Random) -> bytes:
    """`content` with a random byte replaced, deleted or inserted, or a line doubled."""
    data = bytearray(content)
    where = chooser.randrange(len(data) + 1)
    action = chooser.choice(("replace", "delete", "insert", "double-line"))
    if action == "replace" and where < len(data):
        data[where] = chooser.randrange(256)
    elif action == "delete" and where < len(data):
        del data[where]
    elif action == "double-line":
        lines = bytes(data).split(b"\n")
        index = chooser.randrange(len(lines))
        lines.insert(index, lines[index])
        data = bytearray(b"\n".join(lines))
    else:
        data.insert(where, chooser.randrange(256))
    return bytes(data)


def mutate_hostile(root: Path, chooser: random.Random) -> None:
    path = chooser.choice(yaml_files(root))
    lines = path.read_text(encoding="utf-8").split("\n")
    if chooser.random() < 0.1:
        path.write_text(chooser.choice(HOSTILE_LINES) + "\n".join(lines), encoding="utf-8")
        return
    candidates = [index for index, line in enumerate(lines)
                  if ":" in line and not line.lstrip().startswith("#")
                  and line.split(":", 1)[1].strip()]
    index = chooser.choice(candidates)
    key = lines[index].split(":", 1)[0]
    lines[index] = f"{key}: {chooser.choice(HOSTILE_VALUES)}"
    path.write_text("\n".join(lines), encoding="utf-8")


def mutate_whole(root: Path, chooser: random.Random) -> None:
    choice = chooser.choice(("english", "glossary-en", "glossary-es"))
    if choice == "english":
        chooser.choice(yaml_files(root / "locales" / "en" / "duel")).write_text("# emptied\n")
    else:
        glossary = root / "locales" / choice[-2:] / "glossary.yaml"
        lines = glossary.read_text(encoding="utf-8").split("\n")
        glossary.write_text("\n".join(lines[:chooser.randrange(0, len(lines) // 3)]) + "\n",
                            encoding="utf-8")


class Hang(BaseException):
    """A command ran past the time limit (a BaseException, so CliRunner lets it through)."""


def _hung(signal_number, frame):
    raise Hang()


def _start_worker(limit: float) -> None:
    global time_limit
    time_limit = limit
    signal.signal(signal.SIGALRM, _hung)


def invoke(arguments: list[str]):
    """The command's result; None when it ran past the time limit."""
    signal.setitimer(signal.ITIMER_REAL, time_limit)
    try:
        return CliRunner().invoke(main, arguments)
    except Hang:
        return None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


def is_traceback(result) -> bool:
    return result.exception is not None and not isinstance(result.exception, SystemExit)


def leftovers(root: Path) -> bool:
    return any(path.name.startswith(".cardkit-staging") or path.suffix == ".tmp"
               for path in root.rglob("*"))


def run_mutants(task: tuple[int, range]) -> tuple[Counter, dict[str, str]]:
    """Runs the mutants numbered in `task` of one seed, each in its own copy; their counts."""
    seed, numbers = task
    counts: Counter = Counter()
    examples: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as scratch:
        base = Path(scratch)
        exported = invoke(["i18n", "export", "--lang", "es", "--root", str(MINIMAL)]).output
        for number in numbers:
            chooser = random.Random(f"{seed}:{number}")
            root = base / f"m{number}"
            shutil.copytree(MINIMAL, root)
            family = chooser.choices(("bytes", "hostile", "whole", "catalogue", "journal"),
                                     (5, 3, 1, 1, 1))[0]
            counts[f"mutants ({family})"] += 1
            record = Recorder(counts, examples, number)
            if family == "journal":
                run_journal_mutant(root, base, chooser, exported, record)
            elif family == "catalogue":
                data = bytearray(exported.encode("utf-8"))
                data[chooser.randrange(len(data))] = chooser.randrange(256)
                po = base / f"m{number}.po"
                po.write_bytes(bytes(data))
                before = snapshot(root)
                result = record.run("import", ["i18n", "import", str(po), "--root", str(root)])
                if result is not None and result.exit_code != 0 and snapshot(root) != before:
                    record.half("import changed files but failed")
                if (result is not None and result.exit_code == 0
                        and invoke(["validate", str(root)]).exit_code == 1):
                    record.false_success("import into an invalid state")
            else:
                {"bytes": mutate_bytes, "hostile": mutate_hostile, "whole": mutate_whole}[family](
                    root, chooser)
                result = record.run("validate", ["validate", str(root)])
                if family != "bytes" and result is not None and result.exit_code == 0:
                    record.false_success(family)
                if number % 5 == 0:
                    for arguments in (["fmt", str(root)],
                                      ["mark-translated", "--lang", "es", "--all", "--root", str(root)]):
                        before = snapshot(root)
                        result = record.run(arguments[0], arguments)
                        if (arguments[0] != "fmt" and result is not None and result.exit_code != 0
                                and snapshot(root) != before):
                            record.half(f"{arguments[0]} changed files but failed")
            if leftovers(root):
                record.half("staging or temporary file left")
            shutil.rmtree(root)
    return counts, examples


class Recorder:
    """Runs one mutant's commands and counts what they did into `counts`, keeping the first
    example of each kind of failure."""

    def __init__(self, counts: Counter, examples: dict[str, str], number: int):
        self.counts = counts
        self.examples = examples
        self.number = number

    def run(self, command: str, arguments: list[str]):
        """The command's result, counted; None when it hung."""
        result = invoke(arguments)
        self.counts[f"runs of {command}"] += 1
        if result is None:
            self.count("hangs", f"{command} ran past {time_limit:g} s")
        elif is_traceback(result):
            self.count("tracebacks", f"{command}: {type(result.exception).__name__}: "
                                     f"{result.exception}")
        return result

    def count(self, what: str, example: str) -> None:
        self.counts[what] += 1
        self.examples.setdefault(what, f"mutant {self.number}: {example}")

    def half(self, example: str) -> None:
        self.count("half-written states", example)

    def false_success(self, example: str) -> None:
        self.count("false successes", example)


# Planted journals: each must be refused, touching nothing inside or outside the mutant.
JOURNAL_ATTACKS = ("absolute target", "climbing target", "linked target", "climbing name",
                   "linked staged file", "linked journal", "linked staging folder")
JOURNAL_KINDS = (*JOURNAL_ATTACKS, "damaged journal", "copied project", "killed then copied")
# What a refused journal's message ends with.
JOURNAL_REFUSED = "neither completed nor discarded"
# Two card files a committed write replaces, with their new contents' first line.
STAGED_FILES = ("cards/duel/plans.yaml", "cards/duel/aliens.yaml")
TOUCHED = "# touched by the interrupted write\n"


def run_journal_mutant(root: Path, base: Path, chooser: random.Random, exported: str,
                       record: Recorder) -> None:
    kind = chooser.choice(JOURNAL_KINDS)
    record.counts[f"journal mutants ({kind})"] += 1
    outside = base / f"outside{record.number}"
    outside.mkdir()
    kept = {outside / "victim.txt": b"precious\n", outside / "secret.txt": b"secret\n"}
    for path, content in kept.items():
        path.write_bytes(content)
    if kind == "copied project":
        copied_project(root, base, chooser, record)
    elif kind == "killed then copied":
        killed_then_copied(root, base, chooser, record)
    elif kind == "damaged journal":
        damaged_journal(root, base, chooser, exported, record)
    else:
        planted_journal(root, base, outside, kind, chooser, exported, record)
    if any(not path.is_file() or path.read_bytes() != content for path, content in kept.items()):
        record.count("files outside changed", kind)
    shutil.rmtree(outside)


def writer(name: str, root: Path, base: Path, exported: str) -> tuple[list[str], Path]:
    """The arguments of a writing command over `root`, and the folder it recovers in."""
    if name == "fmt":
        return ["fmt", str(root)], root
    if name == "mark-translated":
        return ["mark-translated", "--lang", "es", "--all", "--root", str(root)], root
    if name == "import":
        po = base / f"{root.name}.po"
        po.write_text(exported, encoding="utf-8")
        return ["i18n", "import", str(po), "--root", str(root)], root
    folder = root / "exported"
    folder.mkdir(exist_ok=True)
    (folder / "es.po").write_text(exported, encoding="utf-8")
    return (["i18n", "export", "--lang", "es", "--no-fit-budgets", "--root", str(root), "-o",
             str(folder / "es.po")], folder)


def journal_line(name: str, target: str | bytes) -> bytes:
    encoded = target if isinstance(target, bytes) else os.fsencode(target)
    return name.encode() + b"\t" + encoded.hex().encode() + b"\n"


def planted_journal(root: Path, base: Path, outside: Path, kind: str, chooser: random.Random,
                    exported: str, record: Recorder) -> None:
    """A staging folder as a repository or an archive could bring it, before a writing
    command: refused, exit 1, nothing changed in the mutant or outside it."""
    command = chooser.choice(("fmt", "mark-translated", "import", "export"))
    arguments, folder = writer(command, root, base, exported)
    inside = "es.po" if command == "export" else STAGED_FILES[0]
    staging = folder / STAGING
    staging.mkdir()
    (staging / "0").write_text("PLANTED\n")
    journal = journal_line("0", inside) + b"end\n"
    if kind == "absolute target":
        journal = journal_line("0", str(outside / "victim.txt")) + b"end\n"
    elif kind == "climbing target":
        journal = journal_line("0", os.path.relpath(outside / "victim.txt", folder)) + b"end\n"
    elif kind == "linked target":
        (folder / "door").symlink_to(outside)
        journal = journal_line("0", "door/victim.txt") + b"end\n"
    elif kind == "climbing name":
        journal = journal_line(os.path.relpath(outside / "secret.txt", staging), inside) + b"end\n"
    elif kind == "linked staged file":
        (staging / "0").unlink()
        (staging / "0").symlink_to(outside / "secret.txt")
    elif kind == "linked journal":
        (outside / "journal").write_bytes(journal)
        (staging / JOURNAL).symlink_to(outside / "journal")
    else:  # linked staging folder
        shutil.move(staging, outside / "staging")
        (outside / "staging" / JOURNAL).write_bytes(journal)
        staging.symlink_to(outside / "staging")
    if not os.path.lexists(staging / JOURNAL):
        (staging / JOURNAL).write_bytes(journal)
    before = snapshot(root)
    result = record.run(command, arguments)
    if result is None:
        return
    if result.exit_code == 0 or JOURNAL_REFUSED not in result.output:
        record.false_success(f"{kind} journal before {command} not refused")
    elif snapshot(root) != before:
        record.half(f"the refusal of a {kind} journal changed files")
    _remove(staging)


def committed_write(root: Path) -> None:
    """The staging folder of a write to STAGED_FILES killed after its commit point, with
    the journal in the documented format (docs/data.md)."""
    staging = root / STAGING
    staging.mkdir()
    journal = b""
    for index, relative in enumerate(STAGED_FILES):
        (staging / str(index)).write_text(TOUCHED + (root / relative).read_text(encoding="utf-8"),
                                          encoding="utf-8")
        journal += journal_line(str(index), relative)
    (staging / JOURNAL).write_bytes(journal + b"end\n")


def damaged_journal(root: Path, base: Path, chooser: random.Random, exported: str,
                    record: Recorder) -> None:
    """A committed journal with one byte changed: completed when it still holds, refused
    touching nothing when it does not; never a traceback or a write outside."""
    command = chooser.choice(("fmt", "mark-translated", "import"))
    arguments, _ = writer(command, root, base, exported)
    committed_write(root)
    journal = root / STAGING / JOURNAL
    journal.write_bytes(damage(journal.read_bytes(), chooser))
    before = snapshot(root)
    result = record.run(command, arguments)
    if result is None:
        return
    if JOURNAL_REFUSED in result.output:
        if result.exit_code == 0:
            record.false_success(f"a refused journal before {command} exits 0")
        if snapshot(root) != before:
            record.half("the refusal of a damaged journal changed files")
        _remove(root / STAGING)


def copied_project(root: Path, base: Path, chooser: random.Random, record: Recorder) -> None:
    """`cp -a` of a project with a committed write: the copy completes its own files, the
    original keeps its own until its own recovery."""
    committed_write(root)
    copy = base / f"{root.name}-copy"
    subprocess.run(["cp", "-a", str(root), str(copy)], check=True)
    original = snapshot(root)
    command = chooser.choice(("fmt", "mark-translated"))
    for folder in (copy, root):
        arguments = (["fmt", str(folder)] if command == "fmt"
                     else ["mark-translated", "--lang", "es", "--all", "--root", str(folder)])
        result = record.run(command, arguments)
        if folder == copy and snapshot(root) != original:
            record.count("copies that changed their original", command)
        if result is not None and (result.exit_code != 0 or not all(
                (folder / relative).read_text(encoding="utf-8").startswith(TOUCHED)
                for relative in STAGED_FILES)):
            record.count("copies that did not complete their own write",
                         f"{command} in {'the copy' if folder == copy else 'the original'}")
    shutil.rmtree(copy)


def reindented(root: Path) -> None:
    """Card files out of canonical form (four-space indentation), for fmt to rewrite."""
    for relative in STAGED_FILES:
        path = root / relative
        path.write_text(path.read_text().replace("\n  ", "\n    "))


_fmt_reference: dict[str, object] = {}


def killed_then_copied(root: Path, base: Path, chooser: random.Random, record: Recorder) -> None:
    """`fmt` killed at a random step of its writes, then `cp -a`: fmt in the copy completes
    or discards the copy's own write and formats it; the original stays as the kill left it."""
    reindented(root)
    if not _fmt_reference:
        reference = base / "fmt-reference"
        shutil.copytree(root, reference)
        steps = base / "fmt-steps"
        run_killed(["fmt", str(reference)], 0, count_to=steps, timeout=time_limit)
        _fmt_reference.update(steps=int(steps.read_text()), new=snapshot(reference))
    status = run_killed(["fmt", str(root)], chooser.randint(1, _fmt_reference["steps"]),
                        timeout=time_limit)
    if status is None:
        record.count("hangs", "a killed fmt ran past the time limit")
        return
    left = snapshot(root)
    copy = base / f"{root.name}-copy"
    subprocess.run(["cp", "-a", str(root), str(copy)], check=True)
    result = record.run("fmt", ["fmt", str(copy)])
    if snapshot(root) != left:
        record.count("copies that changed their original", "fmt after a kill")
    if result is not None and (result.exit_code != 0 or snapshot(copy) != _fmt_reference["new"]):
        record.count("copies that did not complete their own write", "fmt after a kill")
    shutil.rmtree(copy)
    _remove(root / STAGING)


def _remove(staging: Path) -> None:
    """Removes a staging folder a refusal left (a link: the link alone)."""
    if staging.is_symlink():
        staging.unlink()
    else:
        shutil.rmtree(staging, ignore_errors=True)


def main_run(count: int, seed: int, every: int, jobs: int, limit: float) -> None:
    counts: Counter = Counter()
    examples: dict[str, str] = {}
    started = time.perf_counter()
    block = 25
    tasks = [(seed, range(first, min(first + block, count))) for first in range(0, count, block)]
    done = 0
    with multiprocessing.Pool(jobs, initializer=_start_worker, initargs=(limit,)) as pool:
        for found, found_examples in pool.imap_unordered(run_mutants, tasks):
            counts.update(found)
            for key, example in found_examples.items():
                examples.setdefault(key, example)
            reported, done = done // every, done + sum(value for key, value in found.items()
                                                       if key.startswith("mutants ("))
            if done // every > reported and done < count:
                _report(done, started, seed, counts, examples)
    _report(count, started, seed, counts, examples)


def _report(done: int, started: float, seed: int, counts: Counter, examples: dict) -> None:
    """The counts so far, so a long run that is stopped still tells what it found."""
    elapsed = time.perf_counter() - started
    print(f"{done} mutants in {elapsed:.0f} s (seed {seed})")
    for key in sorted(counts):
        print(f"  {key}: {counts[key]}")
    for name in GOALS:
        print(f"{name}: {counts[name]}")
    for key, example in examples.items():
        print(f"  first {key}: {example}")
    sys.stdout.flush()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--every", type=int, default=250, help="print the counts so far this often")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--time-limit", type=float, default=60.0,
                        help="seconds a command may run before it counts as hung")
    options = parser.parse_args()
    main_run(options.count, options.seed, options.every, options.jobs, options.time_limit)
    sys.exit(0)
