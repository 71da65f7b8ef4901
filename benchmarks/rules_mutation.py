"""A mutation score for each rules engine, measured with cosmic-ray.

    .venv/bin/python benchmarks/rules_mutation.py [--engine duel ...] [--sample 200] [--seed 44] [--start 0]

cosmic-ray (docs/libraries.md says why this tool) is installed into a scratch environment
of its own (`--venv`, by default `cardkit-mutation-venv` under the system's temporary
folder), never into the project's. The project is copied into a temporary folder and the
mutants are made there, so the checkout is never changed. For each engine, `cosmic-ray
init` lists every mutant of its modules (every module of `cardkit/rules/<engine>/` but
its guards, `invariants.py` and `oracle.py`, which judge the engine rather than being it);
a random sample of `--sample` of them (all when there are fewer), drawn from `--seed`, so
the same sample comes back run after run, is run one at a time with `cosmic-ray
mutate-and-test`, the engine's rules tests as the test command (its test files, its
worked examples and its random-play tests, fast tier, stopping at the first failure, at
most `--timeout` seconds: a mutant that makes the tests hang is killed by the timeout).

A mutant the tests fail on is killed; one they pass on survived, unless it is listed in
`benchmarks/rules_mutation_equivalent.txt` (module, operator, occurrence and why no test
can tell it from the original), when it counts as equivalent. Printed per engine: mutants
in all, sampled, killed, survived, equivalent, the score (killed over killed and survived)
and each survivor with its diff, so it can be killed by a test or listed as equivalent.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from random import Random

PROJECT = Path(__file__).resolve().parents[1]
EQUIVALENT = Path(__file__).with_name("rules_mutation_equivalent.txt")
TOOL = "cosmic-ray==8.7.0"
GUARDS = ("invariants.py", "oracle.py", "__init__.py")
COPIED = ("cardkit", "tests", "cards", "locales", "pyproject.toml")
# The rules tests each engine's mutants are run against: its own test files and worked
# examples, and of the tests shared by every engine (random play, deals, broken scenario
# files) those that name its games.
SHARED = ("tests/rules/test_playthrough.py tests/rules/test_deals.py "
          "tests/rules/test_broken_scenarios.py")
TESTS = {
    "duel": ("tests/rules/test_engine.py tests/rules/test_duel_oracle.py tests/examples/duel",
             "duel"),
    "cosmic": ("tests/rules/test_cosmic_engine.py tests/rules/test_cosmic_examples.py "
               "tests/rules/test_cosmic_invariants.py tests/rules/test_cosmic_oracle.py "
               "tests/examples/classic tests/examples/cosmic", "classic or cosmic"),
    "vanguard": ("tests/rules/test_vanguard_engine.py tests/rules/test_vanguard_examples.py "
                 "tests/rules/test_vanguard_oracle.py tests/examples/vanguard", "vanguard"),
}


def scratch_tool(venv: Path) -> Path:
    """The cosmic-ray command of the scratch environment, made on first use."""
    command = venv / "bin" / "cosmic-ray"
    if not command.exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(venv / "bin" / "pip"), "install", "-q", TOOL], check=True)
    return command


def copy_project(into: Path) -> Path:
    for name in COPIED:
        source = PROJECT / name
        if source.is_dir():
            shutil.copytree(source, into / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "build"))
        else:
            shutil.copy2(source, into / name)
    return into


def read_equivalent() -> dict[tuple[str, str, int], str]:
    """Mutants known equivalent: `module | operator | occurrence | why`, one a line."""
    known = {}
    for line in EQUIVALENT.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        module, operator, occurrence, why = (part.strip() for part in line.split("|", 3))
        known[(module, operator, int(occurrence))] = why
    return known


def test_command(engine: str, timeout: int) -> str:
    files, games = TESTS[engine]
    # -k keeps every test of the engine's own files and those of the shared ones naming
    # its games (a test's keywords hold its file's name and its parameters).
    chosen = f"({games}) or not (test_playthrough or test_deals or test_broken_scenarios)"
    return (f"timeout {timeout} {shlex.quote(sys.executable)} -m pytest -q -x "
            f"-p no:cacheprovider -m 'not slow' {files} {SHARED} -k {shlex.quote(chosen)}")


def mutants(tool: Path, work: Path, engine: str, command: str) -> list[tuple[str, str, int]]:
    """Every mutant cosmic-ray makes of the engine's modules: (module, operator, occurrence)."""
    modules = sorted(str(path.relative_to(work))
                     for path in (work / "cardkit" / "rules" / engine).glob("*.py")
                     if path.name not in GUARDS)
    config = work / f"{engine}.toml"
    config.write_text("[cosmic-ray]\n"
                      f"module-path = {json.dumps(modules)}\n"
                      "timeout = 600.0\nexcluded-modules = []\n"
                      f"test-command = {json.dumps(command)}\n\n"
                      "[cosmic-ray.distributor]\nname = \"local\"\n", encoding="utf-8")
    session = work / f"{engine}.sqlite"
    subprocess.run([str(tool), "init", str(config), str(session)], cwd=work, check=True)
    dumped = subprocess.run([str(tool), "dump", str(session)], cwd=work, check=True,
                            capture_output=True, text=True).stdout
    found = []
    for line in dumped.splitlines():
        item, _ = json.loads(line)
        for mutation in item["mutations"]:
            found.append((mutation["module_path"], mutation["operator_name"],
                          int(mutation["occurrence"])))
    return sorted(set(found))


