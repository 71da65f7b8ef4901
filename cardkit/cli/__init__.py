"""The `cardkit` command: a thin shell over the library; each command lives in its own module.

A command's module is imported only when that command runs, so `cardkit --help` and
`cardkit validate` never load WeasyPrint or the rules engine (a test checks `sys.modules`).
"""

from __future__ import annotations

import atexit
import gc
from importlib import import_module

import click

from cardkit import __version__

# A command imports its modules, builds one large, long-lived object graph (the database and
# its checks) and exits. The collector's default, a collection of the youngest objects every
# 700 new ones, with the older generations walked again every tenth and hundredth time, costs
# a build after one edit about a tenth of its time; every 20,000 it costs a fiftieth, and the
# cyclic garbage that waits longer is small. Set here, as the `cardkit` command starts.
gc.set_threshold(20_000, *gc.get_threshold()[1:])
# At exit the interpreter collects garbage several times over everything the command still
# holds (the database above all): 0.2 to 0.3 s of a rebuild after one edit. Frozen, none of it
# is walked; the command's files are written and closed by then.
atexit.register(gc.freeze)

# name: (module, attribute, the first line of the command's help, shown by `cardkit --help`
# without importing the module; a test keeps each equal to the command's own).
COMMANDS = {
    "validate": ("cardkit.cli.validate", "validate_command",
                 "Check the card database under ROOT (default: the current folder)."),
    "fmt": ("cardkit.cli.validate", "fmt_command",
            "Rewrite the database's YAML files into canonical form, keeping comments and key order."),
    "status": ("cardkit.cli.translation", "status_command",
               "Show per language, game and card kind how many texts are translated, stale and "
               "missing."),
    "mark-translated": ("cardkit.cli.translation", "mark_translated_command",
                        "Record that the selected translations match the current English text."),
    "i18n": ("cardkit.cli.i18n", "i18n_group",
             "Exchange translations with translators' tools as PO or XLIFF files; begin a "
             "language."),
    "export": ("cardkit.cli.export", "export_group",
               "Write the database as data for other programs: a JSON dataset with its schema."),
    "init": ("cardkit.cli.init", "init_command",
             "Begin a project of one's own in FOLDER: a game declared in data, to edit."),
    "new": ("cardkit.cli.new", "new_command",
            "Add a card of KIND with the id ID to GAME: a stub to fill in, and its English name."),
    "schema": ("cardkit.cli.schema", "schema_command",
               "Write a JSON Schema for every kind of data file: card facts and texts per game and"),
    "sheet": ("cardkit.cli.sheet", "sheet_group",
              "Edit the cards of one kind as a spreadsheet (XLSX, ODS, or CSV as Excel writes it)."),
    "replay": ("cardkit.cli.replay", "replay_command",
               "Replay worked examples (default: every one under tests/examples/)."),
    "play": ("cardkit.cli.play", "play_command",
             "Play random games from legal setups to their end, checking every invariant."),
    "build": ("cardkit.cli.build", "build_command",
              "Render card sheets and reference sheets of the database under ROOT into PDFs."),
    "site": ("cardkit.cli.site", "site_command",
             "Write a static gallery of every card in every language, with search and filters."),
    "review": ("cardkit.cli.review", "review_command",
               "Write a page showing every card in English and LANG side by side, with its problems."),
    "templates": ("cardkit.cli.templates", "templates_group",
                  "List the print templates cardkit ships; copy one into the project to change it."),
    "workbench": ("cardkit.cli.workbench", "workbench_command",
                  "Edit each translated text beside the card it prints on, in a local web page."),
}


class LazyGroup(click.Group):
    """A group that imports a command's module only when that command is called, and whose
    faults, click's own usage errors among them, are said in the reader's language."""

    def make_context(self, *args, **kwargs) -> click.Context:
        try:
            return super().make_context(*args, **kwargs)
        except click.ClickException as error:
            from cardkit.cli.errors import translated

            raise translated(error) from None

    def invoke(self, context: click.Context):
        try:
            return super().invoke(context)
        except click.ClickException as error:
            from cardkit.cli.errors import translated

            raise translated(error) from None

    def list_commands(self, context: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, context: click.Context, name: str) -> click.Command | None:
        if name not in COMMANDS:
            return None
        module, attribute, _ = COMMANDS[name]
        return getattr(import_module(module), attribute)

    def format_commands(self, context: click.Context, formatter: click.HelpFormatter) -> None:
        limit = formatter.width - 6 - max(len(name) for name in COMMANDS)
        rows = [(name, click.Command(name, help=COMMANDS[name][2]).get_short_help_str(limit))
                for name in sorted(COMMANDS)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="cardkit")
def main() -> None:
    """Keep the cards of Cosmic Encounter Duel correct and printable in every language."""
