"""Transcripts of random games, to show that a change to an engine plays the same games.

    .venv/bin/python benchmarks/play_transcripts.py --game classic --games 500 --seed 1 \
        [--out transcripts.txt]

Plays the games in one process, as `cardkit play` does, and writes each one's transcript:
the game as the scenario file that replays it (its deal, every procedure and every
decision), the events of each procedure, and how it failed if it did. Prints a digest per
game and one for the run. Run it over the code before and after a change (a `git worktree`
of the earlier commit, with `PYTHONPATH` set to it: the script uses only what both have)
and compare the digests, or the written transcripts with `diff`.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

import cardkit
from cardkit.model.database import load_database
from cardkit.rules.core.engine import CardData
from cardkit.rules.core.playthrough import play_game, scenario_text
from cardkit.rules.core.registry import registered

PROJECT = Path(__file__).resolve().parents[1]


def transcript(engine, game: str, data: CardData, seed: int, number: int) -> str:
    played = play_game(engine, game, data, seed, number)
    events = [f"procedure {index}: {' '.join(action.events)}"
              for index, action in enumerate(played.actions, start=1)]
    return "\n".join([scenario_text(engine, played), *events, f"breach: {played.breach!r}", ""])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--database", type=Path, default=PROJECT)
    parser.add_argument("--out", type=Path, help="write every transcript to this file")
    arguments = parser.parse_args()
    print(f"code: {Path(cardkit.__file__).parent}", file=sys.stderr)
    database, _, _ = load_database(arguments.database)
    data = CardData(database.cards, database.boxes)
    engine = registered()[arguments.game]
    run = hashlib.sha256()
    texts = []
    for number in range(arguments.games):
        text = transcript(engine, arguments.game, data, arguments.seed, number)
        run.update(text.encode())
        print(f"{arguments.game} seed {arguments.seed} game {number}: "
              f"{hashlib.sha256(text.encode()).hexdigest()[:16]}")
        if arguments.out:
            texts.append(text)
    if arguments.out:
        arguments.out.write_text("".join(texts), encoding="utf-8")
    print(f"{arguments.game} seed {arguments.seed}, {arguments.games} games: {run.hexdigest()}")


if __name__ == "__main__":
    main()
