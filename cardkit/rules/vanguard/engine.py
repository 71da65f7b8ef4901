"""The dice test's ten steps (L1854-2068) as a procedure on the shared core.

`dice_test(state, crew, action)` yields a `Decision` whenever a crew member or chance
must choose and an `Event` when a step is complete; `injury_dice(state, crew)` rolls a
crew member's injury dice and resolves them (step 6 alone). Answers come back as the
value of each `yield`; `cardkit.rules.core.decisions.Runner` drives them.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations, permutations
from random import Random

from cardkit.rules.core.choices import is_subset, random_subset
from cardkit.rules.core.decisions import CHANCE, Decision, Event, Procedure, RulesError
from cardkit.rules.vanguard.state import (ACCIDENT, BASIC, EXHAUSTION, EXHAUSTION_DICE_LIMIT,
                                          INJURY, INJURY_FACES, SECTION, SECTION_ICONS,
                                          UNKNOWN, UNSTATED, VANGUARD, ActionDef, CrewState,
                                          DiceTest, Effect, Part, Requirement, VanguardState)

DONE, PASS, NONE = "done", "pass", "none"
GLOBAL_CONDITION = "global-condition"
STEP_EVENTS = {1: "test.dice-chosen", 2: "test.dice-added", 3: "test.rolled",
               4: "test.modified", 5: "test.combinations", 6: "test.injuries",
               7: "test.special-effects", 8: "test.marked", 9: "test.spent",
               10: "test.resolved"}
EVENT_NAMES = tuple(STEP_EVENTS.values())
CHOSEN_FACES = tuple(icon for icon in SECTION_ICONS if icon != UNSTATED)
# The icons "any" stands for in a requirement: any Section icon but an Accident (L1879-1884);
# a Vanguard counts as any of them.
ANY_ICONS = tuple(icon for icon in CHOSEN_FACES if icon not in (ACCIDENT, VANGUARD))


def dice_test(state: VanguardState, active: str, action_id: str) -> Procedure:
    crew = state.crew[active]
    action = state.actions[action_id]
    test = state.test = DiceTest(active, action_id)
    yield from _choose_dice(state, crew, test)
    yield _event(test, 1)
    test.pool += [die for die in crew.available if state.dice[die].kind == INJURY]
    crew.available = [die for die in crew.available if die not in test.pool]
    yield _event(test, 2)
    yield from _roll(state, test.pool)
    yield _event(test, 3)
    yield from _modify(state, crew, test)
    yield _event(test, 4)
    yield from _combinations(state, crew, test)
    yield _event(test, 5)
    yield from _injuries(state, crew, test)
    for _ in range(action.danger_dice):
        yield from _danger_die(state, crew)
    yield _event(test, 6)
    yield from _special_effects(state, crew, test, action)
    yield _event(test, 7)
    if not action.meters:
        yield from _mark(state, crew, test, action)
    yield _event(test, 8)
    for die in list(test.pool):
        _spend(state, die)
    yield _event(test, 9)
    yield from _resolve(state, crew, test, action)
    yield _event(test, 10)


def injury_dice(state: VanguardState, active: str) -> Procedure:
    """Roll the crew member's injury dice and resolve them as in step 6."""
    crew = state.crew[active]
    test = state.test = DiceTest(active, "")
    test.pool = [die for die in crew.available if state.dice[die].kind == INJURY]
    crew.available = [die for die in crew.available if die not in test.pool]
    yield from _roll(state, test.pool)
    yield _event(test, 3)
    yield from _injuries(state, crew, test)
    yield _event(test, 6)


def _event(test: DiceTest, step: int) -> Event:
    test.step = step
    return Event(STEP_EVENTS[step])


def _choose_dice(state: VanguardState, crew: CrewState, test: DiceTest) -> Procedure:
    own = tuple(die for die in crew.available if state.dice[die].kind == SECTION)
    chosen = yield Decision(crew.name, "dice", f"{crew.name}: the available dice to roll",
                            accepts=lambda choice: is_subset(choice, own),
                            space=lambda: f"any of {', '.join(own) or 'none'}",
                            sample=lambda rng: tuple(sorted(random_subset(rng, own))))
    test.pool += list(chosen)
    crew.available = [die for die in crew.available if die not in chosen]
    for other in state.crew.values():
        if other.name == crew.name or other.sector != crew.sector:
            continue
        theirs = tuple(die for die in other.available if state.dice[die].kind == SECTION)
        die = yield Decision(other.name, "support", f"{other.name}: a die to support with",
                             options=theirs + (NONE,))
        if die != NONE:
            test.supporters[other.name] = die
            test.pool.append(die)
            other.available.remove(die)


