"""An earlier commit's code beside this checkout's, for the benchmarks that compare the two
(`validate_against.py`, `outputs_against.py`)."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]


@contextmanager
def earlier_code(commit: str) -> Iterator[tuple[Path, Path, Path]]:
    """A scratch folder holding a `git worktree` of `commit` and a copy of this checkout's
    database (`cards`, `locales`, `templates`), which both codes read: yields the scratch
    folder, the earlier code's folder and the database. The worktree is removed afterwards."""
    with tempfile.TemporaryDirectory() as folder:
        scratch = Path(folder)
        code = scratch / "code-earlier"
        subprocess.run(["git", "-C", str(PROJECT), "worktree", "add", "--detach", "--quiet", str(code),
                        commit], check=True)
        try:
            database = scratch / "database"
            for name in ("cards", "locales", "templates"):
                shutil.copytree(PROJECT / name, database / name)
            yield scratch, code, database
        finally:
            subprocess.run(["git", "-C", str(PROJECT), "worktree", "remove", "--force", str(code)],
                           check=True)
