"""Formulaic effects: the structured meaning behind card texts such as "Draw 3 cards."

Each locale's phrasebook says how each effect is worded, so a text can be checked against
the effect it must express.
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import Field

from cardkit.model.base import Strict

COUNTED_EFFECTS = (
    "draw_cards",
    "gain_reinforcements",
    "retrieve_ships",
    "improve_relations",
    "worsen_relations",
)


# The counts a card's effect can give: what the phrasebooks' plural forms must word.
CARD_COUNTS = range(1, 21)


class CountedEffect(Strict):
    """`count` is absent only where the card lists it under `unknown` (the card checks)."""

    effect: Literal[COUNTED_EFFECTS]
    count: Annotated[int, Field(ge=CARD_COUNTS.start, le=CARD_COUNTS.stop - 1)] | None = None
    optional: bool = False


class DiscoverAndDuel(Strict):
    """Discover the top planet of the planet stack and fight a duel there."""

    effect: Literal["discover_and_duel"]


Effect = Annotated[Union[CountedEffect, DiscoverAndDuel], Field(discriminator="effect")]
EFFECT_NAMES = COUNTED_EFFECTS + ("discover_and_duel",)
