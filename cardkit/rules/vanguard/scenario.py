"""Reading an ISS Vanguard example: the facts it relies on, the setup and the script.

```
example: ...
game: vanguard
sources: [{file: 004_8e317cd5b1651ee0.txt, language: es, lines: 806-998}]
facts:           # each action and card cites the rulebook lines that give it
  actions: {id: {name, cites, rows | meters, special_effects}}
  section_cards: {id: {name, cites, during_test, combination}}
  injury_cards: {id: {name, cites, faces: {face: [effects]}}}
  global_condition: {name, cites, combinations: [...]}
setup: {pois: {sector: poi}, crew: {name: {section, sector, dice, spent, injury_dice,
        hand, injuries, conversion}}}
steps: [...]     # as for every game (cardkit.rules.core.scenario)
```
"""

from __future__ import annotations

import copy
from typing import Any

from cardkit.messages import Message
from cardkit.rules.core.checkpoints import scalar
from cardkit.rules.core.decisions import CHANCE
from cardkit.rules.core.engine import CardData
from cardkit.rules.core.scenario import Citation, Reader, plain, read_citations, read_lines
from cardkit.rules.vanguard.engine import DONE, NONE, PASS, global_condition_source
from cardkit.rules.vanguard.state import (INJURY, INJURY_FACES, SECTION, SECTION_COLOURS,
                                          SECTION_ICONS, UNKNOWN, ActionDef, Combination,
                                          CrewState, Die, Meter, Modification, Part, Row,
                                          SectionCard, SpecialEffect, VanguardState)
from cardkit.rules.vanguard.view import checkpoint_schema, view

GAME = "vanguard"
RULEBOOK = "004_8e317cd5b1651ee0.txt"
RULEBOOKS = {RULEBOOK: 3175}
LANGUAGES = ("es",)
ROW_COLOURS = ("yellow", "green", "red")
METER_COLOURS = ("green", "red")
FACTS, HYPOTHETICAL_FACTS = "facts", "hypothetical_facts"
INJURY_DICE, DANGER_DICE = 12, 2       # the box's (L173, L177; L610-611)
# The top-level sections of a Vanguard scenario besides the header, setup and steps.
VANGUARD_SECTIONS = (FACTS, HYPOTHETICAL_FACTS)
EFFECTS = {"success": "count", "replace_poi": "text", "discovery": "text", "clue": "text",
           "entry": "count", "lose_supplies": "count", "spend_dice": "count",
           "sacrifice_dice": "count", "suffer_injury": "text", "danger_dice": "count"}
ALL_FACES = tuple(dict.fromkeys(SECTION_ICONS + INJURY_FACES))


def load(reader: Reader, game: str, data: CardData) -> "VanguardSetup":
    """A Vanguard scenario's citations, the facts it relies on and its setup. The card
    database plays no part: each fact is in the scenario, citing its rulebook lines."""
    citations = read_citations(reader, ("sources",), RULEBOOKS, LANGUAGES)
    facts = _Facts(reader)
    return VanguardSetup(reader, citations, facts)


