"""The state of a game of Cosmic Encounter Duel, and its plain view for checkpoints.

The state holds where everything is; the rules that change it live in `engine`.
Piles are lists of card ids: decks top card first, discard piles and the Past bottom
card first (the last card is the one on top).
"""

from __future__ import annotations

from dataclasses import dataclass, field

COLOURS = ("orange", "blue")
SHIPS_PER_PLAYER = 20
STARTING_VORTEX = 5
PLANETS_TO_WIN = 5


def opponent(colour: str) -> str:
    return "blue" if colour == "orange" else "orange"


@dataclass
class PlayerState:
    colour: str
    alien: str | None
    hand_size: int
    supply: int
    vortex: int
    hand: list[str] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    ready_tactics: list[str] = field(default_factory=list)
    spent_tactics: list[str] = field(default_factory=list)


@dataclass
class PlanetState:
    name: str
    tile: str | None
    symbol: str | None
    ships: dict[str, int] = field(default_factory=lambda: {colour: 0 for colour in COLOURS})
    in_vortex: bool = False


@dataclass
class EmissaryState:
    ally: str | None = None
    face_up: bool = False


@dataclass(frozen=True)
class TacticChoice:
    tile: str
    half: str


@dataclass(frozen=True)
class ReinforcementPlay:
    card: str
    on: str


@dataclass
class PlayedReinforcement:
    card: str
    played_by: str
    on: str


@dataclass
class Clash:
    """A duel or a contest in progress (or the last one fought, once `over`)."""

    kind: str  # "duel" or "contest"
    fate: str | None
    planet: str | None = None
    ship_advantage: int = 0
    step: str = "start"
    dials: dict[str, int] = field(default_factory=dict)
    plans: dict[str, str] = field(default_factory=dict)
    plans_revealed: bool = False
    tactics: dict[str, TacticChoice] = field(default_factory=dict)
    reinforcements: list[PlayedReinforcement] = field(default_factory=list)
    winner: str | None = None
    # Influence and ship advantage as they stood when the winner was decided; the
    # loser's withdrawal at cleanup must not change them afterwards.
    final_influence: dict[str, int] | None = None
    final_advantage_holder: str | None = None
    over: bool = False

    @property
    def loser(self) -> str | None:
        return opponent(self.winner) if self.winner else None


@dataclass
class GameState:
    players: dict[str, PlayerState]
    leader: str
    planets: dict[str, PlanetState] = field(default_factory=dict)
    planet_stack: list[PlanetState] = field(default_factory=list)
    emissaries: dict[str, EmissaryState] = field(default_factory=dict)
    fate_decks: dict[str, list[str]] = field(default_factory=dict)
    reinforcement_deck: list[str] = field(default_factory=list)
    past: list[str] = field(default_factory=list)
    clash: Clash | None = None
    selected_planet: str | None = None
    # The deck the last fate card sends the game to, when the card database gives it.
    next_deck: str | None = None
    over: bool = False
    winners: tuple[str, ...] = ()

    @property
    def straggler(self) -> str:
        return opponent(self.leader)

    def in_leader_order(self) -> tuple[str, str]:
        return (self.leader, self.straggler)

    def controllers(self, planet: PlanetState) -> list[str]:
        """Who controls `planet`: nobody while a duel is fought there; on the Vortex
        planet only the player with more ships; elsewhere everyone with a ship on it."""
        clash = self.clash
        if clash is not None and not clash.over and clash.planet == planet.name:
            return []
        if planet.in_vortex:
            orange, blue = planet.ships["orange"], planet.ships["blue"]
            if orange == blue:
                return []
            return ["orange" if orange > blue else "blue"]
        return [colour for colour in COLOURS if planet.ships[colour] > 0]

    def controlled(self, colour: str) -> list[str]:
        return [name for name, planet in self.planets.items()
                if colour in self.controllers(planet)]
