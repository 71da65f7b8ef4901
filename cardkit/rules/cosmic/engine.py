"""One Cosmic Encounter engine for both editions, as procedures on the shared core.

`Rules(state, facts)` reads the edition profile (`state.edition`) for what differs and the
card database (`facts`) for card values. Its procedures yield a `Decision` whenever a
player or chance must choose and an `Event` when a step is over; `Runner` drives them
OpenSpiel-style. The steps follow the classic rulebook's ten (001 L303-334) and the
current one's eight phases (002 L112-121): regroup, destiny, launch (gather and aim),
alliances (invite, invite, accept), planning, reveal, resolution.

Alien powers are not in either text. What an example shows of one is implemented as that
fragment alone, read from the alien card's `shown` entries: Macron `ship-worth` (001
L1131-1134), Pacifist `negotiate-beats-attack` (L1139-1142), Vulch
`keeps-discarded-artifacts` (L1152-1154), Philanthropist `gives-cards` (L826-828,
L1010-1012), Mind `sees-hands` (L962-964, L1019-1020) and Chronos `time-travel`
(L1142-1144: the opponent plays a new encounter card).
"""

from __future__ import annotations

from collections.abc import Iterable
from random import Random
from typing import cast

from mypy_extensions import mypyc_attr

from cardkit.rules.core.choices import (is_spread, is_subset, is_taken_from, random_onto,
                                        random_spread, random_subset, random_taken, shuffle)
from cardkit.rules.core.decisions import CHANCE, Decision, Event, Procedure, RulesError
from cardkit.rules.cosmic.facts import Facts
from cardkit.rules.cosmic.profile import (AT_PLANNING, ATTACK, CAMPAIGN_TARGET,
                                          FAILED_DEAL_SHIPS, FOREIGN_COLONIES_TO_WIN,
                                          FOUR_COLONIES_POINTS,
                                          MAX_SHIPS_COMMITTED, MORPH, NEGOTIATE,
                                          ON_BECOMING_DEFENSE, SHARED_WIN_POINTS,
                                          SOLE_WIN_POINTS)
from cardkit.rules.cosmic.state import DEFENSE, OFFENSE, CosmicState, Encounter

PASS, NONE, DECLINE = "pass", "none", "decline"
DRAW_AGAIN, HOME_COLONY = "draw-again", "home-colony"
NO_DEAL = "no-deal"
TIME_TRAVEL = "time-travel"
GATE = "gate"                 # the ships committed on the offense's side
OFFENSE_WINS, DEFENSE_WINS = "offense-wins", "defense-wins"
DEAL, FAILED_DEAL = "deal", "failed-deal"

# Alien power fragments (the `shown` keys of the alien cards) and artifact ids.
SHIP_WORTH, NEGOTIATE_BEATS_ATTACK = "ship-worth", "negotiate-beats-attack"
KEEPS_ARTIFACTS, GIVES_CARDS, SEES_HANDS = ("keeps-discarded-artifacts", "gives-cards",
                                            "sees-hands")
COSMIC_ZAP, FORCE_FIELD, MOBIUS_TUBES = "cosmic-zap", "force-field", "mobius-tubes"
PLAGUE, IONIC_GAS, EMOTION_CONTROL = "plague", "ionic-gas", "emotion-control"

EVENT_NAMES = ("game.set-up", "game.first-player", "turn.started", "encounter.regrouped",
               "encounter.destiny", "encounter.launched", "encounter.alliances",
               "encounter.planned", "encounter.revealed", "encounter.negotiation",
               "encounter.deal", "encounter.resolved",
               "encounter.ended", "turn.ended", "win.checked", "campaign.scored")


class _TurnOver(Exception):
    """The offense must play an encounter card and holds none: its turn ends at once."""


