"""Choice checks the engines share, and the draws random play makes among the same choices.

A decision whose legal choices are too many to list gives a test of one choice (`accepts`)
and a way to draw one at random (`sample`); these are the tests and draws that recur from
game to game: a set of distinct items from a list, a multiset taken from a pile, counts
spread over places.
"""

from __future__ import annotations

from bisect import bisect
from collections import Counter
from collections.abc import Mapping, Sequence
from itertools import accumulate
from random import Random
from typing import Any

from cardkit.rules.core.decisions import CHANCE, Decision


def is_subset(choice: Any, allowed: Sequence[str]) -> bool:
    """A list of distinct items, each one of `allowed` (none at all included)."""
    if not isinstance(choice, (list, tuple)):
        return False
    chosen = set(choice)
    return len(chosen) == len(choice) and chosen.issubset(allowed)


def is_taken_from(choice: Any, pile: Sequence[str], count: int) -> bool:
    """`count` items, each taken once from `pile` (which may hold an item several times)."""
    if not isinstance(choice, (list, tuple)) or len(choice) != count:
        return False
    return not Counter(choice) - Counter(pile)


def is_spread(choice: Any, places: Mapping[str, int], least: int, most: int | None) -> bool:
    """A mapping of places to positive counts, each at most what the place holds
    (`places`), adding up to `least`..`most` (no upper bound when `most` is None)."""
    if not isinstance(choice, dict) or not choice:
        return False
    total = 0
    for place, count in choice.items():
        if (not isinstance(count, int) or isinstance(count, bool) or count <= 0
                or count > places.get(place, 0)):
            return False
        total += count
    return total >= least and (most is None or total <= most)


def random_subset(rng: Random, allowed: Sequence[str]) -> tuple[str, ...]:
    """Each item kept or left with even odds: every subset equally likely."""
    return tuple(item for item in allowed if rng.random() < 0.5)


def random_taken(rng: Random, pile: Sequence[str], count: int) -> tuple[str, ...]:
    return tuple(rng.sample(list(pile), count))


def random_order(rng: Random, pile: Sequence[str]) -> tuple[str, ...]:
    order = list(pile)
    rng.shuffle(order)
    return tuple(order)


def random_spread(rng: Random, places: Mapping[str, int], total: int) -> dict[str, int]:
    """`total` items taken one at a time from `places` (place -> how many it holds), each
    from a place drawn in proportion to what it has left."""
    left = dict(places)
    names = list(left)
    taken: dict[str, int] = {}
    for _ in range(total):
        # As `rng.choices(names, weights=list(left.values()))[0]` draws (one `random()`
        # against the running totals), without its checks and copies at every item.
        bounds = list(accumulate(left.values()))
        place = names[bisect(bounds, rng.random() * (bounds[-1] + 0.0), 0, len(bounds) - 1)]
        left[place] -= 1
        taken[place] = taken.get(place, 0) + 1
    return taken


def random_onto(rng: Random, places: Sequence[str], total: int) -> dict[str, int]:
    """`total` items put one at a time onto places drawn evenly."""
    spread: dict[str, int] = {}
    for _ in range(total):
        place = rng.choice(places)
        spread[place] = spread.get(place, 0) + 1
    return spread


def shuffle(pile: Sequence[str], prompt: str) -> Decision:
    """Chance orders a pile shuffled into a deck: any order of its cards, too many to list
    (one order only when every card is the same)."""
    cards = tuple(pile)
    if len(set(cards)) <= 1:
        return Decision(CHANCE, "shuffle", prompt, options=(cards,))
    return Decision(CHANCE, "shuffle", prompt,
                    accepts=lambda order: (isinstance(order, (list, tuple))
                                           and sorted(order) == sorted(cards)),
                    space=lambda: f"any order of [{', '.join(cards)}]",
                    sample=lambda rng: random_order(rng, cards))
