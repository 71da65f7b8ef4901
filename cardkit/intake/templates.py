"""`cardkit templates`: the templates cardkit ships, and a copy of one into a project's
`templates/` to edit there, where it overrides the shipped file (source/templates.py)."""

from __future__ import annotations

from pathlib import Path, PurePosixPath

from cardkit.source.templates import TEMPLATES, all_template_files, package_templates
from cardkit.source.transaction import Transaction

class CopyRefused(Exception):
    """A template that cannot be copied as asked; nothing was written."""


def shipped_templates() -> list[str]:
    """The name under `templates/` of every file cardkit ships there."""
    package = package_templates()
    return sorted(path.relative_to(package).as_posix() for path in package.rglob("*")
                  if path.is_file() and "__pycache__" not in path.parts)


def overridden(root: Path) -> list[str]:
    """The shipped files the project at `root` has its own of."""
    shipped = set(shipped_templates())
    return [found.name.as_posix() for found in all_template_files(root)
            if not found.shipped and found.name.as_posix() in shipped]


def copy_templates(root: Path, names: list[str]) -> list[Path]:
    """Copies each shipped file `names` gives into the project's `templates/`, all or none;
    returns the files written. Raises CopyRefused naming every name that cannot be copied:
    one cardkit does not ship, or one the project has its own of already (never replaced)."""
    shipped = set(shipped_templates())
    reasons = []
    for name in names:
        clean = PurePosixPath(name).as_posix()
        own = root / TEMPLATES / clean
        if clean not in shipped:
            reasons.append(f"{name}: cardkit ships no such template (`cardkit templates list` "
                           "names them)")
        elif own.exists() or own.is_symlink():
            reasons.append(f"{own}: the project has its own already; it is left as it is")
    if reasons:
        raise CopyRefused("\n".join(reasons))
    written = []
    with Transaction(root) as transaction:
        for name in names:
            target = root / TEMPLATES / PurePosixPath(name).as_posix()
            transaction.write(target, (package_templates() / name).read_bytes())
            written.append(target)
    return written
