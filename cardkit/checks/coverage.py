"""How much of each box the database holds, and what it holds beyond the box."""

from __future__ import annotations

from dataclasses import dataclass

from cardkit.messages import Message
from cardkit.model.database import Database
from cardkit.problems import Problem, error


@dataclass(frozen=True)
class KindCount:
    game: str
    kind: str
    held: int
    in_box: int | None
    with_unknown_facts: int


def count_cards(database: Database) -> list[KindCount]:
    counts = []
    for game in database.games:
        box = database.boxes.get(game)
        expected = box.expected() if box else {}
        held: dict[str, list] = {}
        for card_id, card in database.cards.items():
            if database.card_origins[card_id].game == game:
                held.setdefault(card.kind, []).append(card)
        for kind in sorted(set(expected) | set(held)):
            cards = held.get(kind, [])
            counts.append(KindCount(game, kind, sum(_copies(card) for card in cards), expected.get(kind),
                                    sum(1 for card in cards if card.unknown)))
    return counts


def check_box_counts(database: Database, counts: list[KindCount]) -> list[Problem]:
    problems = []
    for count in counts:
        origin = database.box_origins.get(count.game)
        if origin is not None and count.in_box is not None and count.held > count.in_box:
            field_name = type(database.boxes[count.game]).FIELD_BY_KIND[count.kind]
            problems.append(error(origin.key_position((field_name,)), "over-box-count",
                                  Message("{game} holds {held} {kind} cards, more than the "
                                          "{in_box} its box holds", game=count.game,
                                          held=count.held, kind=count.kind, in_box=count.in_box)))
    return problems


def _copies(card) -> int:
    """How many cards of the box one entry stands for: its `copies` where the model has
    that fact and the rulebooks give it, otherwise one."""
    return getattr(card, "copies", None) or 1
