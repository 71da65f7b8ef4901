"""Random playthroughs: whole games from a legal setup to their end.

An engine's `Playthrough` deals a legal setup as its scenarios write one (with the cards
it makes up where the database gives no values, declared as scenarios declare them) and
names the procedure that comes next until the game is over. Every decision is taken by
the engine's random player (by default each listed choice as likely, a space too large to
list drawn by the decision itself; an engine may give a player that prefers some legal
choices), chance included, from a generator seeded by the game's seed and number, so a
game is replayed by its seed alone. The engine refuses any choice that is not legal, from
whichever player. After every step (every event) each invariant of the engine is checked,
as the replay of a scenario checks them.

A game that breaks an invariant, reaches a point where the rules cannot go on, or draws a
choice its own decision refuses is cut at that step, the shortest prefix of the game that
fails, and written out as an ordinary scenario file: its setup, and one step per
procedure with every decision scripted, the last one running until the event after
which the failure was found. Replayed, the file fails there, so a bug found by chance
becomes a regression example. A game that does not end within the engine's bound is
reported with its seed; no prefix of it fails.
"""

from __future__ import annotations

import multiprocessing
import os
from collections import Counter
from collections.abc import Iterable, Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import cached_property
from operator import attrgetter
from pathlib import Path
from random import Random
from typing import Any, cast

import yaml  # type: ignore[import-untyped]
from mypy_extensions import mypyc_attr

from cardkit.rules.core.decisions import Decision, Procedure, RulesError, refusal
from cardkit.rules.core.engine import CardData, Engine, GamePart
from cardkit.rules.core.registry import registered
from cardkit.rules.core.replay import broken_invariant, read_scenario
from cardkit.rules.core.scenario import Invalid
from cardkit.source.children import die_with_parent
from cardkit.source.yamlfile import Document

DEALT = Path("<dealt at random>")
INVARIANT, RULES, ILLEGAL, ERROR, NO_END, LEGALITY = ("invariant", "rules", "illegal", "error",
                                                      "no-end", "legality")


@dataclass
class Played:
    """One procedure of a game as it was played: as a step's `do:` writes it, the
    decisions taken in it (actor, kind, choice) and the events it reported, in order."""

    do: dict
    decisions: list[tuple[str, str, Any]] = field(default_factory=list)
    events: list[str] = field(default_factory=list)

    @cached_property
    def choices_by_kind(self) -> dict[str, list[Any]]:
        """The choices taken, by the kind of decision, in order; worked out on the first
        ask, so asked once the stretch is complete (as the parts of a game are counted)."""
        by_kind: dict[str, list[Any]] = {}
        for _, kind, choice in self.decisions:
            by_kind.setdefault(kind, []).append(choice)
        return by_kind


# A Python class also where this module runs compiled: a frozen dataclass compiled cannot be
# unpickled, and a failed game's breach comes back from the process that played it.
@mypyc_attr(native_class=False)
@dataclass(frozen=True)
class Breach:
    """Why a game failed: `kind` (an invariant broken, the rules cannot go on, an illegal
    draw, an error of the engine, no end), what was wrong, and the event after which it
    was found (with how many times that event had happened in the failing procedure)."""

    kind: str
    message: str
    event: str | None = None
    times: int = 0
    invariant: str | None = None      # the name of the invariant broken


@dataclass
class Game:
    game: str
    seed: int
    number: int
    document: dict                # the dealt scenario's header and setup
    actions: list[Played] = field(default_factory=list)
    breach: Breach | None = None

    @property
    def held(self) -> bool:
        return self.breach is None


@dataclass
class Report:
    game: str
    seed: int
    played: int = 0
    decisions: int = 0
    events: int = 0      # the steps: each invariant is checked after every one
    failed: list[Game] = field(default_factory=list)
    lengths: Counter = field(default_factory=Counter)   # procedures -> games that ended so
    parts: Counter = field(default_factory=Counter)     # part -> times it occurred
    games_with: Counter = field(default_factory=Counter)  # part -> games it occurred in

    def length_at(self, share: float) -> int:
        """The length (in procedures) of the ended game at `share` of them, shortest
        first: 0.5 the median, 1 the longest."""
        ended = sorted(self.lengths.elements())
        return ended[min(len(ended) - 1, int(share * len(ended)))] if ended else 0


def game_seed(seed: int, number: int) -> str:
    """The seed of a game's generator: the run's seed and the game's number."""
    return f"{seed}/{number}"


