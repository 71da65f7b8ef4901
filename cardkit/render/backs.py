"""Which back each card wears.

A back may tell decks apart, never cards within a deck. Envoys are sorted into decks by
their deck icon, plans and tactics by colour; but where the rulebooks leave that fact
unknown for even one card of the kind, that card cannot join any deck, and a back of its
own would give it away. Then every card of the kind wears the kind's one neutral back, and
the front still shows what is known. When the data settles the last unknown, the decks'
own backs return by themselves.
"""

from __future__ import annotations

from cardkit.model.base import CardModel
from cardkit.model.database import Database

# The fact that sorts a kind's cards into decks with backs of their own.
DECK_FACT = {"emissary": "deck", "plan": "colour", "tactic": "colour"}


def back_of(card: CardModel, database: Database) -> str:
    """The back a card wears: `<kind>-<deck>` where its kind's decks are all known,
    otherwise `<kind>`, the same for every card of the kind."""
    fact = DECK_FACT.get(card.kind)
    if fact is None or not all(getattr(other, fact) is not None
                               for other in database.cards_of_kind(card.kind, database.game_of(card.id))):
        return card.kind
    return f"{card.kind}-{getattr(card, fact)}"
