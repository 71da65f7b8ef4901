"""Mutation run: thousands of broken inputs through validate, fmt, mark-translated, the
imports, builds and the commands that write outside the project.

    .venv/bin/python benchmarks/mutants.py [--count 10000] [--seed 1] [--every 250] [--jobs 2]
                                           [--time-limit 60] [--families sheet,picture,output]

Each mutant is the minimal test database (tests/fixtures/minimal) with one change, of one of
these families (`--families` draws from those named only):

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
  step of its writes, in which the command then runs;
- sheet: the minimal database's aliens exported by `sheet export` as XLSX, ODS or CSV, one
  thing changed, then `sheet import`: a formula or an error value in a cell, a value far
  beyond the last row or column, a huge declared size, a column range to two billion
  (hidden or not), a DOCTYPE in any XML part, a cell over 100,000 characters, a number of
  thousands of digits, rows by the thousand, repeat counts in the billions or not numbers,
  a part missing or packed more than 100 times, the zip cut or a byte of it changed, a byte
  of the sheet's XML changed; in a CSV, a cell starting with a formula character, a stray
  quote, a NUL byte or a byte that is not UTF-8, thousands of columns;
- picture: the first alien's `art:` made a broken picture, then `validate` and a build (in
  English on A4, from a face cache holding the other faces): a PNG or JPEG cut short, one
  declaring tens of thousands of pixels a side, a byte of one changed; an SVG with a
  DOCTYPE or entities, nested `<use>` levels (2 to 12 wide, 1 to 8 deep), an `<image>`,
  `<use>` or `<feImage>` naming something outside it (a web address, a `file:` URL, a
  path out of the project), CSS doing the same (`@import`, `url(...)`), groups nested
  deeper than the XML parser goes, a canvas of a billion units a side (blurred or not), cut
  short or left unclosed, or a byte of it changed;
- output: a folder outside the project that a command writes into (`sheet export -o`,
  `i18n export -o`, `export json -o`, `schema -o --fields`, `build --out`): holding a
  staging folder cardkit did not make there (a well-formed journal naming a file beside it,
  or one with another folder's stamp), a file or a link in the staging folder's place; a
  file where the folder should be; the folder read-only (as root, the command runs without
  the capability to pass over permissions); two of those commands into it at once.

The sheet, picture and output families run each command in a process of its own, in its
own session, with its address space limited to 2 GB: one that runs past the time limit is
killed with every process it started, and one that leaves a process running after it ends
counts as a hang. A false success there is exit 0 from `sheet import` on a sheet no import
may accept (every change above but the column range, a changed byte, a CSV formula
character, NUL or stray quote, and the rows added), from `validate` or the build
with a picture that must not print (all but a changed byte and `<use>` levels within 20,000
elements), from a command meeting a staging folder it did not make (or a refusal that does
not name it), a file for its folder or a read-only folder; of two commands into one folder,
exit 0 without its file, or a message telling of an interrupted write.

Every mutant of the first five families runs `cardkit validate`; hostile and whole mutants
must fail it. Every fifth also runs `fmt` and `mark-translated --lang es --all`; catalogue
mutants run `i18n import`. Printed: how many runs ended in a traceback; how many hung (ran
past the time limit); how many falsely succeeded (exit 0 where the input must be refused: an
import that leaves a database validate rejects, a planted journal obeyed); how many left a
half-written state (a staging folder or temporary file, or a refused command that changed a
file); how many changed a file outside the mutant's folder (for the new families: a file
beside the sheet or in the output folder, the sheet itself, the project an output mutant
reads); and, of the copied projects, how many changed their original or did not complete
their own write; each of these for each family too. The goal is 0 for each.

Each mutant draws from its own random stream (seed and number), so mutant N of a seed is the
same whatever `--jobs` splits the run over, and can be made again alone.
"""

from __future__ import annotations

import argparse
import io
import multiprocessing
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import zipfile
import zlib
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


# Each family and its weight: how often a mutant is of it.
FAMILIES = {"bytes": 5, "hostile": 3, "whole": 1, "catalogue": 1, "journal": 1, "sheet": 1,
            "picture": 1, "output": 1}
SURFACE_FAMILIES = {"sheet": "run_sheet_mutant", "picture": "run_picture_mutant",
                    "output": "run_output_mutant"}


def run_mutants(task: tuple[int, range, tuple[str, ...]]) -> tuple[Counter, dict[str, str]]:
    """Runs the mutants numbered in `task` of one seed, each in its own copy, drawing their
    families from those named; their counts."""
    seed, numbers, families = task
    counts: Counter = Counter()
    examples: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as scratch:
        base = Path(scratch)
        exported = invoke(["i18n", "export", "--lang", "es", "--root", str(MINIMAL)]).output
        surfaces = Surfaces(base)
        for number in numbers:
            chooser = random.Random(f"{seed}:{number}")
            root = base / f"m{number}"
            shutil.copytree(MINIMAL, root)
            family = chooser.choices(families, [FAMILIES[name] for name in families])[0]
            counts[f"mutants ({family})"] += 1
            record = Recorder(counts, examples, number, family)
            if family in SURFACE_FAMILIES:
                globals()[SURFACE_FAMILIES[family]](root, base, surfaces, chooser, record)
            elif family == "journal":
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

    def __init__(self, counts: Counter, examples: dict[str, str], number: int, family: str):
        self.counts = counts
        self.examples = examples
        self.number = number
        self.family = family

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
        self.counts[f"{what} of {self.family} mutants"] += 1
        self.counts[f"{what}: {example}"] += 1
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


