"""`cardkit site`: the static card gallery (publish/site.py)."""

from __future__ import annotations

from pathlib import Path

import click

from cardkit.cli.build import run_build
from cardkit.cli.options import UsageError, database_root, jobs_option, output_folder, require_database


@click.command("site")
@database_root
@click.option("--out", "out", default="build/site", show_default=True,
              help="The site's folder. It shares the face cache of the folder it lies in "
                   "(<out>/../.cache/, the build's by default).")
@click.option("--base-url", help="The address the site will be served from "
                                "(https://example.org/cards/): each page names its canonical "
                                "address, and sitemap.xml lists every page.")
@jobs_option
@click.option("--quiet", is_flag=True, help="No progress display; only problems and errors.")
def site_command(root: Path, out: str, base_url: str | None, jobs: int | None, quiet: bool) -> None:
    """Write a static gallery of every card in every language, with search and filters.

    One page per card and language (<ll>/<game>/<kind>/<id>.html) with its face and back,
    texts, facts, sources and translation state; index pages per game and kind; the PDFs.
    It works opened from disk and from any static host, and loads nothing from elsewhere.
    """
    from cardkit.publish.outputs import Outputs

    root = require_database(root)
    site = output_folder(out, root)
    if site.resolve().parent == Path(root).resolve() or site.resolve() == site.resolve().parent:
        raise UsageError(f"--out {out}: the site's folder shares the face cache of the folder it "
                         "lies in, which would be the database folder; use a folder such as build/site")
    if base_url is not None and not base_url.startswith(("https://", "http://")):
        raise UsageError(f"--base-url {base_url}: an http:// or https:// address, where the "
                         "site will be served from")
    run_build(root, site.parent, None, None, jobs, quiet, False, None,
              Outputs(formats=(), site=site, site_base=base_url))
