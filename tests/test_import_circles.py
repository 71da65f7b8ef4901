"""No import circle among cardkit's modules: every module can be read after the modules it
imports at module level. An import under `if TYPE_CHECKING:` counts too, since it names the
module a type comes from as much as one that runs; an import inside a function does not
(it is how a heavy or higher module is reached late, on purpose)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "cardkit"


def _module_name(package: Path, path: Path) -> str:
    parts = list(path.relative_to(package.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported_names(module: str, is_package: bool, node: ast.Import | ast.ImportFrom) -> list[str]:
    """Every dotted name the statement may load: the module and, for `from x import y`, `x.y`."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if node.level:
        base = module.split(".")[:len(module.split(".")) - node.level + is_package]
        source = ".".join(base + ([node.module] if node.module else []))
    else:
        source = node.module
    return [source] + [f"{source}.{alias.name}" for alias in node.names]


def _module_level_imports(tree: ast.Module) -> list[ast.Import | ast.ImportFrom]:
    """The imports outside any function body (in `if` and `try` blocks too)."""
    found, pending = [], list(tree.body)
    while pending:
        node = pending.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        elif not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            pending.extend(ast.iter_child_nodes(node))
    return found


def import_graph(package: Path) -> dict[str, set[str]]:
    """Each module of the package and the package's modules it imports at module level."""
    paths = {_module_name(package, path): path for path in package.rglob("*.py")}
    graph = {}
    for module, path in paths.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        is_package = path.name == "__init__.py"
        graph[module] = {name for node in _module_level_imports(tree)
                         for name in _imported_names(module, is_package, node)
                         if name in paths and name != module}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of two or more modules that import one another, directly or around a loop
    (the strongly connected components, by Tarjan's algorithm, without recursion)."""
    index, low, on_stack, stack, found = {}, {}, set(), [], []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            module, successors = work[-1]
            following = next(successors, None)
            if following is not None:
                if following not in index:
                    index[following] = low[following] = len(index)
                    stack.append(following)
                    on_stack.add(following)
                    work.append((following, iter(sorted(graph[following]))))
                elif following in on_stack:
                    low[module] = min(low[module], index[following])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[module])
            if low[module] == index[module]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == module:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_no_module_level_import_circle_in_cardkit():
    graph = import_graph(PACKAGE)
    assert len(graph) > 100, sorted(graph)  # the whole package was read
    assert circles(graph) == []


def test_the_circle_finder_finds_a_circle_through_a_type_checking_import(tmp_path: Path):
    package = tmp_path / "cardkit"
    (package / "render").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "render" / "__init__.py").write_text("")
    (package / "render" / "cache.py").write_text("from cardkit.render.documents import NAME\n")
    (package / "render" / "documents.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .art import Picture\nNAME = 1\n")
    (package / "render" / "art.py").write_text("from cardkit.render import cache\n")
    (package / "render" / "late.py").write_text("def load():\n    from cardkit.render import late_partner\n")
    (package / "render" / "late_partner.py").write_text("from cardkit.render import late\n")
    assert circles(import_graph(package)) == [
        ["cardkit.render.art", "cardkit.render.cache", "cardkit.render.documents"]]