# ---- The surfaces of spreadsheets, pictures and output folders: each command runs in its own
# process, bounded in time and address space, so a bomb that escapes its cap is a hang or a
# traceback here rather than the end of the run.

ADDRESS_SPACE = 2 * 1024 ** 3
TRACEBACK = "Traceback (most recent call last)"


def _limited() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))


# Run before a command that must meet folders' permissions: root passes over them unless its
# process has lost the capabilities to (setpriv, from util-linux).
AS_UNPRIVILEGED = (["setpriv", "--bounding-set", "-dac_override,-dac_read_search"]
                   if os.geteuid() == 0 else [])


def start_command(arguments: list[str], prefix: list[str] = ()) -> subprocess.Popen:
    """A cardkit command in a process of its own, in a session of its own (so its render
    workers can be killed with it), bounded in address space; `prefix` runs it."""
    return subprocess.Popen(
        [*prefix, sys.executable, "-c", "from cardkit.cli import main; main()",
         *map(str, arguments)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, errors="replace",
        preexec_fn=_limited, start_new_session=True,
        env=os.environ | {"PYTHONPATH": str(PROJECT)})


class Ended:
    """What a command in a process of its own did: its exit status and what it printed."""

    def __init__(self, status: int, output: str, outlived: bool):
        self.exit_code = status
        self.output = output
        self.outlived = outlived  # a process it started was still running after it ended


def finish_command(process: subprocess.Popen, deadline: float) -> Ended | None:
    """The ended command; None when it ran past `deadline` (it and its workers are killed)."""
    try:
        stdout, stderr = process.communicate(timeout=max(deadline - time.monotonic(), 0.1))
    except subprocess.TimeoutExpired:
        _kill_session(process.pid)
        process.communicate()
        return None
    return Ended(process.returncode, stdout + stderr, _kill_session(process.pid))


def _kill_session(session: int) -> bool:
    """Kills what is left of a command's session; whether anything was."""
    try:
        os.killpg(session, signal.SIGKILL)
    except ProcessLookupError:
        return False
    return True


def run_commands(record: "Recorder", *commands: tuple[str, list[str]],
                 prefix: list[str] = ()) -> list[Ended | None]:
    """Runs the commands at once, each in a process of its own, counted as `Recorder.run`
    counts; their ends, None for each that hung."""
    deadline = time.monotonic() + time_limit
    started = [(name, start_command(arguments, prefix)) for name, arguments in commands]
    ended = []
    for name, process in started:
        result = finish_command(process, deadline)
        record.counts[f"runs of {name}"] += 1
        if result is None:
            record.count("hangs", f"{name} ran past {time_limit:g} s")
        elif TRACEBACK in result.output or result.exit_code < 0:
            record.count("tracebacks", f"{name}: exit {result.exit_code}: "
                                       f"{result.output.strip().splitlines()[-1:]}")
        elif result.outlived:
            record.count("hangs", f"{name}: a process it started outlived it")
        ended.append(result)
    return ended


def run_command(record: "Recorder", name: str, arguments: list[str],
                prefix: list[str] = ()) -> Ended | None:
    return run_commands(record, (name, arguments), prefix=prefix)[0]


class Surfaces:
    """What the surface families start from, made once per block of mutants in `base`: the
    minimal database's aliens exported as each spreadsheet format, and a project with the
    templates and the test pictures whose English A4 faces are already in a face cache."""

    def __init__(self, base: Path):
        self.base = base
        self._sheets: dict[str, bytes] = {}
        self._art: Path | None = None

    def sheet(self, suffix: str) -> bytes:
        if suffix not in self._sheets:
            path = self.base / f"exported.{suffix}"
            invoke(SHEET_EXPORT + ["-o", str(path), "--root", str(MINIMAL)])
            self._sheets[suffix] = path.read_bytes()
        return self._sheets[suffix]

    def art_project(self) -> Path:
        if self._art is None:
            from tests.render.art_pictures import MINIMAL_ART, with_art
            from tests.render.conftest import make_art_project

            self._art = make_art_project(self.base / "art")
            with_art(self._art, MINIMAL_ART)
            (self._art / "art" / "duel" / "drawing.svg").write_text(GOOD_SVG)
            built = finish_command(start_command(BUILD + [self._art, "--out", self.art_out]),
                                   time.monotonic() + 10 * time_limit)
            assert built is not None and built.exit_code == 0, built and built.output
        return self._art

    def art_copy(self, root: Path, out: Path) -> None:
        """`root` a copy of the art project, `out` an output folder with its face cache."""
        shutil.copytree(self.art_project(), root, symlinks=True)
        shutil.copytree(self.art_out / ".cache", out / ".cache")

    @property
    def art_out(self) -> Path:
        return self.base / "art-out"


SHEET_EXPORT = ["sheet", "export", "--game", "duel", "--kind", "alien", "--lang", "en,es"]
BUILD = ["build", "--lang", "en", "--paper", "a4", "--jobs", "1", "--quiet"]


def _outside_kept(base: Path, number: int) -> dict[Path, bytes]:
    folder = base / f"outside{number}"
    folder.mkdir()
    kept = {folder / "precious.txt": b"precious\n"}
    for path, content in kept.items():
        path.write_bytes(content)
    return kept


def _changed(kept: dict[Path, bytes]) -> bool:
    return any(not path.is_file() or path.read_bytes() != content for path, content in kept.items())


# -- Spreadsheets: an export of the minimal database's aliens, changed, then imported.

SHEET_KINDS = {
    "xlsx": ("formula", "error value", "far cell", "declared size", "column range", "doctype",
             "long cell", "long number", "many rows", "zip damage", "missing part",
             "tightly packed part", "shared string", "merged range", "row number", "xml bytes"),
    "ods": ("rows repeated", "columns repeated", "repeat not a number", "doctype", "formula",
            "long cell", "long number", "zip damage", "missing part", "xml bytes"),
    "csv": ("formula character", "long cell", "long number", "many columns", "many rows",
            "not utf-8", "nul byte", "stray quote", "bytes"),
}
# The mutations that leave a sheet no import may accept; the others may import or be refused.
SHEET_REFUSED = {"formula", "error value", "far cell", "declared size", "doctype", "long cell",
                 "long number", "missing part", "tightly packed part", "shared string",
                 "merged range", "row number", "rows repeated", "columns repeated",
                 "repeat not a number", "many columns", "not utf-8"}
SHEET_DATA_COLUMNS = "ABCDEFGHIJKLMNOPQRSTUV"  # the exported columns, the base column W aside
XLSX_SHEET = "xl/worksheets/sheet1.xml"


def run_sheet_mutant(root: Path, base: Path, surfaces: Surfaces, chooser: random.Random,
                     record: "Recorder") -> None:
    suffix = chooser.choice(tuple(SHEET_KINDS))
    kind = chooser.choice(SHEET_KINDS[suffix])
    record.counts[f"sheet mutants ({suffix} {kind})"] += 1
    data, refused = mutated_sheet(surfaces.sheet(suffix), suffix, kind, chooser)
    sheet = base / f"outside{record.number}" / f"aliens.{suffix}"
    kept = _outside_kept(base, record.number)
    sheet.write_bytes(data)
    kept[sheet] = data
    before = snapshot(root)
    result = run_command(record, "sheet import", ["sheet", "import", sheet, "--root", root])
    if result is not None:
        if result.exit_code == 0 and refused:
            record.false_success(f"a sheet with a {suffix} {kind} imported")
        elif result.exit_code != 0 and snapshot(root) != before:
            record.half(f"a refused {suffix} sheet ({kind}) changed files")
        elif result.exit_code == 0 and invoke(["validate", str(root)]).exit_code == 1:
            record.false_success(f"a {suffix} sheet ({kind}) imported into an invalid state")
    if _changed(kept):
        record.count("files outside changed", f"sheet import of a {suffix} {kind}")


def mutated_sheet(data: bytes, suffix: str, kind: str,
                  chooser: random.Random) -> tuple[bytes, bool]:
    """The exported sheet changed by `kind`; and whether every import must refuse it."""
    refused = kind in SHEET_REFUSED
    if suffix == "csv":
        return _mutated_csv(data, kind, chooser), refused
    if kind == "zip damage":
        cut = bytearray(data)
        if chooser.random() < 0.5:
            cut = cut[:chooser.randrange(len(cut))]
            refused = True  # the central directory is at the end
        else:
            cut[chooser.randrange(len(cut))] = chooser.randrange(256)
        return bytes(cut), refused
    member = XLSX_SHEET if suffix == "xlsx" else "content.xml"
    if kind == "missing part":  # one a reader cannot do without
        return _rezipped(data, {chooser.choice([member, "xl/workbook.xml"]) if suffix == "xlsx"
                                else member: None}), refused
    if kind == "tightly packed part":
        return _rezipped(data, {"padding.xml": b"<a>" + b" " * chooser.randint(2, 20) * 1024 ** 2
                                + b"</a>"}), refused
    if kind == "doctype":
        names = zipfile.ZipFile(io.BytesIO(data)).namelist()
        member = chooser.choice([name for name in names if name.endswith(".xml")])
    xml = zipfile.ZipFile(io.BytesIO(data)).read(member)
    if kind == "xml bytes":
        changed = damage(xml, chooser)
    elif kind == "doctype":
        changed = re.sub(rb"^(<\?xml[^>]*\?>)?", lambda found: found.group(0) + chooser.choice(
            (b"<!DOCTYPE x>", b'<!DOCTYPE x [<!ENTITY e "ee">]>',
             b'<!DOCTYPE x SYSTEM "file:///etc/passwd">')), xml, count=1)
    elif suffix == "xlsx":
        changed = _mutated_xlsx_sheet(xml.decode(), kind, chooser).encode()
    else:
        changed = _mutated_ods_content(xml.decode(), kind, chooser).encode()
    return _rezipped(data, {member: changed}), refused


def _rezipped(data: bytes, members: dict[str, bytes | None]) -> bytes:
    """The archive with each member named replaced (None: left out, new names added)."""
    source = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for name in source.namelist():
            if name not in members:
                target.writestr(source.getinfo(name), source.read(name))
        for name, content in members.items():
            if content is not None:
                target.writestr(name, content)
    return out.getvalue()


def _data_cell(chooser: random.Random) -> str:
    return f"{chooser.choice(SHEET_DATA_COLUMNS)}{chooser.choice((2, 3))}"


def _replace_cell(xml: str, reference: str, cell: str) -> str:
    """`xml` with the cell at `reference` replaced by `cell`; where the export wrote none (an
    empty value), `cell` goes into its row before the first cell of a later column, so that
    the mutation is in the sheet read (and the sheet is no plain export imported as one)."""
    replaced, found = re.subn(rf'<c r="{reference}"[^>]*?(/>|>.*?</c>)', cell, xml, count=1)
    if found:
        return replaced
    column, row = re.fullmatch(r"([A-Z]+)(\d+)", reference).groups()
    opened = re.search(rf'<row r="{row}"[^>]*>', xml)
    closed = xml.index("</row>", opened.end())
    at = closed
    for later in re.finditer(r'<c r="([A-Z]+)\d+"', xml[opened.end():closed]):
        if (len(later.group(1)), later.group(1)) > (len(column), column):
            at = opened.end() + later.start()
            break
    return xml[:at] + cell + xml[at:]


def _mutated_xlsx_sheet(xml: str, kind: str, chooser: random.Random) -> str:
    reference = _data_cell(chooser)
    if kind == "formula":
        formula = chooser.choice(("1+1", "A1&amp;B1", "SUM(A1:XFD1048576)",
                                  "HYPERLINK(&quot;http://example.invalid/&quot;,&quot;x&quot;)"))
        return _replace_cell(xml, reference,
                             f'<c r="{reference}" t="str"><f>{formula}</f><v>x</v></c>')
    if kind == "error value":
        error = chooser.choice(("#REF!", "#DIV/0!", "#N/A", "#VALUE!", "#NAME?"))
        return _replace_cell(xml, reference, f'<c r="{reference}" t="e"><v>{error}</v></c>')
    if kind == "far cell":
        row = chooser.choice((chooser.randint(10_002, 1_048_576), chooser.randint(4, 9_000)))
        # SG is the 501st column
        column = "A" if row > 10_001 else chooser.choice(("SG", "ZZ", "AAA", "XFD"))
        return xml.replace("</sheetData>", f'<row r="{row}"><c r="{column}{row}" t="inlineStr">'
                                           f"<is><t>x</t></is></c></row></sheetData>")
    if kind == "declared size":
        last = chooser.choice((f"XFD{chooser.randint(1, 1_048_576)}",
                               f"A{chooser.randint(10_002, 1_048_576)}", "SG3"))
        return re.sub(r'<dimension ref="[^"]*"/>', f'<dimension ref="A1:{last}"/>', xml)
    if kind == "column range":
        first = chooser.randint(1, 40)
        last = chooser.choice((first, chooser.randint(first, 16_384),
                               chooser.randint(first, 2 ** 31)))
        hidden = chooser.choice(('', ' hidden="1"'))
        return xml.replace("</cols>", f'<col min="{first}" max="{last}"{hidden} width="9"/></cols>')
    if kind == "long cell":
        text = "".join(chooser.choices("abc de", k=chooser.randint(100_001, 400_000)))
        return _replace_cell(xml, reference, f'<c r="{reference}" t="inlineStr"><is><t>{text}'
                                             "</t></is></c>")
    if kind == "shared string":  # the workbook has no table of shared strings
        index = chooser.choice(("0", "999999999", "-1", "abc", "1e3"))
        return _replace_cell(xml, reference, f'<c r="{reference}" t="s"><v>{index}</v></c>')
    if kind == "merged range":
        merged = chooser.choice(("A2:B2", "A2:", "A2:XFD1048577", "B3:A2", "A2:B2000000000", "x"))
        return xml.replace("</sheetData>", f'</sheetData><mergeCells count="1"><mergeCell '
                                           f'ref="{merged}"/></mergeCells>')
    if kind == "row number":
        number = chooser.choice(("x", "0", "-1", "1.5", "", "99999999999999999999"))
        return xml.replace(f'<row r="{chooser.choice((2, 3))}"', f'<row r="{number}"', 1)
    if kind == "long number":
        digits = "".join(chooser.choices("0123456789", k=chooser.randint(101, 20_000)))
        reference = f"C{chooser.choice((2, 3))}"  # hand_size, a whole number
        return _replace_cell(xml, reference, f'<c r="{reference}" t="n"><v>{digits}</v></c>')
    rows = chooser.choice((chooser.randint(1, 500), chooser.randint(9_990, 10_010),
                           chooser.randint(10_000, 40_000)))
    return xml.replace("</sheetData>", "".join(
        f'<row r="{row}"><c r="H{row}" t="inlineStr"><is><t>c{row}</t></is></c></row>'
        for row in range(4, rows + 4)) + "</sheetData>")


ODS_ROW = "<table:table-row"
ODS_CELL = "<table:table-cell"


def _ods_data_row(content: str, chooser: random.Random) -> tuple[int, int]:
    """Where the second or third row of the first table starts and ends."""
    start = content.index(ODS_ROW)
    for _ in range(chooser.choice((1, 2))):
        start = content.index(ODS_ROW, start + 1)
    return start, content.index("</table:table-row>", start)


def _mutated_ods_content(content: str, kind: str, chooser: random.Random) -> str:
    start, end = _ods_data_row(content, chooser)
    row = content[start:end]
    cells = [found.start() for found in re.finditer(ODS_CELL, row)]
    cell = chooser.choice(cells[:len(SHEET_DATA_COLUMNS)])
    if kind == "rows repeated":
        row = row.replace(ODS_ROW, f'{ODS_ROW} table:number-rows-repeated="'
                                   f'{chooser.randint(10_000, 10 ** 12)}"', 1)
    elif kind == "columns repeated":
        row = (row[:cell] + f'{ODS_CELL} table:number-columns-repeated="'
               f'{chooser.randint(501, 10 ** 12)}"' + row[cell + len(ODS_CELL):])
    elif kind == "repeat not a number":
        attribute = chooser.choice(("number-rows-repeated", "number-columns-repeated"))
        value = chooser.choice(("many", "-1", "0", "1e9", "", "0x10", "١٢"))
        element = ODS_ROW if attribute.startswith("number-rows") else ODS_CELL
        at = 0 if element == ODS_ROW else cell
        row = row[:at] + f'{element} table:{attribute}="{value}"' + row[at + len(element):]
    elif kind == "formula":
        formula = chooser.choice(("1+1", "[.A1]", "HYPERLINK(&quot;http://example.invalid&quot;)"))
        row = row[:cell] + f'{ODS_CELL} table:formula="of:={formula}"' + row[cell + len(ODS_CELL):]
    elif kind == "long cell":
        text = "".join(chooser.choices("abc de", k=chooser.randint(100_001, 400_000)))
        row = (row[:cell] + f'{ODS_CELL} office:value-type="string"><text:p>{text}</text:p>'
               "</table:table-cell>" + row[_ods_cell_end(row, cell):])
    else:  # long number
        digits = "".join(chooser.choices("0123456789", k=chooser.randint(101, 20_000)))
        row = (row[:cell] + f'{ODS_CELL} office:value-type="float" office:value="{digits}">'
               f"<text:p>{digits}</text:p></table:table-cell>" + row[_ods_cell_end(row, cell):])
    return content[:start] + row + content[end:]


def _ods_cell_end(row: str, cell: int) -> int:
    """Where the cell starting at `cell` ends (an empty cell closes its own tag)."""
    closed = row.index(">", cell) + 1
    if row[closed - 2] == "/":
        return closed
    return row.index("</table:table-cell>", closed) + len("</table:table-cell>")


def _mutated_csv(data: bytes, kind: str, chooser: random.Random) -> bytes:
    lines = data.split(b"\r\n") if b"\r\n" in data else data.split(b"\n")
    separator = b"\r\n" if b"\r\n" in data else b"\n"
    index = chooser.choice((1, 2))
    cells = lines[index].split(b";")
    column = chooser.randrange(len(SHEET_DATA_COLUMNS))
    if kind == "formula character":
        prefix = chooser.choice((b"=", b"+", b"-", b"@", b"\t", b"\r", b"'="))
        cells[column] = prefix + cells[column]
        if cells[column][:1] in (b"\t", b"\r"):
            cells[column] = b'"' + cells[column] + b'"'
    elif kind == "long cell":
        length = chooser.randint(100_001, 400_000)
        cells[column] = "".join(chooser.choices("abc de", k=length)).encode()
    elif kind == "long number":
        cells[2] = "".join(chooser.choices("0123456789", k=chooser.randint(101, 20_000))).encode()
    elif kind == "many columns":
        cells += [b"x"] * chooser.randint(500, 100_000)
    elif kind == "many rows":
        count = chooser.choice((chooser.randint(1, 500), chooser.randint(9_990, 10_010),
                                chooser.randint(10_000, 40_000)))
        extra = [b"c%d" % number + b";" * (len(cells) - 1) for number in range(count)]
        return separator.join(lines[:3] + extra + lines[3:])
    elif kind == "not utf-8":
        text = cells[7]
        where = chooser.randrange(len(text) + 1)
        cells[7] = text[:where] + bytes([chooser.choice((0xE9, 0xFF, 0x80, 0xC3))]) + text[where:]
    elif kind == "nul byte":
        where = chooser.randrange(len(cells[column]) + 1)
        cells[column] = cells[column][:where] + b"\0" + cells[column][where:]
    elif kind == "stray quote":
        where = chooser.randrange(len(cells[column]) + 1)
        cells[column] = cells[column][:where] + b'"' + cells[column][where:]
    else:
        return damage(data, chooser)
    lines[index] = b";".join(cells)
    return separator.join(lines)


# -- Pictures: the first alien's art replaced by a broken picture, then validate and a build.

GOOD_SVG = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
            'viewBox="0 0 69 94">\n<rect width="69" height="94" fill="#336"/>\n'
            '<circle cx="34" cy="47" r="20" fill="#c33"/>\n'
            '<g id="mark"><path d="M0 0L10 10"/></g>\n'
            '<use xlink:href="#mark" x="20"/>\n</svg>\n')
