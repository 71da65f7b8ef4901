"""What of Cosmic Encounter's card kinds and boxes a declaration cannot express, in its two
editions in the database: `classic` (the four-player edition with 20 aliens and artifact
cards) and `cosmic` (the current edition). Their declarations (`model/declarations/`) say the
rest (the artifacts, the encounter cards' types), and `model/games.py` registers these beside
them.

The rulebooks give little of these cards: no alien power text at all, the encounter cards
only as the values the examples play, the artifacts as rules paragraphs. What they do not
give is listed under `unknown`; what an example shows of an alien power is kept, cited,
under `shown` (and the rules engine may use only that).
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import Field, ValidationInfo, field_validator, model_validator
from pydantic_core import PydanticCustomError

from cardkit.messages import Message
from cardkit.model.base import CardId, CardModel, Strict
from cardkit.model.box import Box, Count
from cardkit.model.texts import NamedEntry, Text

Copies = Annotated[int, Field(ge=1, le=100)]
AttackValue = Annotated[int, Field(ge=0, le=99)]


class ShownFragment(Strict):
    """What one rulebook line shows of an alien power; `value` where it gives a number."""

    value: Annotated[int, Field(ge=0, le=99)] | None = None


class ClassicAlien(CardModel):
    kind: Literal["alien"] = "alien"
    shown: dict[CardId, ShownFragment] = Field(default_factory=dict)

    def text_paths(self) -> list[str]:
        # The power is printed on the alien card; no rulebook gives its text.
        return ["name", "power"]


class EncounterCard(CardModel):
    """An encounter card: an attack with its value, or a negotiate (or, current edition, a
    morph). How many copies the deck holds is `copies`."""

    type: str
    value: AttackValue | None = None
    copies: Copies | None = None

    required_facts: ClassVar = ("copies",)

    def text_paths(self) -> list[str]:
        # An attack card shows its value; the others say what they do, in our wording of
        # the rulebook's explanation (no rulebook prints a card's text).
        return ["name"] if self.type == "attack" else ["name", "text"]

    @model_validator(mode="after")
    def _value_only_on_attacks(self):
        if self.type == "attack" and self.value is None and self.knows("value"):
            raise PydanticCustomError(
                "fact_missing", "missing field {field}", {"field": "value"})
        if self.type != "attack" and self.value is not None:
            raise PydanticCustomError("value_on_non_attack", "{message}", {"message": Message(
                "only attack cards have a value; a {type} card has none", type=self.type)})
        return self


class ClassicAlienText(NamedEntry):
    kind: Literal["alien"] = "alien"
    power: Text | None = None


class EncounterText(NamedEntry):
    kind: Literal["encounter"] = "encounter"
    text: Text | None = None


Small = Annotated[int, Field(ge=1, le=20)]


class ClassicBox(Box):
    """The classic edition's components (its rulebook's equipment list) and the numbers
    of its setup that the rules engine reads."""

    planetary_systems: Small
    planets_per_system: Small
    wormholes: Small
    ships: Count
    ships_per_colour: Count
    orders: Count
    encounter: Count
    artifacts: Count
    deck: Count  # after the two it is made of, which its check reads
    aliens: Count
    motherships: Small
    transports: Small
    alien_card_stands: Small
    ships_per_home_planet: Small
    starting_hand: Small

    FIELD_BY_KIND: ClassVar = {"alien": "aliens", "encounter": "encounter", "artifact": "artifacts"}

    @field_validator("deck")
    @classmethod
    def _deck_is_encounter_and_artifacts(cls, deck: int, info: ValidationInfo) -> int:
        encounter, artifacts = info.data.get("encounter"), info.data.get("artifacts")
        if encounter is not None and artifacts is not None and deck != encounter + artifacts:
            raise PydanticCustomError("deck_total", "{message}", {"message": Message(
                "the deck of {deck} cards is not its {encounter} encounter and {artifacts} "
                "artifact cards", deck=deck, encounter=encounter, artifacts=artifacts)})
        return deck


class CosmicBox(Box):
    """The current edition's components (its rulebook's component list) and the numbers
    of its setup that the rules engine reads."""

    warps: Small
    player_planets: Count
    planets_per_system: Small
    genesis_planets: Small
    hyperspace_gates: Small
    colony_markers: Small
    ships: Count
    ships_per_colour: Count
    grudge_tokens: Count
    prometheus_tokens: Count
    lunar_cannon_tokens: Count
    cosmic_tokens: Count
    alien_sheets: Count
    flares: Count
    encounter: Count
    reinforcements: Count
    artifacts: Count
    alternative_filch_flares: Count
    cosmic_combos: Count
    tech: Count
    destiny: Count
    destiny_per_colour: Small
    ships_per_home_planet: Small
    starting_hand: Small

    FIELD_BY_KIND: ClassVar = {"encounter": "encounter"}
