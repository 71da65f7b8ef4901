"""How fast `cardkit build` is, against WeasyPrint alone.

    .venv/bin/python benchmarks/build_speed.py [--repeat 3]

Measures, best of N:
  1. the full build of every language and paper with one process (--jobs 1);
  2. WeasyPrint alone rendering the very same final HTML to PDF, one document after another:
     the difference is the pipeline's own overhead (loading, templates, fit measurement, writing);
  3. the full build with one process per core: the speed-up from parallel languages and papers.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path

from weasyprint import HTML

from cardkit.model.database import load_database
from cardkit.render.build import build
from cardkit.render.documents import LanguageContext, card_sheets_html, reference_html
from cardkit.render.fetcher import ProjectFetcher
from cardkit.render.fit import measure_language, sizes_of
from cardkit.render.layout import PAPERS

PROJECT = Path(__file__).resolve().parents[1]


def best_of(repeat: int, action) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return min(times)


def final_html() -> list[str]:
    """Every document's final HTML, exactly as the build renders it."""
    database, _, _ = load_database(PROJECT)
    documents = []
    for language in database.languages:
        context = LanguageContext(PROJECT, language, database)
        sizes = sizes_of(measure_language(context))
        for paper in PAPERS.values():
            documents.append(card_sheets_html(context, paper, sizes))
            documents.append(reference_html(context, paper))
    return documents


def weasyprint_alone(documents: list[str]) -> None:
    base = (PROJECT / "templates").as_uri() + "/"
    for html in documents:
        HTML(string=html, base_url=base, url_fetcher=ProjectFetcher(PROJECT)).write_pdf()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    repeat = parser.parse_args().repeat
    cores = os.cpu_count() or 1
    documents = final_html()
    with tempfile.TemporaryDirectory() as out:
        serial = best_of(repeat, lambda: build(PROJECT, Path(out), jobs=1))
        alone = best_of(repeat, lambda: weasyprint_alone(documents))
        parallel = best_of(repeat, lambda: build(PROJECT, Path(out), jobs=cores))
    print(f"documents:                      {len(documents)} PDFs")
    print(f"full build, 1 process:          {serial:6.2f} s")
    print(f"WeasyPrint alone, same HTML:    {alone:6.2f} s")
    print(f"pipeline overhead:              {serial - alone:6.2f} s ({100 * (serial - alone) / alone:.0f}% of WeasyPrint)")
    print(f"full build, {cores} processes:        {parallel:6.2f} s")
    print(f"parallel speed-up:              {serial / parallel:6.2f}x on {cores} cores")


if __name__ == "__main__":
    main()
