"""`cardkit init`: a project folder of one's own (intake/project.py)."""

from __future__ import annotations

from pathlib import Path

import click

from cardkit.cli.errors import NOTHING_WRITTEN, UsageError
from cardkit.intake.project import InitRefused, init_project
from cardkit.messages import Message, reader_catalogue


@click.command("init")
@click.argument("folder", type=click.Path(path_type=Path))
@click.option("--game", required=True, help="The game's id: lowercase letters, digits and hyphens.")
@click.option("--title", required=True, help="The game's English title.")
@click.option("--lang", "languages", default="en", show_default=True,
              help="The languages its texts are kept in, English first (en,es).")
def init_command(folder: Path, game: str, title: str, languages: str) -> None:
    """Begin a project of one's own in FOLDER: a game declared in data, to edit.

    The folder must be new or empty. It holds the game's declaration with one example kind
    of card, its empty card and text files, each language's glossary and template
    catalogue, and an empty templates/ folder where a file overrides the template cardkit
    ships of its name; it validates and builds as it stands."""
    wanted = [language.strip() for language in languages.split(",") if language.strip()]
    try:
        written = init_project(folder, game, title, wanted)
    except InitRefused as exc:
        raise UsageError(exc, NOTHING_WRITTEN) from None
    catalogue = reader_catalogue()
    for path in sorted(written):
        click.echo(catalogue.say(Message("wrote {path}", path=folder / path)))
    click.echo(catalogue.say(Message(
        "next: edit {declaration}, add a card with `cardkit new card ID --game {game} --name "
        "\"...\" --root {folder}`, then `cardkit validate {folder}` and `cardkit build {folder}`",
        declaration=folder / "cards" / game / "game.yaml", game=game, folder=folder)), err=True)
