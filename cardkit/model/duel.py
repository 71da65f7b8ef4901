"""The models of Cosmic Encounter Duel's card kinds that a declaration cannot express, with the
rules the rulebooks state. The game's declaration (`model/declarations/duel.yaml`) declares
the rest (the plans, the events' planet bar), and `model/games.py` registers these beside it."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal, Union

from pydantic import Field, StringConstraints, field_validator, model_validator
from pydantic_core import PydanticCustomError

from cardkit.messages import Message
from cardkit.model.base import CardId, CardModel, Strict
from cardkit.model.effects import CountedEffect, Effect

# The colour of an alien card's frame, by how complex its powers are: green the simplest,
# then yellow, red the most (003 L519-525; the publisher's preview of the aliens says the
# same of the card's bar).
Complexity = Literal["green", "yellow", "red"]
Timing = Literal["always", "setup", "contests", "duels", "contests-and-duels"]
FateDeck = Literal["discovery", "event", "maintenance"]
PlayerColour = Literal["orange", "blue"]
EmissaryDeck = Literal["skull", "heart", "earth"]
PlanetSymbol = Literal["red", "blue", "green", "yellow"]
# A planet symbol the rulebooks show without naming its colour, numbered in the order they
# print the effects beside it (the Supply Run's three symbols).
UnlabelledSymbol = Annotated[str, StringConstraints(pattern=r"^unlabelled-[1-9]$")]
Symbol = Union[PlanetSymbol, UnlabelledSymbol]
TacticIcon = Literal["blast", "shield", "recover"]

STANDARD_HAND_SIZE = 6


class Power(Strict):
    """A power of an alien; its timing may be absent only where the card lists it under
    `unknown` (a power known from a description that does not say when it acts)."""

    timing: Timing | None = None


class Alien(CardModel):
    kind: Literal["alien"] = "alien"
    complexity: Complexity | None = None
    hand_size: Annotated[int, Field(ge=1, le=20)] | None = None
    powers: dict[CardId, Power] = Field(default_factory=dict)

    required_facts: ClassVar = ("complexity", "powers")
    required_parts: ClassVar = ("powers.<id>.timing",)

    @field_validator("hand_size")
    @classmethod
    def _hand_size_differs_from_standard(cls, value):
        if value == STANDARD_HAND_SIZE:
            raise PydanticCustomError("standard_hand_size", "{message}", {"message": Message(
                "hand_size is given only when it differs from the standard {standard}",
                standard=STANDARD_HAND_SIZE)})
        return value

    @model_validator(mode="after")
    def _power_timing_given_or_unknown(self):
        for power_id, power in self.powers.items():
            path = f"powers.{power_id}.timing"
            if power.timing is None and self.knows(path):
                raise PydanticCustomError("fact_missing", "missing field {field}", {"field": path})
        return self

    @property
    def effective_hand_size(self) -> int:
        return self.hand_size or STANDARD_HAND_SIZE

    def text_paths(self) -> list[str]:
        paths = ["name"]
        for power_id in self.powers:
            paths += [f"powers.{power_id}.name", f"powers.{power_id}.text"]
        return paths


class EmissaryPower(Strict):
    id: CardId
    timing: Timing | None = None


class Emissary(CardModel):
    kind: Literal["emissary"] = "emissary"
    deck: EmissaryDeck | None = None
    power: EmissaryPower | None = None

    required_facts: ClassVar = ("deck", "power")

    def text_paths(self) -> list[str]:
        return ["name"] + (["power.name", "power.text"] if self.power is not None else [])


class Prize(Strict):
    """A prize of a duel; `effect` is given when its text is formulaic."""

    effect: Effect | None = None


class Prizes(Strict):
    winner: Prize | None = None
    loser: Prize | None = None

    @model_validator(mode="after")
    def _at_least_one(self):
        if self.winner is None and self.loser is None:
            raise PydanticCustomError("prize_missing", "{message}", {"message": Message(
                "a duel needs a prize for the winner or the loser")})
        return self


class Duel(Strict):
    ship_advantage: Annotated[int, Field(ge=1, le=20)] | None = None
    prizes: Prizes


class Contest(Strict):
    """A contest card's effect, resolved by the contest's winner."""

    winner: Prize


class FateCard(CardModel):
    next: FateDeck | None = None
    effect: Effect | None = None
    duel: Duel | None = None
    contest: Contest | None = None

    required_facts: ClassVar = ("next",)

    @model_validator(mode="after")
    def _duel_or_contest(self):
        if self.duel is not None and self.contest is not None:
            raise PydanticCustomError("duel_and_contest", "{message}", {"message": Message(
                "a Fate card starts a duel or a contest, not both")})
        return self

    @model_validator(mode="after")
    def _partial_facts_declared(self):
        """A duel's ship advantage and an effect's count may be absent only when unknown."""
        absent = []
        if self.duel is not None and self.duel.ship_advantage is None:
            absent.append("duel.ship_advantage")
        for path, effect in self.counted_effects():
            if effect.count is None:
                absent.append(f"{path}.count")
        for path in absent:
            if self.knows(path):
                raise PydanticCustomError(
                    "fact_missing", "missing field {field}", {"field": path})
        return self

    def text_paths(self) -> list[str]:
        paths = ["name", "text"]
        if self.duel is not None:
            for side in ("winner", "loser"):
                if getattr(self.duel.prizes, side) is not None:
                    paths += [f"prizes.{side}.name", f"prizes.{side}.text"]
        if self.contest is not None:
            paths.append("contest.winner")
        for symbol in getattr(self, "resources", None) or {}:
            paths.append(f"resources.{symbol}")
        return paths

    def counted_effects(self):
        """Every counted effect of the card with its field path."""
        found = []
        if self.duel is not None:
            for side in ("winner", "loser"):
                prize = getattr(self.duel.prizes, side)
                if prize is not None and isinstance(prize.effect, CountedEffect):
                    found.append((f"duel.prizes.{side}.effect", prize.effect))
        if self.contest is not None and isinstance(self.contest.winner.effect, CountedEffect):
            found.append(("contest.winner.effect", self.contest.winner.effect))
        for symbol, effect in (getattr(self, "resources", None) or {}).items():
            if isinstance(effect, CountedEffect):
                found.append((f"resources.{symbol}", effect))
        return found


class Discovery(FateCard):
    kind: Literal["discovery"] = "discovery"

    required_facts: ClassVar = ("next", "duel")


class Maintenance(FateCard):
    kind: Literal["maintenance"] = "maintenance"
    resources: Annotated[dict[Symbol, Effect], Field(min_length=1)] | None = None


class ParityValue(Strict):
    """The value of a parity reinforcement, by whether the player's influence is even or odd."""

    even: Annotated[int, Field(ge=-42, le=42)]
    odd: Annotated[int, Field(ge=-42, le=42)]


