"""`cardkit workbench`: the translation workbench, a local web application."""

from __future__ import annotations

import webbrowser
from pathlib import Path

import click

from cardkit.cli.options import UsageError, database_root, require_database

DEFAULT_PORT = 8737


@click.command("workbench")
@database_root
@click.option("--lang", "language", required=True, help="The language to translate into.")
@click.option("--port", type=click.IntRange(0, 65535), default=DEFAULT_PORT, show_default=True,
              help="The port to listen on (0: any free port).")
@click.option("--open", "open_browser", is_flag=True, help="Open the page in the web browser.")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on. Any other than 127.0.0.1 lets other machines reach "
                   "the workbench and your files.")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=Path("build"),
              show_default=True, help="Where the face cache is kept (<out>/.cache, shared with build).")
def workbench_command(root: Path, language: str, port: int, open_browser: bool, host: str,
                      out: Path) -> None:
    """Edit each translated text beside the card it prints on, in a local web page."""
    from cardkit.render import cache_folder
    from cardkit.workbench.server import (LOOPBACK, AddressUnavailable, bind,
                                          own_hosts, page_address, serve)
    from cardkit.workbench.service import Workbench, WorkbenchRefused

    root = require_database(root).resolve()
    try:
        sock = bind(host, port)
    except AddressUnavailable as exc:
        raise UsageError(str(exc)) from None
    if host != LOOPBACK:
        names = ", ".join(sorted(own_hosts(host, sock.getsockname()[1])))
        click.echo(f"warning: listening on {host}, not only on this machine: anyone on the "
                   "network who can reach it can read the cards and, with the page open, change "
                   f"your files; it answers requests addressed to {names}", err=True)
    with sock:
        click.echo("reading the cards and fitting their faces (the first time, every face is "
                   "laid out)...", err=True)
        try:
            service = Workbench(root, language, cache_folder(root, out))
        except WorkbenchRefused as exc:
            raise UsageError(str(exc)) from None
        url = page_address(*sock.getsockname()[:2])
        click.echo(f"workbench for {language}: {url} (Ctrl-C stops)", err=True)
        if open_browser:
            webbrowser.open(url)
        serve(service, sock)
    click.echo("workbench stopped", err=True)