# Tests plant bugs in a subclass of the rules (docs/rules.md, "Random play that tries the
# illegal"), also where this module runs compiled.
@mypyc_attr(allow_interpreted_subclasses=True)
class Rules:
    def __init__(self, state: CosmicState, facts: Facts):
        self.state = state
        self.edition = state.edition
        self.facts = facts
        # The power fragments the players' aliens show: a window none of them is used in
        # asks nobody (players and aliens are the same for the whole game).
        self._fragments = frozenset(fragment for player in state.players.values()
                                    for fragment in facts.fragments(player.alien))
        self._left_of: dict[str, list[str]] = {}
        # Each player's colonies in the order of the planets, read off the state here and
        # kept by `_land` and `_lift` (every ship on a planet comes and goes through them):
        # the engine asks for them at most steps, and scanning every planet each time cost
        # more than the steps. Who has won is read off the state itself.
        self._position = {planet: index for index, planet in enumerate(state.planets)}
        self._home_planets = {name: state.home_planets(name) for name in state.players}
        self._colonies: dict[str, list[str]] = {name: [] for name in state.players}
        for planet, ships in state.planets.items():
            for name, count in ships.items():
                if count > 0:
                    self._colonies.setdefault(name, []).append(planet)

    # -- setup, turns, end of game ------------------------------------------------------

    def set_up(self) -> Procedure:
        """Destiny and the first player. Classic (L119-123, L140-143): one disc of the
        colours in play, flipped at random, names the first player; the discs are mixed
        again. Current (L47-51, L59): the destiny deck is the three cards of each colour in
        play with the wild and special cards the setup lists; cards are revealed until one
        shows a player's colour, then shuffled back."""
        state = self.state
        if self.edition.destiny == "deck":
            colours = [player.colour for player in state.players.values()]
            others = [card for card in state.destiny if card not in colours]
            state.destiny = [colour for colour in colours
                             for _ in range(cast(int, self.edition.destiny_per_colour))] + others
        yield Event("game.set-up")
        while state.first_player is None:
            card = yield from self._draw_destiny()
            state.first_player = state.by_colour(card)
        state.destiny += state.destiny_discard   # shuffled back (001 L122, 002 L59)
        state.destiny_discard = []
        state.turn = state.first_player
        yield Event("game.first-player")

    def lone_encounter(self, offense: str, number: int = 1) -> Procedure:
        """One encounter, for an example that shows no more of the turn; when the offense
        has no encounter card to play, the encounter stops there."""
        try:
            yield from self.encounter(offense, number)
        except _TurnOver:
            pass

    def turn(self, player: str, first_encounter: int = 1) -> Procedure:
        """A player's turn (001 L217-242, L735-745; 002 L123-125, L271-273), from its first
        encounter or, for an example that starts there, from its second."""
        state = self.state
        state.turn = player
        yield Event("turn.started")
        try:
            if first_encounter == 1:
                yield from self._start_of_turn(player)
            number = first_encounter
            while True:
                outcome = yield from self.encounter(player, number)
                if self._winners():
                    break     # the fifth foreign colony wins at once (001 L76-78; 002 L283)
                if number == 2 or not self._second_encounter_allowed(player, outcome):
                    break
                again = yield Decision(player, "second_encounter",
                                       f"{player}: have a second encounter",
                                       options=(True, False))
                if not again:
                    break
                number = 2
        except _TurnOver:
            pass
        names = list(state.players)
        state.turn = names[(names.index(player) + 1) % len(names)]
        state.encounter = None
        yield Event("turn.ended")

    def _start_of_turn(self, player: str) -> Procedure:
        hand = self.state.players[player].hand
        if any(self.facts.is_encounter_card(card) for card in hand):
            return
        if self.edition.refill_until_encounter_card:
            while not any(self.facts.is_encounter_card(card) for card in hand):
                if not any(self.facts.is_encounter_card(card)
                           for card in self.state.deck + self.state.discard + hand):
                    raise RulesError(f"{player} must draw until it holds an encounter card, "
                                     "but the deck and the discard pile hold none")
                self._discard_hand(player)
                yield from self._draw(player, self.facts.box_fact("starting_hand"))
        else:
            yield from self._new_hand(player)

    def _new_hand(self, player: str) -> Procedure:
        """Classic (L803-807, L817-819): play or discard artifacts, then draw a new hand.
        The artifacts are discarded here: none of the examples plays one at that moment."""
        hand = self.state.players[player].hand
        for card in [card for card in hand if self.facts.is_artifact(card)]:
            hand.remove(card)
            self._discard_cards([card], by=player)
        self._discard_hand(player)
        yield from self._draw(player, self.facts.box_fact("starting_hand"))

    def _second_encounter_allowed(self, player: str, outcome: str | None) -> bool:
        if outcome not in (DEAL, OFFENSE_WINS):
            return False
        if self.edition.second_encounter_needs_encounter_card:
            return any(self.facts.is_encounter_card(card)
                       for card in self.state.players[player].hand)
        return True

    def check_win(self) -> Procedure:
        """Five foreign colonies win; several at once share the win (001 L76-78,
        L843-846; 002 L283-285)."""
        self._winners()
        yield Event("win.checked")

    def _winners(self) -> list[str]:
        state = self.state
        state.winners = [name for name, count in state.foreign_colony_counts().items()
                         if count >= FOREIGN_COLONIES_TO_WIN]
        return state.winners

    def score_campaign(self) -> Procedure:
        """Classic campaign scoring (L1306-1313): 8 points for a sole win, 4 for each
        shared winner, 1 for four foreign colonies; the campaign ends at 15 (L1319-1322)."""
        state = self.state
        if not self.edition.campaign:
            raise RulesError("only the classic rulebook gives a campaign (L1295-1322)")
        yield from self.check_win()
        awarded = {}
        for name, player in state.players.items():
            if name in state.winners:
                points = SOLE_WIN_POINTS if len(state.winners) == 1 else SHARED_WIN_POINTS
            elif len(state.foreign_colonies(name)) == FOREIGN_COLONIES_TO_WIN - 1:
                points = FOUR_COLONIES_POINTS
            else:
                points = 0
            player.score += points
            awarded[name] = points
        state.scores_awarded = awarded
        yield Event("campaign.scored")

    def campaign_leaders(self) -> list[str]:
        """Who has won the campaign: the most points among those at 15 or more (a tie is
        broken by birthdays, L1320-1322, which the state does not know: all are listed)."""
        scores = {name: player.score for name, player in self.state.players.items()
                  if player.score >= CAMPAIGN_TARGET}
        best = max(scores.values(), default=None)
        return [name for name, score in scores.items() if score == best]

    # -- the encounter ------------------------------------------------------------------

    def encounter(self, offense: str, number: int = 1) -> Procedure:
        state = self.state
        encounter = state.encounter = Encounter(number, offense)
        state.turn = offense
        yield from self._regroup(encounter)
        encounter.step = "regroup"
        yield Event("encounter.regrouped")
        yield from self._artifact_window(encounter, MOBIUS_TUBES, only=offense)
        yield from self._destiny(encounter)
        encounter.step = "destiny"
        yield Event("encounter.destiny")
        # The Plague is offered once the defense is named (L999: at any time): by destiny,
        # or, aiming at a foreign colony at home (L757-773), once the offense picks whose.
        # Before that, it could empty the colony the offense is about to aim at.
        named = encounter.defense is not None
        if named:
            yield from self._artifact_window(encounter, PLAGUE)
        yield from self._power_window(encounter, (GIVES_CARDS, SEES_HANDS))
        if self.edition.gather_before_aim:
            yield from self._launch(encounter)
            yield from self._aim(encounter)
        else:
            yield from self._aim(encounter)
            yield from self._launch(encounter)
        if not named:
            yield from self._artifact_window(encounter, PLAGUE)
        encounter.step = "launch"
        yield Event("encounter.launched")
        yield from self._alliances(encounter)
        encounter.step = "alliances"
        self._measure(encounter)
        yield Event("encounter.alliances")
        yield from self._artifact_window(encounter, FORCE_FIELD)
        try:
            yield from self._planning(encounter)
            encounter.step = "planning"
            yield Event("encounter.planned")
            encounter.revealed = True
            self._read_cards(encounter)
            self._measure(encounter)
            encounter.step = "reveal"
            yield Event("encounter.revealed")
            yield from self._after_reveal(encounter)
        except _TurnOver:
            yield from self._abandon(encounter)
            raise
        yield from self._resolve(encounter)
        encounter.step = "resolution"
        yield Event("encounter.resolved")
        self._discard_cards(list(encounter.planned.values()))
        encounter.step = "ended"
        yield Event("encounter.ended")
        if encounter.outcome == FAILED_DEAL and self.edition.failed_deal_ends_turn:
            raise _TurnOver
        return encounter.outcome

    def _regroup(self, encounter: Encounter) -> Procedure:
        """Classic step 1 (L345-353): the offense may move one ship from the warp to a
        colony, or onto the main ship with none. Current phase 2 (L127-131): it retrieves
        one onto a colony. The current text names nothing for an offense with no colony;
        as in the classic rulebook, its ship goes onto the gate. Otherwise a player who
        has lost every colony could never have one again, and a game in which all have
        lost them (random play reaches it) could never end."""
        state, offense = self.state, encounter.offense
        if state.warp.get(offense, 0) == 0:
            return
        colonies = tuple(self._colonies[offense])
        options = colonies or (GATE,)
        if self.edition.regroup_optional:
            options += (NONE,)
        where = yield Decision(offense, "regroup", f"{offense}: where the ship from the warp "
                               "goes", options=options)
        if where == NONE:
            return
        state.warp[offense] -= 1
        if where == GATE:
            _add(encounter.committed[OFFENSE], offense, 1)
        else:
            self._land(where, offense, 1)

    def _destiny(self, encounter: Encounter) -> Procedure:
        """Flip the top disc (classic L354-368) or draw the top destiny card (current
        L133-135); its colour names the defense. Your own colour: flip again, or aim at a
        foreign colony in your home system (L360-368, L750-773; current L145)."""
        state, offense = self.state, encounter.offense
        while True:
            shown = yield from self._draw_destiny()
            owner = state.by_colour(shown)
            if owner is None:
                raise RulesError(f"destiny shows {shown!r}: the rulebook does not give what "
                                 "a wild or special destiny card does")
            encounter.destiny = shown
            if owner != offense:
                encounter.defense = owner
                encounter.targets = list(self._home_planets[owner])
                break
            foreign = [planet for planet in self._home_planets[offense]
                       if any(ships and player != offense
                              for player, ships in state.planets[planet].items())]
            choice = yield Decision(offense, "own_colour",
                                    f"{offense}: destiny shows its own colour",
                                    options=((HOME_COLONY,) if foreign else ()) + (DRAW_AGAIN,))
            if choice == HOME_COLONY:
                encounter.targets = foreign
                break
        if self.edition.defense_refill == ON_BECOMING_DEFENSE and encounter.defense:
            yield from self._refill_defense(encounter.defense)

    def _draw_destiny(self) -> Procedure:
        """The Orders are mixed again with the discards when one disc is left (classic
        L754-756). The current rulebook does not say what happens when the destiny deck
        runs out; its discards are shuffled into a new deck as the Orders are."""
        state = self.state
        low = 1 if self.edition.destiny == "discs" else 0
        if len(state.destiny) <= low:
            state.destiny += state.destiny_discard
            state.destiny_discard = []
        if not state.destiny:
            raise RulesError("the destiny pile is empty")
        shown = yield Decision(CHANCE, "destiny", "the colour destiny shows",
                               options=tuple(dict.fromkeys(state.destiny)))
        state.destiny.remove(shown)
        state.destiny_discard.append(shown)
        return shown

    def _aim(self, encounter: Encounter) -> Procedure:
        state, offense = self.state, encounter.offense
        planet = yield Decision(offense, "target", f"{offense}: the planet to aim at",
                                options=tuple(encounter.targets))
        encounter.planet = planet
        if encounter.defense is None:
            # A foreign colony in the offense's home system: it picks whose (L767-769).
            owners = tuple(player for player, ships in state.planets[planet].items()
                           if ships and player != offense)
            encounter.defense = yield Decision(offense, "defense",
                                               f"{offense}: whose colony it attacks",
                                               options=owners)
            if self.edition.defense_refill == ON_BECOMING_DEFENSE:
                yield from self._refill_defense(encounter.defense)

    def _launch(self, encounter: Encounter) -> Procedure:
        """One to four ships from any of the offense's colonies (001 L369-379, 002
        L147-151). A classic offense with no colony may have regrouped a ship straight onto
        the main ship (L345-353): it counts among the four, and the offense gathers the
        rest, none at all included. An offense with no ship to launch has no encounter:
        the text gives none without ships, and its turn ends, as without an encounter card
        (001 L808-816, 002 L185)."""
        offense = encounter.offense
        already = encounter.committed[OFFENSE].get(offense, 0)
        if not already and not self._colonies[offense]:
            raise _TurnOver
        taken = yield from self._take_ships(offense, 0 if already else 1,
                                            MAX_SHIPS_COMMITTED - already, "launch")
        _add(encounter.committed[OFFENSE], offense, sum(taken.values()))

    def _take_ships(self, player: str, least: int, most: int, kind: str) -> Procedure:
        """`least` to `most` ships from the player's colonies (none asked for when it may
        take none and has none to take)."""
        colonies = self._ships_in_colonies(player)
        held = sum(colonies.values())
        if held < least:
            raise RulesError(f"{player} has fewer than {least} ships in its colonies")
        if not colonies:
            return {}
        most = min(most, held)
        taken = yield Decision(
            player, kind, f"{player}: ships from its colonies ({least} to {most})",
            accepts=lambda choice: (least == 0 and choice == {})
            or is_spread(choice, colonies, least, most),
            space=lambda: f"{least} to {most} ships from {_describe(colonies)}",
            sample=lambda rng: random_spread(rng, colonies, rng.randint(least, most)))
        for planet, count in taken.items():
            self._lift(planet, player, count)
        return taken

    def _alliances(self, encounter: Encounter) -> Procedure:
        """The offense invites, then the defense; the invited answer from the offense's
        left, clockwise, each committing 1-4 ships before the next answers (001
        L407-440; 002 L153-173)."""
        state = self.state
        others = tuple(name for name in state.players
                       if name not in (encounter.offense, encounter.defense))
        for role in (OFFENSE, DEFENSE):
            main = encounter.player(role)
            invited = yield Decision(main, "invite", f"{main}: the players it invites",
                                     accepts=lambda choice: is_subset(choice, others),
                                     space=lambda: f"any of {', '.join(others) or 'nobody'}",
                                     sample=lambda rng: random_subset(rng, others))
            encounter.invited[role] = list(invited)
        for name in self._seat_order_from_left_of(encounter.offense):
            sides = tuple(role for role in (OFFENSE, DEFENSE) if name in encounter.invited[role])
            if not sides:
                continue
            # Joining means committing one to four ships (001 L429-436, 002 L167): a
            # player with no ship in a colony can only decline.
            if not self._colonies[name]:
                sides = ()
            answer = yield Decision(name, "ally", f"{name}: which side it joins",
                                    options=sides + (DECLINE,))
            if answer == DECLINE:
                continue
            encounter.allies[answer].append(name)
            taken = yield from self._take_ships(name, 1, MAX_SHIPS_COMMITTED, "commit")
            _add(encounter.committed[answer], name, sum(taken.values()))

    def _planning(self, encounter: Encounter) -> Procedure:
        """Each main player lays an encounter card face down (001 L441-445; 002
        L175-185)."""
        for role in (OFFENSE, DEFENSE):
            name = encounter.player(role)
            yield from self._lay_card(encounter, role, f"{name}: an encounter card, face down")

    def _lay_card(self, encounter: Encounter, role: str, prompt: str) -> Procedure:
        """A main player lays an encounter card. An offense that must play one and holds
        none ends its turn at once (001 L808-816, 002 L185); a defense draws a new hand
        first (001 L817-819, on becoming the defense, L455-457; 002 L183, at planning)."""
        name = encounter.player(role)
        cards = self._encounter_cards(name)
        if not cards:
            if role == OFFENSE:
                raise _TurnOver
            if self.edition.defense_refill == AT_PLANNING:
                self._discard_hand(name)
                yield from self._draw(name, self.facts.box_fact("starting_hand"))
            else:
                yield from self._new_hand(name)
            cards = self._encounter_cards(name)
            if not cards:
                raise RulesError(f"{name} drew a new hand without an encounter card: the "
                                 "rulebook does not say what the defense plays then")
        card = yield Decision(name, "plan", prompt, options=cards)
        self.state.players[name].hand.remove(card)
        encounter.planned[role] = card

    def _encounter_cards(self, name: str) -> tuple[str, ...]:
        types = self.facts.encounter_types
        return tuple(dict.fromkeys([card for card in self.state.players[name].hand
                                    if types[card] is not None]))

    def _abandon(self, encounter: Encounter) -> Procedure:
        """The offense's turn ends in the middle of the encounter: the cards laid are
        discarded and every committed ship goes home."""
        self._discard_cards(list(encounter.planned.values()))
        encounter.planned.clear()
        for role in (OFFENSE, DEFENSE):
            for name, ships in list(encounter.committed[role].items()):
                yield from self._return_ships(name, ships)
            encounter.committed[role] = {}

    def _after_reveal(self, encounter: Encounter) -> Procedure:
        """What may be played once the cards are seen: Emotion Control (played after the
        reveal in its example, L1098-1104) and Chronos's time travel (L1142-1144)."""
        yield from self._artifact_window(encounter, EMOTION_CONTROL)
        yield from self._power_window(encounter, (TIME_TRAVEL,))
        self._measure(encounter)

    def _read_cards(self, encounter: Encounter):
        """What each revealed card acts as; a Morph copies the other card (002 L217-224)."""
        types = {role: self.facts.encounter_type(card) for role, card in encounter.planned.items()}
        for role, kind in types.items():
            other = types[_other(role)]
            if kind == MORPH:
                if other == MORPH:
                    raise RulesError("two Morphs: the rulebook does not say what they copy")
                kind = other
            if encounter.acts_as.get(role) != NEGOTIATE:
                encounter.acts_as[role] = cast(str, kind)

    def _measure(self, encounter: Encounter):
        """The ships on each side as they count, and with attack cards the totals (001
        L533-541; 002 L191-195). The defense's own ships are those on the planet (001
        L537-540, 0 when none, L799-802); other colonies there are spectators (L789-798)."""
        state = self.state
        if encounter.planet is None:
            return
        defending = state.planets[encounter.planet].get(encounter.player(DEFENSE), 0)
        if SHIP_WORTH in self._fragments:
            offense = sum(self._worth(name, ships)
                          for name, ships in encounter.committed[OFFENSE].items())
            defense = self._worth(encounter.player(DEFENSE), defending)
            defense += sum(self._worth(name, ships)
                           for name, ships in encounter.committed[DEFENSE].items())
        else:     # every ship counts one
            offense = sum(encounter.committed[OFFENSE].values())
            defense = defending + sum(encounter.committed[DEFENSE].values())
        encounter.strength = {OFFENSE: offense, DEFENSE: defense}
        if encounter.revealed and all(kind == ATTACK for kind in encounter.acts_as.values()):
            encounter.totals = {role: encounter.strength[role] + self._card_value(encounter, role)
                                for role in (OFFENSE, DEFENSE)}

    def _card_value(self, encounter: Encounter, role: str) -> int:
        card = encounter.planned[role]
        if self.facts.encounter_type(card) == MORPH:
            card = encounter.planned[_other(role)]
        return self.facts.attack_value(card)

    def _worth(self, name: str, ships: int) -> int:
        """Ships count one each; a Macron ship counts as its `ship-worth` (L1131-1134)."""
        if ships and self._has_power(name, SHIP_WORTH):
            return ships * self.facts.shown_value(self._alien(name), SHIP_WORTH)
        return ships

    def _resolve(self, encounter: Encounter) -> Procedure:
        kinds = encounter.acts_as
        if kinds[OFFENSE] == ATTACK and kinds[DEFENSE] == ATTACK:
            won = (OFFENSE if encounter.totals[OFFENSE] > encounter.totals[DEFENSE]
                   else DEFENSE)   # ties to the defense
            yield from self._win(encounter, won)
        elif kinds[OFFENSE] == NEGOTIATE and kinds[DEFENSE] == NEGOTIATE:
            yield from self._negotiate(encounter)
        else:
            negotiator = OFFENSE if kinds[OFFENSE] == NEGOTIATE else DEFENSE
            name = encounter.player(negotiator)
            if self._has_power(name, NEGOTIATE_BEATS_ATTACK):
                yield from self._win(encounter, negotiator)
            else:
                lost = yield from self._win(encounter, _other(negotiator))
                yield from self._compensation(encounter, negotiator, lost)

    def _win(self, encounter: Encounter, role: str) -> Procedure:
        """The side `role` wins; returns how many of its own ships the losing main player
        sent to the warp."""
        state = self.state
        encounter.winner = encounter.player(role)
        planet = cast(str, encounter.planet)
        if role == OFFENSE:
            encounter.outcome = OFFENSE_WINS
            defense = encounter.player(DEFENSE)
            lost = state.planets[planet].get(defense, 0)
            self._lift(planet, defense, lost)
            self._to_warp(defense, lost)
            for name, ships in encounter.committed[DEFENSE].items():
                self._to_warp(name, ships)
            committed = encounter.committed[OFFENSE]
            encounter.committed = {OFFENSE: {}, DEFENSE: {}}
            for name, ships in committed.items():
                self._land(planet, name, ships)
            return lost
        encounter.outcome = DEFENSE_WINS
        lost = encounter.committed[OFFENSE].get(encounter.offense, 0)
        for name, ships in encounter.committed[OFFENSE].items():
            self._to_warp(name, ships)
        encounter.committed[OFFENSE] = {}
        for name in list(encounter.committed[DEFENSE]):
            yield from self._defender_rewards(encounter, name)
        for name, ships in list(encounter.committed[DEFENSE].items()):
            yield from self._return_ships(name, ships)
        encounter.committed[DEFENSE] = {}
        return lost

    def _defender_rewards(self, encounter: Encounter, name: str) -> Procedure:
        """Per ship it committed, a defensive ally draws a card or retrieves a ship from
        the warp to a colony, in any mix (001 L589-601; 002 L248-253): one for each ship
        in the classic rulebook ("debes", L592), up to one for each in the current one
        ("puede", L248)."""
        ships = encounter.committed[DEFENSE][name]
        colonies = tuple(self._colonies[name])
        in_warp = self.state.warp.get(name, 0) if colonies else 0
        least = 0 if self.edition.defender_rewards_optional else ships
        reward = yield Decision(
            name, "reward", f"{name}: {ships} defender rewards (cards drawn, ships retrieved)",
            accepts=lambda choice: _valid_reward(choice, least, ships, colonies, in_warp),
            space=lambda: (f"draw and retrieve adding up to "
                           f"{'at most ' if least < ships else ''}{ships}, ships onto "
                           f"{', '.join(colonies) or 'no colony'}"),
            sample=lambda rng: _random_reward(rng, least, ships, colonies, in_warp))
        yield from self._draw(name, reward.get("draw", 0))
        for planet, count in reward.get("retrieve", {}).items():
            self.state.warp[name] -= count
            self._land(planet, name, count)
        encounter.rewards[name] = {"cards": reward.get("draw", 0),
                                   "ships": sum(reward.get("retrieve", {}).values())}

    def _compensation(self, encounter: Encounter, negotiator: str, lost: int) -> Procedure:
        """The Negotiate side takes at random one card of the winner's hand per own ship it
        lost, allies' not counted (001 L629-638; 002 L265-269); as many as there are."""
        name = encounter.player(negotiator)
        winner = encounter.player(_other(negotiator))
        encounter.compensation = lost
        if not lost:
            return
        gassed = yield from self._artifact_window(encounter, IONIC_GAS, target=name)
        if gassed:
            encounter.compensation = 0
            return
        hand = self.state.players[winner].hand
        count = min(lost, len(hand))
        if not count:
            return
        taken = yield Decision(CHANCE, "take", f"the {count} cards {name} takes at random "
                               f"from {winner}'s hand",
                               accepts=lambda choice: is_taken_from(choice, hand, count),
                               space=lambda: f"{count} of {', '.join(hand)}",
                               sample=lambda rng: random_taken(rng, hand, count))
        for card in taken:
            hand.remove(card)
            self.state.players[name].hand.append(card)

    def _negotiate(self, encounter: Encounter) -> Procedure:
        """Both negotiate: the allies take their ships home, and the main players have a
        minute to deal cards from hand and/or a colony on a planet where the giver has
        one; without a deal each loses three ships (001 L605-627; 002 L203-215,
        L257-263)."""
        for name, ships in list(encounter.committed[DEFENSE].items()):
            yield from self._return_ships(name, ships)
        encounter.committed[DEFENSE] = {}
        for name in encounter.allies[OFFENSE]:
            ships = encounter.committed[OFFENSE].pop(name, 0)
            yield from self._return_ships(name, ships)
        encounter.step = "negotiation"
        yield Event("encounter.negotiation")
        offense, defense = encounter.offense, encounter.player(DEFENSE)
        terms = yield Decision(offense, "deal", f"{offense}: the deal it proposes, or none",
                               accepts=lambda choice: choice == NO_DEAL
                               or self._valid_deal(encounter, choice),
                               space=lambda: ("no-deal, or cards from hand and/or a colony "
                                              "for either main player"),
                               sample=lambda rng: self._random_deal(rng, encounter))
        agreed = terms != NO_DEAL and (
            yield Decision(defense, "agree", f"{defense}: whether it accepts the deal",
                           options=(True, False)))
        if agreed:
            encounter.outcome = DEAL
            yield from self._carry_out(encounter, terms)
        else:
            encounter.outcome = FAILED_DEAL
            for name in (offense, defense):
                yield from self._lose_ships(encounter, name, FAILED_DEAL_SHIPS)
        ships = encounter.committed[OFFENSE].pop(offense, 0)
        yield from self._return_ships(offense, ships)
        encounter.committed = {OFFENSE: {}, DEFENSE: {}}

    def _valid_deal(self, encounter: Encounter, terms) -> bool:
        """Cards from either main player's hand and a colony for either or both (001
        L615-618: "ambos podéis conseguir una nueva colonia"; 002 L207-213), each on a
        planet where the other has a colony and the receiver none, with ships from the
        receiver's colonies or (the offense) the gate. A deal must exchange something: a
        card changes hands or a colony is founded (002 L215; classic L615, cards "and/or"
        a colony)."""
        if not isinstance(terms, dict) or set(terms) - {"cards", "colonies"}:
            return False
        mains = (encounter.offense, encounter.defense)
        cards, colonies = terms.get("cards", {}), terms.get("colonies", ())
        if not isinstance(cards, dict) or not isinstance(colonies, (list, tuple)):
            return False
        for giver, given in cards.items():
            if giver not in mains or not is_taken_from(given, self.state.players[giver].hand,
                                                       len(given)):
                return False
        receivers = [colony.get("for") if isinstance(colony, dict) else None
                     for colony in colonies]
        if len(set(receivers)) != len(receivers):
            return False
        if not any(cards.values()) and not colonies:
            return False
        return all(receiver in mains and self._valid_colony(encounter, colony)
                   for receiver, colony in zip(receivers, colonies))

    def _valid_colony(self, encounter: Encounter, colony: dict) -> bool:
        receiver, planet = cast(str, colony.get("for")), colony.get("planet")
        giver = encounter.player(DEFENSE) if receiver == encounter.offense else encounter.offense
        if (set(colony) != {"for", "planet", "from"} or planet not in self._colonies[giver]
                or planet in self._colonies[receiver]):
            return False
        return is_spread(colony["from"], self._deal_ships(encounter, receiver), 1, None)

    def _deal_ships(self, encounter: Encounter, receiver: str) -> dict[str, int]:
        """Where a colony's ships may come from: the receiver's colonies, and for the
        offense the gate (002 L213; classic L619-620, any ship not in the warp)."""
        sources = self._ships_in_colonies(receiver)
        if encounter.committed[OFFENSE].get(receiver) and receiver == encounter.offense:
            sources[GATE] = encounter.committed[OFFENSE][receiver]
        return sources

    def _random_deal(self, rng: Random, encounter: Encounter):
        """No deal, or cards and colonies drawn part by part."""
        if rng.random() < 0.5:
            return NO_DEAL
        mains = (encounter.offense, encounter.player(DEFENSE))
        terms: dict = {"cards": {}, "colonies": []}
        for giver in mains:
            hand = self.state.players[giver].hand
            given = random_taken(rng, hand, rng.randint(0, len(hand)))
            if given:
                terms["cards"][giver] = given
        for receiver in mains:
            giver = mains[1] if receiver == mains[0] else mains[0]
            planets = [planet for planet in self._colonies[giver]
                       if planet not in self._colonies[receiver]]
            sources = self._deal_ships(encounter, receiver)
            if planets and sources and rng.random() < 0.5:
                ships = random_spread(rng, sources, rng.randint(1, sum(sources.values())))
                terms["colonies"].append({"for": receiver, "planet": rng.choice(planets),
                                          "from": ships})
        return terms if terms["cards"] or terms["colonies"] else NO_DEAL

    def _carry_out(self, encounter: Encounter, terms: dict) -> Procedure:
        state = self.state
        mains = (encounter.offense, encounter.player(DEFENSE))
        for giver, cards in terms.get("cards", {}).items():
            receiver = mains[1] if giver == mains[0] else mains[0]
            for card in cards:
                state.players[giver].hand.remove(card)
                state.players[receiver].hand.append(card)
        for colony in terms.get("colonies", ()):
            receiver = colony["for"]
            for place, count in colony["from"].items():
                if place == GATE:
                    encounter.committed[OFFENSE][receiver] -= count
                else:
                    self._lift(place, receiver, count)
                self._land(colony["planet"], receiver, count)
        yield Event("encounter.deal")

    def _lose_ships(self, encounter: Encounter, name: str, count: int,
                    from_gate: bool = True) -> Procedure:
        """A player puts `count` ships of its choice into the warp: from its colonies, or
        (for the offense, when `from_gate`) from the gate (002 L263)."""
        sources = self._ships_in_colonies(name)
        if from_gate and name == encounter.offense and encounter.committed[OFFENSE].get(name):
            sources[GATE] = encounter.committed[OFFENSE][name]
        count = min(count, sum(sources.values()))
        if not count:
            return
        chosen = yield Decision(name, "lose", f"{name}: the {count} ships it sends to the warp",
                                accepts=lambda choice: is_spread(choice, sources, count, count),
                                space=lambda: f"{count} ships from {_describe(sources)}",
                                sample=lambda rng: random_spread(rng, sources, count))
        for place, ships in chosen.items():
            if place == GATE:
                encounter.committed[OFFENSE][name] -= ships
            else:
                self._lift(place, name, ships)
        self._to_warp(name, count)

    # -- artifacts and powers -----------------------------------------------------------

    def _artifact_window(self, encounter: Encounter, artifact: str, only: str | None = None,
                         target: str | None = None) -> Procedure:
        """Offer the artifact that may be played now to those who hold it, in the order of
        the timing rule (L929-938); returns whether it was played."""
        if not self.edition.artifacts:
            return False
        players = self.state.players
        if only:
            if artifact not in players[only].hand:
                return False
        else:
            for player in players.values():
                if artifact in player.hand:
                    break
            else:
                return False
        for name in ([only] if only else self._timing_order(encounter)):
            if artifact not in players[name].hand:
                continue
            choice = yield Decision(name, "artifact", f"{name}: an artifact to play now",
                                    options=self._artifact_options(encounter, name, artifact)
                                    + (PASS,))
            if choice == PASS:
                continue
            card = choice["play"] if isinstance(choice, dict) else choice
            self.state.players[name].hand.remove(card)
            yield from self._play_artifact(encounter, name, card, choice, target)
            self._discard_cards([card], by=name)
            return True
        return False

    def _artifact_options(self, encounter: Encounter, name: str, card: str) -> tuple:
        if card == PLAGUE:
            return tuple({"play": card, "on": other} for other in self.state.players
                         if other != name)
        if card == FORCE_FIELD:
            return tuple({"play": card, "on": ally}
                         for role in (OFFENSE, DEFENSE) for ally in encounter.allies[role])
        return (card,)

    def _play_artifact(self, encounter: Encounter, name: str, card: str, choice,
                       target: str | None) -> Procedure:
        state = self.state
        if card == MOBIUS_TUBES:
            # Everyone with a colony retrieves all its ships from the warp (L984-989).
            for player, ships in list(state.warp.items()):
                if ships and self._colonies[player]:
                    yield from self._return_ships(player, ships, from_warp=True)
        elif card == PLAGUE:
            yield from self._plague(encounter, choice["on"])
        elif card == FORCE_FIELD:
            ally = choice["on"]   # L968-976: its ships go home; it may not ally again
            encounter.excluded.append(ally)
            for role in (OFFENSE, DEFENSE):
                if ally in encounter.allies[role]:
                    encounter.allies[role].remove(ally)
                    yield from self._return_ships(ally, encounter.committed[role].pop(ally))
            self._measure(encounter)
        elif card == EMOTION_CONTROL:
            # Attack cards become Negotiate (L1026-1031; played after the reveal, L1098-1104).
            encounter.acts_as = {role: NEGOTIATE if kind == ATTACK else kind
                                 for role, kind in encounter.acts_as.items()}
            encounter.totals = {}
        elif card == COSMIC_ZAP:
            encounter.cancelled.append(cast(str, target))
        # Ionic Gas (L1014-1018): the caller cancels the compensation.

    def _plague(self, encounter: Encounter, victim: str) -> Procedure:
        """L999-1004: three ships from the victim's colonies to the warp, and one Attack,
        one Negotiate and one Artifact card of its choice discarded; what it lacks it
        does not lose. "Of its colonies": an offense that has launched keeps the ships on
        the main ship."""
        yield from self._lose_ships(encounter, victim, self.facts.number(PLAGUE, "ships"),
                                    from_gate=False)
        hand = self.state.players[victim].hand
        for kind in (ATTACK, NEGOTIATE, "artifact"):
            held = tuple(dict.fromkeys(
                card for card in hand
                if (self.facts.is_artifact(card) if kind == "artifact"
                    else self.facts.encounter_type(card) == kind)))
            if not held:
                continue
            card = yield Decision(victim, "discard", f"{victim}: the {kind} card it discards",
                                  options=held)
            hand.remove(card)
            self._discard_cards([card], by=victim)

    def _power_window(self, encounter: Encounter, uses: Iterable[str]) -> Procedure:
        """Offer the power fragments that may be used now; each use may be cancelled by a
        Cosmic Zap (L956-961, L1145-1148) before it takes effect."""
        if self._fragments.isdisjoint(uses):
            return
        for name in self._timing_order(encounter):
            options = self._power_options(encounter, name, uses)
            if not options:
                continue
            choice = yield Decision(name, "power", f"{name}: use its power now",
                                    options=options + (PASS,))
            if choice == PASS:
                continue
            if self.edition.artifacts:
                yield from self._artifact_window(encounter, COSMIC_ZAP, target=name)
            if name in encounter.cancelled:
                continue
            yield from self._use_power(encounter, name, choice)

    def _power_options(self, encounter: Encounter, name: str, uses: Iterable[str]) -> tuple:
        state = self.state
        options: list = []
        others = [other for other in state.players if other != name]
        if GIVES_CARDS in uses and self._has_power(name, GIVES_CARDS):
            options += [{"give": card, "to": other}
                        for card in dict.fromkeys(state.players[name].hand) for other in others]
        if SEES_HANDS in uses and self._has_power(name, SEES_HANDS):
            options += [{"see": other} for other in others if other not in state.players[name].seen]
        if (TIME_TRAVEL in uses and self._has_power(name, TIME_TRAVEL)
                and encounter.role_of(name) is not None):
            options.append(TIME_TRAVEL)
        return tuple(options)

    def _use_power(self, encounter: Encounter, name: str, choice) -> Procedure:
        state = self.state
        if isinstance(choice, dict) and "give" in choice:
            state.players[name].hand.remove(choice["give"])
            state.players[choice["to"]].hand.append(choice["give"])
        elif isinstance(choice, dict) and "see" in choice:
            state.players[name].seen[choice["see"]] = list(state.players[choice["see"]].hand)
        else:
            # Time travel: the opponent plays a new encounter card (L1142-1144), as any
            # main player who must play one does.
            role = _other(cast(str, encounter.role_of(name)))
            opponent = encounter.player(role)
            self._discard_cards([encounter.planned.pop(role)])
            yield from self._lay_card(encounter, role, f"{opponent}: a new encounter card")
            encounter.acts_as = {}
            self._read_cards(encounter)

    def _has_power(self, name: str | None, fragment: str) -> bool:
        if name is None or fragment not in self._fragments:
            return False
        player = self.state.players[name]
        encounter = self.state.encounter
        if not player.power or (encounter is not None and name in encounter.cancelled):
            return False
        return self.facts.shown(player.alien, fragment) is not None

    def _alien(self, name: str) -> str | None:
        return self.state.players[name].alien

    def _timing_order(self, encounter: Encounter) -> list[str]:
        """Players who are not main players from the offense's left, then the offense,
        then the defense (L929-938)."""
        order = [name for name in self._seat_order_from_left_of(encounter.offense)
                 if name != encounter.defense]
        return order + [encounter.offense] + ([encounter.defense] if encounter.defense else [])

    def _seat_order_from_left_of(self, player: str) -> list[str]:
        """The state's seating order from `player`'s left, worked out once per player."""
        order = self._left_of.get(player)
        if order is None:
            order = self._left_of[player] = self.state.seat_order_from_left_of(player)
        return order

    # -- ships and cards ----------------------------------------------------------------

    def _land(self, planet: str, name: str, ships: int):
        """Ships of `name` onto `planet`, founding or reinforcing its colony there."""
        if ships:
            counts = self.state.planets[planet]
            before = counts.get(name, 0)
            counts[name] = before + ships
            if before <= 0 < counts[name]:
                colonies = self._colonies.setdefault(name, [])
                colonies.append(planet)
                colonies.sort(key=self._position.__getitem__)
                self._colonies_changed(planet, name)

    def _lift(self, planet: str, name: str, ships: int):
        """Ships of `name` off `planet`; the last one gone, the colony is gone (001
        L832-838)."""
        if ships:
            counts = self.state.planets[planet]
            before = counts[name]
            counts[name] = before - ships
            if counts[name] <= 0 < before:
                self._colonies[name].remove(planet)
                self._colonies_changed(planet, name)

    def _colonies_changed(self, planet: str, name: str):
        """What follows at once when `_land` founds a colony of `name` on `planet` or
        `_lift` takes its last ship away: the colony track shows each player's foreign
        colonies (002 L102, L242, L279), and a classic player with fewer than three home
        colonies loses its power, and has it again with three (001 L919-928)."""
        state = self.state
        if state.home[planet] != name:
            if self.edition.colony_track:
                state.colony_track[name] = self._foreign_colony_count(name)
            return
        needed = self.edition.home_colonies_for_power
        player = state.players[name]
        if needed is not None and player.alien is not None:
            home = state.home
            player.power = sum(home[colony] == name for colony in self._colonies[name]) >= needed

    def colonies(self, name: str) -> list[str]:
        """The planets where `name` has ships, in the order of the planets."""
        return self._colonies[name]

    def _ships_in_colonies(self, name: str) -> dict[str, int]:
        planets = self.state.planets
        return {planet: planets[planet][name] for planet in self._colonies[name]}

    def _foreign_colony_count(self, name: str) -> int:
        home = self.state.home
        return sum(home[colony] != name for colony in self._colonies[name])

    def _return_ships(self, name: str, ships: int, from_warp: bool = False) -> Procedure:
        """Ships go back to any of the player's colonies; with none, to the warp (L840-842)."""
        if not ships:
            return
        if from_warp:
            self.state.warp[name] -= ships
        colonies = tuple(self._colonies[name])
        if not colonies:
            self._to_warp(name, ships)
            return
        kind = "retrieve" if from_warp else "return"
        if len(colonies) == 1:
            where = yield Decision(name, kind, f"{name}: where its {ships} ships go",
                                   options=({colonies[0]: ships},))
        else:
            where = yield Decision(
                name, kind, f"{name}: where its {ships} ships go",
                accepts=lambda choice: _onto(choice, colonies, ships),
                space=lambda: f"{ships} ships onto {', '.join(colonies)}",
                sample=lambda rng: random_onto(rng, colonies, ships))
        for planet, count in where.items():
            self._land(planet, name, count)

    def _to_warp(self, name: str, ships: int):
        if ships:
            _add(self.state.warp, name, ships)

    def _draw(self, name: str, count: int) -> Procedure:
        """Cards from the top of the deck. Neither rulebook says what happens when the
        deck runs out: the discard pile is shuffled into a new deck (chance orders it), as
        the Duel's rulebook does with a player's deck (003 L493-495); with both empty the
        player draws what there is."""
        state = self.state
        hand = state.players[name].hand
        for _ in range(count):
            if not state.deck:
                if not state.discard:
                    return
                order = yield shuffle(state.discard, "the new order of the deck, top card "
                                                     "first")
                state.deck, state.discard = list(order), []
            hand.append(state.deck.pop(0))

    def _discard_hand(self, name: str):
        hand = self.state.players[name].hand
        self.state.discard += hand
        hand.clear()

    def _discard_cards(self, cards: list[str], by: str | None = None):
        """Cards to the discard pile. The Vulch takes an artifact another player discards
        into its hand (L1151-1154: the Zap the Pacifist played; no more of the power is
        shown)."""
        state = self.state
        kept = KEEPS_ARTIFACTS in self._fragments
        for card in cards:
            keeper = next((name for name in state.players
                           if name != by and self._has_power(name, KEEPS_ARTIFACTS)),
                          None) if kept and self.facts.is_artifact(card) else None
            if keeper is not None:
                state.players[keeper].hand.append(card)
            else:
                state.discard.append(card)

    def _refill_defense(self, name: str) -> Procedure:
        """Classic: the defense draws a new hand when it becomes the defense without an
        encounter card (L455-457, example L821-830), before anything else happens."""
        if not self._encounter_cards(name):
            yield from self._new_hand(name)


