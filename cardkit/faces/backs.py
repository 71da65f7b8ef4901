"""Which back each card wears.

A back may tell decks apart, never cards within a deck. Each game says in
`templates/cards/<game>/backs.html` how its backs go: `shared_backs` names the back that
several kinds shuffled into one deck wear alike (the classic game's encounter cards and
artifacts), `deck_facts` the fact that sorts a kind's cards into decks with backs of their
own (the Duel's Envoys by their deck icon, plans and tactics by colour). A kind named in
neither wears its kind's one back.

Where the rulebooks leave a deck fact unknown for even one card of the kind, that card
cannot join any deck, and a back of its own would give it away. Then every card of the kind
wears the kind's one neutral back, and the front still shows what is known. When the data
settles the last unknown, the decks' own backs return by themselves.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from jinja2 import Environment, TemplateNotFound

from cardkit.model.base import CardModel
from cardkit.model.database import Database
from cardkit.model.games import GAMES


def backs_template(game: str) -> str:
    return f"cards/{game}/backs.html"


@dataclass(frozen=True)
class BackRules:
    """A game's `shared_backs` (kind to back) and `deck_facts` (kind to fact)."""

    shared_backs: dict[str, str] = field(default_factory=dict)
    deck_facts: dict[str, str] = field(default_factory=dict)


def back_rules(environment: Environment, game: str) -> BackRules:
    """The game's rules from its backs template; none for a game without one. A game
    declared in data says its decks in its declaration: each kind wears its deck's back."""
    declared = GAMES[game].declared if game in GAMES else None
    if declared is not None:
        return BackRules({name: kind.deck for name, kind in declared.kinds.items()})
    try:
        module = environment.get_template(backs_template(game)).module
    except TemplateNotFound as exc:
        if exc.name != backs_template(game):
            raise
        return BackRules()
    return BackRules(dict(getattr(module, "shared_backs", {})), dict(getattr(module, "deck_facts", {})))


def back_of(card: CardModel, database: Database, rules: BackRules) -> str:
    """The back a card wears: its deck's shared back; `<kind>-<deck>` where its kind's
    decks are all known in its game; otherwise `<kind>`, the same for every card of the kind."""
    if card.kind in rules.shared_backs:
        return rules.shared_backs[card.kind]
    fact = rules.deck_facts.get(card.kind)
    if fact is None or not all(getattr(other, fact, None) is not None
                               for other in database.cards_of_kind(card.kind, database.game_of(card.id))):
        return card.kind
    return f"{card.kind}-{getattr(card, fact)}"
