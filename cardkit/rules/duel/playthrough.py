"""Random games of Cosmic Encounter Duel (`cardkit.rules.core.playthrough`).

A deal follows the setup of the rulebooks (003 L145-191): the box's Fate decks, planets
and reinforcements shuffled; one emissary of each of the three decks, neutral and face
down; an alien each; each player's seventeen plans shuffled, the top ones revealed to
find the leader (the higher plan; a tie goes to the older player, drawn at random here);
a hand of six or the alien's hand size; five ready tactics; five ships in the Vortex and
the rest in the supply. The first Fate card is a Discovery (L191).

The database gives few of these cards in full. Each card it gives with every fact the
engine reads is used once; made-up cards (`hypothetical_cards`) stand for the rest, with
values in the ranges the models allow. The database gives no Fate card's next deck, so
every Fate card is made up: Events and Maintenance cards send the game back to the
Discovery deck, so that each Discovery adds a planet some player controls and a game ends
by its ninth at the latest, before any deck runs out (the rulebooks say nothing of an
empty Fate deck).
"""

from __future__ import annotations

from functools import lru_cache
from random import Random
from typing import Any

from cardkit.model.effects import COUNTED_EFFECTS
from cardkit.model.games import GAMES
from cardkit.rules.core.engine import CardData, GamePart, Playthrough, decided, happened
from cardkit.rules.duel.engine import PASS
from cardkit.rules.duel.oracle import legality
from cardkit.rules.duel.state import COLOURS, GameState, ReinforcementPlay, TacticChoice

MADE_UP = "made-up"
SYMBOLS = ("red", "blue", "green", "yellow")
EMISSARY_DECKS = ("skull", "heart", "earth")
SOURCES = [{"file": "003_cadf4f0e38ea8624.txt", "language": "de", "section": "SPIELAUFBAU"},
           {"file": "000_9d86faec0599c48a.txt", "language": "es",
            "section": "PREPARACIÓN DE LA PARTIDA"}]
STARTING_VORTEX = 5
# The facts the engine reads of each kind: a card of the database is dealt only when it
# gives them all.
READ = {"alien": ("hand_size",), "plan": ("colour", "value"), "tactic": ("halves",),
        "emissary": ("deck",), "reinforcement": ("value", "parity"), "planet": ("symbol",)}


@lru_cache(maxsize=4)
def _dealable(data: CardData) -> dict[tuple[str, str | None], list[str]]:
    """The database's Duel cards that give every fact the engine reads, by kind and, for
    plans, tactics and emissaries, by colour or deck."""
    found: dict[tuple[str, str | None], list[str]] = {}
    for card_id, card in data.cards.items():
        kind = GAMES["duel"].kind(card.kind)
        if kind is None or not isinstance(card, kind.facts) or card.kind not in READ:
            continue
        if all(card.knows(fact) for fact in READ[card.kind]):
            group = getattr(card, "colour", None) or getattr(card, "deck", None)
            found.setdefault((card.kind, group), []).append(card_id)
    return found