PICTURE_KINDS = {
    "png": ("truncated", "huge size", "bytes"),
    "jpg": ("truncated", "huge size", "bytes"),
    "svg": ("doctype", "entity", "nested use", "outside image", "stylesheet", "deep nesting",
            "huge canvas", "malformed", "bytes"),
}
PICTURE_SOURCES = {"png": "grid.png", "jpg": "gradient.jpg", "svg": "drawing.svg"}
USE_LIMIT = 10_000  # elements an SVG's <use> references may expand to


def run_picture_mutant(root: Path, base: Path, surfaces: Surfaces, chooser: random.Random,
                       record: "Recorder") -> None:
    suffix = chooser.choice(tuple(PICTURE_KINDS))
    kind = chooser.choice(PICTURE_KINDS[suffix])
    record.counts[f"picture mutants ({suffix} {kind})"] += 1
    shutil.rmtree(root)
    out = base / f"out{record.number}"
    surfaces.art_copy(root, out)
    pictures = root / "art" / "duel"
    data, refused = mutated_picture((pictures / PICTURE_SOURCES[suffix]).read_bytes(), suffix,
                                    kind, chooser)
    (pictures / f"mutant.{suffix}").write_bytes(data)
    cards = root / "cards" / "duel" / "aliens.yaml"
    cards.write_text(cards.read_text().replace("file: grid.png", f"file: mutant.{suffix}", 1))
    kept = _outside_kept(base, record.number)
    kept |= {path: path.read_bytes() for path in (base / "elsewhere").rglob("*") if path.is_file()}
    before = snapshot(root)
    checked = run_command(record, "validate", ["validate", root])
    built = run_command(record, "build", BUILD + [root, "--out", out])
    if refused and any(result is not None and result.exit_code == 0 for result in (checked, built)):
        record.false_success(f"a {suffix} picture ({kind}) passed "
                             + ("validate" if checked and checked.exit_code == 0 else "build"))
    if built is not None and built.exit_code != 0 and list(out.rglob("*.pdf")):
        record.half(f"a refused build ({suffix} {kind}) wrote a PDF")
    if snapshot(root) != before or leftovers(out):
        record.half(f"a build ({suffix} {kind}) changed the project or left a staging folder")
    if _changed(kept):
        record.count("files outside changed", f"a {suffix} picture ({kind})")
    shutil.rmtree(out)