def _other(role: str) -> str:
    return DEFENSE if role == OFFENSE else OFFENSE


def _add(counts: dict[str, int], key: str, number: int):
    counts[key] = counts.get(key, 0) + number


def _describe(sources: dict[str, int]) -> str:
    return ", ".join(f"{place} ({ships})" for place, ships in sources.items()) or "nowhere"


def _onto(choice, colonies: tuple[str, ...], ships: int) -> bool:
    """Exactly `ships` ships onto any of `colonies`."""
    return is_spread(choice, dict.fromkeys(colonies, ships), ships, ships)


def _valid_reward(choice, least: int, most: int, colonies: tuple[str, ...], in_warp: int
                  ) -> bool:
    if not isinstance(choice, dict) or set(choice) - {"draw", "retrieve"}:
        return False
    draw = choice.get("draw", 0)
    retrieve = choice.get("retrieve", {})
    if not isinstance(draw, int) or draw < 0 or not isinstance(retrieve, dict):
        return False
    retrieved = sum(retrieve.values()) if retrieve else 0
    if retrieve and not _onto(retrieve, colonies, retrieved):
        return False
    return least <= draw + retrieved <= most and retrieved <= in_warp


def _random_reward(rng: Random, least: int, most: int, colonies: tuple[str, ...],
                   in_warp: int) -> dict:
    total = rng.randint(least, most)
    retrieved = rng.randint(0, min(total, in_warp))
    reward: dict = {"draw": total - retrieved} if total > retrieved else {}
    if retrieved:
        reward["retrieve"] = random_onto(rng, colonies, retrieved)
    return reward
