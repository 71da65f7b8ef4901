"""What the box of a game holds: how many cards of each kind, the measure of coverage."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from cardkit.model.base import Strict
from cardkit.model.provenance import Rulebook, RulebookFile

Count = Annotated[int, Field(ge=0, le=1000)]


class PerColour(Strict):
    orange: Count
    blue: Count


FIELD_BY_KIND = {
    "alien": "aliens",
    "emissary": "emissaries",
    "discovery": "discovery",
    "event": "event",
    "maintenance": "maintenance",
    "plan": "plans",
    "reinforcement": "reinforcements",
    "planet": "planets",
    "tactic": "tactics",
}


class Box(Strict):
    aliens: Count
    emissaries: Count
    emissary_decks: Annotated[int, Field(ge=1, le=10)]
    discovery: Count
    event: Count
    maintenance: Count
    reinforcements: Count
    plans: PerColour
    planets: Count
    tactics: PerColour
    # The rulebooks in the box, as the files the database cites; a game that lists them
    # must cite them for every fact (checks/provenance.py).
    rulebooks: dict[RulebookFile, Rulebook] = {}

    def expected(self) -> dict[str, int]:
        """Cards of each kind the box holds, keyed by card kind."""
        counts = {}
        for kind, name in FIELD_BY_KIND.items():
            value = getattr(self, name)
            counts[kind] = value if isinstance(value, int) else value.orange + value.blue
        return counts