def mutated_picture(data: bytes, suffix: str, kind: str,
                    chooser: random.Random) -> tuple[bytes, bool]:
    if kind == "bytes":
        return damage(data, chooser), False
    if kind == "truncated":
        return data[:chooser.randrange(len(data) * 9 // 10)], True
    if kind == "huge size":
        width, height = chooser.randint(20_000, 65_535), chooser.randint(20_000, 65_535)
        if suffix == "png":  # the IHDR chunk's width and height, its CRC made again
            header = b"IHDR" + width.to_bytes(4, "big") + height.to_bytes(4, "big") + data[24:29]
            return data[:12] + header + zlib.crc32(header).to_bytes(4, "big") + data[33:], True
        frame = data.index(b"\xff\xc0")  # the JPEG's start of frame: height, then width
        return (data[:frame + 5] + height.to_bytes(2, "big") + width.to_bytes(2, "big")
                + data[frame + 9:]), True
    svg = data.decode()
    body = svg[svg.index(">", svg.index("<svg")) + 1:]
    start = svg[:len(svg) - len(body)]
    if kind == "doctype":
        return ('<?xml version="1.0"?>\n' + chooser.choice(
            ("<!DOCTYPE svg>", '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" '
                               '"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">',
             '<!DOCTYPE svg SYSTEM "file:///etc/passwd">')) + "\n" + svg).encode(), True
    if kind == "entity":
        entities = '<!ENTITY a "aaaaaaaaaa">' + "".join(
            f'<!ENTITY {chr(98 + level)} "{("&" + chr(97 + level) + ";") * 10}">'
            for level in range(chooser.randint(0, 8)))
        return (f'<?xml version="1.0"?>\n<!DOCTYPE svg [{entities}]>\n' + start
                + "<text>&a;</text>" + body).encode(), True
    if kind == "nested use":
        depth, width = chooser.randint(1, 8), chooser.randint(2, 12)
        levels = ['<g id="l0"><rect width="1" height="1"/></g>'] + [
            f'<g id="l{level}">' + f'<use xlink:href="#l{level - 1}"/>' * width + "</g>"
            for level in range(1, depth + 1)]
        return (start + "<defs>" + "".join(levels) + f'</defs><use xlink:href="#l{depth}"/>'
                + body).encode(), width ** depth > 2 * USE_LIMIT
    if kind == "outside image":
        reference = chooser.choice(("http://example.invalid/a.png", "https://127.0.0.1:9/a.png",
                                    "file:///etc/passwd", "grid.png", "/etc/hostname",
                                    "../../../elsewhere/outside.png", "//example.invalid/a.png"))
        attribute = chooser.choice(("href", "xlink:href"))
        element = chooser.choice((f'<image {attribute}="{reference}" width="10" height="10"/>',
                                  f'<use {attribute}="{reference}#a"/>',
                                  f'<feImage {attribute}="{reference}"/>'))
        return (start + element + body).encode(), True
    if kind == "stylesheet":  # CSS naming something outside the picture
        reference = chooser.choice(("http://example.invalid/a.css", "file:///etc/passwd",
                                    "../../../elsewhere/outside.png"))
        style = chooser.choice((f"<style>@import url({reference});</style>",
                                f"<style>rect {{fill: url({reference}#p)}}</style>",
                                f'<rect width="9" height="9" style="fill: url({reference}#p)"/>'))
        return (start + style + body).encode(), True
    if kind == "deep nesting":  # deeper than the XML parser goes
        depth = chooser.randint(300, 100_000)
        return (start + "<g>" * depth + '<rect width="1" height="1"/>' + "</g>" * depth
                + body).encode(), True
    if kind == "huge canvas":
        size = chooser.choice(("1e9", "100000000", "1e38"))
        blurred = chooser.random() < 0.5
        blur = '<filter id="f"><feGaussianBlur stdDeviation="50"/></filter>' if blurred else ""
        filtered = ' filter="url(#f)"' if blurred else ""
        return (start.replace("<svg ", f'<svg width="{size}" height="{size}" ', 1) + blur
                + f'<rect width="{size}" height="{size}"{filtered}/>' + body).encode(), False
    cut = chooser.choice(("cut", "unclosed"))
    if cut == "cut":
        return data[:chooser.randrange(len(data) - len("</svg>\n"))], True
    return (start + "<g><rect width='1' height='1'>" + body).encode(), True


# -- Output folders: folders outside the project that a command writes into.

OUTPUT_KINDS = ("planted journal", "planted stamp", "staging is a file", "staging is a link",
                "file for the folder", "read-only folder", "two commands")
PRECIOUS = b"precious\n"


def output_command(name: str, root: Path, folder: Path) -> tuple[list, Path]:
    """A command writing into `folder` (outside the project), and the file it writes there."""
    if name == "sheet export":
        return SHEET_EXPORT + ["-o", folder / "aliens.csv", "--root", root], folder / "aliens.csv"
    if name == "i18n export":
        return (["i18n", "export", "--lang", "es", "--no-fit-budgets", "--root", root, "-o",
                 folder / "es.po"], folder / "es.po")
    if name == "export json":
        return ["export", "json", root, "-o", folder], folder / "duel.json"
    if name == "schema":
        return ["schema", "-o", folder, "--fields", folder / "fields.md"], folder / "fields.md"
    return BUILD + [root, "--out", folder], folder / "en" / "cards-a4.pdf"


OUTPUT_COMMANDS = ("sheet export", "i18n export", "export json", "schema", "build")


def run_output_mutant(root: Path, base: Path, surfaces: Surfaces, chooser: random.Random,
                      record: "Recorder") -> None:
    kind = chooser.choice(OUTPUT_KINDS)
    command = chooser.choice(OUTPUT_COMMANDS)
    record.counts[f"output mutants ({kind})"] += 1
    shutil.rmtree(root)
    folder = base / f"outside{record.number}"
    surfaces.art_copy(root, folder)
    kept = {folder / "precious.txt": PRECIOUS}
    (folder / "precious.txt").write_bytes(PRECIOUS)
    before = snapshot(root)
    if kind == "two commands":
        two_commands(root, folder, command, chooser, record)
    elif kind == "read-only folder":
        arguments, _ = output_command(command, root, folder)
        folder.chmod(0o555)
        try:
            result = run_command(record, command, arguments, prefix=AS_UNPRIVILEGED)
        finally:
            folder.chmod(0o755)
        if result is not None and result.exit_code == 0:
            record.false_success(f"{command} into a read-only folder")
        if leftovers(folder):
            record.half(f"{command} into a read-only folder left a staging folder")
    elif kind == "file for the folder":
        target = folder / "precious.txt"
        arguments, _ = output_command(command, root, target if command in (
            "export json", "schema", "build") else target / "deeper")
        result = run_command(record, command, arguments)
        if result is not None and result.exit_code == 0:
            record.false_success(f"{command} into a file as its folder")
    else:
        planted_output_staging(root, folder, command, kind, record)
    if snapshot(root) != before:
        record.count("files outside changed", f"{command} ({kind}) changed the project")
    if _changed(kept):
        record.count("files outside changed", f"{command} ({kind})")
    _remove(folder / STAGING)
    shutil.rmtree(folder, ignore_errors=True)


def planted_output_staging(root: Path, folder: Path, command: str, kind: str,
                           record: "Recorder") -> None:
    """A staging folder cardkit did not write, in the command's output folder: refused,
    naming it, and nothing in the folder touched."""
    arguments, written = output_command(command, root, folder)
    staging = folder / STAGING
    if kind == "staging is a file":
        staging.write_bytes(journal_line("0", "precious.txt") + b"end\n")
    elif kind == "staging is a link":
        (folder.parent / f"{folder.name}-elsewhere").mkdir()
        staging.symlink_to(folder.parent / f"{folder.name}-elsewhere")
    else:
        staging.mkdir()
        (staging / "0").write_bytes(b"PLANTED\n")
        (staging / JOURNAL).write_bytes(journal_line("0", "precious.txt") + b"end\n")
        if kind == "planted stamp":
            # the stamp of another folder, as a copy or an archive would bring it
            (staging / "stamp").write_text(f"{os.stat(folder).st_dev}:{os.stat(folder).st_ino}\n")
    planted = snapshot(folder)
    result = run_command(record, command, arguments)
    if result is None:
        return
    if result.exit_code == 0:
        record.false_success(f"a {kind} in the output folder of {command} obeyed")
    elif str(staging) not in result.output:
        record.false_success(f"the refusal of a {kind} by {command} does not name it")
    elif _without_cache(snapshot(folder)) != _without_cache(planted):
        record.half(f"the refusal of a {kind} by {command} changed the folder")


def _without_cache(files: dict[str, bytes]) -> dict[str, bytes]:
    """The files but the face cache a build reads (and may add to)."""
    return {name: data for name, data in files.items() if not name.startswith(".cache")}


def two_commands(root: Path, folder: Path, command: str, chooser: random.Random,
                 record: "Recorder") -> None:
    """Two commands into one folder at once: each ends having written its file, or says
    truthfully why not; no staging folder is left, and neither tells of an interrupted write."""
    other = chooser.choice(OUTPUT_COMMANDS)
    first, first_file = output_command(command, root, folder)
    second, second_file = output_command(other, root, folder)
    ended = run_commands(record, (command, first), (other, second))
    for name, result, written in ((command, ended[0], first_file), (other, ended[1], second_file)):
        if result is None:
            continue
        if "interrupted write" in result.output:
            record.false_success(f"{name} beside {command if name == other else other} told of "
                                 "an interrupted write")
        elif result.exit_code == 0 and not written.is_file():
            record.false_success(f"{name} beside another exited 0 without its file")
    if leftovers(folder):
        record.half(f"{command} and {other} into one folder left a staging folder")


def main_run(count: int, seed: int, every: int, jobs: int, limit: float,
             families: tuple[str, ...] = tuple(FAMILIES)) -> Counter:
    counts: Counter = Counter()
    examples: dict[str, str] = {}
    started = time.perf_counter()
    block = 25
    tasks = [(seed, range(first, min(first + block, count)), families)
             for first in range(0, count, block)]
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
    return counts


def _report(done: int, started: float, seed: int, counts: Counter, examples: dict) -> None:
    """The counts so far, so a long run that is stopped still tells what it found."""
    elapsed = time.perf_counter() - started
    print(f"{done} mutants in {elapsed:.0f} s (seed {seed})")
    for key in sorted(counts):
        print(f"  {key}: {counts[key]}")
    for family in FAMILIES:
        if counts[f"mutants ({family})"]:
            figures = ", ".join(f"{name} {counts[f'{name} of {family} mutants']}" for name in GOALS)
            print(f"{family}: {counts[f'mutants ({family})']} mutants; {figures}")
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
    parser.add_argument("--families", default=",".join(FAMILIES),
                        help="the families mutants are drawn from, comma-separated (default: all: "
                             + ", ".join(FAMILIES) + ")")
    options = parser.parse_args()
    chosen = tuple(options.families.split(","))
    if not set(chosen) <= set(FAMILIES):
        parser.error(f"unknown families: {', '.join(sorted(set(chosen) - set(FAMILIES)))}")
    main_run(options.count, options.seed, options.every, options.jobs, options.time_limit, chosen)
    sys.exit(0)
