"""The package's floors (docs/architecture.md): a module imports only from its own package
or from a package on a lower floor, never one beside or above it, whether at module level
or inside a function."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.test_import_circles import PACKAGE, _imported_names, _module_name

# From the bottom up; the packages of one floor stand beside each other and import none of
# each other.
FLOORS = [
    ("placeholders",), ("messages",), ("problems",), ("source",), ("model",), ("checks", "rules"),
    ("i18n", "export"), ("intake",), ("faces",), ("render",), ("publish",), ("workbench",), ("cli",),
]
# Packages that others import only through their public face (the package itself).
FRONT_DOORS = ("render",)


def upward_imports(package: Path, floors: list[tuple[str, ...]]) -> list[str]:
    """`module:line -> imported` for each import of a package beside or above the module's."""
    floor_of = {name: number for number, names in enumerate(floors) for name in names}
    found = []
    for path in sorted(package.rglob("*.py")):
        module = _module_name(package, path)
        own = module.split(".")[1] if "." in module else None
        if own is None:
            continue  # the package's own __init__ stands above every floor
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
            if not isinstance(node, (ast.Import, ast.ImportFrom)):
                continue
            for name in _imported_names(module, path.name == "__init__.py", node):
                parts = name.split(".")
                if parts[0] != package.name or len(parts) < 2 or parts[1] == own:
                    continue
                if parts[1] in floor_of and floor_of[parts[1]] >= floor_of[own]:
                    found.append(f"{module}:{node.lineno} -> {name}")
                    break
    return found


def past_the_front_door(package: Path, front_doors: tuple[str, ...]) -> list[str]:
    """`module:line -> imported` for each import, from outside such a package, of one of its
    modules rather than of the package's own names."""
    found = []
    for path in sorted(package.rglob("*.py")):
        module = _module_name(package, path)
        own = module.split(".")[1] if "." in module else None
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
            if not isinstance(node, (ast.Import, ast.ImportFrom)):
                continue
            # `from cardkit.render import x` takes a name of the face; only the modules loaded count
            names = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                     else _imported_names(module, path.name == "__init__.py", node)[:1])
            for name in names:
                parts = name.split(".")
                if (parts[0] == package.name and len(parts) > 2 and parts[1] in front_doors
                        and parts[1] != own):
                    found.append(f"{module}:{node.lineno} -> {name}")
    return found


def test_every_package_of_cardkit_stands_on_a_floor():
    packages = {path.stem if path.suffix == ".py" else path.name for path in PACKAGE.iterdir()
                if (path.suffix == ".py" and path.stem != "__init__") or (path / "__init__.py").is_file()}
    assert len(packages) >= 11
    assert packages == {name for names in FLOORS for name in names}


def test_no_module_imports_a_package_beside_or_above_its_own():
    assert upward_imports(PACKAGE, FLOORS) == []


def test_the_check_finds_an_import_upward_and_one_beside(tmp_path):
    package = tmp_path / "cardkit"
    for name, text in {"__init__.py": "", "model/__init__.py": "",
                       "model/cards.py": "def f():\n    from cardkit.checks import run\n",
                       "checks/__init__.py": "from cardkit.model.cards import f\n",
                       "i18n/__init__.py": "", "export/__init__.py": "import cardkit.i18n\n"}.items():
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        (package / name).write_text(text, encoding="utf-8")

    assert upward_imports(package, FLOORS) == ["cardkit.export:1 -> cardkit.i18n",
                                               "cardkit.model.cards:2 -> cardkit.checks"]


def test_the_render_package_is_entered_by_its_public_face_only():
    assert past_the_front_door(PACKAGE, FRONT_DOORS) == []


def test_the_check_finds_a_module_imported_past_the_front_door(tmp_path):
    package = tmp_path / "cardkit"
    for name, text in {"__init__.py": "", "render/__init__.py": "", "render/fit.py": "",
                       "render/pipeline.py": "from cardkit.render import fit\n",
                       "cli/__init__.py": "from cardkit.render import build\n",
                       "cli/validate.py": "def f():\n    from cardkit.render.fit import sizes_of\n"}.items():
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        (package / name).write_text(text, encoding="utf-8")

    assert past_the_front_door(package, FRONT_DOORS) == ["cardkit.cli.validate:2 -> cardkit.render.fit"]
