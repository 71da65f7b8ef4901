"""`cardkit play`: random games of one game's engine, with its invariants checked."""

from __future__ import annotations

import gc
from pathlib import Path

import click

from cardkit.cli.options import (UsageError, WriteError, available_cores, jobs_option, load_or_fail,
                                 output_folder, output_folder_option, require_database)
from cardkit.messages import Message
from cardkit.rules.core.engine import CardData
from cardkit.rules.core.playthrough import (NO_END, Report, never_played, part_lines, play,
                                            scenario_text)
from cardkit.rules.core.registry import registered
from cardkit.source.atomic import write_atomic

# A run of this many games takes hours on one core; more is a typing slip, not a plan.
MAX_GAMES = 100_000


@click.command("play")
@click.option("--game", "game", required=True,
              help="The game to play: duel, vanguard, classic or cosmic.")
@click.option("--games", "games", type=click.IntRange(min=1), default=100, show_default=True,
              help=f"How many games to play (at most {MAX_GAMES:,}).")
@click.option("--seed", "seed", type=int, default=1, show_default=True,
              help="The seed of the random choices; game N of a seed is always the same game.")
@click.option("--database", "root", default=".", show_default=True,
              type=click.Path(file_okay=False, path_type=Path),
              help="Folder of the card database the games are dealt from.")
@output_folder_option
@jobs_option
def play_command(game: str, games: int, seed: int, root: Path, out: str, jobs: int | None) -> None:
    """Play random games from legal setups to their end, checking every invariant.

    Every decision is drawn at random among the legal ones, chance too, from the seed.
    Prints each invariant the engine checks (after every step) with its rulebook lines,
    and the games played. A game that breaks one is cut where it failed and written to
    <out>/play/ as a scenario that replays the failure. Then how often each part of the
    game occurred (a part no game reached is the random player's failure). The games are
    shared among --jobs processes; game N of a seed is the same game in any of them, so the
    report does not depend on how many there are. Exit status: 0 when every game held and
    every part was played, 1 otherwise, 2 for usage errors or a broken card database.
    """
    engines = registered()
    if game not in engines:
        raise UsageError(f"--game {game}: not one of {', '.join(engines)}")
    if games > MAX_GAMES:
        raise UsageError(Message("--games {count}: at most {limit} games are played in one run; "
                                 "play more as several runs with different --seed values",
                                 count=games, limit=MAX_GAMES))
    folder = output_folder(out, root) / "play"
    database = load_or_fail(require_database(root), exit_code=UsageError.exit_code).database
    engine = engines[game]
    # The card database and the engines live as long as the run: out of the cycle
    # collector's reach (`gc.freeze`), its passes walk only what the games make (walking
    # the database too took a classic game from 12.7 to 13.2 ms).
    gc.freeze()
    report = play(game, games, seed, CardData(database.cards, database.boxes), engines,
                  jobs or available_cores())
    _print(report, engine)
    for played in report.failed:
        line = f"FAIL  game {played.number}: {played.breach.message}"
        if played.breach.kind != NO_END:
            path = folder / f"{game}-seed{seed}-game{played.number}.yaml"
            try:
                write_atomic(path, scenario_text(engine, played))
            except OSError as exc:
                raise WriteError(f"{path}: cannot be written: {exc.strerror or exc}") from None
            line += f"\n      written to {path}"
        click.echo(line)
    if report.failed or never_played(report, engine):
        raise SystemExit(1)


def _print(report: Report, engine) -> None:
    failed_invariants = {played.breach.invariant for played in report.failed}
    ended = report.played - sum(played.breach.kind == NO_END for played in report.failed)
    click.echo(f"played {report.played} games of {report.game} (seed {report.seed}): "
               f"{report.played - len(report.failed)} held, {len(report.failed)} failed; "
               f"{report.decisions:,} decisions, {report.events:,} steps")
    click.echo("invariants, checked after every step:")
    for invariant in engine.invariants:
        status = "BROKEN" if invariant.name in failed_invariants else "held  "
        click.echo(f"  {status}  {invariant.name} ({invariant.cites}): "
                   f"{report.events:,} checks")
    status = "held  " if ended == report.played else "BROKEN"
    bound = engine.playthrough.max_actions
    click.echo(f"  {status}  a game ends within {bound} procedure{'' if bound == 1 else 's'} "
               f"({engine.playthrough.ends}): {ended} of {report.played} games")
    if ended:
        click.echo("procedures per game ended: median {}, 90% at most {}, 99% at most {}, "
                   "longest {}".format(*map(report.length_at, (0.5, 0.9, 0.99, 1))))
    click.echo("parts of the game, counted:")
    for line in part_lines(report, engine):
        click.echo(line)
    click.echo(f"random player: {engine.playthrough.player}")
