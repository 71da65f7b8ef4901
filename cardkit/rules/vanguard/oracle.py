"""Which choices the ISS Vanguard rulebook allows in a dice test, written from its text
apart from the engine.

At a decision random play asks the oracle for candidates from the whole space of the
decision's shape, illegal ones among them (a spent die or an injury die chosen to roll,
another crew member's die, a die twice, a die the combination does not need, a
combination paid with an Accident, a card without a combination, a die to sacrifice that
is not the crew member's) and which of them the rulebook allows; the engine must accept
exactly those (`core.playthrough`). It reads the state and the card facts, never the
engine's lists of options or its payment search: whether dice pay a requirement is
worked out here again, by brute force. Lines are the Spanish rulebook's
(`004_8e317cd5b1651ee0.txt`).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from cardkit.rules.core.decisions import Decision, Oracle

SECTION, INJURY = "section", "injury"
ACCIDENT, VANGUARD, BASIC, UNSTATED = "accident", "vanguard", "basic", "unstated"
# The icons a "Cualquier" part may stand for, the same for every such part (004 L1879-1881):
# every Section die icon of the glossary (L2949-2961) but the Accident, which no
# combination may use (L1884), and the Vanguard, which counts as any of them (L1883); the
# icon the text shows only as a lost picture is one icon too; a face the text does not
# state is none.
ANY_ICONS = ("physical", "gathering", "defence", "nature", "biology", "xenology",
             "construction", "science", "technology", BASIC, "unnamed")
# The words of the choices: no die, no more cards or combinations, a pass.
NONE, DONE, PASS = "none", "done", "pass"
# How a scenario names the Global Condition's combinations: the first, then -2, -3...
GLOBAL_CONDITION = "global-condition"
# Candidates beyond the rulebook's space: a die nobody has, a card nobody holds.
NO_DIE = "no-such-die"
NO_CARD = "no-such-card"
# A crew member with three Section dice in play or fewer suffers Exhaustion instead of
# sacrificing one (L2882).
EXHAUSTION_AT = 3


def _section(state: Any, dice) -> list[str]:
    return [die for die in dice if state.dice[die].kind == SECTION]


def _strangers(state: Any, name: str) -> list[str]:
    """One die of each other crew member, and one that nobody has."""
    return [*(next(iter(other.available + other.spent), NO_DIE)
              for other in state.crew.values() if other.name != name), NO_DIE]


def _dice(decision: Decision, state: Any) -> tuple[tuple, tuple]:
    """Step 1: any number of the available dice on one's own board, none included, never
    the spent ones (L1869); injury dice are added in step 2, not chosen (L1870)."""
    crew = state.crew[decision.actor]
    own = _section(state, crew.available)
    candidates = [(), tuple(own), *((die,) for die in crew.available + crew.spent),
                  *((die,) for die in _strangers(state, crew.name))]
    if own:
        candidates.append((own[0], own[0]))
    unique = list(dict.fromkeys(candidates))
    return tuple(unique), tuple(chosen for chosen in unique
                                if len(set(chosen)) == len(chosen)
                                and all(die in own for die in chosen))


def _support(decision: Decision, state: Any) -> tuple[tuple, tuple]:
    """Step 1: a crew member in the same Sector may support with one available die of its
    own board (L1869)."""
    crew = state.crew[decision.actor]
    own = _section(state, crew.available)
    candidates = tuple(dict.fromkeys([NONE, *crew.available, *crew.spent,
                                      *_strangers(state, crew.name)]))
    return candidates, tuple(die for die in candidates if die == NONE or die in own)


def _injury_die(decision: Decision, state: Any) -> tuple[tuple, tuple]:
    """Step 6: the crew member chooses which of the injury dice it rolled to resolve next
    (L1953)."""
    pool = state.test.pool
    crew = state.crew[decision.actor]
    candidates = tuple(dict.fromkeys([*pool, *crew.available, NO_DIE]))
    return candidates, tuple(die for die in candidates
                             if die in pool and state.dice[die].kind == INJURY)


def _spend(decision: Decision, state: Any) -> tuple[tuple, tuple]:
    """An effect makes the crew member spend an available die of its board (L1351)."""
    crew = state.crew[decision.actor]
    candidates = tuple(dict.fromkeys([*crew.available, *crew.spent,
                                      *_strangers(state, crew.name)]))
    return candidates, tuple(die for die in candidates if die in _section(state, crew.available))


def _sacrifice(decision: Decision, state: Any) -> tuple[tuple, tuple]:
    """A Section die of one's available or spent dice goes back to the compartment
    (L2882)."""
    crew = state.crew[decision.actor]
    own = _section(state, crew.available + crew.spent)
    candidates = tuple(dict.fromkeys([*crew.available, *crew.spent, *crew.sacrificed,
                                      *_strangers(state, crew.name)]))
    return candidates, tuple(die for die in candidates if die in own)


def _counts_as(state: Any, die: str, shown: str, wanted: str, active: str) -> bool:
    """One icon of a die used as `wanted`: it is that icon, a Vanguard (any icon but an
    Accident, L1883), or a Básico of the colour the active crew member's conversion
    ability names (L1927; only the one making the test converts)."""
    if shown == wanted:
        return True
    if wanted == ACCIDENT:
        return False
    conversion = state.crew[active].conversion
    return shown == VANGUARD or (shown == BASIC
                                 and conversion == (state.dice[die].colour, wanted))


def _pays(state: Any, requirement, dice: tuple[str, ...], active: str, combination: bool
          ) -> bool:
    """Whether exactly these dice, each of them used, meet one alternative ("/") of the
    requirement: a colour part takes a whole die of that colour; each icon of a two-icon
    die pays an icon part on its own (L1937-1951); every "any" part the same icon
    (L1879-1881). In a combination no Accident icon pays (L1884)."""
    for parts in requirement:
        colours = [part.value for part in parts if part.kind == "die"]
        icons = [part.value for part in parts if part.kind == "icon" for _ in range(part.count)]
        sames = sum(part.count for part in parts if part.kind == "same")
        for same in (ANY_ICONS if sames else (None,)):
            wanted = icons + [same] * sames
            if _assign(state, colours, wanted, list(dice), set(), set(), active, combination):
                return True
    return False


def _assign(state, colours, wanted, dice, whole, used, active, combination) -> bool:
    """Fill the colour parts with whole dice, then each wanted icon with an unused icon
    of a die not taken whole, so that every die is used."""
    if colours:
        colour, rest = colours[0], colours[1:]
        return any(_assign(state, rest, wanted, dice, whole | {die}, used, active, combination)
                   for die in dice if die not in whole and state.dice[die].colour == colour
                   and not (combination and _only_accidents(state, die)))
    if not wanted:
        return all(die in whole or any(slot[0] == die for slot in used) for die in dice)
    icon, rest = wanted[0], wanted[1:]
    for die in dice:
        if die in whole:
            continue
        for index, shown in enumerate(state.dice[die].face or ()):
            if ((die, index) not in used and not (combination and shown == ACCIDENT)
                    and shown != UNSTATED and _counts_as(state, die, shown, icon, active)
                    and _assign(state, colours, rest, dice, whole, used | {(die, index)},
                                active, combination)):
                return True
    return False


def _only_accidents(state: Any, die: str) -> bool:
    """A die showing an Accident and nothing else is an Accident result, which no
    combination may use, not even as a whole die (L1884)."""
    return all(shown == ACCIDENT for shown in state.dice[die].face or ())


def _payable_sets(state: Any, dice: list[str], most: int) -> list[tuple[str, ...]]:
    ordered = sorted(dice)
    return [chosen for size in range(1, min(most, len(ordered)) + 1)
            for chosen in combinations(ordered, size)]


def _parts_count(requirement) -> int:
    return max(sum(part.count for part in parts) for parts in requirement)


def _combination(decision: Decision, state: Any) -> tuple[tuple, tuple]:
    """Step 5: a combination of a Section card in the crew member's hand or of the Global
    Condition, paid with dice of the roll pool its requirement needs, or none (L1903-1917);
    the dice the supporters added may pay (L1911)."""
    crew = state.crew[decision.actor]
    sources = {card: state.section_cards[card].combination for card in crew.hand
               if card in state.section_cards and state.section_cards[card].combination}
    for index, combination in enumerate(state.global_combinations):
        sources[GLOBAL_CONDITION if index == 0 else f"{GLOBAL_CONDITION}-{index + 1}"] = (
            combination)
    pool = _section(state, state.test.pool)
    candidates: list = [DONE]
    allowed: list = [DONE]
    without = [card for card in crew.hand if card not in sources][:1] + [NO_CARD]
    for source, combination in sources.items():
        for dice in _payable_sets(state, pool, _parts_count(combination.requirement)):
            candidates.append((source, dice))
            if _pays(state, combination.requirement, dice, crew.name, combination=True):
                allowed.append((source, dice))
    extra = [die for die in state.test.pool if die not in pool][:1] + [NO_DIE]
    for source in without:
        candidates.append((source, tuple(pool[:1])))
    for source in list(sources)[:1]:
        candidates.extend((source, (die,)) for die in extra)
    return tuple(candidates), tuple(allowed)


def _pay(decision: Decision, state: Any) -> tuple[tuple, tuple]:
    """Step 8: the rows are looked at from the top; the first whose requirement the pool
    meets is marked, and the dice that meet it are spent (L1997-2001, L2035-2045)."""
    action = state.actions[state.test.action]
    pool = [die for die in state.test.pool if state.dice[die].kind == SECTION]
    for row in action.rows:
        if row.requirement is None:
            break
        sets = _payable_sets(state, pool, _parts_count(row.requirement))
        allowed = [dice for dice in sets
                   if _pays(state, row.requirement, dice, decision.actor, combination=False)]
        if allowed:
            return tuple(sets) + ((NO_DIE,),), tuple(allowed)
    return ((NO_DIE,),), ()


legality = Oracle({"dice": _dice, "support": _support, "injury_die": _injury_die, "spend": _spend,
                   "sacrifice": _sacrifice, "combination": _combination, "pay": _pay})
