"""Rendering: WeasyPrint, the face cache's records, the build's plan and jobs, fitting text
to its box, imposing the sheets. Packages above (publish, workbench, cli) import this
package's public face only, the names below; each is loaded when first used, so importing
the package loads neither WeasyPrint nor the build."""

from __future__ import annotations

from importlib import import_module

_PUBLIC = {
    "build": "pipeline", "BuildFailed": "pipeline", "BuildResult": "pipeline", "Progress": "pipeline",
    "render_faces": "pipeline",
    "Fitting": "fitting",
    "print_problems": "fit", "problems_of": "fit", "sizes_of": "fit",
    "BudgetCheck": "budgets", "budget_lengths": "budgets", "budget_notes": "budgets",
    "language_budgets": "budgets",
    "preflight_problems": "preflight",
    "glyph_problems": "glyphs", "language_glyph_problems": "glyphs", "font_coverage": "glyphs",
    "Renderer": "renderer",
    "CACHE_FOLDER": "folders", "cache_folder": "folders",
}
__all__ = sorted(_PUBLIC)


def __getattr__(name: str):
    if name not in _PUBLIC:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.{_PUBLIC[name]}"), name)
    globals()[name] = value
    return value
