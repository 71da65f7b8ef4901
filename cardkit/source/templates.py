"""Where each file under `templates/` comes from: the project's own `templates/<name>` where
it has that file, else the one cardkit ships in its package (`cardkit/default_templates`).

A project overrides the package file by file: a face template, a stylesheet, a font, an
icon. Every reader of template files (the Jinja loader, the icons, WeasyPrint's fetcher,
the fonts, the gallery's assets, the workbench's, the digests the face cache is keyed by)
asks here, so they agree on which file is meant. A project's file is read within the
project folder and a shipped file within the package's templates, each through the project
boundary (`source/boundary.py`): a project's own file is its own even where the boundary
refuses it (a link leading outside), never silently replaced by the package's.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path, PurePosixPath

from cardkit.source.boundary import read_input

TEMPLATES = "templates"


@lru_cache(maxsize=1)
def package_templates() -> Path:
    """The print templates, stylesheets, fonts and icons cardkit ships inside its package."""
    return Path(str(resources.files("cardkit") / "default_templates"))


@dataclass(frozen=True)
class TemplateFile:
    """One file of the templates as a project sees it. `name` is its path under
    `templates/`; `path` the file read; `boundary` the folder it must lie inside (the
    project's, or the package's templates for a shipped file)."""

    name: PurePosixPath
    path: Path
    boundary: Path

    @property
    def shipped(self) -> bool:
        return self.boundary == package_templates()

    @property
    def key(self) -> str:
        """How digests name it: `templates/<name>`, wherever it comes from."""
        return f"{TEMPLATES}/{self.name.as_posix()}"

    def read(self, limit: int) -> bytes:
        """Its bytes through the project boundary; raises InputRefused."""
        return read_input(self.path, root=self.boundary, limit=limit)


def template_file(root: Path, name: str | PurePosixPath) -> TemplateFile:
    """`templates/<name>` of the project at `root`: its own file (or link) where it has
    one, else the package's; where neither has it, the project's (which does not exist, so
    a reader reports it missing there)."""
    name = PurePosixPath(name)
    if name.is_absolute() or ".." in name.parts or not name.parts:
        raise ValueError(f"not a file under {TEMPLATES}/: {name}")
    own = root / TEMPLATES / name
    if own.exists() or own.is_symlink():
        return TemplateFile(name, own, root)
    shipped = package_templates() / name
    if shipped.is_file():
        return TemplateFile(name, shipped, package_templates())
    return TemplateFile(name, own, root)


def template_path(root: Path, path: Path) -> TemplateFile | None:
    """The effective file for an absolute `path` under the project's `templates/` (as a
    URL the renderer resolved names it); None for a path outside it."""
    try:
        name = PurePosixPath(path.relative_to(root / TEMPLATES).as_posix())
    except ValueError:
        return None
    if not name.parts or ".." in name.parts:
        return None
    return template_file(root, name)


def template_files(root: Path, folder: str = "", pattern: str = "*") -> list[TemplateFile]:
    """The files matching `pattern` in `templates/<folder>` as the project sees them: the
    package's with the project's own in their place and beside them, by name."""
    names = set()
    for base in (package_templates(), root / TEMPLATES):
        directory = base / folder if folder else base
        if directory.is_dir():
            # Whatever is not a folder, so that the boundary judges a link or a device.
            names.update(path.relative_to(base).as_posix() for path in directory.glob(pattern)
                         if (path.is_symlink() or not path.is_dir()) and "__pycache__" not in path.parts)
    return [template_file(root, name) for name in sorted(names)]


def all_template_files(root: Path) -> list[TemplateFile]:
    """Every file under `templates/`, the project's and the package's, by name."""
    return template_files(root, "", "**/*")
