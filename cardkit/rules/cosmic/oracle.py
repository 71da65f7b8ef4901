"""Which choices the Cosmic Encounter rulebooks allow, written from their text apart from
the engine, for both editions.

At a decision random play asks the oracle for candidates from the whole space of the
decision's shape, illegal ones among them (five ships launched, none, a ship from a planet
where the player has none, a main player invited as its own ally, a side nobody invited
it to, a card not in hand, a card that is no encounter card, a defender reward too many
or too few, an empty deal, cards from an ally's hand) and which of them the rulebook
allows; the engine must accept exactly those (`core.playthrough`). It reads the state and
the cards' kinds, never the engine's lists of options nor its profile. Lines are the
classic rulebook's (`001_9841a4286c692375.txt`) and the current one's
(`002_899f4de90e84aa54.txt`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from cardkit.rules.core.decisions import Decision, Oracle

# A player takes one to four of its ships from any of its colonies to the encounter, as
# the offense (001 L369-374; 002 L147-149) and as an ally (001 L429-433; 002 L167).
LEAST_SHIPS, MOST_SHIPS = 1, 4
# The encounter cards a main player may lay: attack or negotiate (001 L441-445), and in
# the current edition morph too (002 L177-179, L217-224).
ENCOUNTER_TYPES = {"classic": ("attack", "negotiate"), "cosmic": ("attack", "negotiate", "morph")}
# Defender rewards: one for each ship committed, "debes" (001 L589-593), or up to one for
# each, "puede" (002 L248-251).
REWARDS_EXACT = {"classic": True, "cosmic": False}
# The choices' words: the two sides, declining an invitation, no deal, the offense's side
# of the encounter (the classic main ship, the current gate).
OFFENSE, DEFENSE, DECLINE, NO_DEAL, GATE = "offense", "defense", "decline", "no-deal", "gate"
# Candidates beyond the rulebook's space: a card nobody holds, a planet nobody has.
NO_CARD = "no-such-card"
NO_PLANET = "no-such-planet"


def _colonies(state: Any, name: str) -> dict[str, int]:
    """The planets where the player has ships (a colony, 001 L255-257; 002 L84-86), with
    how many."""
    colonies = {}
    for planet, ships in state.planets.items():
        count = ships.get(name, 0)
        if count > 0:
            colonies[planet] = count
    return colonies


def _has_colony(state: Any, name: str) -> bool:
    """Whether the player has ships on some planet (a colony, 001 L255-257; 002 L84-86)."""
    for ships in state.planets.values():
        if ships.get(name, 0) > 0:
            return True
    return False


def _spreads(places: dict[str, int], most: int) -> list[dict[str, int]]:
    """Candidates for ships taken from places: none, every total from one to `most` taken
    place by place, one more than a place holds, one from a planet not among them."""
    candidates: list[dict[str, int]] = [{}]
    taken, total = {}, 0
    for place, held in places.items():
        if total == most:
            break
        more = min(held, most - total)
        for count in range(1, more + 1):
            taken[place] = count
            candidates.append(taken.copy())
        taken[place] = more
        total += more
    if places:
        first = next(iter(places))
        candidates.append({first: places[first] + 1})
    candidates.append({NO_PLANET: 1})
    return candidates


def _within(spreads: list[dict[str, int]], places: dict[str, int], least: int, most: int
            ) -> tuple[dict[str, int], ...]:
    """The spreads that take at least one ship from each place and no more than it holds,
    `least` to `most` in all."""
    allowed = []
    for spread in spreads:
        total = 0
        for place, count in spread.items():
            if not 0 < count <= places.get(place, 0):
                break
            total += count
        else:
            if least <= total <= most:
                allowed.append(spread)
    return tuple(allowed)


def _launch(decision: Decision, rules: Any) -> tuple[tuple, tuple]:
    """One to four ships from the offense's colonies (001 L369-374; 002 L147-149). A
    classic offense with no colony may have moved a ship from the warp straight onto the
    main ship (001 L350-353): it is one of the four, and the ones gathered may be none."""
    state = rules.state
    colonies = _colonies(state, decision.actor)
    already = state.encounter.committed[OFFENSE].get(decision.actor, 0)
    least = 0 if already else LEAST_SHIPS
    candidates = _spreads(colonies, MOST_SHIPS + 1)
    return tuple(candidates), _within(candidates, colonies, least, MOST_SHIPS - already)


def _commit(decision: Decision, rules: Any) -> tuple[tuple, tuple]:
    """An ally places one to four of its ships from any of its colonies (001 L429-433;
    002 L167)."""
    colonies = _colonies(rules.state, decision.actor)
    candidates = _spreads(colonies, MOST_SHIPS + 1)
    return tuple(candidates), _within(candidates, colonies, LEAST_SHIPS, MOST_SHIPS)


def _invite(decision: Decision, rules: Any) -> tuple[tuple, tuple]:
    """The offense, then the defense, invites any of the other players, as many or as few
    as it likes (001 L407-424; 002 L159-161); a main player cannot be an ally (002 L161)."""
    encounter = rules.state.encounter
    return _invitations(tuple(rules.state.players), encounter.offense, encounter.defense)


# The judgment reads nothing but the seating and the two main players, and each of its
# few answers comes twice an encounter: it is kept (tuples of names, never changed).
@lru_cache(maxsize=256)
def _invitations(seating: tuple[str, ...], offense: str, defense: str | None
                 ) -> tuple[tuple, tuple]:
    mains = (offense, defense)
    others = tuple(name for name in seating if name not in mains)
    candidates = [(), others, *((name,) for name in seating)]
    if others:
        candidates.append((others[0], others[0]))
    invitable = set(others)
    return tuple(candidates), tuple(
        invited for invited in candidates
        if len(set(invited)) == len(invited) and invitable.issuperset(invited))


def _ally(decision: Decision, rules: Any) -> tuple[tuple, tuple]:
    """An invited player joins one side that invited it, or declines (001 L426-436; 002
    L163-173); joining means placing one to four ships, so a player with no ship in a
    colony can only decline (001 L429-433; 002 L167)."""
    state = rules.state
    encounter = state.encounter
    name = decision.actor
    can_commit = _has_colony(state, name)
    return (OFFENSE, DEFENSE, DECLINE), (*[
        side for side in (OFFENSE, DEFENSE)
        if can_commit and name in encounter.invited[side]], DECLINE)


def _plan(decision: Decision, rules: Any) -> tuple[tuple, tuple]:
    """A main player lays an encounter card from its hand (001 L441-445; 002 L177-179)."""
    state = rules.state
    hand = state.players[decision.actor].hand
    encounter_card = _encounter_cards(rules.facts, ENCOUNTER_TYPES[state.edition.game])
    in_hand = dict.fromkeys(hand)   # each card once, first among the candidates
    candidates = tuple(dict.fromkeys([*in_hand, *state.deck[:1], NO_CARD]))
    return candidates, tuple([card for card in in_hand if encounter_card[card]])


class _EncounterCards(dict):
    """Whether each card id is an encounter card of the given types, read from the card
    facts the first time it is asked."""

    def __init__(self, facts: Any, types: tuple[str, ...]):
        super().__init__()
        self.facts, self.types = facts, types

    def __missing__(self, card: str) -> bool:
        fact = self.facts.cards.get(card)
        known = self[card] = (fact is not None and fact.kind == "encounter"
                              and fact.type in self.types)
        return known


# A game's cards do not change while it is played, and each plan asks about a whole hand
# again: the answers are kept for the game's card facts last asked about (another game's
# may be another database, or make up cards of its own under the same ids).
_last_encounter_cards = _EncounterCards(None, ())


def _encounter_cards(facts: Any, types: tuple[str, ...]) -> _EncounterCards:
    global _last_encounter_cards
    known = _last_encounter_cards
    if known.facts is not facts or known.types != types:
        known = _last_encounter_cards = _EncounterCards(facts, types)
    return known


def _target(decision: Decision, rules: Any) -> tuple[tuple, tuple]:
    """Any planet of the system destiny named (001 L380-383; 002 L141); on its own colour,
    a planet of the offense's home system where another player has a colony (001
    L360-368, L760-769; 002 L145)."""
    state = rules.state
    encounter = state.encounter
    offense = encounter.offense
    for named, player in state.players.items():   # the player whose colour destiny showed
        if player.colour == encounter.destiny:
            break
    else:
        named = None
    planets = tuple(state.planets)
    systems = tuple(map(state.home.__getitem__, planets))   # whose home each planet is
    if named != offense:
        return _named_system_targets(planets, systems, offense, named)
    allowed = tuple([planet for planet, system in zip(planets, systems) if system == offense
                     and any(count > 0 and name != offense
                             for name, count in state.planets[planet].items())])
    return _target_candidates(planets, systems, offense, allowed), allowed


# Unless destiny shows the offense's own colour, the judgment reads nothing but the
# planets, their systems and the two players, the same from one encounter to the next: it
# is kept (tuples of names, never changed), and so are the candidates around the planets
# allowed.
@lru_cache(maxsize=256)
def _named_system_targets(planets: tuple[str, ...], systems: tuple[str, ...], offense: str,
                          named: str | None) -> tuple[tuple, tuple]:
    allowed = tuple([planet for planet, system in zip(planets, systems) if system == named])
    return _target_candidates(planets, systems, offense, allowed), allowed


@lru_cache(maxsize=256)
def _target_candidates(planets: tuple[str, ...], systems: tuple[str, ...], offense: str,
                       allowed: tuple[str, ...]) -> tuple[str, ...]:
    # Besides those allowed: every home planet of the offense and one planet of each other
    # system.
    rest = [(planet, system) for planet, system in zip(planets, systems)
            if planet not in allowed]
    others = {system: planet for planet, system in reversed(rest) if system != offense}
    return (*allowed, *[planet for planet, system in rest if system == offense],
            *others.values(), NO_PLANET)


def _reward(decision: Decision, rules: Any) -> tuple[tuple, tuple]:
    """For each ship it committed, a defensive ally draws a card or moves one of its ships
    from the warp to a colony of its choice, in any mix (001 L589-601; 002 L248-251): one
    for each ship in the classic rulebook, up to one for each in the current one."""
    state = rules.state
    name = decision.actor
    ships = state.encounter.committed[DEFENSE][name]
    colonies = _colonies(state, name)
    in_warp = state.warp.get(name, 0)
    least = ships if REWARDS_EXACT[state.edition.game] else 0
    candidates: list[dict] = [{"draw": drawn} for drawn in range(ships + 2)]
    # Each candidate once (one ship committed, or none, would make some twice).
    for retrieved in dict.fromkeys((1, ships, ships + 1)):
        for planet in dict.fromkeys([*list(colonies)[:1], NO_PLANET]):
            candidates.append({"retrieve": {planet: retrieved}})
            candidates.append({"draw": 1, "retrieve": {planet: retrieved}})

    def allowed(reward: dict) -> bool:
        retrieve = reward.get("retrieve", {})
        retrieved = sum(retrieve.values())
        return (retrieve.keys() <= colonies.keys() and retrieved <= in_warp
                and least <= reward.get("draw", 0) + retrieved <= ships)
    return tuple(candidates), tuple([reward for reward in candidates if allowed(reward)])


def _deal(decision: Decision, rules: Any) -> tuple[tuple, tuple]:
    """The main players may trade cards from their hands and/or let the other found a
    colony on a planet where the giver has one, with ships not in the warp (001 L612-622;
    002 L205-211); allies are never part of a deal (001 L622-623); a deal exchanges at
    least a card or founds a colony (002 L213). Or no deal is made (001 L623-626)."""
    state = rules.state
    encounter = state.encounter
    mains = (encounter.offense, encounter.defense)
    outsiders = [name for name in state.players if name not in mains]
    candidates: list = [NO_DEAL, {"cards": {}, "colonies": []}]
    for giver in [*mains, *outsiders[:1]]:
        hand = state.players[giver].hand
        if hand:
            candidates.append({"cards": {giver: [hand[0]]}})
    candidates.append({"cards": {mains[0]: [NO_CARD]}})
    colonies = []
    colonies_of = {name: _colonies(state, name) for name in mains}
    for receiver in mains:
        giver = mains[1] if receiver == mains[0] else mains[0]
        sources = dict(colonies_of[receiver])
        on_gate = encounter.committed[OFFENSE].get(receiver, 0) if receiver == mains[0] else 0
        if on_gate:
            sources[GATE] = on_gate
        planets = [planet for planet in colonies_of[giver]
                   if state.planets[planet].get(receiver, 0) == 0]
        for planet in planets[:1] + [NO_PLANET]:
            for source in list(sources)[:2]:
                colony = {"for": receiver, "planet": planet, "from": {source: 1}}
                colonies.append(colony)
                candidates.append({"colonies": [colony]})

    def colony_allowed(colony: dict) -> bool:
        receiver = colony["for"]
        giver = mains[1] if receiver == mains[0] else mains[0]
        [(source, count)] = colony["from"].items()
        held = (encounter.committed[OFFENSE].get(receiver, 0) if source == GATE
                and receiver == mains[0] else state.planets.get(source, {}).get(receiver, 0))
        return (state.planets.get(colony["planet"], {}).get(giver, 0) > 0
                and state.planets[colony["planet"]].get(receiver, 0) == 0
                and 0 < count <= held)

    def allowed(terms: Any) -> bool:
        if terms == NO_DEAL:
            return True
        cards = terms.get("cards", {})
        if not any(cards.values()) and not terms.get("colonies"):
            return False
        return (all(giver in mains and all(card in state.players[giver].hand for card in given)
                    for giver, given in cards.items())
                and all(colony_allowed(colony) for colony in terms.get("colonies", ())))
    return tuple(candidates), tuple([terms for terms in candidates if allowed(terms)])


legality = Oracle({"launch": _launch, "commit": _commit, "invite": _invite, "ally": _ally,
                   "plan": _plan, "target": _target, "reward": _reward, "deal": _deal})
