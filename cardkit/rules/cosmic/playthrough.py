"""Random games of Cosmic Encounter, either edition (`cardkit.rules.core.playthrough`).

A deal follows each rulebook's setup (classic 001 L107-150, current 002 L35-61): three
players or more (the two-player game is not modelled) up to the box's systems, five home
planets of four ships each, the deck shuffled and the starting hands dealt from it, the
Orders of the colours in play (classic) or an empty destiny deck that the setup procedure
builds (current). The deck is the box's: every encounter card (and, classic, artifact) the
database gives, once, and made-up cards (`hypothetical_cards`) for the rest, since the
database gives neither the other values nor the copies. The current deck holds its
encounter cards only: the text gives no rules for its reinforcements and artifacts. Each
classic player draws an alien of the database; the current rulebook gives none.
"""

from __future__ import annotations

from random import Random
from typing import Any

from cardkit.model.games import GAMES
from cardkit.rules.core.engine import CardData, Playthrough
from cardkit.rules.cosmic.profile import EDITIONS
from cardkit.rules.cosmic.state import CosmicState

COLOURS = ("red", "blue", "green", "yellow", "purple")
# The box fact that bounds the number of players: the classic board's four systems
# (L82-84), the current edition's five colony markers (L18).
PLAYERS_FROM = {"classic": "planetary_systems", "cosmic": "colony_markers"}
ARTIFACT_TIMINGS = ("when-a-power-is-used", "after-allies-before-reveal",
                    "before-own-attack-order", "any-time", "when-compensation-is-claimed",
                    "before-reveal")
SOURCES = {"classic": {"file": "001_9841a4286c692375.txt", "language": "es",
                       "lines": "107-150"},
           "cosmic": {"file": "002_899f4de90e84aa54.txt", "language": "es", "lines": "35-61"}}
MADE_UP = "made-up"


def deal(rng: Random, data: CardData, game: str) -> dict:
    edition = EDITIONS[game]
    box = data.boxes[game]
    kinds = GAMES[game]
    own = {card_id: card for card_id, card in data.cards.items()
           if (kind := kinds.kind(card.kind)) is not None and isinstance(card, kind.facts)}
    count = rng.randint(3, getattr(box, PLAYERS_FROM[game]))
    colours = COLOURS[:count]
    made_up: dict[str, dict] = {"encounter": {}}
    known = {kind: [card_id for card_id, card in own.items() if card.kind == kind]
             for kind in ("encounter", "artifact", "alien")}
    deck = known["encounter"] + (known["artifact"] if edition.artifacts else [])
    for number in range(box.encounter - len(known["encounter"])):
        card_id = f"{MADE_UP}-encounter-{number + 1}"
        made_up["encounter"][card_id] = (
            {"type": "negotiate", "copies": 1} if rng.random() < 0.25
            else {"type": "attack", "value": rng.randint(0, 40), "copies": 1})
        deck.append(card_id)
    if edition.artifacts:
        made_up["artifact"] = {}
        for number in range(box.artifacts - len(known["artifact"])):
            card_id = f"{MADE_UP}-artifact-{number + 1}"
            made_up["artifact"][card_id] = {"timing": rng.choice(ARTIFACT_TIMINGS), "copies": 1}
            deck.append(card_id)
    rng.shuffle(deck)
    aliens = rng.sample(known["alien"], count) if known["alien"] else []
    players: dict[str, Any] = {}
    for seat, colour in enumerate(colours):
        hand, deck = deck[:box.starting_hand], deck[box.starting_hand:]
        players[colour] = {"colour": colour, "hand": hand}
        if aliens:
            players[colour]["alien"] = aliens[seat]
    setup: dict[str, Any] = {"players": players, "deck": deck}
    if edition.destiny == "discs":
        # The Orders of the colours in play (L119-123): the box's twelve for its four
        # systems, three of each colour.
        per_colour = box.orders // box.planetary_systems
        setup["destiny"] = [colour for colour in colours for _ in range(per_colour)]
    return {"example": f"A random game of {game}.", "game": game, "sources": [SOURCES[game]],
            "hypothetical_cards": made_up, "setup": setup}


def next_action(state: CosmicState) -> dict | None:
    if state.winners:
        return None
    if state.first_player is None:
        return {"set_up": None}
    return {"turn": {"player": state.turn}}


def write_choice(kind: str, choice: Any) -> Any:
    """A choice as a scenario writes it: tuples as lists, the rest as it is."""
    if isinstance(choice, (list, tuple)):
        return [write_choice(kind, item) for item in choice]
    if isinstance(choice, dict):
        return {key: write_choice(kind, value) for key, value in choice.items()}
    return choice


PLAYTHROUGH = Playthrough(deal=deal, next_action=next_action, write_choice=write_choice,
                          max_actions=2000, ends="001 L76-78, L843-846; 002 L5, L283-285")
