"""`cardkit i18n export` and `cardkit i18n import`: the translators' exchange files."""

from __future__ import annotations

from pathlib import Path

import click

from cardkit.checks.output import format_problem
from cardkit.cli.errors import NOTHING_WRITTEN, Failure
from cardkit.cli.options import (UsageError, budget_check, build_folder_option, combined_checks,
                                 glyph_check, load_or_fail, output_file_option, require_database,
                                 root_option, write_output_file, writing_database)
from cardkit.faces.errors import RenderError
from cardkit.i18n.catalogue import ImportRefused, LocaleRefused
from cardkit.i18n.export import build_catalogue, check_game
from cardkit.i18n.importer import import_catalogue, read_exchange_file
from cardkit.i18n.po import read_po, write_po
from cardkit.i18n.tbx import write_tbx
from cardkit.i18n.xliff import XliffUnwritable, read_xliff, write_xliff
from cardkit.messages import Message, Plural, reader_catalogue
from cardkit.source.boundary import InputRefused
from cardkit.source.edit import EditRefused
from cardkit.source.layout import LanguageRefused, translatable_language
from cardkit.source.transaction import WriteFailed

WRITERS = {"po": write_po, "xliff": write_xliff}
FORMATS = (*WRITERS, "tbx", "tmx")
READERS = {".po": read_po, ".xlf": read_xliff, ".xliff": read_xliff}

game_option = click.option("--game", help="Only the texts of this game (duel, classic, cosmic, vanguard); "
                                          "all games by default.")


@click.group("i18n")
def i18n_group() -> None:
    """Exchange translations with translators' tools as PO or XLIFF files; begin a language."""


@i18n_group.command("init")
@click.argument("language")
@root_option
def init_command(language: str, root: Path) -> None:
    """Begin a language: its glossary and phrasebook to fill, and its template catalogue.

    LANGUAGE is a code Babel knows (fr, pl, pt_BR). Every value is left empty with the
    English beside it; `cardkit status --lang LANGUAGE` lists what is left to fill."""
    from cardkit.i18n.begin import BeginRefused, begin_language

    database = load_or_fail(require_database(root)).database
    with writing_database(root):
        try:
            written = begin_language(root, database, language)
        except BeginRefused as exc:
            raise UsageError(exc) from None
    catalogue = reader_catalogue()
    for path in written:
        click.echo(catalogue.say(Message("wrote {path}", path=path.relative_to(root))))
    from cardkit.render import language_glyph_problems

    for problem in language_glyph_problems(root, language):
        click.echo(format_problem(problem, catalogue), err=True)
    click.echo(catalogue.say(Message(
        "next: fill in locales/{language}/glossary.yaml and phrasebook.yaml, then `cardkit i18n "
        "export --lang {language} -o {language}.po` for a translator's tool (`cardkit status "
        "--lang {language}` lists what is left)", language=language)), err=True)


@i18n_group.command("export")
@click.option("--lang", "language", required=True, help="The language to export.")
@click.option("--format", "file_format", type=click.Choice(FORMATS), default="po",
              show_default=True, help="PO for gettext tools, XLIFF 1.2 for CAT tools; tbx writes "
                                      "the glossary (English and the language) as a termbase; "
                                      "tmx the confirmed translations as a translation memory.")
@output_file_option
@click.option("--fit-budgets/--no-fit-budgets", default=True, show_default=True,
              help="Note with each card text how many characters fit its box: read from the "
                   "face cache `cardkit build` keeps, or measured with the templates and fonts "
                   "(a few seconds) and kept there.")
