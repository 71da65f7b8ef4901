"""The card facts the encounter engine reads, through the card database's model objects.

Encounter cards give `type` (attack, negotiate, morph) and `value` (attack cards);
artifacts are cards of kind `artifact` (Plague gives `ships`); an alien's power is
`unknown` except the fragments a rulebook line shows, under `shown` (Macron's
`ship-worth` with its `value`). The box of each game gives `starting_hand`. Nothing
here parses YAML: the models come from `cardkit.model`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardkit.rules.core.decisions import RulesError


class Facts:
    """The cards do not change while a game is played on them: what the engine asks of a
    card again and again (its type, an alien's shown fragments) is read once and kept."""

    def __init__(self, game: str, cards: Mapping[str, Any], boxes: Mapping[str, Any] | None):
        self.game = game
        self.cards = cards
        self.boxes = boxes or {}
        # A card's encounter type (None for any other card), read on the first ask.
        self.encounter_types: dict[str, str | None] = _EncounterTypes(cards)
        self._shown: dict[str | None, Mapping[str, Any]] = {}

    def kind(self, card_id: str) -> str | None:
        card = self.cards.get(card_id)
        return None if card is None else card.kind

    def encounter_type(self, card_id: str) -> str | None:
        return self.encounter_types[card_id]

    def is_encounter_card(self, card_id: str) -> bool:
        return self.encounter_type(card_id) is not None

    def is_artifact(self, card_id: str) -> bool:
        return self.kind(card_id) == "artifact"

    def attack_value(self, card_id: str) -> int:
        card = self.cards[card_id]
        value = getattr(card, "value", None)
        if value is None:
            raise RulesError(f"the card database does not give the value of {card_id!r}")
        return value

    def number(self, card_id: str, fact: str) -> int:
        value = getattr(self.cards[card_id], fact, None)
        if value is None:
            raise RulesError(f"the card database does not give {fact!r} of {card_id!r}")
        return value

    def shown(self, alien: str | None, fragment: str) -> Any | None:
        """The fragment of an alien's power a rulebook line shows, or None."""
        return self.fragments(alien).get(fragment)

    def fragments(self, alien: str | None) -> Mapping[str, Any]:
        """Every fragment of an alien's power the rulebook lines show, by name."""
        try:
            return self._shown[alien]
        except KeyError:
            card = self.cards.get(alien) if alien else None
            shown = self._shown[alien] = getattr(card, "shown", None) or {}
            return shown

    def shown_value(self, alien: str | None, fragment: str) -> int:
        entry = self.shown(alien, fragment)
        value = getattr(entry, "value", None)
        if value is None:
            raise RulesError(f"the card database gives no number for {alien}'s {fragment!r}")
        return value

    def box_fact(self, fact: str) -> int:
        box = self.boxes.get(self.game)
        value = getattr(box, fact, None) if box is not None else None
        if value is None:
            raise RulesError(f"the box of {self.game!r} in the card database does not give "
                             f"{fact!r}")
        return value


class _EncounterTypes(dict):
    """Card id -> its encounter type, or None for a card that is no encounter card: a
    plain dict once a card has been asked for, so the engine's scans of a hand read it
    without a call for each card."""

    def __init__(self, cards: Mapping[str, Any]):
        super().__init__()
        self.cards = cards

    def __missing__(self, card_id: str) -> str | None:
        card = self.cards.get(card_id)
        kind = self[card_id] = None if card is None or card.kind != "encounter" else card.type
        return kind
