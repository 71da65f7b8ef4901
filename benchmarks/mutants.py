"""Mutation run: thousands of broken inputs through validate, fmt, mark-translated and import.

    .venv/bin/python benchmarks/mutants.py [--count 10000] [--seed 1] [--every 250] [--jobs 2]

Each mutant is the minimal test database (tests/fixtures/minimal) with one change:

- bytes: a random byte of a YAML file replaced, deleted or inserted, or a line doubled;
- hostile: one value replaced by YAML the loader must refuse (merge keys, tags, directives,
  YAML 1.1 numbers, a 5,000-digit integer, control characters, blank texts, ...);
- whole: an English text file emptied, or a glossary emptied or cut short;
- catalogue: a byte of an exported PO file changed, then imported.

Every mutant runs `cardkit validate`; hostile and whole mutants must fail it. Every fifth
also runs `fmt` and `mark-translated --lang es --all`; catalogue mutants run `i18n import`.
Printed: how many runs ended in a traceback, how many falsely succeeded (exit 0 where the
input must be refused, or an import that leaves a database validate rejects), and how many
left a half-written state (a staging folder or temporary file, or a refused command that
changed a file). The goal is 0, 0, 0.

Each mutant draws from its own random stream (seed and number), so mutant N of a seed is the
same whatever `--jobs` splits the run over, and can be made again alone.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import shutil
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from click.testing import CliRunner

from cardkit.cli import main

PROJECT = Path(__file__).resolve().parent.parent
MINIMAL = PROJECT / "tests" / "fixtures" / "minimal"

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
    data = bytearray(path.read_bytes())
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
    path.write_bytes(bytes(data))


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


def invoke(arguments: list[str]):
    return CliRunner().invoke(main, arguments)


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
            family = chooser.choices(("bytes", "hostile", "whole", "catalogue"), (5, 3, 1, 1))[0]
            counts[f"mutants ({family})"] += 1
            if family == "catalogue":
                data = bytearray(exported.encode("utf-8"))
                data[chooser.randrange(len(data))] = chooser.randrange(256)
                po = base / f"m{number}.po"
                po.write_bytes(bytes(data))
                before = snapshot(root)
                result = invoke(["i18n", "import", str(po), "--root", str(root)])
                _record(counts, examples, "import", result, number)
                if result.exit_code != 0 and snapshot(root) != before:
                    _half(counts, examples, "import changed files but failed", number)
                if result.exit_code == 0 and invoke(["validate", str(root)]).exit_code == 1:
                    counts["false successes"] += 1
                    examples.setdefault("false success", f"mutant {number}: import into an invalid state")
            else:
                {"bytes": mutate_bytes, "hostile": mutate_hostile, "whole": mutate_whole}[family](
                    root, chooser)
                result = invoke(["validate", str(root)])
                _record(counts, examples, "validate", result, number)
                if family != "bytes" and result.exit_code == 0:
                    counts["false successes"] += 1
                    examples.setdefault("false success", f"mutant {number} ({family})")
                if number % 5 == 0:
                    for arguments in (["fmt", str(root)],
                                      ["mark-translated", "--lang", "es", "--all", "--root", str(root)]):
                        before = snapshot(root)
                        result = invoke(arguments)
                        _record(counts, examples, arguments[0], result, number)
                        if arguments[0] != "fmt" and result.exit_code != 0 and snapshot(root) != before:
                            _half(counts, examples, f"{arguments[0]} changed files but failed", number)
            if leftovers(root):
                _half(counts, examples, "staging or temporary file left", number)
            shutil.rmtree(root)
    return counts, examples


def main_run(count: int, seed: int, every: int, jobs: int) -> None:
    counts: Counter = Counter()
    examples: dict[str, str] = {}
    started = time.perf_counter()
    block = 25
    tasks = [(seed, range(first, min(first + block, count))) for first in range(0, count, block)]
    done = 0
    with multiprocessing.Pool(jobs) as pool:
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
    for name in ("tracebacks", "false successes", "half-written states"):
        print(f"{name}: {counts[name]}")
    for key, example in examples.items():
        print(f"  first {key}: {example}")
    sys.stdout.flush()


def _record(counts: Counter, examples: dict, command: str, result, number: int) -> None:
    counts[f"runs of {command}"] += 1
    if is_traceback(result):
        counts["tracebacks"] += 1
        examples.setdefault(f"traceback in {command}",
                            f"mutant {number}: {type(result.exception).__name__}: {result.exception}")


def _half(counts: Counter, examples: dict, what: str, number: int) -> None:
    counts["half-written states"] += 1
    examples.setdefault(what, f"mutant {number}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--every", type=int, default=250, help="print the counts so far this often")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    options = parser.parse_args()
    main_run(options.count, options.seed, options.every, options.jobs)
    sys.exit(0)
