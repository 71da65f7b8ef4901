"""Which choices the Duel rulebook allows, written from its text apart from the engine.

At a decision random play asks the oracle for candidates from the whole space of the
decision's shape, illegal ones among them (a dial of 0 or 5, a card not in hand, a card
of the wrong kind, a reinforcement on a player who is not in the game), and for those of
them the rulebook allows; the engine must accept exactly those (`core.playthrough`). It
reads the state and the cards' kinds, never the engine's lists of options. Lines are the
German rulebook's (`003_cadf4f0e38ea8624.txt`).
"""

from __future__ import annotations

from typing import Any

from cardkit.rules.core.decisions import Decision, Oracle
from cardkit.rules.duel.state import ReinforcementPlay

# The ship dial shows a number from 1 to 4 (003 L281, L666).
LEAST_DIAL, MOST_DIAL = 1, 4
# The two players' colours (003 L45-49, L163).
COLOURS = ("orange", "blue")
# A reinforcement turn may be passed (003 L405-407).
PASS = "pass"
# Candidates beyond the rulebook's space: a colour not in the game, a card nobody holds.
NOBODY = "green"
NO_CARD = "no-such-card"


def _dial(decision: Decision, rules: Any) -> tuple[tuple, tuple]:
    """Each player secretly sets a number from 1 to 4 on the dial (003 L281); more than its
    supply sends all it has (L592)."""
    candidates = tuple(range(LEAST_DIAL - 2, MOST_DIAL + 3))
    return candidates, tuple(n for n in candidates if LEAST_DIAL <= n <= MOST_DIAL)


def _hand(decision: Decision, rules: Any) -> list[str]:
    return rules.state.players[decision.actor].hand


def _plan(decision: Decision, rules: Any) -> tuple[tuple, tuple]:
    """A player chooses a plan from its hand (003 L269)."""
    hand = _hand(decision, rules)
    elsewhere = [card for player in rules.state.players.values() for card in player.deck]
    candidates = tuple(dict.fromkeys([*hand, *elsewhere[:1], NO_CARD]))
    return candidates, tuple(card for card in candidates
                             if card in hand and rules.cards[card].kind == "plan")


def _reinforcement(decision: Decision, rules: Any) -> tuple[tuple, tuple]:
    """On its turn a player plays a reinforcement from its hand on either player, changing
    that player's strength, or passes (003 L335, L405-407)."""
    hand = _hand(decision, rules)
    cards = [*dict.fromkeys(hand), NO_CARD]
    candidates = (PASS,) + tuple(ReinforcementPlay(card, on) for card in cards
                                 for on in (*COLOURS, NOBODY))
    return candidates, (PASS,) + tuple(
        play for play in candidates[1:]
        if play.card in hand and play.on in COLOURS
        and rules.cards[play.card].kind == "reinforcement")


legality = Oracle({"dial": _dial, "plan": _plan, "reinforcement": _reinforcement})
