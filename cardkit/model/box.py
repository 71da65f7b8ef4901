"""What the box of a game holds: how many cards of each kind, the measure of coverage.

Each game has its own box model (`model/games.py` says which); they share `Box`: the
rulebooks and the printings the game's facts and texts cite, the transcriptions of the
published pages they cite, the counts of its card kinds,
and the `sources` of those counts.
"""

from __future__ import annotations

from typing import Annotated, ClassVar

from pydantic import Field

from cardkit.model.base import Art, CardId, Strict
from cardkit.model.provenance import (Printing, PrintingId, Rulebook, RulebookFile, Sources,
                                      Transcription, Url)

Count = Annotated[int, Field(ge=0, le=1000)]


class PerColour(Strict):
    orange: Count
    blue: Count


class Box(Strict):
    # The rulebooks in the box, as the files the database cites; a game that lists them
    # must cite them for every fact (checks/provenance.py).
    rulebooks: dict[RulebookFile, Rulebook] = Field(default_factory=dict)
    # The printings of the game's cards the database may cite, by an id of the owner's
    # choosing: a fact or text cited to one is supported, and a text cited to one in its
    # own language is the printed wording (checks/provenance.py).
    printings: dict[PrintingId, Printing] = Field(default_factory=dict)
    # The owner's transcriptions of published pages the database cites, by the page's address
    # as the citations give it: `validate --rulebooks DIR` checks their quotes in them.
    pages: dict[Url, Transcription] = Field(default_factory=dict)
    sources: Sources = Field(default_factory=list)
    # The owner's pictures for deck backs, by the back's name (`alien`, `plan-orange`,
    # `reference`: docs/printing.md, "Artwork"); not a rulebook fact.
    backs: dict[CardId, Art] = Field(default_factory=dict)

    # The box field that counts each card kind of the game.
    FIELD_BY_KIND: ClassVar[dict[str, str]] = {}

    def expected(self) -> dict[str, int]:
        """Cards of each kind the box holds, keyed by card kind."""
        counts = {}
        for kind, name in self.FIELD_BY_KIND.items():
            value = getattr(self, name)
            counts[kind] = value if isinstance(value, int) else value.orange + value.blue
        return counts


class DuelBox(Box):
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

    FIELD_BY_KIND: ClassVar = {
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
