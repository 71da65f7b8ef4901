"""Where the render layer keeps the face cache, in a module that imports nothing heavy, so
that commands can look for it without loading the renderer."""

from __future__ import annotations

from pathlib import Path

CACHE_FOLDER = ".cache"


def cache_folder(root: Path, out: Path) -> Path:
    """The face cache of `cardkit build --out <out>` for the project at `root`."""
    return (out if out.is_absolute() else root / out) / CACHE_FOLDER