def _roll(state: VanguardState, dice: list[str]) -> Procedure:
    if not dice:
        return
    faces = yield Decision(CHANCE, "roll", f"the faces of {', '.join(dice)}",
                           accepts=lambda choice: _valid_roll(state, choice, dice),
                           space=lambda: f"a face for each of {', '.join(dice)}",
                           sample=lambda rng: {die: _random_face(rng, state, die)
                                               for die in dice})
    for die, face in faces.items():
        state.dice[die].face = face


def _valid_roll(state: VanguardState, faces, dice: list[str]) -> bool:
    if not isinstance(faces, dict) or set(faces) != set(dice):
        return False
    return all(_valid_face(state, die, face) for die, face in faces.items())


def _faces(state: VanguardState, die: str, chosen: bool = False) -> tuple[str, ...]:
    """The icons a face of the die may show: the injury faces, or the Section icons (only
    named ones when a card sets the face)."""
    if state.dice[die].kind == INJURY:
        return INJURY_FACES
    return CHOSEN_FACES if chosen else SECTION_ICONS


def _valid_face(state: VanguardState, die: str, face, chosen: bool = False) -> bool:
    allowed = _faces(state, die, chosen)
    return (isinstance(face, tuple) and 1 <= len(face) <= 2
            and all(icon in allowed for icon in face))


def _random_face(rng: Random, state: VanguardState, die: str, chosen: bool = False
                 ) -> tuple[str, ...]:
    """One icon or two, each as likely: the face sets of the dice are not in the text."""
    allowed = _faces(state, die, chosen)
    return tuple(rng.choice(allowed) for _ in range(rng.randint(1, 2)))


def _modify(state: VanguardState, crew: CrewState, test: DiceTest) -> Procedure:
    while True:
        playable = _playable(state, crew, test)
        card = yield Decision(crew.name, "play", f"{crew.name}: a Section card to play "
                                                 "during the test", options=playable + (DONE,))
        if card == DONE:
            break
        yield from _play(state, crew, crew, card, test)
    for other in state.crew.values():
        if other.name == crew.name or other.sector != crew.sector:
            continue
        card = yield Decision(other.name, "play", f"{other.name}: one Section card to support "
                                                  "with", options=_playable(state, other, test)
                              + (PASS,))
        if card != PASS:
            yield from _play(state, crew, other, card, test)


def _playable(state: VanguardState, holder: CrewState, test: DiceTest) -> tuple[str, ...]:
    return tuple(card for card in holder.hand
                 if card in state.section_cards and state.section_cards[card].modification
                 and _targets(state, state.section_cards[card].modification, test))


def _targets(state: VanguardState, modification, test: DiceTest) -> tuple[str, ...]:
    section = [die for die in test.pool if state.dice[die].kind == SECTION]
    if modification.kind == "set_face":
        return tuple(die for die in section if state.dice[die].colour == modification.colour)
    if modification.kind == "reroll":
        return tuple(die for die in section
                     if modification.showing is None
                     or modification.showing in state.dice[die].face)
    return tuple(section) if len(section) >= 2 else ()


def _play(state: VanguardState, active: CrewState, holder: CrewState, card: str,
          test: DiceTest) -> Procedure:
    """A card's effect resolves as if the active crew member played it (L1398)."""
    modification = state.section_cards[card].modification
    targets = _targets(state, modification, test)
    holder.hand.remove(card)
    if modification.kind == "reroll":
        die = yield Decision(active.name, "reroll", f"{card}: the die to roll again",
                             options=targets)
        yield from _roll(state, [die])
    elif modification.kind == "set_face":
        choice = yield Decision(active.name, "set_face", f"{card}: a die and the face it gets",
                                accepts=lambda choice: _valid_set(state, choice, targets),
                                space=lambda: f"one of {', '.join(targets)} and any face",
                                sample=lambda rng: {"die": (die := rng.choice(targets)),
                                                    "face": _random_face(rng, state, die,
                                                                         chosen=True)})
        state.dice[choice["die"]].face = choice["face"]
    else:
        choice = yield Decision(active.name, "spend_to_set",
                                f"{card}: a die to spend, another die and the face it gets",
                                accepts=lambda choice: _valid_spend_to_set(state, choice, targets),
                                space=lambda: (f"two different dice of {', '.join(targets)} "
                                               "and any face"),
                                sample=lambda rng: _random_spend_to_set(rng, state, targets))
        _spend(state, choice["spend"])
        state.dice[choice["die"]].face = choice["face"]
    holder.discard.append(card)


