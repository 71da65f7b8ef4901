"""Every output of the shipped database written by this checkout's code and by an earlier
commit's, compared byte for byte: the proof that a move of code changed nothing it writes.

    .venv/bin/python benchmarks/outputs_against.py --against HEAD~3 [--game duel] [--lang de]

Both codes read the same copy of this checkout's database and write, each into a folder of
its own and from a cold cache: `cardkit build --format pdf,png,tts` (the decks with one fixed
`--tts-base`, since the default names the folder written to), then `cardkit site` into the
build's folder, sharing its face cache. The earlier code runs from a scratch `git worktree`
of the commit, removed afterwards. Prints how many
files are identical, which differ and which only one side wrote (the face caches are left
out: their records may change with the code without any output changing). Exits 1 when any
file differs or is missing on one side.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

from earlier_code import PROJECT, earlier_code  # run as a script: benchmarks/ is on the path
CACHE = ".cache"
TTS_BASE = "https://example.org/decks/"


def cardkit(code: Path, *arguments: str) -> None:
    """Runs `cardkit ARGUMENTS` with the package under `code`; stops on a failed run."""
    done = subprocess.run([sys.executable, "-c", "import sys; from cardkit.cli import main; "
                           "sys.argv = ['cardkit', *sys.argv[1:]]; main()", *arguments],
                          env={**os.environ, "PYTHONPATH": str(code)}, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"{code}: cardkit {' '.join(arguments)} exited {done.returncode}:\n{done.stderr}")


def write_outputs(code: Path, database: Path, out: Path, selection: list[str]) -> float:
    """Writes the build and the site of `database` with the code under `code`; the seconds taken."""
    started = time.perf_counter()
    cardkit(code, "build", str(database), "--out", str(out / "build"), "--format", "pdf,png,tts",
            "--tts-base", TTS_BASE, "--quiet", *selection)
    cardkit(code, "site", str(database), "--out", str(out / "build" / "site"), "--quiet")
    return time.perf_counter() - started


def files(folder: Path) -> dict[str, Path]:
    return {str(path.relative_to(folder)): path for path in sorted(folder.rglob("*"))
            if path.is_file() and CACHE not in path.relative_to(folder).parts}


def compare(now: Path, earlier: Path) -> int:
    """Prints the comparison of the two output folders; the count of files not identical."""
    ours, theirs = files(now), files(earlier)
    differing = [name for name in sorted(set(ours) & set(theirs))
                 if ours[name].read_bytes() != theirs[name].read_bytes()]
    only_now, only_earlier = sorted(set(ours) - set(theirs)), sorted(set(theirs) - set(ours))
    identical = len(set(ours) & set(theirs)) - len(differing)
    print(f"{identical} files identical, {len(differing)} differ, {len(only_now)} written only now, "
          f"{len(only_earlier)} written only by the earlier code")
    for label, names in (("differs", differing), ("only now", only_now), ("only earlier", only_earlier)):
        for name in names:
            print(f"  {label}: {name}")
    return len(differing) + len(only_now) + len(only_earlier)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", required=True, help="the earlier commit")
    parser.add_argument("--game", action="append", default=[], help="a game to build (default: every game)")
    parser.add_argument("--lang", help="languages to build, comma-separated (default: every language)")
    options = parser.parse_args()
    selection = [argument for game in options.game for argument in ("--game", game)]
    if options.lang:
        selection += ["--lang", options.lang]
    with earlier_code(options.against) as (scratch, earlier, database):
        outputs = {"now": scratch / "out-now", "earlier": scratch / "out-earlier"}
        seconds = {name: write_outputs(code, database, outputs[name], selection)
                   for name, code in (("now", PROJECT), ("earlier", earlier))}
        print(f"written in {seconds['now']:.1f} s now, {seconds['earlier']:.1f} s by {options.against}")
        different = compare(outputs["now"], outputs["earlier"])
    sys.exit(1 if different else 0)


if __name__ == "__main__":
    main()
