"""The state an encounter touches: players and hands, planets and their colonies, the warp,
the decks, destiny, the encounter under way and the turn.

Ships are counted, not named: a planet maps each player to the ships it has there (a
colony is one or more, L255-257 / L84-86), the warp maps each player to its lost ships.
Ships committed to an encounter are on the offense's side (the classic main ship, the
current hyperspace gate) or beside the planet (classic transports, current stacks).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import cast

from cardkit.rules.cosmic.profile import Edition

OFFENSE, DEFENSE = "offense", "defense"


@dataclass
class Player:
    name: str
    colour: str
    alien: str | None = None
    hand: list[str] = field(default_factory=list)
    power: bool = True            # the alien card face up (classic L919-928)
    seen: dict[str, list[str]] = field(default_factory=dict)   # hands it has looked at
    score: int = 0                # campaign points


@dataclass
class Encounter:
    number: int
    offense: str
    defense: str | None = None
    destiny: str | None = None          # the colour (or card) destiny showed
    planet: str | None = None
    targets: list[str] = field(default_factory=list)
    committed: dict[str, dict[str, int]] = field(
        default_factory=lambda: {OFFENSE: {}, DEFENSE: {}})
    invited: dict[str, list[str]] = field(default_factory=lambda: {OFFENSE: [], DEFENSE: []})
    allies: dict[str, list[str]] = field(default_factory=lambda: {OFFENSE: [], DEFENSE: []})
    excluded: list[str] = field(default_factory=list)         # by a Force Field
    planned: dict[str, str] = field(default_factory=dict)     # role -> card id, face down
    revealed: bool = False
    acts_as: dict[str, str] = field(default_factory=dict)     # role -> attack/negotiate
    strength: dict[str, int] = field(default_factory=dict)    # ships as they count
    totals: dict[str, int] = field(default_factory=dict)
    outcome: str | None = None
    winner: str | None = None
    cancelled: list[str] = field(default_factory=list)        # players whose power is zapped
    compensation: int = 0
    rewards: dict[str, dict[str, int]] = field(default_factory=dict)
    step: str = ""

    def role_of(self, player: str) -> str | None:
        if player == self.offense:
            return OFFENSE
        if player == self.defense:
            return DEFENSE
        return None

    def player(self, role: str) -> str:
        """The main player in `role`; the defense once it is named (no step reads it
        before)."""
        return self.offense if role == OFFENSE else cast(str, self.defense)


@dataclass
class CosmicState:
    edition: Edition
    players: dict[str, Player]                       # in seating order, clockwise
    planets: dict[str, dict[str, int]]               # planet -> player -> ships
    home: dict[str, str]                             # planet -> the player whose home it is
    warp: dict[str, int] = field(default_factory=dict)
    deck: list[str] = field(default_factory=list)    # top first
    discard: list[str] = field(default_factory=list)  # top last
    destiny: list[str] = field(default_factory=list)  # discs or destiny cards, unordered
    destiny_discard: list[str] = field(default_factory=list)
    colony_track: dict[str, int] = field(default_factory=dict)
    turn: str | None = None                          # whose turn it is
    encounter: Encounter | None = None
    first_player: str | None = None
    winners: list[str] = field(default_factory=list)
    scores_awarded: dict[str, int] = field(default_factory=dict)

    def by_colour(self, colour: str) -> str | None:
        return next((p.name for p in self.players.values() if p.colour == colour), None)

    def colonies(self, player: str) -> list[str]:
        return [planet for planet, ships in self.planets.items() if ships.get(player, 0) > 0]

    def home_colonies(self, player: str) -> list[str]:
        return [planet for planet in self.colonies(player) if self.home[planet] == player]

    def foreign_colonies(self, player: str) -> list[str]:
        return [planet for planet in self.colonies(player) if self.home[planet] != player]

    def foreign_colony_counts(self) -> dict[str, int]:
        """How many foreign colonies each player has."""
        counts = dict.fromkeys(self.players, 0)
        for planet, ships in self.planets.items():
            owner = self.home[planet]
            for name, count in ships.items():
                if count and name != owner:
                    counts[name] += 1
        return counts

    def home_planets(self, player: str) -> list[str]:
        return [planet for planet, owner in self.home.items() if owner == player]

    def seat_order_from_left_of(self, player: str) -> list[str]:
        """Every other player, clockwise, starting on `player`'s left."""
        names = list(self.players)
        start = names.index(player)
        return [names[(start + offset) % len(names)] for offset in range(1, len(names))]