def deal(rng: Random, data: CardData, game: str) -> dict:
    box = data.boxes["duel"]
    cards = data.cards
    dealable = _dealable(data)
    made_up: dict[str, dict[str, dict]] = {}

    def known(kind: str, group: str | None = None) -> list[str]:
        return list(dealable.get((kind, group), ()))

    def fill(kind: str, ids: list[str], count: int, make) -> list[str]:
        ids = ids[:count]
        for number in range(count - len(ids)):
            card_id = f"{MADE_UP}-{kind}-{len(made_up.get(kind, {})) + 1}"
            made_up.setdefault(kind, {})[card_id] = make(number)
            ids.append(card_id)
        rng.shuffle(ids)
        return ids

    players: dict[str, Any] = {}
    aliens = rng.sample(known("alien"), 2)
    tops = {}
    for colour, alien in zip(COLOURS, aliens):
        plans = fill("plan", known("plan", colour),
                     getattr(box.plans, colour), lambda _, c=colour: {"colour": c,
                                                            "value": rng.randint(-2, 42)})
        tactics = fill("tactic", known("tactic", colour),
                       getattr(box.tactics, colour), lambda _, c=colour: {"colour": c,
                                                                "halves": _halves(rng)})
        hand_size = cards[alien].effective_hand_size
        tops[colour] = _value(cards, made_up, plans[0])
        players[colour] = {"alien": alien, "hand": plans[:hand_size], "deck": plans[hand_size:],
                           "tactics": {"ready": tactics}, "vortex": STARTING_VORTEX}
    orange, blue = tops["orange"], tops["blue"]
    leader = ("orange" if orange > blue else "blue") if orange != blue else rng.choice(COLOURS)
    emissaries = {}
    for deck in EMISSARY_DECKS:
        candidates = known("emissary", deck)
        emissaries[rng.choice(candidates) if candidates else fill(
            "emissary", [], 1, lambda _, d=deck: {"deck": d, "unknown": ["power"]})[0]] = {}
    planets = fill("planet", known("planet"), box.planets,
                   lambda _: {"symbol": rng.choice(SYMBOLS)})
    reinforcements = fill("reinforcement", known("reinforcement"), box.reinforcements,
                          lambda _: _reinforcement(rng))
    fate = {"discovery": fill("discovery", [], box.discovery, lambda _: {
                "next": rng.choice(("event", "maintenance")),
                "effect": {"effect": "discover_and_duel"}, "duel": _duel(rng)}),
            "event": fill("event", [], box.event, lambda _: _event(rng)),
            "maintenance": fill("maintenance", [], box.maintenance, lambda _: {
                "next": "discovery",
                "resources": {symbol: _effect(rng)
                              for symbol in rng.sample(SYMBOLS, rng.randint(1, 2))}})}
    return {"example": "A random game of the Duel.", "game": "duel", "sources": SOURCES,
            "hypothetical_cards": made_up,
            "setup": {"leader": leader, "players": players,
                      "planet_stack": [{"tile": tile} for tile in planets],
                      "emissaries": emissaries, "fate_decks": fate,
                      "reinforcement_deck": reinforcements}}


def _value(cards, made_up: dict, plan: str) -> int:
    return cards[plan].value if plan in cards else made_up["plan"][plan]["value"]


def _halves(rng: Random) -> list[dict]:
    icons = rng.sample(("blast", "shield", "recover"), 2)
    return [{"icon": icon, "value": rng.randint(1, 2) if icon == "recover" else rng.randint(1, 4)}
            for icon in icons]


def _reinforcement(rng: Random) -> dict:
    if rng.random() < 0.2:
        return {"parity": {"even": rng.choice((-10, 10)), "odd": rng.choice((-10, 10))}}
    return {"value": rng.choice((-1, 1)) * rng.randint(1, 15)}


def _effect(rng: Random) -> dict:
    return {"effect": rng.choice(COUNTED_EFFECTS), "count": rng.randint(1, 3),
            "optional": rng.random() < 0.5}


def _duel(rng: Random) -> dict:
    sides = rng.choice((("winner",), ("loser",), ("winner", "loser")))
    return {"ship_advantage": rng.randint(1, 10),
            "prizes": {side: {"effect": _effect(rng)} for side in sides}}


def _event(rng: Random) -> dict:
    if rng.random() < 0.5:
        return {"next": "discovery", "planet_bar": rng.sample(SYMBOLS, rng.randint(1, 3)),
                "duel": _duel(rng)}
    return {"next": "discovery", "contest": {"winner": {"effect": _effect(rng)}}}


def next_action(state: GameState) -> dict | None:
    if state.over:
        return None
    return {"draw_fate": state.next_deck or "discovery"}


def write_choice(kind: str, choice: Any) -> Any:
    if isinstance(choice, TacticChoice):
        return {"tile": choice.tile, "half": choice.half}
    if isinstance(choice, ReinforcementPlay):
        return {"play": choice.card, "on": choice.on}
    if isinstance(choice, tuple):
        return list(choice)
    return choice


# What random play must reach, each counted over a run.
PARTS = (
    GamePart("an emissary revealed", "003 L292-294, L459", decided("reveal_emissary", bool)),
    GamePart("relations with an emissary improved", "003 L431-433",
             decided("improve_relations")),
    GamePart("relations with an emissary worsened", "003 L435", decided("worsen_relations")),
    GamePart("one ally kept of several", "003 L437", decided("keep_ally")),
    GamePart("a reinforcement played", "003 L399-409", decided(
        "reinforcement", lambda choice: choice != PASS)),
    GamePart("a contest", "003 L501-512", happened("contest.winner")),
    GamePart("the planet bar", "003 L553-559", happened("planet-bar.chosen")),
    GamePart("resources collected", "003 L533", happened("resources.collected")),
    GamePart("a discard pile shuffled into a new deck", "003 L495", decided("shuffle")),
)

PLAYTHROUGH = Playthrough(deal=deal, next_action=next_action, write_choice=write_choice,
                          max_actions=57, ends="003 L227, L234-238", parts=PARTS,
                          oracle=legality)