def in_copy(work: Path) -> dict[str, str]:
    """The environment of a test run: the copy's code imported, never the checkout's."""
    return {**os.environ, "PYTHONPATH": str(work)}


def run_mutant(tool: Path, work: Path, mutant: tuple[str, str, int], command: str) -> dict:
    module, operator, occurrence = mutant
    done = subprocess.run([str(tool), "mutate-and-test", module, operator, str(occurrence),
                           command], cwd=work, env=in_copy(work), capture_output=True,
                          text=True, check=False)
    try:
        return json.loads(done.stdout)
    except json.JSONDecodeError:
        return {"worker_outcome": "exception", "test_outcome": None,
                "output": done.stdout + done.stderr, "diff": ""}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine", action="append", choices=TESTS,
                        help="an engine to measure (default: every one); may be repeated")
    parser.add_argument("--sample", type=int, default=200)
    parser.add_argument("--seed", type=int, default=44)
    parser.add_argument("--start", type=int, default=0,
                        help="the first draw of the sample to run (0 by default), to carry on "
                             "a run cut short: the draws before it are left out of the counts")
    parser.add_argument("--timeout", type=int, default=300,
                        help="seconds a mutant's test run may take before it counts as killed")
    parser.add_argument("--venv", type=Path,
                        default=Path(tempfile.gettempdir()) / "cardkit-mutation-venv")
    args = parser.parse_args()
    tool = scratch_tool(args.venv)
    equivalent = read_equivalent()
    with tempfile.TemporaryDirectory(prefix="cardkit-mutation-") as folder:
        work = copy_project(Path(folder))
        for engine in args.engine or list(TESTS):
            command = test_command(engine, args.timeout)
            baseline = subprocess.run(command, shell=True, cwd=work, env=in_copy(work),
                                      capture_output=True, text=True, check=False)
            if baseline.returncode != 0:
                sys.exit(f"{engine}: the rules tests fail before any mutation; nothing is "
                         f"measured:\n{baseline.stdout[-2000:]}{baseline.stderr[-2000:]}")
            every = mutants(tool, work, engine, command)
            sample = Random(f"{args.seed}/{engine}").sample(every, min(args.sample, len(every)))
            counts = {"killed": 0, "survived": 0, "equivalent": 0, "error": 0}
            survivors = []
            start = time.perf_counter()
            # In the order drawn: for these population sizes a smaller sample of the same seed
            # is the start of a larger one, so a run cut short is a smaller sample.
            for number, mutant in enumerate(sample[args.start:], start=args.start + 1):
                result = run_mutant(tool, work, mutant, command)
                outcome = result.get("test_outcome")
                if result.get("worker_outcome") not in ("normal", None) or outcome is None:
                    counts["error"] += 1
                    survivors.append((mutant, "error: " + str(result.get("output", ""))[-300:]))
                elif outcome == "killed":
                    counts["killed"] += 1
                elif mutant in equivalent:
                    counts["equivalent"] += 1
                else:
                    counts["survived"] += 1
                    survivors.append((mutant, result.get("diff", "")))
                print(f"  {engine} {number}/{len(sample)} {' '.join(map(str, mutant))}: "
                      f"{outcome}", file=sys.stderr, flush=True)
            judged = counts["killed"] + counts["survived"]
            score = f"{100 * counts['killed'] / judged:.1f}%" if judged else "n/a"
            print(f"{engine}: {len(every)} mutants, {len(sample)} sampled (seed {args.seed}), "
                  f"draws {args.start + 1} to {len(sample)} run: "
                  f"{counts['killed']} killed, {counts['survived']} survived, "
                  f"{counts['equivalent']} equivalent, {counts['error']} not run; "
                  f"score {score}; {time.perf_counter() - start:.0f} s")
            for (module, operator, occurrence), diff in survivors:
                print(f"  SURVIVED {module} | {operator} | {occurrence}")
                print("    " + "\n    ".join(diff.splitlines()))
            sys.stdout.flush()


if __name__ == "__main__":
    main()
