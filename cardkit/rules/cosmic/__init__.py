"""Cosmic Encounter, classic (001) and current (002), as one engine with edition profiles.

`profile` says what differs between the editions, each setting with its rulebook lines;
`state` holds players, planets, the warp, decks, destiny and the encounter; `engine` is the
encounter and the turn as procedures on the shared core, reading card values through
`facts` (the card database's models); `scenario` reads an example and `view` gives the
state as plain data for its checkpoints. `ENGINE` is the record the core drives, for both
names.
"""

from cardkit.rules.core.engine import Action, Engine
from cardkit.rules.cosmic import playthrough
from cardkit.rules.cosmic.engine import EVENT_NAMES
from cardkit.rules.cosmic.invariants import INVARIANTS
from cardkit.rules.cosmic.profile import EDITIONS
from cardkit.rules.cosmic.scenario import (COSMIC_SECTIONS, load, read_encounter,
                                           read_no_arguments, read_turn, show_choice)
from cardkit.rules.cosmic.view import UNORDERED_FIELDS

ENGINE = Engine(
    names=tuple(EDITIONS),
    sections=COSMIC_SECTIONS,
    load=load,
    actions={
        "set_up": Action(read_no_arguments, lambda rules, _: rules.set_up()),
        "turn": Action(read_turn, lambda rules, turn: rules.turn(
            turn["player"], turn["encounter"])),
        "encounter": Action(read_encounter, lambda rules, encounter: rules.lone_encounter(
            encounter["offense"], encounter["number"])),
        "win_check": Action(read_no_arguments, lambda rules, _: rules.check_win()),
        "campaign_score": Action(read_no_arguments, lambda rules, _: rules.score_campaign()),
    },
    events=EVENT_NAMES,
    chance_kinds=frozenset({"destiny", "take", "shuffle"}),
    unordered=UNORDERED_FIELDS,
    show=show_choice,
    invariants=INVARIANTS,
    playthrough=playthrough.PLAYTHROUGH,
)