class _Facts:
    """The actions, cards and injuries the example relies on: under `facts`, each with its
    citation; under `hypothetical_facts`, made up for this scenario alone (a random game's
    stand in where the text gives none), in the same form without citations."""

    def __init__(self, reader: Reader):
        self.reader = reader
        self.actions: dict[str, ActionDef] = {}
        self.section_cards: dict[str, SectionCard] = {}
        self.injury_cards: dict[str, dict] = {}
        self.global_combinations: list[Combination] = []
        self.global_special_effects: list[SpecialEffect] = []
        self.danger_outcomes: dict[str, tuple] = {}
        for root, cited in ((FACTS, True), (HYPOTHETICAL_FACTS, False)):
            if reader.present((root,)):
                self._read((root,), cited)

    def _read(self, root, cited: bool):
        reader = self.reader
        self.cited = cited
        spec = reader.mapping(root, ("actions", "section_cards", "injury_cards",
                                     "global_condition", "danger_die"))
        for key, read in (("actions", self._action), ("section_cards", self._section_card),
                          ("injury_cards", self._injury_card)):
            if key in spec:
                for fact_id in reader.mapping(root + (key,), None):
                    here = root + (key, fact_id)
                    if str(fact_id) in getattr(self, key):
                        reader.fail(here, "duplicate-id", Message("{key} {fact_id} is given twice",
                                                                  key=key, fact_id=repr(fact_id)),
                                    at_key=True)
                    self._cites(here)
                    getattr(self, key)[str(fact_id)] = read(here)
        if "danger_die" in spec:
            here = root + ("danger_die",)
            self._once(here, bool(self.danger_outcomes))
            reader.mapping(here, ("name", "cites", "outcomes"), required=("name", "outcomes"))
            self._cites(here)
            self.danger_outcomes = {str(outcome): self._effects(here + ("outcomes", outcome))
                                    for outcome in reader.mapping(here + ("outcomes",), None)}
        if "global_condition" in spec:
            here = root + ("global_condition",)
            self._once(here, bool(self.global_combinations or self.global_special_effects))
            condition = reader.mapping(here, ("name", "cites", "combinations", "special_effects"),
                                       required=("name",))
            self._cites(here)
            self.global_combinations = [
                self._combination(here + ("combinations", index))
                for index in range(len(reader.sequence(here + ("combinations",))))]
            if "special_effects" in condition:
                self.global_special_effects = self._special_effects(
                    here + ("special_effects",))

    def _once(self, location, given: bool):
        if given:
            self.reader.fail(location, "duplicate-id",
                             Message("{location} is given under both facts and hypothetical_facts",
                                     location=location[-1]),
                             at_key=True)

    def _cites(self, location):
        """A fact cites the rulebook lines that give it; a made-up one may cite none."""
        reader = self.reader
        if not reader.present(location + ("cites",)):
            if self.cited:
                reader.fail(location, "schema-missing-field",
                            Message("every fact cites the rulebook lines that give it ('cites')"))
            return
        read_lines(reader, location + ("cites",), RULEBOOK, RULEBOOKS[RULEBOOK])

    def _action(self, here) -> ActionDef:
        reader = self.reader
        spec = reader.mapping(here, ("name", "cites", "danger_dice", "rows", "meters",
                                     "special_effects"), required=("name",))
        if ("rows" in spec) == ("meters" in spec):
            reader.fail(here, "schema-rule", Message("an action has either result rows or meters"))
        action = ActionDef(reader.text(here + ("name",)),
                           reader.integer(here + ("danger_dice",)) if "danger_dice" in spec else 0)
        if action.danger_dice > DANGER_DICE:
            reader.fail(here + ("danger_dice",), "schema-range",
                        Message("the box has {danger_dice} danger dice (L173, L611), not "
                                "{given}", danger_dice=DANGER_DICE,
                                given=action.danger_dice))
        for index in range(len(reader.sequence(here + ("rows",))) if "rows" in spec else 0):
            action.rows.append(self._row(here + ("rows", index)))
        for index in range(len(reader.sequence(here + ("meters",))) if "meters" in spec else 0):
            at = here + ("meters", index)
            reader.mapping(at, ("colour", "length", "effects"),
                           required=("colour", "length", "effects"))
            colour = reader.one_of(at + ("colour",), METER_COLOURS)
            if isinstance(reader.value(at + ("length",)), dict):
                reader.mapping(at + ("length",), ("at_least",), required=("at_least",))
                length = reader.integer(at + ("length", "at_least"), 2)
                exact = False
            else:
                length, exact = reader.integer(at + ("length",), 1), True
            action.meters.append(Meter(colour, length, self._effects(at + ("effects",)), exact))
        if "special_effects" in spec:
            action.special_effects = self._special_effects(here + ("special_effects",))
        colours = [row.colour for row in action.rows]
        for index, row in enumerate(action.rows):
            if row.then is not None and row.then not in colours:
                reader.fail(here + ("rows", index, "then"), "schema-rule",
                            Message("the arrow leads to {then}, a row this action does not have",
                                    then=repr(row.then)))
        return action

    def _special_effects(self, here) -> list[SpecialEffect]:
        """Special effects (step 7): each counts `each` of some icons or `each_die`, and
        either advances a meter (`advance`) or applies `effects` once per match."""
        reader = self.reader
        found = []
        for index in range(len(reader.sequence(here))):
            at = here + (index,)
            effect = reader.mapping(at, ("each", "each_die", "advance", "effects"))
            if ("each" in effect) == ("each_die" in effect):
                reader.fail(at, "schema-rule", Message("a special effect counts either 'each' of "
                                                       "some icons or 'each_die'"))
            if ("advance" in effect) == ("effects" in effect):
                reader.fail(at, "schema-rule", Message("a special effect either advances a meter "
                                                       "('advance') or has 'effects'"))
            meter = reader.one_of(at + ("advance",), METER_COLOURS) if "advance" in effect \
                else None
            effects = self._effects(at + ("effects",)) if "effects" in effect else ()
            if "each" in effect:
                icons = tuple(reader.one_of(at + ("each", i), SECTION_ICONS)
                              for i in range(len(reader.sequence(at + ("each",)))))
                found.append(SpecialEffect(meter, icons, effects=effects))
            else:
                reader.flag(at + ("each_die",))
                found.append(SpecialEffect(meter, each_die=True, effects=effects))
        return found

    def _row(self, at) -> Row:
        reader = self.reader
        spec = reader.mapping(at, ("colour", "requires", "effects", "then"),
                              required=("colour", "effects"))
        colour = reader.one_of(at + ("colour",), ROW_COLOURS)
        if (colour == "red") == ("requires" in spec):
            reader.fail(at, "schema-rule", Message("the red row has no requirement (L2043); every "
                                                   "other row has one"))
        requirement = self._requirement(at + ("requires",)) if "requires" in spec else None
        then = reader.one_of(at + ("then",), ROW_COLOURS) if "then" in spec else None
        return Row(colour, requirement, self._effects(at + ("effects",)), then)

    def _requirement(self, at):
        reader = self.reader
        alternatives = []
        for index in range(len(reader.sequence(at))):
            parts = []
            for part_index in range(len(reader.sequence(at + (index,)))):
                here = at + (index, part_index)
                spec = reader.mapping(here, ("icon", "die", "same"))
                if len(spec) != 1:
                    reader.fail(here, "schema-rule",
                                Message("a requirement part is one of {{icon: ...}}, {{die: "
                                        "colour}}, {{same: n}}"))
                kind = next(iter(spec))
                if kind == "icon":
                    parts.append(Part("icon", reader.one_of(here + ("icon",), SECTION_ICONS)))
                elif kind == "die":
                    parts.append(Part("die", reader.one_of(here + ("die",), SECTION_COLOURS)))
                else:
                    parts.append(Part("same", count=reader.integer(here + ("same",), 2)))
            if not parts:
                reader.fail(at + (index,), "schema-rule", Message("an alternative needs a part"))
            alternatives.append(tuple(parts))
        if not alternatives:
            reader.fail(at, "schema-rule", Message("a requirement needs an alternative"))
        return tuple(alternatives)

    def _effects(self, at) -> tuple:
        reader = self.reader
        if reader.value(at) == UNKNOWN:
            return ((UNKNOWN, None),)
        effects = []
        for index in range(len(reader.sequence(at))):
            here = at + (index,)
            spec = reader.mapping(here, tuple(EFFECTS))
            if len(spec) != 1:
                reader.fail(here, "schema-rule", Message("an effect is one mapping entry, such as "
                                                         "{{success: 1}}"))
            name = next(iter(spec))
            argument = (reader.integer(here + (name,), 1) if EFFECTS[name] == "count"
                        else reader.text(here + (name,)))
            effects.append((name, argument))
        return tuple(effects)

    def _combination(self, at) -> Combination:
        self.reader.mapping(at, ("requires", "effects"), required=("requires", "effects"))
        return Combination(self._requirement(at + ("requires",)), self._effects(at + ("effects",)))

    def _section_card(self, here) -> SectionCard:
        reader = self.reader
        spec = reader.mapping(here, ("name", "cites", "during_test", "combination"),
                              required=("name",))
        modification = combination = None
        if "during_test" in spec:
            at = here + ("during_test",)
            kind = spec["during_test"]
            if isinstance(kind, str):
                modification = Modification(reader.one_of(at, ("spend_to_set", "reroll")))
            else:
                entry = reader.mapping(at, ("set_face", "reroll"))
                if len(entry) != 1:
                    reader.fail(at, "schema-rule",
                                Message("during_test is spend_to_set, reroll, {{reroll: icon}} or "
                                        "{{set_face: colour}}"))
                name = next(iter(entry))
                if name == "set_face":
                    modification = Modification(name, colour=reader.one_of(
                        at + (name,), SECTION_COLOURS))
                else:
                    modification = Modification(name, showing=reader.one_of(
                        at + (name,), SECTION_ICONS))
        if "combination" in spec:
            combination = self._combination(here + ("combination",))
        return SectionCard(reader.text(here + ("name",)), modification, combination)

    def _injury_card(self, here) -> dict:
        reader = self.reader
        reader.mapping(here, ("name", "cites", "faces"), required=("name", "faces"))
        reader.text(here + ("name",))
        faces = reader.mapping(here + ("faces",), INJURY_FACES)
        return {face: self._effects(here + ("faces", face)) for face in faces}


