"""The keys that name each text in an exchange file: the PO msgctxt, the XLIFF trans-unit id."""

from __future__ import annotations

PHRASEBOOK = "phrasebook"


def card_key(kind: str, card_id: str, path: str) -> str:
    """A card text: `alien:iron-matron:powers.punish.text`."""
    return f"{kind}:{card_id}:{path}"


def phrase_key(effect: str, variant: str) -> str:
    """An effect phrase: `phrasebook:effects.draw_cards.optional`."""
    return f"{PHRASEBOOK}:effects.{effect}.{variant}"


def phrasebook_key(location: tuple[str, ...]) -> str:
    """A phrasebook list of words: `phrasebook:optional.words`, `phrasebook:timing.after.words`,
    `phrasebook:optional.unless_preceded_by`."""
    return f"{PHRASEBOOK}:{'.'.join(location)}"