class Reinforcement(CardModel):
    kind: Literal["reinforcement"] = "reinforcement"
    value: Annotated[int, Field(ge=-42, le=42)] | None = None
    parity: ParityValue | None = None

    @model_validator(mode="after")
    def _value_or_parity(self):
        if (self.value is None) == (self.parity is None):
            raise PydanticCustomError("value_or_parity", "{message}", {"message": Message(
                "a reinforcement has either a value or a parity, exactly one")})
        if self.value == 0:
            raise PydanticCustomError("zero_value", "{message}", {"message": Message(
                "a reinforcement's value is never 0")})
        return self

    def value_for(self, influence: int) -> int:
        if self.parity is None:
            return self.value
        return self.parity.even if influence % 2 == 0 else self.parity.odd


class Planet(CardModel):
    kind: Literal["planet"] = "planet"
    symbol: Symbol

    def text_paths(self) -> list[str]:
        return []


class TacticHalf(Strict):
    icon: TacticIcon
    value: Annotated[int, Field(ge=1, le=9)]

    @model_validator(mode="after")
    def _recover_is_one_or_two(self):
        if self.icon == "recover" and self.value not in (1, 2):
            raise PydanticCustomError("recover_value", "{message}", {"message": Message(
                "a recover half is worth 1 or 2, not {value}", value=self.value)})
        return self


class Tactic(CardModel):
    kind: Literal["tactic"] = "tactic"
    colour: PlayerColour
    halves: Annotated[list[TacticHalf], Field(min_length=1, max_length=2)] = Field(default_factory=list)

    required_facts: ClassVar = ("halves",)

    @model_validator(mode="after")
    def _two_halves(self):
        if self.halves and len(self.halves) != 2 and "halves" not in self.unknown:
            raise PydanticCustomError("tactic_halves", "{message}", {"message": Message(
                "a tactic has two halves; list halves under unknown if the rulebooks show only "
                "one")})
        return self

    def partial_allowed(self, name: str) -> bool:
        return name == "halves" and len(self.halves) < 2

    def text_paths(self) -> list[str]:
        return []
