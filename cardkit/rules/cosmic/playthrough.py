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

The classic random player takes each legal choice as likely. The current edition's plays
to win: drawn that way, its games send ships to the warp faster than the rules bring them
back (one per regroup, defender rewards; the text gives no Mobius Tubes, 001 L984-989) and
many do not end in thousands of procedures (docs/rules.md). It launches one ship, lays
its strongest attack card, aims at the planet with the fewest defending ships, proposes a
deal and accepts one, takes its defender rewards as ships back from the warp and has a
second encounter when it may; one decision in five, and every decision it has no aim
for, it draws at random among the legal choices, so every legal choice stays possible.
"""

from __future__ import annotations

from random import Random
from typing import Any, cast

from cardkit.model.games import GAMES
from cardkit.rules.core.choices import random_onto
from cardkit.rules.core.decisions import Decision
from cardkit.rules.core.engine import CardData, GamePart, Playthrough, decided, happened
from cardkit.rules.cosmic.engine import (COSMIC_ZAP, EMOTION_CONTROL, FORCE_FIELD, HOME_COLONY,
                                         IONIC_GAS, MOBIUS_TUBES, NO_DEAL, PASS, PLAGUE, Rules)
from cardkit.rules.cosmic.oracle import legality
from cardkit.rules.cosmic.profile import ATTACK, EDITIONS
from cardkit.rules.cosmic.state import DEFENSE, CosmicState, Encounter

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
PLAYS_TO_WIN = ("cosmic",)      # the editions whose random player plays to win
AT_RANDOM = 0.2                 # how often it draws at random all the same
DEAL_DRAWS = 10                 # random deals drawn to find one that exchanges something


def deal(rng: Random, data: CardData, game: str) -> dict:
    edition = EDITIONS[game]
    box = data.boxes[game]
    kinds = GAMES[game]
    own: dict[str, Any] = {
        card_id: card for card_id, card in data.cards.items()
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
    """The next procedure. A classic game, once won, is scored as one game of a campaign
    (001 L1295-1313), so random play reaches the scoring; the campaign's further games are
    not played."""
    if state.winners:
        if state.edition.campaign and not state.scores_awarded:
            return {"campaign_score": None}
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


def choose(decision: Decision, rules: Rules, rng: Random) -> Any:
    """A legal choice for `decision`: see the module's docstring."""
    aim = _AIMS.get(decision.kind) if rules.edition.game in PLAYS_TO_WIN else None
    if aim is None or rng.random() < AT_RANDOM:
        return decision.draw(rng)
    return aim(decision, rules, rng)


def _fewest_ships(decision: Decision, rules: Rules, rng: Random) -> dict[str, int]:
    """None when a ship regrouped onto the gate already launches, else one from a colony."""
    if decision.allows({}):
        return {}
    colonies = rules.colonies(decision.actor)
    return {rng.choice(colonies): 1}


def _strongest_card(decision: Decision, rules: Rules, rng: Random) -> str:
    facts = rules.facts

    def strength(card: str) -> int:
        return facts.attack_value(card) if facts.encounter_type(card) == ATTACK else -1
    strengths = {card: strength(card) for card in decision.options}
    best = max(strengths.values())
    return rng.choice([card for card, value in strengths.items() if value == best])


def _weakest_planet(decision: Decision, rules: Rules, rng: Random) -> str:
    state = rules.state
    defense = cast(Encounter, state.encounter).defense
    if defense is None:      # a foreign colony at home: whose is chosen next
        return decision.draw(rng)
    ships = {planet: state.planets[planet].get(defense, 0) for planet in decision.options}
    fewest = min(ships.values())
    return rng.choice([planet for planet, count in ships.items() if count == fewest])


def _a_deal(decision: Decision, rules: Rules, rng: Random) -> Any:
    for _ in range(DEAL_DRAWS):
        terms = decision.draw(rng)
        if terms != NO_DEAL:
            break
    return terms


def _ships_back(decision: Decision, rules: Rules, rng: Random) -> dict:
    """As many ships back from the warp as the rewards allow, cards for the rest."""
    state, name = rules.state, decision.actor
    rewards = cast(Encounter, state.encounter).committed[DEFENSE][name]
    colonies = rules.colonies(name)
    back = min(rewards, state.warp.get(name, 0)) if colonies else 0
    reward: dict[str, Any] = {"draw": rewards - back} if rewards > back else {}
    if back:
        reward["retrieve"] = random_onto(rng, colonies, back)
    return reward


def _yes(decision: Decision, rules: Rules, rng: Random) -> bool:
    return True


_AIMS = {"launch": _fewest_ships, "plan": _strongest_card, "target": _weakest_planet,
         "deal": _a_deal, "agree": _yes, "reward": _ships_back, "second_encounter": _yes}


def _artifact_played(card: str):
    return decided("artifact", lambda choice: choice == card or (
        isinstance(choice, dict) and choice.get("play") == card))


# What random play must reach, each counted over a run; classic's and the current
# edition's own parts name their game.
PARTS = (
    GamePart("a foreign colony at home attacked (own colour drawn)", "001 L750-773; 002 L145",
             decided("own_colour", lambda choice: choice == HOME_COLONY)),
    GamePart("a deal made", "001 L605-627; 002 L203-215", happened("encounter.deal")),
    GamePart("a deal refused or not proposed", "001 L605-627; 002 L257-263",
             decided("deal", lambda choice: choice == NO_DEAL)),
    GamePart("defender rewards", "001 L589-601; 002 L248-253", decided("reward")),
    GamePart("compensation taken", "001 L629-638; 002 L265-269", decided("take")),
    GamePart("a second encounter", "001 L232-242; 002 L271-273",
             decided("second_encounter", bool)),
    GamePart("the Cosmic Zap", "001 L956-964", _artifact_played(COSMIC_ZAP), ("classic",)),
    GamePart("the Force Field", "001 L968-983", _artifact_played(FORCE_FIELD), ("classic",)),
    GamePart("the Mobius Tubes", "001 L984-998", _artifact_played(MOBIUS_TUBES), ("classic",)),
    GamePart("the Plague", "001 L999-1013", _artifact_played(PLAGUE), ("classic",)),
    GamePart("the Ionic Gas", "001 L1014-1025", _artifact_played(IONIC_GAS), ("classic",)),
    GamePart("the Emotion Control", "001 L1026-1031", _artifact_played(EMOTION_CONTROL),
             ("classic",)),
    GamePart("an alien power used (a shown fragment)", "001 L270-272",
             decided("power", lambda choice: choice != PASS), ("classic",)),
    GamePart("the campaign scored", "001 L1295-1322", happened("campaign.scored"),
             ("classic",)),
)

PLAYTHROUGH = Playthrough(deal=deal, next_action=next_action, write_choice=write_choice,
                          max_actions=2000, ends="001 L76-78, L843-846; 002 L5, L283-285",
                          choose=choose, parts=PARTS, oracle=legality,
                          player="classic: each legal choice as likely; current edition: "
                                 "plays to win, one decision in five at random")
