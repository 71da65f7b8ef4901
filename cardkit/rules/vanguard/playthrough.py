"""Random dice tests of ISS Vanguard (`cardkit.rules.core.playthrough`): a game here is one
dice test (L1854-2068), from a legal setup to its tenth step.

The rulebook gives neither the dice's faces nor whole decks of actions, cards and
injuries; a deal makes them up (`hypothetical_facts`, the scenario's own facts without
citations): one action with result rows or meters, Section cards, injury cards (every one
a crew member holds or can suffer), a Global Condition and a danger die. Each crew member
has five Section dice (the tutorial's number, L1190), some spent, and an injury die for
each injury card it holds (L2444); the others share the active member's Sector or not.
"""

from __future__ import annotations

from random import Random
from typing import Any

from cardkit.rules.core.engine import CardData, GamePart, Playthrough, decided
from cardkit.rules.vanguard.engine import DONE, GLOBAL_CONDITION, NONE, PASS
from cardkit.rules.vanguard.oracle import legality
from cardkit.rules.vanguard.state import (EXHAUSTION, INJURY_FACES, SECTION_COLOURS,
                                          SPECIALISED_ICONS, VanguardState)

ACTIVE, ACTION = "crew-1", "made-up-action"
DICE_PER_CREW = 5
ICONS = (*SPECIALISED_ICONS, "basic", "vanguard", "accident", "unnamed")
INJURIES = (EXHAUSTION, "made-up-injury-1", "made-up-injury-2")
SOURCES = [{"file": "004_8e317cd5b1651ee0.txt", "language": "es", "lines": "1854-2068"}]


def deal(rng: Random, data: CardData, game: str) -> dict:
    cards = {f"made-up-card-{number}": _section_card(rng, number) for number in range(1, 5)}
    facts = {"actions": {ACTION: _action(rng)}, "section_cards": cards,
             "injury_cards": {card: {"name": card, "faces": {
                 face: _effects(rng) for face in rng.sample(INJURY_FACES[:4], rng.randint(1, 3))}}
                 for card in INJURIES},
             "global_condition": {"name": "made-up condition", "combinations": [
                 {"requires": _requirement(rng), "effects": _effects(rng)}
                 for _ in range(rng.randint(0, 2))]},
             # Its outcomes roll no danger die (as the tutorial's do not, L1049-1052): one
             # that did would roll without end.
             "danger_die": {"name": "made-up danger die",
                            "outcomes": {"one": _effects(rng, ("danger_dice",)),
                                         "two": _effects(rng, ("danger_dice",))}}}
    if rng.random() < 0.3:
        facts["global_condition"]["special_effects"] = [
            {"each": rng.sample(ICONS, 1), "effects": _effects(rng)}]
    crew = {}
    for number in range(1, rng.randint(1, 4) + 1):
        name = f"crew-{number}"
        dice = {f"{name}-die-{die}": rng.choice(SECTION_COLOURS)
                for die in range(1, DICE_PER_CREW + 1)}
        spent = {die: colour for die, colour in dice.items() if rng.random() < 0.2}
        injuries = rng.sample(INJURIES, rng.randint(0, 2))
        crew[name] = {"sector": "s1" if name == ACTIVE or rng.random() < 0.7 else "s2",
                      "dice": {die: colour for die, colour in dice.items() if die not in spent},
                      "spent": spent, "injury_dice": len(injuries), "injuries": injuries,
                      "hand": rng.sample(sorted(cards), rng.randint(0, 3))}
        if rng.random() < 0.5:
            crew[name]["conversion"] = {"colour": rng.choice(SECTION_COLOURS),
                                        "icon": rng.choice(SPECIALISED_ICONS)}
    return {"example": "A random dice test.", "game": "vanguard", "sources": SOURCES,
            "hypothetical_facts": facts, "setup": {"pois": {"s1": "made-up-poi"}, "crew": crew}}