@build_folder_option
@game_option
@root_option
def export_command(language: str, file_format: str, output: Path | None, fit_budgets: bool,
                   build_dir: Path, game: str | None, root: Path) -> None:
    """Write every translatable text of a language with its English source and state, or
    (--format tbx) the glossary, or (--format tmx) the translation memory."""
    database = load_or_fail(require_database(root)).database
    try:
        if file_format == "tbx":
            text = write_tbx(database, language)
        elif file_format == "tmx":
            from cardkit.i18n.memory import TranslationMemory, write_tmx

            check_game(database, game)
            translatable_language(language, database.languages)
            text = write_tmx(TranslationMemory(database, language, game))
        else:
            check_game(database, game)
            translatable_language(language, database.languages)
            notes, lengths = (_fit_budgets(database, language, game, root, build_dir) if fit_budgets
                              else (None, None))
            text = WRITERS[file_format](build_catalogue(database, language, notes, game, root,
                                                        max_lengths=lengths))
    except (LanguageRefused, LocaleRefused) as exc:
        raise UsageError(exc) from None
    except XliffUnwritable as exc:
        raise Failure(exc) from None
    write_output_file(output, text)


def _fit_budgets(database, language: str, game: str | None, root: Path,
                 build_dir: Path) -> tuple[dict[str, str] | None, dict[str, int] | None]:
    """Each card text's fit budget as a note and as a length limit, by its key."""
    if not (root / "templates").is_dir():  # a database without its print templates
        return None, None
    from cardkit.render import budget_lengths, budget_notes, language_budgets
    from cardkit.faces.cache import FaceCache
    from cardkit.render import cache_folder

    try:
        store = FaceCache(cache_folder(root, build_dir)).open()
        budgets = language_budgets(root, database, language, store, [game] if game else None)
        return budget_notes(budgets), budget_lengths(budgets)
    except RenderError as exc:
        raise UsageError(Message("the fit budgets cannot be measured: {reason}", reason=exc)) from None
    except WriteFailed as exc:
        raise Failure(Message("the fit budgets cannot be kept: {reason}", reason=exc)) from None


@i18n_group.command("import")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--write-unconfirmed", "force", is_flag=True,
              help="Write card texts the text checks find errors in anyway, as unconfirmed "
                   "(stale) translations that `cardkit status` lists as needing work.")
@click.option("--game", help="Refuse the file unless it was exported for this game alone.")
@build_folder_option
@root_option
def import_command(file: Path, root: Path, force: bool, game: str | None, build_dir: Path) -> None:
    """Write the translations of a PO or XLIFF file back into the locale's YAML files.

    The whole file is checked first, and then the database as the import would leave it,
    with the text checks of `cardkit validate`; if anything in it does not fit the database
    or the checks find an error, nothing is written. Warnings are listed, among them each
    text longer than its box holds (by its fit budget, measured for the cards the import
    changes and kept in the face cache) and each holding characters the fonts cannot print
    (which the build refuses until a font has them).
    """
    reader = READERS.get(file.suffix.lower())
    if reader is None:
        raise UsageError(Message("{file}: cannot tell the format; name the file .po, .xlf or .xliff",
                                 file=file))
    try:
        raw = read_exchange_file(file)
    except InputRefused as exc:
        raise UsageError(exc) from None
    with writing_database(require_database(root)):
        checked = load_or_fail(root, measure_fit=combined_checks(
            budget_check(root, build_dir, measure_edited=True), glyph_check(build_dir, as_warnings=True)))
        try:
            changes = import_catalogue(checked, reader(raw, file), force, game)
        except (LanguageRefused, LocaleRefused) as exc:
            raise UsageError(exc) from None
        except (RenderError, WriteFailed) as exc:
            raise Failure(Message("the fit budgets cannot be measured: {reason}", reason=exc),
                          NOTHING_WRITTEN) from None
        except ImportRefused as exc:
            raise Failure(exc, NOTHING_WRITTEN) from None
        except EditRefused as exc:
            raise Failure(exc) from None
    catalogue = reader_catalogue()
    for change in changes:
        where = f"{change.position.path}:{change.position.line}"
        if change.kind == "warning":
            click.echo(f"{where}: {catalogue.say(change.what)}", err=True)
        else:
            click.echo(f"{where}: {change.key}: {catalogue.say(change.what)}")
    written = sum(change.kind == "written" for change in changes)
    click.echo(catalogue.say(Plural("{count} text updated", "{count} texts updated", count=written)),
               err=True)
