"""Cosmic Encounter Duel as a rules engine, on the shared core (`cardkit.rules.core`).

`state` holds where everything is, `engine` changes it by the rules, asking for every
decision the core's way; `influence` computes a player's influence in a duel or contest;
`view` is the state as plain data for checkpoints; `scenario` reads a worked example
(cards named by id from the card database, or made up for one scenario); `invariants`
are what the rulebooks keep true; `playthrough` deals and plays random games. `ENGINE`
is the record the core drives.
"""

from cardkit.rules.core.engine import Action, Engine
from cardkit.rules.duel import playthrough
from cardkit.rules.duel.engine import EVENT_NAMES, Rules
from cardkit.rules.duel.invariants import INVARIANTS
from cardkit.rules.duel.scenario import (DUEL_SECTIONS, load, read_contest, read_deck,
                                         read_duel, read_effect, read_event_card,
                                         read_maintenance_card, read_no_arguments, show_choice)
from cardkit.rules.duel.view import UNORDERED_FIELDS


def _ending(start):
    """A procedure that ends with the `game.over` event when the game ends inside it."""
    return lambda rules, arguments: rules.until_game_over(start(rules, arguments))


ENGINE = Engine(
    names=("duel",),
    sections=DUEL_SECTIONS,
    load=load,
    actions={
        "draw_fate": Action(read_deck, _ending(Rules.play_fate)),
        "duel": Action(read_duel, _ending(lambda rules, clash: rules.duel(
            clash["planet"], clash["fate"], clash["plans"]))),
        "contest": Action(read_contest, _ending(lambda rules, clash: rules.contest(
            clash["fate"], clash["plans"]))),
        "effect": Action(read_effect, _ending(lambda rules, effect: rules.resolve_effect(
            *effect))),
        "planet_bar": Action(read_event_card, _ending(Rules.use_planet_bar)),
        "resources": Action(read_maintenance_card, _ending(Rules.collect_resources)),
        "upkeep": Action(read_no_arguments, _ending(lambda rules, _: rules.upkeep())),
        "win_check": Action(read_no_arguments, _ending(lambda rules, _: rules.check_win())),
    },
    events=EVENT_NAMES,
    chance_kinds=frozenset({"shuffle"}),
    unordered=UNORDERED_FIELDS,
    show=show_choice,
    invariants=INVARIANTS,
    playthrough=playthrough.PLAYTHROUGH,
)
