"""`cardkit status` and `cardkit mark-translated`."""

from __future__ import annotations

from pathlib import Path

import click

from cardkit.checks.status import art_states, part_states, translation_states
from cardkit.checks.status_output import render_status
from cardkit.checks.text.catalogue import catalogue_states
from cardkit.cli.options import (UsageError, database_root, load_or_fail, output_format, require_database,
                                 writing_database)
from cardkit.i18n.catalogue import LocaleRefused
from cardkit.i18n.export import check_game
from cardkit.i18n.mark import MarkRefused, mark_translated
from cardkit.messages import Message, Plural, reader_catalogue
from cardkit.source.edit import EditRefused
from cardkit.source.layout import LanguageRefused, translatable_language


@click.command("status")
@database_root
@click.option("--lang", "language", help="Only this language (default: every translation).")
@click.option("--game", help="Only the card texts of this game (default: every game).")
@output_format(("text", "json"))
def status_command(root: Path, language: str | None, game: str | None, output_format: str) -> None:
    """Show per language, game and card kind how many texts are translated, stale and missing.

    A language with no folder for a game has every text of that game missing. The template
    strings count too, as the kind `templates` of every game (fuzzy entries count as stale),
    and so do the glossary terms and effect phrase forms still to fill (kinds `glossary`
    and `phrasebook`). Last, per game and kind, how many cards have a picture (`art`), and
    each card without (kinds whose face has no frame for a picture are left out)."""
    database = load_or_fail(require_database(root)).database
    try:
        if language is not None:
            translatable_language(language, database.languages)
        check_game(database, game)
    except (LanguageRefused, LocaleRefused) as exc:
        raise UsageError(exc) from None
    languages = [language] if language else database.translations
    states = translation_states(database, languages, game)
    templates = catalogue_states(root, languages)
    parts = part_states(database, languages)
    art = art_states(database, game, _picture_frames(root))
    click.echo(render_status(states, output_format, templates, art, parts), nl=False)


def _picture_frames(root: Path):
    """Whether a game's kind has a frame for a picture on its face (a tactic has none): only
    those kinds count as lacking one."""
    import gettext

    from cardkit.faces.art import art_frames
    from cardkit.faces.environment import make_environment

    environment = make_environment(root / "templates", gettext.NullTranslations())
    frames: dict[str, set[str]] = {}

    def pictured(game: str, kind: str) -> bool:
        if game not in frames:
            frames[game] = set(art_frames(environment, game))
        return kind in frames[game]
    return pictured


@click.command("mark-translated")
@click.option("--lang", "language", required=True, help="The language whose texts are up to date.")
@click.option("--all", "everything", is_flag=True, help="Every stale text of the language.")
@click.option("--root", type=click.Path(file_okay=False, path_type=Path), default=".",
              show_default=True, help="The database folder.")
@click.argument("selectors", nargs=-1)
def mark_translated_command(language: str, everything: bool, root: Path, selectors: tuple[str, ...]) -> None:
    """Record that the selected translations match the current English text.

    SELECTORS are card ids (all their texts) or card-id.field (one text), such as
    iron-matron.powers.punish.text.
    """
    if not selectors and not everything:
        raise UsageError(Message("name the texts to mark (card-id or card-id.field), or give --all"))
    with writing_database(require_database(root)):
        database = load_or_fail(root).database
        try:
            marked = mark_translated(root, database, language, list(selectors), everything)
        except (MarkRefused, EditRefused) as exc:
            raise UsageError(exc) from None
    catalogue = reader_catalogue()
    for state in marked:
        click.echo(catalogue.say(Message("{position}: marked {language} {card} {field}",
                                         position=state.position, language=state.language,
                                         card=state.card_id, field=state.path)))
    click.echo(catalogue.say(Plural("{count} text marked as translated",
                                    "{count} texts marked as translated", count=len(marked))),
               err=True)
