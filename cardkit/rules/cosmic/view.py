"""The Cosmic Encounter state as plain data: what a scenario's checkpoints compare against.

Ship counts of zero are left out (a planet lists its colonies, the warp the players with
lost ships). Hands, targets, colonies and winners compare in any order; the discard pile
keeps its order (the last card is on top). The destiny pile reads as a count per colour
or card, since its order is chance's.
"""

from __future__ import annotations

from collections import Counter

from cardkit.rules.core.scenario import Keys
from cardkit.rules.cosmic.state import CosmicState, Encounter

UNORDERED_FIELDS = frozenset({"hand", "targets", "home_colonies", "foreign_colonies",
                              "winners", "excluded", "cancelled",
                              # the invited and the allies of each side
                              "offense", "defense"})

_PLAYER = {"colour": None, "alien": None, "power": None, "hand": None, "hand_size": None,
           "seen": None, "home_colonies": None, "foreign_colonies": None, "score": None}
_ROLES = ("offense", "defense")


def checkpoint_schema(players: tuple[str, ...], planets: tuple[str, ...]) -> dict:
    """The fields `view` gives, with the players and planets the scenario's setup has."""
    by_player = Keys(players)
    by_role = {role: None for role in _ROLES}
    return {
        "players": Keys(players, _PLAYER),
        "planets": Keys(planets, by_player),
        "warp": by_player,
        "deck": None,
        "deck_size": None,
        "discard": None,
        "destiny": None,
        "colony_track": by_player,
        "turn": None,
        "first_player": None,
        "winners": None,
        "scores_awarded": by_player,
        "encounter": {
            "number": None, "step": None, "offense": None, "defense": None, "destiny": None,
            "planet": None, "targets": None,
            "committed": {role: by_player for role in _ROLES},
            "invited": by_role, "allies": by_role, "excluded": None,
            "planned": by_role, "revealed": None, "acts_as": by_role, "strength": by_role,
            "totals": by_role, "outcome": None, "winner": None, "cancelled": None,
            "compensation": None, "rewards": Keys(players, {"cards": None, "ships": None}),
        },
    }


def view(state: CosmicState) -> dict:
    return {
        "players": {name: {
            "colour": player.colour, "alien": player.alien, "power": player.power,
            "hand": list(player.hand), "hand_size": len(player.hand),
            "seen": {other: list(cards) for other, cards in player.seen.items()},
            "home_colonies": state.home_colonies(name),
            "foreign_colonies": state.foreign_colonies(name),
            "score": player.score,
        } for name, player in state.players.items()},
        "planets": {planet: _nonzero(ships) for planet, ships in state.planets.items()},
        "warp": _nonzero(state.warp),
        "deck": list(state.deck),
        "deck_size": len(state.deck),
        "discard": list(state.discard),
        "destiny": dict(sorted(Counter(state.destiny).items())),
        "colony_track": dict(state.colony_track),
        "turn": state.turn,
        "first_player": state.first_player,
        "winners": list(state.winners),
        "scores_awarded": dict(state.scores_awarded),
        "encounter": None if state.encounter is None else _encounter(state.encounter),
    }


def _encounter(encounter: Encounter) -> dict:
    return {
        "number": encounter.number, "step": encounter.step,
        "offense": encounter.offense, "defense": encounter.defense,
        "destiny": encounter.destiny, "planet": encounter.planet,
        "targets": list(encounter.targets),
        "committed": {role: _nonzero(ships) for role, ships in encounter.committed.items()},
        "invited": {role: list(names) for role, names in encounter.invited.items()},
        "allies": {role: list(names) for role, names in encounter.allies.items()},
        "excluded": list(encounter.excluded),
        "planned": dict(encounter.planned), "revealed": encounter.revealed,
        "acts_as": dict(encounter.acts_as), "strength": dict(encounter.strength),
        "totals": dict(encounter.totals), "outcome": encounter.outcome,
        "winner": encounter.winner, "cancelled": list(encounter.cancelled),
        "compensation": encounter.compensation,
        "rewards": {name: dict(reward) for name, reward in encounter.rewards.items()},
    }


def _nonzero(counts: dict[str, int]) -> dict[str, int]:
    return {key: count for key, count in counts.items() if count}
