"""`cardkit build`: the print-and-play PDFs and reference sheets."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import click

from cardkit.checks.output import format_problem
from cardkit.checks.status_output import STATE_WORDS
from cardkit.cli.errors import BadValue, Failure, UsageError
from cardkit.cli.options import (WriteError, database_root, jobs_option, writing_output,
                                 output_folder, output_folder_option, require_database)
from cardkit.faces.layout import PAPERS
from cardkit.messages import Message, Plural, reader_catalogue
from cardkit.source.transaction import WriteFailed


def _list(value: str | None) -> list[str] | None:
    return [item.strip() for item in value.split(",") if item.strip()] if value else None


def _papers(context, parameter, value):
    papers = _list(value)
    unknown = [paper for paper in papers or [] if paper not in PAPERS]
    if unknown:
        raise BadValue(Message("unknown paper {papers}; use {known}", papers=", ".join(unknown),
                               known=", ".join(PAPERS)))
    return papers


def _formats(context, parameter, value):
    from cardkit.publish.outputs import CHOSEN_WITH_FORMAT  # imports the rasteriser: only when building

    formats = _list(value) or ["pdf"]
    unknown = [name for name in formats if name not in CHOSEN_WITH_FORMAT]
    if unknown:
        raise BadValue(Message("unknown format {formats}; use {known}", formats=", ".join(unknown),
                               known=", ".join(CHOSEN_WITH_FORMAT)))
    return tuple(dict.fromkeys(formats))


@click.command("build")
@database_root
@click.option("--lang", "languages", callback=lambda c, p, v: _list(v), metavar="LL,LL",
              help="Languages to build, comma-separated (default: every language).")
@click.option("--paper", "papers", callback=_papers, metavar="a4,letter",
              help="Papers to build, comma-separated (default: both).")
@click.option("--game", "games", multiple=True, metavar="GAME",
              help="A game to build (a folder under cards/); repeat for several "
                   "(default: every game).")
@output_folder_option
@jobs_option
@click.option("--quiet", is_flag=True, help="No progress display; only problems and errors.")
@click.option("--no-cache", is_flag=True,
              help="Render every face again, neither reading nor writing <out>/.cache/.")
@click.option("--format", "formats", callback=_formats, metavar="pdf,png,tts",
              help="What to write, comma-separated (default: pdf): pdf, the card sheets and "
                   "reference sheets; png, an image of each face and deck back in "
                   "<ll>/png/; tts, Tabletop Simulator decks in <ll>/tts/.")
@click.option("--final", is_flag=True,
              help="Refuse to build (exit 1, naming each) while any text the cards print is "
                   "missing or unconfirmed (stale, such as a fuzzy guess) in a language built; "
                   "proofs mark such texts, a final print has none.")
@click.option("--dpi", type=click.IntRange(min=36, max=1200), default=300, show_default=True,
              help="The resolution of the PNG images.")
@click.option("--png-area", type=click.Choice(["trim", "bleed"]), default="trim", show_default=True,
              help="The PNG images show the card as cut (trim) or with its bleed.")
@click.option("--png-canvas", callback=lambda c, p, v: _canvas(v), metavar="SHOP|WxH",
              help="Bleed PNGs on a print shop's canvas at 300 dpi: makeplayingcards "
                   "(822x1122), drivethrucards (825x1125), or WIDTHxHEIGHT in pixels; the card "
                   "centred and unscaled, its bleed extended with its own edge pixels.")
@click.option("--tts-base", default=None, metavar="URL",
              help="What the Tabletop Simulator decks' image references start with: the web "
                   "address you host the deck folders at (or a file:/// URL of the folder you "
                   "copy them to). Default: the absolute file:/// URL of the folder the build "
                   "writes them to, so the decks load on this machine only.")
@click.option("--art-dpi", type=click.IntRange(min=150, max=1200), default=300, show_default=True,
              help="The resolution the cards' pictures are downsampled to at their printed size.")
@click.option("--print-ready", is_flag=True,
              help="Write the PDFs as PDF/X-4 for a print shop: an sRGB output intent, XMP "
                   "metadata, crop marks in black only, no line under 0.25 pt. The colours "
                   "stay RGB (see docs/printing.md).")
@click.option("--known-only", is_flag=True,
              help="Leave out of the card sheets the placeholders: cards the rulebooks do not "
                   "give in full, whose faces are stamped as such.")
def build_command(root: Path, languages, papers, games: tuple[str, ...], out: str,
                  jobs: int | None, quiet: bool, no_cache: bool, formats: tuple[str, ...],
                  dpi: int, png_area: str, png_canvas: tuple[int, int] | None, tts_base: str | None,
                  art_dpi: int, final: bool, print_ready: bool, known_only: bool) -> None:
    """Render card sheets and reference sheets of the database under ROOT into PDFs.

    Each game's go to <out>/<game>/<ll>/, or to <out>/<ll>/ while the database holds one game.
    --format png and tts write card images and Tabletop Simulator decks beside them.

    Faces already rendered with the same inputs come from <out>/.cache/. Nothing is written
    unless every file was made; the previous files stay in place.
    """
    from cardkit.publish.outputs import Outputs

    raster = _raster(dpi, png_area, png_canvas)
    root = require_database(root)
    if final:
        _refuse_unfinished(root, languages, list(dict.fromkeys(games)) or None)
    run_build(root, output_folder(out, root), languages, papers, jobs, quiet, no_cache,
              list(dict.fromkeys(games)) or None,
              Outputs(formats, raster, tts_base), art_dpi, print_ready, known_only)


def _canvas(value: str | None) -> tuple[int, int] | None:
    if value is None:
        return None
    from cardkit.publish.png import CanvasError, canvas_size

    try:
        return canvas_size(value)
    except CanvasError as error:
        raise click.BadParameter(str(error)) from None


def _raster(dpi: int, area: str, canvas: tuple[int, int] | None):
    """The PNGs' raster: a canvas is always the bleed at the canvas's 300 dpi."""
    from cardkit.publish.raster import Raster

    if canvas is None:
        return Raster(dpi, area)
    from cardkit.publish.png import CANVAS_DPI

    if dpi != CANVAS_DPI:
        raise UsageError(Message("--png-canvas images are {canvas} dpi; leave out --dpi {dpi}",
                                 canvas=CANVAS_DPI, dpi=dpi))
    return Raster(CANVAS_DPI, "bleed", canvas)


def _refuse_unfinished(root: Path, languages: list[str] | None, games: list[str] | None) -> None:
    """`build --final`: exit 1 naming every missing or unconfirmed printed text (card texts
    and template strings) of the languages built."""
    from cardkit.checks.status import translation_states
    from cardkit.checks.text.catalogue import catalogue_states
    from cardkit.cli.options import load_or_fail

    database = load_or_fail(root).database
    catalogue = reader_catalogue()
    translations = [language for language in languages or database.languages
                    if language in database.translations]
    unfinished = [f"{state.position}: {catalogue.say(STATE_WORDS[state.state])}: {state.language} "
                  f"{state.game} {state.card_id} {state.path}" for game in games or [None]
                  for state in translation_states(database, translations, game)
                  if state.state != "translated"]
    unfinished += [f"{entry.position.path}:{entry.position.line}: {catalogue.say(STATE_WORDS[entry.state])}: "
                   f"{language} templates {entry.label}" for language, entry in catalogue_states(root, translations)
                   if entry.state != "translated"]
    if unfinished:
        for line in unfinished:
            click.echo(line, err=True)
        raise Failure(Plural("not a final build: {count} printed text missing or unconfirmed "
                             "(stale); translate and confirm it, or build proofs without --final",
                             "not a final build: {count} printed texts missing or unconfirmed "
                             "(stale); translate and confirm them, or build proofs without --final",
                             count=len(unfinished)))


def run_build(root: Path, out: Path, languages, papers, jobs: int | None, quiet: bool,
              no_cache: bool, games: list[str] | None, outputs, art_dpi: int = 300,
              print_ready: bool = False, known_only: bool = False) -> None:
    """Builds what `outputs` asks for into `out`, reporting as `cardkit build` does."""
    from cardkit.render import BuildFailed, build  # loads WeasyPrint: only when building

    with writing_output(out):  # the build takes the folder's lock again to write into it
        pass
    with (Progress(enabled=not quiet) if _interactive() else ProgressLines(enabled=not quiet)) as report:
        try:
            result = build(root, out, languages, papers, jobs, report, cache=not no_cache,
                           games=games, outputs=outputs, art_dpi=art_dpi, print_ready=print_ready,
                           known_only=known_only)
        except BuildFailed as exc:
            for problem in exc.problems:
                click.echo(format_problem(problem), err=True)
            raise Failure(Message("build failed, nothing written: {reason}", reason=exc.args[0])) from None
        except WriteFailed as exc:
            raise WriteError(Message("build failed: {reason}", reason=exc) if exc.committed else
                             Message("build failed: {reason}; the previous files are unchanged",
                                     reason=exc)) from None
    catalogue = reader_catalogue()
    for problem in result.problems:
        click.echo(format_problem(problem), err=True)
    for note in result.notes:
        click.echo(catalogue.say(Message("note: {note}", note=note)), err=True)
    if not quiet:
        click.echo(catalogue.say(Plural(
            "{count} file written to {out} ({made} faces, documents and images made, the rest "
            "from the cache)", "{count} files written to {out} ({made} faces, documents and images "
            "made, the rest from the cache)", count=len(result.written), out=out,
            made=len(result.rendered))), err=True)


def _interactive() -> bool:
    """A person watching a terminal: stderr is one, and this is not a CI job."""
    return sys.stderr.isatty() and not os.environ.get("CI")


class Progress:
    """A rich progress bar on stderr, shown only once a build has run for a second."""

    DELAY = 1.0

    def __init__(self, enabled: bool):
        self.enabled = enabled
        self.started = time.monotonic()
        self.bar = None
        self.task = None

    def __enter__(self):
        return self if self.enabled else None

    def __call__(self, done: int, total: int, what: str) -> None:
        if self.bar is None:
            if time.monotonic() - self.started < self.DELAY:
                return
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress as Bar, TextColumn, TimeElapsedColumn

            self.bar = Bar(TextColumn("Building"), BarColumn(), MofNCompleteColumn(),
                           TimeElapsedColumn(), TextColumn("{task.description}"),
                           console=Console(stderr=True), transient=True)
            self.bar.start()
            self.task = self.bar.add_task("", total=total)
        self.bar.update(self.task, completed=done, total=total, description=what)

    def __exit__(self, *exc_info):
        if self.bar is not None:
            self.bar.stop()


class ProgressLines:
    """Progress as plain lines on stderr, for a log rather than a person at a terminal (a CI
    job, a redirect), as pip and pytest write there: each sheet imposed and each tenth of the
    steps, once the build has run for a second, so a log sees a long build move."""

    DELAY = Progress.DELAY

    def __init__(self, enabled: bool):
        self.enabled = enabled
        self.started = time.monotonic()
        self.tenths_shown = 0

    def __enter__(self):
        return self if self.enabled else None

    def __call__(self, done: int, total: int, what: str) -> None:
        if time.monotonic() - self.started < self.DELAY:
            return
        tenths = done * 10 // max(total, 1)
        if what.endswith(": imposed") or tenths > self.tenths_shown:
            self.tenths_shown = max(tenths, self.tenths_shown)
            click.echo(f"[{done}/{total}] {what}", err=True)

    def __exit__(self, *exc_info):
        return None