def _valid_set(state: VanguardState, choice, targets: tuple[str, ...]) -> bool:
    return (isinstance(choice, dict) and set(choice) == {"die", "face"}
            and choice["die"] in targets
            and _valid_face(state, choice["die"], choice["face"], chosen=True))


def _random_spend_to_set(rng: Random, state: VanguardState, targets: tuple[str, ...]) -> dict:
    spend, die = rng.sample(targets, 2)
    return {"spend": spend, "die": die, "face": _random_face(rng, state, die, chosen=True)}


def _valid_spend_to_set(state: VanguardState, choice, targets: tuple[str, ...]) -> bool:
    return (isinstance(choice, dict) and set(choice) == {"spend", "die", "face"}
            and choice["spend"] in targets and choice["die"] in targets
            and choice["spend"] != choice["die"]
            and _valid_face(state, choice["die"], choice["face"], chosen=True))


def counts_as(state: VanguardState, die_id: str, icon: str, active: str,
              face: tuple[str, ...] | None = None) -> bool:
    """Whether the die (or one `face` of its icons) may be used as `icon` by the active
    crew member: it shows it, or a Vanguard (any icon but Accident), or a Básico the
    active crew member's conversion ability turns into it (L1927)."""
    die = state.dice[die_id]
    face = face if face is not None else die.face or ()
    if icon in face:
        return True
    if icon == ACCIDENT:
        return False
    conversion = state.crew[active].conversion
    return VANGUARD in face or (BASIC in face and conversion == (die.colour, icon))


def payments(state: VanguardState, requirement: Requirement, dice: Iterable[str],
             active: str, combination: bool = False) -> list[tuple[str, ...]]:
    """Every set of dice that meets one alternative of `requirement` with each die used:
    a part `{die: colour}` takes a whole die, and each icon of a two-icon die pays a part
    on its own (L1937-1951: one die with two equal icons for "A + A", one with Defensa and
    Recolección for both). In a `combination` an Accident icon pays nothing (L1884), but
    the other icon of its die still does; a die showing only Accidents pays no part, not
    even a whole die. A Result counts it as a die of its colour (L2096)."""
    barred = (ACCIDENT,) if combination else ()
    pool = sorted(die for die in dice if state.dice[die].kind == SECTION
                  and _icons(state, die, barred))
    found = []
    for parts in requirement:
        wholes = sum(1 for part in parts if part.kind == "die")
        icons = sum(part.count for part in parts if part.kind != "die")
        least = wholes + (icons + 1) // 2
        for size in range(least, wholes + icons + 1):
            for chosen in combinations(pool, size):
                if chosen not in found and _assignable(state, parts, chosen, active, barred):
                    found.append(chosen)
    return found


def _assignable(state: VanguardState, parts: tuple[Part, ...], dice: tuple[str, ...],
                active: str, barred: tuple[str, ...]) -> bool:
    colours = [part.value for part in parts if part.kind == "die"]
    sames = [part for part in parts if part.kind == "same"]
    icons = [part.value for part in parts if part.kind == "icon"]
    for whole in permutations(dice, len(colours)):
        if any(state.dice[die].colour != colour for die, colour in zip(whole, colours)):
            continue
        rest = [die for die in dice if die not in whole]
        slots = [(die, icon) for die in rest for icon in _icons(state, die, barred)]
        # Every "any" symbol of a requirement stands for one and the same icon (L1881).
        same_count = sum(part.count for part in sames)
        for same_icon in ANY_ICONS if sames else (None,):
            wanted = icons + [same_icon] * same_count
            if len(rest) <= len(wanted) <= len(slots) and _match(state, wanted, slots, set(rest),
                                                                 active):
                return True
    return False


