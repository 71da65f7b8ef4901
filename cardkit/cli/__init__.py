"""The `cardkit` command: a thin shell over the library; each command lives in its own module."""

from __future__ import annotations

import click

from cardkit import __version__
from cardkit.cli.build import build_command
from cardkit.cli.i18n import i18n_group
from cardkit.cli.replay import replay_command
from cardkit.cli.review import review_command
from cardkit.cli.translation import mark_translated_command, status_command
from cardkit.cli.validate import fmt_command, validate_command


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="cardkit")
def main() -> None:
    """Keep the cards of Cosmic Encounter Duel correct and printable in every language."""


main.add_command(validate_command)
main.add_command(fmt_command)
main.add_command(status_command)
main.add_command(mark_translated_command)
main.add_command(i18n_group)
main.add_command(replay_command)
main.add_command(build_command)
main.add_command(review_command)
