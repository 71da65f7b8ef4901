"""`cardkit new`: add one card as a stub to fill in."""

from __future__ import annotations

import re
from pathlib import Path

import click

from cardkit.cli.errors import NOTHING_WRITTEN, BadValue
from cardkit.cli.options import UsageError, load_or_fail, require_database, root_option, writing_database
from cardkit.intake.new import GivenText, NewRefused, new_card
from cardkit.messages import Message, reader_catalogue
from cardkit.source.edit import EditRefused
from cardkit.source.yamlfile import load_text


def _facts(context, parameter, values: tuple[str, ...]) -> dict:
    facts = {}
    for value in values:
        field, equals, given = value.partition("=")
        if not equals or not field:
            raise BadValue(Message("{value}: give FIELD=VALUE, such as value=3", value=repr(value)),
                           param=parameter)
        document = load_text(f"{field}: {given}\n", Path("--fact"))
        if document.problems or not isinstance(document.data, dict):
            reason = document.problems[0].sentence if document.problems else Message("not a value")
            raise BadValue(Message("{value}: {reason}", value=repr(value), reason=reason), param=parameter)
        facts.update(document.data)
    return facts


# `de:name=Laterne`, `text=Draw 2 cards.`: a field (and language) named before `=`; a
# value with no such name before its first `=` is the text alone.
_NAMED_TEXT = re.compile(r"(?:(?P<language>[a-z]{2,3}):)?(?P<field>[a-z][a-z0-9_.-]*)=(?P<text>.*)",
                         re.DOTALL)


def _texts(context, parameter, values: tuple[str, ...]) -> list[GivenText]:
    texts = []
    for value in values:
        named = _NAMED_TEXT.fullmatch(value)
        texts.append(GivenText(named["language"], named["field"], named["text"]) if named
                     else GivenText(None, None, value))
    return texts


@click.command("new")
@click.argument("kind")
@click.argument("card_id", metavar="ID")
@click.option("--game", required=True, help="The game the card belongs to (duel, classic, cosmic, vanguard).")
@click.option("--name", help="The card's English name (provisional until cited to an English printing).")
@click.option("--fact", "facts", multiple=True, callback=_facts, metavar="FIELD=VALUE",
              help="A fact to give at once, as YAML (value=3, colour=orange); repeatable.")
@click.option("--text", "texts", multiple=True, callback=_texts, metavar="[[LL:]FIELD=]TEXT",
              help="A text to give at once (provisional): the kind's one text besides the name "
                   "alone (--text \"Draw 2 cards.\"), or named by its field (ability=...) and, "
                   "but for English, its language (de:name=...); repeatable.")
@root_option
def new_command(kind: str, card_id: str, game: str, name: str | None, facts: dict,
                texts: list[GivenText], root: Path) -> None:
    """Add a card of KIND with the id ID to GAME: a stub to fill in, and its English name.

    Every required fact not given is listed under `unknown`; what to fill in next is printed
    as file:line. Nothing is written when the id exists, the game has no such kind, or the
    card would bring an error other than a missing source."""
    with writing_database(require_database(root)):
        checked = load_or_fail(root)
        try:
            notes: list[Message] = []
            steps = new_card(checked, game, kind, card_id, name, facts, texts, notes)
        except (NewRefused, EditRefused) as exc:
            raise UsageError(exc, NOTHING_WRITTEN) from None
    catalogue = reader_catalogue()
    for note in notes:
        click.echo(catalogue.say(Message("{kind}: {fault}", kind=Message("warning"), fault=note)),
                   err=True)
    click.echo(catalogue.say(Message("added {kind} {card}; fill in next:", kind=kind,
                                     card=card_id.strip())), err=True)
    for step in steps:
        click.echo(f"{step.position.path}:{step.position.line}: {catalogue.say(step.what)}")