def _icons(state: VanguardState, die: str, barred: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(icon for icon in state.dice[die].face or () if icon not in barred)


def _match(state: VanguardState, wanted: list[str], slots: list[tuple[str, str]],
           unused: set[str], active: str, taken: frozenset = frozenset()) -> bool:
    """Whether each wanted icon can take its own slot (a die and one of its icons) that
    counts as it, leaving no die of `unused` out."""
    if not wanted:
        return not unused
    if len(unused) > len(wanted):
        return False
    icon, rest = wanted[0], wanted[1:]
    for index, (die, shown) in enumerate(slots):
        if index not in taken and counts_as(state, die, icon, active, face=(shown,)):
            if _match(state, rest, slots, unused - {die}, active, taken | {index}):
                return True
    return False


def _combinations(state: VanguardState, crew: CrewState, test: DiceTest) -> Procedure:
    while True:
        usable = [die for die in test.pool if state.dice[die].kind == SECTION]
        sources = dict(_combination_sources(state, crew))
        options = [(source, dice) for source, combination in sources.items()
                   for dice in payments(state, combination.requirement, usable, crew.name,
                                        combination=True)]
        choice = yield Decision(crew.name, "combination", f"{crew.name}: a dice combination "
                                "to use", options=tuple(options) + (DONE,))
        if choice == DONE:
            return
        source, dice = choice
        for die in dice:
            _spend(state, die)
        if source in crew.hand:
            crew.hand.remove(source)
            crew.discard.append(source)
        yield from _apply(state, crew, sources[source].effects, source)


def _combination_sources(state: VanguardState, crew: CrewState) -> list:
    sources = [(card, state.section_cards[card].combination) for card in crew.hand
               if card in state.section_cards and state.section_cards[card].combination]
    for index, combination in enumerate(state.global_combinations):
        sources.append((global_condition_source(index), combination))
    return sources


def global_condition_source(index: int) -> str:
    """How a scenario names the Global Condition's combinations: the first
    `global-condition`, the next ones `global-condition-2` and on."""
    return GLOBAL_CONDITION if index == 0 else f"{GLOBAL_CONDITION}-{index + 1}"


def _injuries(state: VanguardState, crew: CrewState, test: DiceTest) -> Procedure:
    rolled = [die for die in test.pool if state.dice[die].kind == INJURY]
    occupied: set[int] = set()
    placed: list[str] = []
    while rolled:
        die = yield Decision(crew.name, "injury_die", f"{crew.name}: the injury die to resolve "
                             "next", options=tuple(rolled))
        rolled.remove(die)
        test.pool.remove(die)
        face = state.dice[die].face[0]
        slot = next((index for index, card in enumerate(crew.injuries)
                     if index not in occupied and face in _injury_table(state, card)), None)
        if slot is None:
            crew.spent.append(die)
            continue
        occupied.add(slot)
        placed.append(die)
        card = crew.injuries[slot]
        yield from _apply(state, crew, _injury_table(state, card)[face], card)
    # The dice on injury cards and the spent ones go back to the board (L1973-1975).
    spent = [die for die in crew.spent if state.dice[die].kind == INJURY]
    crew.spent = [die for die in crew.spent if die not in spent]
    crew.available += placed + spent


def _injury_table(state: VanguardState, card: str) -> dict:
    if card not in state.injury_cards:
        raise RulesError(f"the injury card {card!r} has no icons in the scenario's facts: "
                         "the text does not give them")
    return state.injury_cards[card]


def _special_effects(state: VanguardState, crew: CrewState, test: DiceTest,
                     action: ActionDef) -> Procedure:
    """Step 7: the Global Condition's special effects first (L1993-1995), then the
    action's, each from the top (L1977-1979): every match advances a meter or applies
    the effect's effects once, and the dice it used are spent."""
    for effect in state.global_special_effects + action.special_effects:
        for die in [die for die in test.pool if state.dice[die].kind == SECTION]:
            times = 1 if effect.each_die else _matching_icons(state, die, effect.icons, crew)
            if times:
                _spend(state, die)
                for _ in range(times):
                    if effect.meter is not None:
                        _advance(action, effect.meter)
                    else:
                        yield from _apply(state, crew, effect.effects,
                                          f"{action.name}: special effect")


def _matching_icons(state: VanguardState, die: str, icons: tuple[str, ...],
                    crew: CrewState) -> int:
    """How many of the die's icons the effect can use: each icon of a two-icon face
    counts on its own (L2011)."""
    return sum(any(counts_as(state, die, wanted, crew.name, face=(icon,)) for wanted in icons)
               for icon in state.dice[die].face)


def _advance(action: ActionDef, colour: str):
    meter = next((meter for meter in action.meters if meter.colour == colour), None)
    if meter is None:
        raise RulesError(f"action {action.name!r} has no {colour} meter to advance")
    if not meter.exact and meter.position + 1 >= meter.length:
        raise RulesError(f"the {colour} meter of {action.name!r} is only known to need at "
                         f"least {meter.length} advances: whether advance {meter.position + 1} "
                         "reaches its Result is not in the text")
    meter.position = min(meter.position + 1, meter.length)


def _mark(state: VanguardState, crew: CrewState, test: DiceTest,
          action: ActionDef) -> Procedure:
    for row in action.rows:
        if row.requirement is None:
            test.marked = row.colour
            return
        ways = payments(state, row.requirement, test.pool, crew.name)
        if ways:
            dice = yield Decision(crew.name, "pay", f"{crew.name}: the dice that meet the "
                                  f"{row.colour} row", options=tuple(ways))
            for die in dice:
                _spend(state, die)
            test.marked = row.colour
            return


def _resolve(state: VanguardState, crew: CrewState, test: DiceTest,
             action: ActionDef) -> Procedure:
    if action.meters:
        for meter in action.meters:
            if meter.position == meter.length:
                meter.position = 0
                test.resolved.append(meter.colour)
                replaced = yield from _apply(state, crew, meter.effects,
                                            f"{action.name}: {meter.colour} Result")
                if replaced:
                    # The new POI card takes the action, and its other meters, away (L1178).
                    return
        return
    rows = {row.colour: row for row in action.rows}
    colour = test.marked
    while colour is not None:
        test.resolved.append(colour)
        yield from _apply(state, crew, rows[colour].effects, f"{action.name}: {colour} Result")
        colour = rows[colour].then
    test.marked = None


def _spend(state: VanguardState, die_id: str):
    """Into its owner's spent dice, whoever used it (L1397)."""
    die = state.dice[die_id]
    if state.test is not None and die_id in state.test.pool:
        state.test.pool.remove(die_id)
    state.crew[die.owner].spent.append(die_id)


def _apply(state: VanguardState, crew: CrewState, effects: Iterable[Effect],
           source: str) -> Procedure:
    """Apply effects to the crew member; returns whether its Sector's POI was replaced.

    An effect the text does not give is recorded against its source, so a checkpoint can
    say the example reached it, and nothing else changes."""
    replaced = False
    for name, argument in effects:
        if name == "success":
            state.success_gained += argument
        elif name == "replace_poi":
            state.pois[crew.sector] = argument
            replaced = True
        elif name == "discovery":
            state.discoveries.append(argument)
        elif name == "clue":
            state.clues[argument] = state.clues.get(argument, 0) + 1
        elif name == "entry":
            state.entries_read.append(str(argument))
        elif name == "lose_supplies":
            state.supplies_lost += argument
        elif name == "spend_dice":
            for _ in range(argument):
                yield from _spend_from_board(state, crew)
        elif name == "sacrifice_dice":
            for _ in range(argument):
                yield from _sacrifice(state, crew)
        elif name == "suffer_injury":
            _suffer(state, crew, argument)
        elif name == UNKNOWN:
            state.effects_not_in_text.append(source)
        else:
            for _ in range(argument):
                yield from _danger_die(state, crew)
    return replaced


def _danger_die(state: VanguardState, crew: CrewState) -> Procedure:
    """Roll a danger die: chance picks one of the outcomes the scenario's facts list."""
    if not state.danger_outcomes:
        raise RulesError("a danger die is rolled, but its outcomes are not in the "
                         "scenario's facts (the text gives them only for the tutorial)")
    outcome = yield Decision(CHANCE, "danger", "the outcome of a danger die",
                             options=tuple(state.danger_outcomes))
    yield from _apply(state, crew, state.danger_outcomes[outcome], f"danger die: {outcome}")


def _spend_from_board(state: VanguardState, crew: CrewState) -> Procedure:
    board = tuple(die for die in crew.available if state.dice[die].kind == SECTION)
    if not board:
        # With no die to spend, a die is sacrificed instead (L1848).
        yield from _sacrifice(state, crew)
        return
    die = yield Decision(crew.name, "spend", f"{crew.name}: an available die to spend",
                         options=board)
    crew.available.remove(die)
    crew.spent.append(die)


def _sacrifice(state: VanguardState, crew: CrewState) -> Procedure:
    candidates = tuple(die for die in crew.available + crew.spent
                       if state.dice[die].kind == SECTION)
    if not candidates or len(state.section_dice_in_play(crew.name)) <= EXHAUSTION_DICE_LIMIT:
        # L2882: with no die on the board or in spent, or only 3 in play, an Exhaustion
        # injury is suffered instead.
        _suffer(state, crew, EXHAUSTION)
        return
    die = yield Decision(crew.name, "sacrifice", f"{crew.name}: a die to sacrifice",
                         options=candidates)
    for pile in (crew.available, crew.spent):
        if die in pile:
            pile.remove(die)
    crew.sacrificed.append(die)


def _suffer(state: VanguardState, crew: CrewState, card: str):
    """The card to the leftmost free injury slot and one injury die to the board (L2444)."""
    crew.injuries.append(card)
    crew.available.append(state.new_injury_die(crew.name))
