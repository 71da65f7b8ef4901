"""ISS Vanguard's dice test as a rules engine, on the shared core (`cardkit.rules.core`).

The rulebook (`004_8e317cd5b1651ee0.txt`, Spanish) is the authority. `state` holds the
crew, their dice, cards and injuries, the actions' meters and what the crew has gained;
`engine` is the ten-step dice test as a procedure; `scenario` reads an example and the
facts it relies on (actions, cards, injuries, each citing its lines); `view` gives the
state as plain data. The dice's face sets are not in the text: a scenario scripts every
face it rolls as a chance decision, and the engine checks only what the text fixes.
`ENGINE` is the record the core drives.
"""

from cardkit.rules.core.engine import Action, Engine
from cardkit.rules.vanguard import playthrough
from cardkit.rules.vanguard.engine import EVENT_NAMES, dice_test, injury_dice
from cardkit.rules.vanguard.invariants import INVARIANTS
from cardkit.rules.vanguard.scenario import (VANGUARD_SECTIONS, load, read_dice_test,
                                             read_injury_dice, show_choice)
from cardkit.rules.vanguard.view import UNORDERED_FIELDS

ENGINE = Engine(
    names=("vanguard",),
    sections=VANGUARD_SECTIONS,
    load=load,
    actions={
        "dice_test": Action(read_dice_test, lambda state, test: dice_test(
            state, test["crew"], test["action"])),
        "injury_dice": Action(read_injury_dice, lambda state, roll: injury_dice(
            state, roll["crew"])),
    },
    events=EVENT_NAMES,
    chance_kinds=frozenset({"roll", "danger"}),
    unordered=UNORDERED_FIELDS,
    show=show_choice,
    invariants=INVARIANTS,
    playthrough=playthrough.PLAYTHROUGH,
)