def _action(rng: Random) -> dict:
    action: dict[str, Any] = {"name": "made-up action", "danger_dice": rng.randint(0, 1)}
    if rng.random() < 0.5:
        rows = [{"colour": colour, "requires": _requirement(rng), "effects": _effects(rng)}
                for colour in ("yellow", "green") if colour == "green" or rng.random() < 0.5]
        if rows[0]["colour"] == "yellow" and rng.random() < 0.5:
            rows[0]["then"] = "green"
        action["rows"] = rows + [{"colour": "red", "effects": _effects(rng)}]
    else:
        colours = rng.sample(("green", "red"), rng.randint(1, 2))
        action["meters"] = [{"colour": colour, "length": rng.randint(2, 5),
                             "effects": _effects(rng)} for colour in colours]
        action["special_effects"] = [
            {"each_die": True, "advance": colour} if rng.random() < 0.3
            else {"each": rng.sample(ICONS, rng.randint(1, 2)), "advance": colour}
            for colour in colours]
    return action


def _section_card(rng: Random, number: int) -> dict:
    card: dict[str, Any] = {"name": f"made-up card {number}"}
    kind = rng.choice(("spend_to_set", "reroll", "reroll-icon", "set_face", None))
    if kind in ("spend_to_set", "reroll"):
        card["during_test"] = kind
    elif kind == "reroll-icon":
        card["during_test"] = {"reroll": rng.choice(ICONS)}
    elif kind == "set_face":
        card["during_test"] = {"set_face": rng.choice(SECTION_COLOURS)}
    if kind is None or rng.random() < 0.5:
        card["combination"] = {"requires": _requirement(rng), "effects": _effects(rng)}
    return card


def _requirement(rng: Random) -> list:
    def part() -> dict:
        kind = rng.choice(("icon", "die", "same"))
        if kind == "icon":
            return {"icon": rng.choice(ICONS)}
        if kind == "die":
            return {"die": rng.choice(SECTION_COLOURS)}
        return {"same": 2}
    return [[part() for _ in range(rng.randint(1, 2))] for _ in range(rng.randint(1, 2))]


def _effects(rng: Random, leaving_out: tuple[str, ...] = ()) -> list:
    made = {"success": lambda: rng.randint(1, 2), "discovery": lambda: "made-up-discovery",
            "clue": lambda: "made-up-clues", "entry": lambda: rng.randint(1, 999),
            "lose_supplies": lambda: 1, "spend_dice": lambda: 1, "sacrifice_dice": lambda: 1,
            "suffer_injury": lambda: rng.choice(INJURIES), "danger_dice": lambda: 1,
            "replace_poi": lambda: "made-up-poi-2"}
    names = sorted(name for name in made if name not in leaving_out)
    return [{name: made[name]()} for name in rng.sample(names, rng.randint(0, 2))]


def next_action(state: VanguardState) -> dict | None:
    if state.test is None:
        return {"dice_test": {"crew": ACTIVE, "action": ACTION}}
    return None


def write_choice(kind: str, choice: Any) -> Any:
    if kind == "roll":
        return {die: _face(face) for die, face in choice.items()}
    if kind in ("set_face", "spend_to_set"):
        return {key: _face(value) if key == "face" else value for key, value in choice.items()}
    if kind == "combination" and choice != DONE:
        source, dice = choice
        return {"use": source, "dice": list(dice)}
    if isinstance(choice, tuple):
        return list(choice)
    return choice


def _face(face: tuple[str, ...]) -> Any:
    return face[0] if len(face) == 1 else list(face)


def _two_icons(roll) -> bool:
    return any(len(face) == 2 for face in roll.values())


# What random play must reach, each counted over a run.
PARTS = (
    GamePart("a support die", "004 L1869-1871", decided("support", lambda die: die != NONE)),
    GamePart("a two-icon face rolled", "004 L1937-1951", decided("roll", _two_icons)),
    GamePart("a card played to modify the roll", "004 L1895-1897",
             decided("play", lambda card: card != PASS)),
    GamePart("a hand card's combination used", "004 L1873-1888", decided(
        "combination", lambda choice: choice != DONE
        and not choice[0].startswith(GLOBAL_CONDITION))),
    GamePart("the Global Condition's combination used", "004 L780, L1993-1995", decided(
        "combination", lambda choice: choice != DONE and choice[0].startswith(GLOBAL_CONDITION))),
    GamePart("an injury die resolved", "004 L1953-1963", decided("injury_die")),
    GamePart("a danger die", "004 L1967-1971", decided("danger")),
    GamePart("a die sacrificed", "004 L1848", decided("sacrifice")),
)

PLAYTHROUGH = Playthrough(deal=deal, next_action=next_action, write_choice=write_choice,
                          max_actions=1, ends="004 L1867",
                          parts=PARTS, oracle=legality)