@mypyc_attr(allow_interpreted_subclasses=True)    # tests deal with a subclass
class Dealt:
    """A game an engine deals: its document (the scenario's header and setup), the setup
    its loader read from it, the state and the rules object, and the procedures that come
    one after another. Raises `Invalid` when the loader refuses the deal."""

    def __init__(self, engine: Engine, game: str, data: CardData, rng: Random):
        self.engine = engine
        self.document = engine.playthrough.deal(rng, data, game)
        self.setup = read_scenario(Document(DEALT, data={**self.document, "steps": []}), data,
                                   {game: engine}, steps=False).setup
        self.state = self.setup.build()
        self.rules = self.setup.rules(self.state)
        # The procedures' arguments, as a step writes them, read with the setup's checks.
        self._reader = self.setup.reader.over(Document(DEALT))

    def next_procedure(self) -> tuple[dict, Procedure] | None:
        """The next procedure, as a step's `do:` writes it and ready to run, or None when
        the game is over."""
        do = self.engine.playthrough.next_action(self.state)
        if do is None:
            return None
        [name] = do
        self._reader.document.data = {"do": do}
        action = self.engine.actions[name]
        return do, action.start(self.rules, action.read(self.setup, self._reader, ("do", name)))


def play_game(engine: Engine, game: str, data: CardData, seed: int, number: int) -> Game:
    """Deal and play one game at random."""
    rng = Random(game_seed(seed, number))
    try:
        dealt = Dealt(engine, game, data, rng)
    except Invalid as invalid:   # a deal must be a legal setup, as scenarios check one
        played = Game(game, seed, number, {})
        played.breach = Breach(ERROR, f"the dealt setup is refused: {invalid.problem.message} "
                                      f"(at {invalid.problem.position})")
        return played
    played = Game(game, seed, number, dealt.document)
    watched = [(invariant, invariant.watch(dealt.state, dealt.rules))
               for invariant in engine.invariants]
    bound = engine.playthrough.max_actions
    while (procedure := dealt.next_procedure()) is not None:
        if len(played.actions) == bound:
            played.breach = Breach(NO_END, f"the game has not ended after {bound} procedures "
                                           f"({engine.playthrough.ends})")
            return played
        do, started = procedure
        action = Played(do)
        played.actions.append(action)
        played.breach = _run(started, action, engine.playthrough, rng, dealt, watched)
        if played.breach is not None:
            return played
    return played


def _run(procedure: Procedure, action: Played, playthrough, rng: Random, dealt: Dealt,
         watched: list) -> Breach | None:
    """Drive one procedure to its end, as `Runner` does with `take_forced` off (the
    procedure is sent each choice directly: random play makes a million of them a run)."""
    decisions, events = action.decisions, action.events
    rules, state = dealt.rules, dealt.state
    choose, oracle = playthrough.choose, playthrough.oracle
    send, answer = procedure.send, None
    while True:
        try:
            item = send(answer)
        except StopIteration:
            return None
        except Exception as exc:
            return _stopped(exc)
        if isinstance(item, Decision):
            try:
                if oracle is not None and (judged := oracle(item, rules)) is not None:
                    disagreement = _disagreement(item, *judged)
                    if disagreement:
                        return Breach(LEGALITY, disagreement)
                answer = choose(item, rules, rng)
                if not item.allows(answer):
                    return Breach(ILLEGAL, "a choice drawn at random is refused: "
                                           + refusal(answer, item))
            except Exception as exc:
                return _stopped(exc)
            decisions.append((item.actor, item.kind, answer))
            continue
        answer = None
        events.append(item.name)
        broken = broken_invariant(watched, state, item)
        if broken is not None:
            invariant, message = broken
            return Breach(INVARIANT, message, item.name, events.count(item.name),
                          invariant.name)


def _stopped(exc: Exception) -> Breach:
    """The breach an exception raised in a procedure, its player or its oracle makes."""
    if isinstance(exc, RulesError):
        return Breach(RULES, f"the rules cannot go on: {exc}")
    return Breach(ERROR, f"the engine failed: {type(exc).__name__}: {exc}")   # an engine's bug


def _disagreement(decision: Decision, candidates: tuple, allowed: tuple) -> str:
    """Where the engine and the rulebook's oracle differ on the candidates (and on the
    choices the engine lists), or ''."""
    options, accepts = decision.options, decision.accepts
    proposed = list(candidates)
    if options:
        proposed += [option for option in options if option not in candidates]
    # As `decision.allows` decides, without a call of it for each candidate.
    accepted = ([candidate for candidate in proposed if candidate in options]
                if accepts is None else list(filter(accepts, proposed)))
    if accepted == list(allowed):   # the usual answer, without a search of each list
        return ""
    wrong = [f"accepts {candidate!r}, which the rulebook does not allow"
             for candidate in accepted if candidate not in allowed]
    wrong += [f"refuses {candidate!r}, which the rulebook allows"
              for candidate in allowed if candidate not in accepted]
    return f"{decision.actor}'s {decision.kind}: the engine " + "; ".join(wrong) if wrong else ""