class VanguardSetup:
    """Checks the setup once and builds a fresh state from it for every replay."""

    def __init__(self, reader: Reader, citations: list[Citation], facts: _Facts):
        self.reader = reader
        self.citations = citations
        self.facts = facts
        root = ("setup",)
        spec = reader.mapping(root, ("pois", "crew", "meters"), required=("crew",))
        self.meters = {}
        for action_id in (reader.mapping(root + ("meters",), tuple(facts.actions))
                          if "meters" in spec else ()):
            at = root + ("meters", action_id)
            colours = tuple(meter.colour for meter in facts.actions[action_id].meters)
            for colour in reader.mapping(at, colours):
                meter = next(m for m in facts.actions[action_id].meters if m.colour == colour)
                position = reader.integer(at + (colour,))
                if position > meter.length or (not meter.exact and position >= meter.length):
                    reader.fail(at + (colour,), "schema-range",
                                Message("the {colour} meter has {length} boxes", colour=colour,
                                        length=meter.length))
                self.meters[(action_id, colour)] = position
        self.pois = ({str(sector): reader.text(root + ("pois", sector))
                      for sector in reader.mapping(root + ("pois",), None)}
                     if "pois" in spec else {})
        self.dice: dict[str, Die] = {}
        self.crew: dict[str, CrewState] = {}
        for name in reader.mapping(root + ("crew",), None):
            self.crew[str(name)] = self._crew(root + ("crew", name), str(name))
            injury_dice = sum(1 for die in self.dice.values() if die.kind == INJURY)
            if injury_dice > INJURY_DICE:
                reader.fail(root + ("crew", name, "injury_dice"), "schema-range",
                            Message("the box has {injury_dice} injury dice (L177, L610), and the "
                                    "crew would have {crew_dice}", injury_dice=INJURY_DICE,
                                    crew_dice=injury_dice))
        if not self.crew:
            reader.fail(root + ("crew",), "schema-missing-field", Message("the setup needs a crew member"))

    def _crew(self, here, name: str) -> CrewState:
        reader = self.reader
        spec = reader.mapping(here, ("section", "sector", "dice", "spent", "injury_dice", "hand",
                                     "injuries", "conversion"), required=("sector",))
        sector = reader.value(here + ("sector",))
        if isinstance(sector, bool) or not isinstance(sector, (int, str)):
            reader.fail(here + ("sector",), "schema-type", Message("sector must be a number or a name"))
        crew = CrewState(name, reader.text(here + ("section",)) if "section" in spec else None,
                         str(sector))
        for pile in ("dice", "spent"):
            if pile in spec:
                for die_id in reader.mapping(here + (pile,), None):
                    at = here + (pile, die_id)
                    if str(die_id) in self.dice:
                        reader.fail(at, "schema-rule", Message("die {die_id} is listed twice",
                                                               die_id=repr(die_id)),
                                    at_key=True)
                    colour = reader.one_of(at, SECTION_COLOURS + (UNKNOWN,))
                    self.dice[str(die_id)] = Die(str(die_id), name, SECTION, colour)
                    (crew.available if pile == "dice" else crew.spent).append(str(die_id))
        for number in range(1, 1 + (reader.integer(here + ("injury_dice",))
                                    if "injury_dice" in spec else 0)):
            die_id = f"{name}-injury-{number}"
            self.dice[die_id] = Die(die_id, name, INJURY, "yellow")
            crew.available.append(die_id)
        if "hand" in spec:
            crew.hand = [reader.one_of(here + ("hand", index), tuple(self.facts.section_cards))
                         for index in range(len(reader.sequence(here + ("hand",))))]
        if "injuries" in spec:
            crew.injuries = reader.texts(here + ("injuries",))
        if "conversion" in spec:
            at = here + ("conversion",)
            reader.mapping(at, ("colour", "icon"), required=("colour", "icon"))
            crew.conversion = (reader.one_of(at + ("colour",), SECTION_COLOURS),
                               reader.one_of(at + ("icon",), SECTION_ICONS))
        return crew

    def build(self) -> VanguardState:
        facts = self.facts
        actions = copy.deepcopy(facts.actions)
        for (action_id, colour), position in self.meters.items():
            next(meter for meter in actions[action_id].meters
                 if meter.colour == colour).position = position
        return VanguardState(copy.deepcopy(self.crew), copy.deepcopy(self.dice), actions,
                             dict(facts.section_cards), dict(facts.injury_cards),
                             list(facts.global_combinations),
                             list(facts.global_special_effects), dict(facts.danger_outcomes),
                             dict(self.pois))

    def rules(self, state: VanguardState) -> VanguardState:
        # The dice test's procedures are functions of the state alone.
        return state

    def view(self, state: VanguardState) -> dict:
        return view(state)

    def actors(self) -> tuple[str, ...]:
        return tuple(self.crew) + (CHANCE,)

    def checkpoint(self) -> dict:
        sectors = tuple(dict.fromkeys([*self.pois, *(crew.sector for crew in self.crew.values())]))
        return checkpoint_schema(tuple(self.crew), tuple(self.dice), sectors, {
            action_id: tuple(meter.colour for meter in action.meters)
            for action_id, action in self.facts.actions.items() if action.meters})

    def choices(self) -> dict:
        dice = tuple(self.dice)
        cards = tuple(self.facts.section_cards)
        sources = cards + tuple(global_condition_source(index)
                                for index in range(len(self.facts.global_combinations)))

        def die(reader, here, *extra):
            value = reader.one_of(here, dice + extra)
            return value, str(value)

        def die_list(reader, here):
            chosen = tuple(reader.one_of(here + (index,), dice)
                           for index in range(len(reader.sequence(here))))
            return tuple(sorted(chosen)), scalar(list(chosen))

        def face(reader, here):
            value = reader.value(here)
            if isinstance(value, str):
                return (reader.one_of(here, ALL_FACES),)
            if not isinstance(value, list) or not 1 <= len(value) <= 2:
                reader.fail(here, "schema-type", Message("a face is an icon or a list of two icons"))
            return tuple(reader.one_of(here + (index,), ALL_FACES) for index in range(len(value)))

        def roll(reader, here):
            faces = {str(key): face(reader, here + (key,))
                     for key in reader.mapping(here, dice)}
            return faces, scalar(plain(reader.value(here)))

        def fields(*names):
            def read(reader, here):
                reader.mapping(here, names, required=names)
                choice = {name: (face(reader, here + (name,)) if name == "face"
                                 else reader.one_of(here + (name,), dice)) for name in names}
                return choice, scalar(plain(reader.value(here)))
            return read

        def combination(reader, here):
            if reader.value(here) == DONE:
                return DONE, DONE
            reader.mapping(here, ("use", "dice"), required=("use", "dice"))
            chosen, _ = die_list(reader, here + ("dice",))
            return ((reader.one_of(here + ("use",), sources), chosen),
                    scalar(plain(reader.value(here))))

        return {
            "dice": die_list,
            "support": lambda reader, here: die(reader, here, NONE),
            "roll": roll,
            "play": lambda reader, here: (reader.one_of(here, cards + (DONE, PASS)),
                                          str(reader.value(here))),
            "reroll": die,
            "set_face": fields("die", "face"),
            "spend_to_set": fields("spend", "die", "face"),
            "combination": combination,
            "injury_die": die,
            "pay": die_list,
            "danger": lambda reader, here: (reader.text(here), str(reader.value(here))),
            "spend": die,
            "sacrifice": die,
        }


def read_dice_test(setup: VanguardSetup, reader: Reader, here) -> dict:
    reader.mapping(here, ("crew", "action"), required=("crew", "action"))
    return {"crew": reader.one_of(here + ("crew",), tuple(setup.crew)),
            "action": reader.one_of(here + ("action",), tuple(setup.facts.actions))}


def read_injury_dice(setup: VanguardSetup, reader: Reader, here) -> dict:
    reader.mapping(here, ("crew",), required=("crew",))
    return {"crew": reader.one_of(here + ("crew",), tuple(setup.crew))}


def show_choice(choice: Any) -> str:
    if isinstance(choice, tuple) and len(choice) == 2 and isinstance(choice[1], tuple):
        return f"{{use: {choice[0]}, dice: {scalar(list(choice[1]))}}}"
    return scalar(choice)
