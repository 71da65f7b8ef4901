"""The rules modules random play spends its time in, compiled to C by mypyc, and used in
place of their Python source only while that source is the one they were compiled from.

The Python source stays the truth. `build` compiles `MODULES` (the shared core of a
procedure, random play, and the Cosmic Encounter engine with its invariants and oracle,
where a classic game's ten milliseconds go) into one folder of the Python environment,
with a manifest of each source's digest; `use_compiled`, run when `cardkit.rules` is first
imported, puts the compiled copies first on the import path when every source still has
its digest, and does nothing otherwise: a module edited since, a mutant under test,
another Python or `CARDKIT_PURE_RULES` set all run the source as it is. The copies are
used all together or not at all, since compiled modules call each other directly, not
through the modules' names. (docs/libraries.md says why mypyc; docs/performance.md what
it gives.)
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

MODULES = (
    "cardkit.rules.core.decisions", "cardkit.rules.core.choices",
    "cardkit.rules.core.playthrough", "cardkit.rules.cosmic.state",
    "cardkit.rules.cosmic.facts", "cardkit.rules.cosmic.engine",
    "cardkit.rules.cosmic.invariants", "cardkit.rules.cosmic.oracle",
    "cardkit.rules.cosmic.playthrough",
)
# The compiled modules are one group of mypyc's, in one shared library that is itself a module.
GROUP = "cardkit_rules"
LIBRARY = GROUP + "__mypyc"
PURE = "CARDKIT_PURE_RULES"       # set (to anything but "") to run the Python source only
FOLDER = "cardkit-compiled-rules"  # in the Python environment (`sys.prefix`)
MANIFEST = "manifest.json"
PROJECT = Path(__file__).resolve().parents[2]   # the folder `cardkit` is in


class CompileError(Exception):
    """The compiled copies could not be made (the compiler's own messages come before)."""


def compiled_folder() -> Path:
    return Path(sys.prefix) / FOLDER


def source_path(module: str) -> Path:
    return PROJECT.joinpath(*module.split(".")).with_suffix(".py")


def _digests() -> dict[str, str]:
    return {module: hashlib.sha256(source_path(module).read_bytes()).hexdigest()
            for module in MODULES}


def _python() -> str:
    """The Python a compiled copy is made for: its implementation and version."""
    return sys.implementation.cache_tag


def _manifest(folder: Path) -> dict | None:
    """What the build wrote of the copies in `folder`, or None where it wrote nothing
    readable."""
    try:
        manifest = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return manifest if isinstance(manifest, dict) else None


def status(folder: Path | None = None) -> str:
    """'fresh' when the compiled copies in `folder` are those of today's sources for this
    Python; otherwise why they are not used ('none', 'stale: <module>', 'other Python')."""
    manifest = _manifest(compiled_folder() if folder is None else folder)
    if manifest is None:
        return "none"
    if manifest.get("python") != _python():
        return "other Python"
    built = manifest.get("sources", {})
    for module, digest in _digests().items():
        if built.get(module) != digest:
            return f"stale: {module}"
    return "fresh"


class _CompiledFinder(importlib.abc.MetaPathFinder):
    """Finds the compiled copy of each module in `files` (module name -> file)."""

    def __init__(self, files: dict[str, Path]):
        self.files = files

    def find_spec(self, name, path=None, target=None):
        file = self.files.get(name)
        if file is None:
            return None
        return importlib.util.spec_from_file_location(
            name, file, loader=importlib.machinery.ExtensionFileLoader(name, str(file)))


IN_USE = False     # whether this process runs the compiled copies


def use_compiled() -> bool:
    """Put the compiled copies first on the import path when they are fresh and nothing
    asks for the source; whether they are used."""
    global IN_USE
    if IN_USE or os.environ.get(PURE) or any(module in sys.modules for module in MODULES):
        return IN_USE
    folder = compiled_folder()
    if status(folder) != "fresh":
        return False
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    files = {module: folder.joinpath(*module.split(".")).with_name(
        module.rsplit(".", 1)[1] + suffix) for module in MODULES}
    files[LIBRARY] = folder / (LIBRARY + suffix)
    if not all(file.exists() for file in files.values()):
        return False
    sys.meta_path.insert(0, _CompiledFinder(files))
    IN_USE = True
    return True


def build(folder: Path | None = None) -> Path:
    """Compile `MODULES` with mypyc into `folder` (by default this environment's), replacing
    what was there only once the whole build has succeeded. Raises `CompileError`."""
    # Imported here: mypyc and setuptools are needed to build, never to run.
    try:
        from mypyc.build import mypycify
        from setuptools import Distribution
    except ImportError as missing:
        raise CompileError(f"{missing.name} is not installed (the lock's dev extra has it)"
                           ) from None

    folder = compiled_folder() if folder is None else folder
    sources = [str(source_path(module).relative_to(PROJECT)) for module in MODULES]
    digests = _digests()
    with tempfile.TemporaryDirectory(prefix="cardkit-mypyc-") as work:
        work_path = Path(work)
        here = os.getcwd()
        os.chdir(PROJECT)        # mypyc names modules by their paths from the project
        try:
            # Only the modules compiled are type-checked; those they import are read for
            # their types alone.
            extensions = mypycify([f"--cache-dir={work_path / 'mypy'}", "--follow-imports=silent",
                                   *sources],
                                  separate=[(sources, GROUP)], target_dir=str(work_path / "c"))
            distribution = Distribution({"name": "cardkit-rules", "ext_modules": extensions})
            command = distribution.get_command_obj("build_ext")
            command.build_lib = str(work_path / "lib")
            command.build_temp = str(work_path / "temp")
            distribution.run_command("build_ext")
        except SystemExit:       # mypyc's type errors, the C compiler's: printed above
            raise CompileError("mypyc could not compile the rules (its messages are above)"
                               ) from None
        except Exception as failure:
            raise CompileError(f"mypyc could not compile the rules: "
                               f"{type(failure).__name__}: {failure}") from None
        finally:
            os.chdir(here)
        built = work_path / "lib"
        (built / MANIFEST).write_text(json.dumps(
            {"python": _python(), "mypyc": _mypyc_version(), "sources": digests}, indent=1,
            sort_keys=True), encoding="utf-8")
        staged = folder.with_name(folder.name + ".new")
        shutil.rmtree(staged, ignore_errors=True)
        shutil.copytree(built, staged)
    shutil.rmtree(folder, ignore_errors=True)
    staged.rename(folder)
    return folder


def _mypyc_version() -> str | None:
    try:
        from mypy.version import __version__
    except ImportError:
        return None
    return __version__


def main(arguments: list[str]) -> int:
    """What `./dev` runs: `build` compiles when the copies are not fresh or another mypyc
    is installed (a new lock), `status` says whether they are fresh."""
    action = arguments[0] if arguments else "status"
    if action == "status":
        print(status())
        return 0
    if action != "build":
        print(f"unknown action {action!r}: build or status", file=sys.stderr)
        return 2
    if status() == "fresh" and (_manifest(compiled_folder()) or {}).get("mypyc") == _mypyc_version():
        return 0
    try:
        folder = build()
    except CompileError as error:
        print(error, file=sys.stderr)
        return 1
    print(f"compiled the rules modules with mypyc into {folder}")
    return 0

