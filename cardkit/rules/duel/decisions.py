"""What the engine asks for and what it reports: decisions, events and choices.

A decision names who must choose (a player, or `chance` for a shuffle), what kind of
choice it is and the legal choices. The engine never decides for a player, except when
only one choice is legal: then nothing is asked.
"""

from __future__ import annotations

from dataclasses import dataclass

CHANCE = "chance"
PASS = "pass"

DECISION_KINDS = {
    "dial": "the number on the ship dial (1 to 4)",
    "reveal_emissary": "whether to reveal a face-down allied emissary (true or false)",
    "plan": "the hand card played as plan",
    "tactic": "the ready tactic and the half to resolve ({tile: id, half: icon})",
    "ready_tactic": "a spent tactic to make ready",
    "reinforcement": "a reinforcement to play ({play: id, on: colour}) or pass",
    "may": "whether to use an optional effect (true or false)",
    "improve_relations": "the emissary to improve relations with",
    "worsen_relations": "the emissary to worsen relations with",
    "keep_ally": "the one allied emissary to keep when a player has two",
    "planet_bar": "the planet picked among several with the same symbol",
    "resources": "the planet whose resources the player collects",
    "discard": "a hand card discarded down to the hand size",
    "retrieve_from": "where a retrieved ship comes from (vortex or vortex-planet)",
    "shuffle": "the order of a reshuffled deck, top card first",
}


@dataclass(frozen=True)
class Decision:
    actor: str
    kind: str
    prompt: str
    options: tuple = ()
    # For a shuffle the choices are every order of these cards, too many to list.
    shuffled: tuple[str, ...] | None = None

    def allows(self, choice) -> bool:
        if self.shuffled is not None:
            return (isinstance(choice, (list, tuple))
                    and sorted(choice) == sorted(self.shuffled))
        return choice in self.options

    @property
    def forced(self) -> bool:
        if self.shuffled is not None:
            return len(set(self.shuffled)) <= 1
        return len(self.options) == 1

    def only_choice(self):
        return tuple(self.shuffled) if self.shuffled is not None else self.options[0]


@dataclass(frozen=True)
class Event:
    """A step of a procedure has been completed; checkpoints are compared here."""

    name: str
    detail: str = ""


class IllegalChoice(ValueError):
    pass
