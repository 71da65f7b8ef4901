"""The state a dice test touches, and the facts (actions, cards, injuries) it reads.

Dice have ids; a die is on its owner's board (available), in the roll pool, spent, on
an injury card during step 6, or sacrificed (back in the Section compartment). A face
is a tuple of one or two icons.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

SECTION_COLOURS = ("red", "blue", "green")
UNKNOWN = "unknown"
# Icons of the Section dice (glossary, L2945-2961). `unnamed` stands for an icon the text
# shows only as a lost picture; `unstated` for a face the text does not say.
SPECIALISED_ICONS = ("physical", "gathering", "defence", "nature", "biology", "xenology",
                     "construction", "science", "technology")
VANGUARD = "vanguard"
ACCIDENT = "accident"
BASIC = "basic"
UNNAMED = "unnamed"
UNSTATED = "unstated"
SECTION_ICONS = SPECIALISED_ICONS + (BASIC, VANGUARD, ACCIDENT, UNNAMED, UNSTATED)
# Faces of the injury dice (L2963-2971).
INJURY_FACES = ("damage", "severe-damage", "mental-damage", "special-damage", UNNAMED, UNSTATED)
SECTION, INJURY = "section", "injury"
EXHAUSTION = "agotamiento"
EXHAUSTION_DICE_LIMIT = 3


@dataclass
class Die:
    id: str
    owner: str
    kind: str                       # section or injury
    colour: str                     # red, blue, green or unknown; injury dice are yellow
    face: tuple[str, ...] | None = None


@dataclass
class CrewState:
    name: str
    section: str | None
    sector: str
    available: list[str] = field(default_factory=list)      # die ids, Section and injury
    spent: list[str] = field(default_factory=list)
    sacrificed: list[str] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    injuries: list[str] = field(default_factory=list)        # injury cards, left to right
    conversion: tuple[str, str] | None = None                # (colour of Básico, icon)


@dataclass(frozen=True)
class Part:
    """One requirement of a row or a combination: a die of a colour, an icon, or
    `count` dice showing the same icon (`same`)."""

    kind: str        # die, icon, same
    value: str = ""
    count: int = 1


Requirement = tuple[tuple[Part, ...], ...]    # alternatives ("/") of parts ("+")
Effect = tuple[str, Any]                      # (effect name, argument)


@dataclass(frozen=True)
class Row:
    colour: str
    requirement: Requirement | None            # the red row has none
    effects: tuple[Effect, ...]
    then: str | None = None                    # the Result an arrow connects it to


@dataclass
class Meter:
    """A meter of `length` advances to its Result box; when the text gives only that it
    is longer than some number (`exact` false), `length` is that least length."""

    colour: str
    length: int
    effects: tuple[Effect, ...]
    exact: bool = True
    position: int = 0                          # 0: no marker yet


@dataclass(frozen=True)
class SpecialEffect:
    """Step 7: `each` listed icon in the pool, or (`each_die`) every remaining Section die,
    advances `meter` once or applies `effects` once; the dice used are spent."""

    meter: str | None
    icons: tuple[str, ...] = ()
    each_die: bool = False
    effects: tuple[Effect, ...] = ()


@dataclass
class ActionDef:
    name: str
    danger_dice: int = 0                       # shown left of the action's name (step 2)
    rows: list[Row] = field(default_factory=list)
    meters: list[Meter] = field(default_factory=list)
    special_effects: list[SpecialEffect] = field(default_factory=list)


@dataclass(frozen=True)
class Modification:
    """A Section card's top effect "during a dice test" (step 4)."""

    kind: str                  # set_face, spend_to_set, reroll
    colour: str | None = None  # set_face: only dice of this colour
    showing: str | None = None # reroll: only dice showing this icon


@dataclass(frozen=True)
class Combination:
    requirement: Requirement
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class SectionCard:
    name: str
    modification: Modification | None = None
    combination: Combination | None = None


@dataclass
class DiceTest:
    """The dice test under way (or the last one, once `step` is 10)."""

    active: str
    action: str
    step: int = 0
    supporters: dict[str, str] = field(default_factory=dict)     # supporter -> die id
    pool: list[str] = field(default_factory=list)
    marked: str | None = None
    resolved: list[str] = field(default_factory=list)             # Results applied


@dataclass
class VanguardState:
    crew: dict[str, CrewState]
    dice: dict[str, Die]
    actions: dict[str, ActionDef] = field(default_factory=dict)
    section_cards: dict[str, SectionCard] = field(default_factory=dict)
    injury_cards: dict[str, dict[str, tuple[Effect, ...]]] = field(default_factory=dict)
    global_combinations: list[Combination] = field(default_factory=list)
    # The current Global Condition's own special effects, resolved before the action's
    # in every dice test (L1993-1995).
    global_special_effects: list[SpecialEffect] = field(default_factory=list)
    # The outcomes a danger die can have, by name; which face gives which is not in the
    # text, so chance picks the outcome.
    danger_outcomes: dict[str, tuple[Effect, ...]] = field(default_factory=dict)
    pois: dict[str, str] = field(default_factory=dict)            # sector -> POI card
    success_gained: int = 0
    supplies_lost: int = 0
    clues: dict[str, int] = field(default_factory=dict)           # Discovery deck -> clues
    discoveries: list[str] = field(default_factory=list)
    entries_read: list[str] = field(default_factory=list)
    # The sources (a card, an action's Result) whose effect was due but is not in the text.
    effects_not_in_text: list[str] = field(default_factory=list)
    test: DiceTest | None = None

    def section_dice_in_play(self, name: str) -> list[str]:
        crew = self.crew[name]
        pool = self.test.pool if self.test else []
        return [die for die in crew.available + crew.spent + pool
                if self.dice[die].kind == SECTION and self.dice[die].owner == name]

    def new_injury_die(self, owner: str) -> str:
        number = 1 + sum(1 for die in self.dice.values()
                         if die.owner == owner and die.kind == INJURY)
        die_id = f"{owner}-injury-{number}"
        self.dice[die_id] = Die(die_id, owner, INJURY, "yellow")
        return die_id