def play(game: str, games: int, seed: int, data: CardData,
         engines: Mapping[str, Engine] | None = None, jobs: int = 1) -> Report:
    """Play `games` games of `game` at random, from `seed`; every failed game is kept. With
    `jobs` above one, the games are shared among as many processes forked from this one
    (where the system forks): game N is the same game in any process, so the report is the
    one a single process makes."""
    engine = (registered() if engines is None else engines)[game]
    processes = min(jobs, games)
    if processes <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        return _play_numbers(engine, game, range(games), seed, data)
    global _SHARED
    _SHARED = (engine, game, seed, data)   # the forked workers find it here, unpickled
    try:
        with ProcessPoolExecutor(processes, mp_context=multiprocessing.get_context("fork"),
                                 initializer=die_with_parent, initargs=(os.getpid(),)) as pool:
            shares = list(pool.map(_play_share, [range(first, games, processes)
                                                 for first in range(processes)]))
    finally:
        _SHARED = None
    return _merged(Report(game, seed), shares)


# What the workers of a run of `play` play: the engine, the game, the seed and the cards.
_SHARED: tuple[Engine, str, int, CardData] | None = None


def _play_share(numbers: range) -> Report:
    engine, game, seed, data = cast(tuple[Engine, str, int, CardData], _SHARED)
    return _play_numbers(engine, game, numbers, seed, data)


def _play_numbers(engine: Engine, game: str, numbers: Iterable[int], seed: int, data: CardData) -> Report:
    report = Report(game, seed)
    parts = game_parts(engine, game)
    for number in numbers:
        played = play_game(engine, game, data, seed, number)
        report.played += 1
        # The parts are counted over the game as one stretch of play, each in one pass.
        whole = Played({}, [decision for action in played.actions
                            for decision in action.decisions],
                       [event for action in played.actions for event in action.events])
        for part in parts:
            times = part.count(whole)
            if times:
                report.parts[part.name] += times
                report.games_with[part.name] += 1
        report.decisions += len(whole.decisions)
        report.events += len(whole.events)
        if not played.held:
            report.failed.append(played)
        if played.breach is None or played.breach.kind != NO_END:
            report.lengths[len(played.actions)] += 1
    return report


def _merged(report: Report, shares: list[Report]) -> Report:
    """`report` with the games of each share added, the failed ones in the order played."""
    for share in shares:
        report.played += share.played
        report.decisions += share.decisions
        report.events += share.events
        report.failed += share.failed
        report.lengths.update(share.lengths)
        report.parts.update(share.parts)
        report.games_with.update(share.games_with)
    report.failed.sort(key=attrgetter("number"))
    return report


def game_parts(engine: Engine, game: str) -> tuple[GamePart, ...]:
    """The parts of `game` random play must reach."""
    return tuple(part for part in engine.playthrough.parts
                 if not part.games or game in part.games)


def never_played(report: Report, engine: Engine) -> list[GamePart]:
    """The parts of the game no game of the run reached: failures of the random player."""
    return [part for part in game_parts(engine, report.game) if not report.parts[part.name]]


def part_lines(report: Report, engine: Engine) -> list[str]:
    """How often each part of the game occurred in the run, a part never reached marked
    as the random player's failure."""
    lines = []
    for part in game_parts(engine, report.game):
        times = report.parts[part.name]
        status = "played" if times else "NEVER "
        lines.append(f"  {status}  {part.name} ({part.cites}): {times:,} times in "
                     f"{report.games_with[part.name]:,} of {report.played:,} games")
    return lines


def scenario_text(engine: Engine, played: Game) -> str:
    """The game as a scenario file that replays it: the dealt header and setup, then one
    step per procedure with every decision scripted. A failed game is cut at its failure,
    its last step until the event after which the failure was found; a held game is
    written to its end (the golden playthroughs)."""
    write = engine.playthrough.write_choice
    breach = played.breach
    steps = []
    for number, action in enumerate(played.actions, start=1):
        [(name, _)] = action.do.items()
        step: dict[str, Any] = {"narrates": f"Procedure {number} of the random game: {name}.",
                                "do": action.do}
        if action.decisions:
            step["decisions"] = [{"by": actor, kind: write(kind, choice)}
                                 for actor, kind, choice in action.decisions]
        steps.append(step)
    if breach is not None and breach.event is not None:
        steps[-1]["until"] = breach.event
        if breach.times > 1:
            steps[-1]["times"] = breach.times
    document = dict(played.document)
    ending = "played to its end" if breach is None else f"cut where it fails: {breach.message}"
    document["example"] = (f"A random {played.game} game (seed {played.seed}, game "
                           f"{played.number}), {ending}")
    document["readings"] = [*document.get("readings", []),
                            f"Written by random play; the player: {engine.playthrough.player}."]
    ordered = {key: document[key] for key in ("example", "game", "sources", "readings")
               if key in document}
    ordered.update((key, value) for key, value in document.items() if key not in ordered)
    ordered["steps"] = steps
    return yaml.safe_dump(_plain(ordered), sort_keys=False, allow_unicode=True, width=100)


def _plain(data: Any) -> Any:
    if isinstance(data, Mapping):
        return {str(key): _plain(value) for key, value in data.items()}
    if isinstance(data, (list, tuple)):
        return [_plain(value) for value in data]
    return data
