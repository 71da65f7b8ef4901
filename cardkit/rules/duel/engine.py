"""The rules of Cosmic Encounter Duel as procedures.

Each procedure (a fate card, a duel, a contest, an effect, hand-size upkeep) is a
generator: it yields a `Decision` when someone must choose and receives the choice back,
and yields an `Event` each time it completes a step (the core's decisions and events);
the core's `Runner` drives it in the shape of OpenSpiel's games. Chance is a participant
like the players: reshuffling a discard pile asks `chance` for the new order, so every
replay is deterministic.
"""

from __future__ import annotations

from collections.abc import Mapping

from cardkit.model.base import CardModel
from cardkit.model.effects import CountedEffect
from cardkit.rules.core.choices import shuffle
from cardkit.rules.core.decisions import Decision, Event, Procedure, RulesError
from cardkit.rules.duel.influence import influence, ship_advantage_holder
from cardkit.rules.duel.state import (COLOURS, PLANETS_TO_WIN, Clash, GameState, PlayedReinforcement,
                                 PlayerState, ReinforcementPlay, TacticChoice, opponent)

PASS = "pass"
DIAL_NUMBERS = (1, 2, 3, 4)

DUEL_EVENTS = (
    "duel.dials-set", "duel.dials-revealed", "duel.emissaries-revealed", "duel.chosen",
    "duel.tactics-resolved", "duel.ships-checked", "duel.plans-revealed",
    "duel.reinforcement-turn", "duel.reinforcements-done", "duel.winner", "duel.prize",
    "duel.cleanup",
)
CONTEST_EVENTS = (
    "contest.emissaries-revealed", "contest.chosen", "contest.plans-revealed",
    "contest.reinforcement-turn", "contest.reinforcements-done", "contest.winner",
    "contest.effect", "contest.cleanup",
)
EVENT_NAMES = DUEL_EVENTS + CONTEST_EVENTS + (
    "win-check", "upkeep", "fate.drawn", "planet.discovered", "planet-bar.chosen",
    "resources.collected", "effect.resolved", "game.over",
)


class GameOver(Exception):
    """Raised inside a procedure when the game ends; the engine turns it into an event."""


class Rules:
    """The procedures of the game, acting on one state with the facts of the card database."""

    def __init__(self, state: GameState, cards: Mapping[str, CardModel]):
        self.state = state
        self.cards = cards

    def until_game_over(self, procedure: Procedure) -> Procedure:
        """`procedure`, ending with the `game.over` event when the game ends inside it."""
        try:
            return (yield from procedure)
        except GameOver:
            yield Event("game.over", ", ".join(self.state.winners) or "nobody")

    # -- fate cards -------------------------------------------------------------------

    def play_fate(self, deck: str) -> Procedure:
        """Everything due before a fate card (win check, hand size), then draw and resolve it."""
        yield from self.check_win()
        yield from self.upkeep()
        expected = self.state.next_deck
        if expected is not None and expected != deck:
            raise RulesError(f"the last fate card sends the game to the {expected} deck, "
                             f"not the {deck} deck")
        pile = self.state.fate_decks.get(deck, [])
        if not pile:
            raise RulesError(f"the {deck} deck is empty: the rulebooks say nothing of that case")
        card_id = pile.pop(0)
        self.state.past.append(card_id)
        yield Event("fate.drawn", card_id)
        yield from self.resolve_fate(card_id)
        self.state.next_deck = self.cards[card_id].next

    def resolve_fate(self, card_id: str) -> Procedure:
        card = self.cards[card_id]
        if card.effect is not None and card.effect.effect == "discover_and_duel":
            planet = yield from self.discover()
            yield from self.duel(planet, card_id)
        elif getattr(card, "planet_bar", None):
            planet = yield from self.use_planet_bar(card_id)
            if planet is not None:
                yield from self.duel(planet, card_id)
        elif getattr(card, "resources", None):
            yield from self.collect_resources(card_id)
        elif card.contest is not None:
            yield from self.contest(card_id)
        else:
            raise RulesError(f"fate card {card_id!r}: the card database does not give what it "
                             "does, so it cannot be resolved")

    def discover(self) -> Procedure:
        if not self.state.planet_stack:
            raise RulesError("the planet stack is empty: no planet left to discover")
        planet = self.state.planet_stack.pop(0)
        self.state.planets[planet.name] = planet
        yield Event("planet.discovered", planet.name)
        return planet.name

    def check_win(self) -> Procedure:
        """A player controlling five planets wins; if both do, both win."""
        winners = tuple(colour for colour in COLOURS
                        if len(self.state.controlled(colour)) >= PLANETS_TO_WIN)
        if winners:
            self._end_game(winners)
        yield Event("win-check")

    def _end_game(self, winners: tuple[str, ...]):
        self.state.over = True
        self.state.winners = winners
        raise GameOver()

    # -- duels --------------------------------------------------------------------------

    def duel(self, planet: str, fate: str | None,
             plans: Mapping[str, str] | None = None) -> Procedure:
        """The eleven steps of a duel on `planet`. With `plans`, the duel starts at step 7
        with these plans already chosen (for examples that begin there)."""
        advantage = 0
        if fate is not None:
            card = self.cards[fate]
            if card.duel is None:
                raise RulesError(f"fate card {fate!r}: the card database does not give its duel "
                                 "(ship advantage and prizes)")
            if card.duel.ship_advantage is None:
                raise RulesError(f"fate card {fate!r}: the card database does not give its "
                                 "ship advantage")
            advantage = card.duel.ship_advantage
        clash = Clash("duel", fate, planet=planet, ship_advantage=advantage)
        self.state.clash = clash
        if plans:
            self._preset_plans(clash, plans)
        else:
            yield from self._duel_until_plans(clash)
        if clash.winner is None:
            yield from self._plans_to_winner(clash)
        clash.final_advantage_holder = ship_advantage_holder(self.state, clash)
        yield from self._resolve_prizes(clash)
        yield self._step(clash, "prize")
        loser_ships = self.state.planets[planet].ships
        self.state.players[clash.loser].supply += loser_ships[clash.loser]
        loser_ships[clash.loser] = 0
        self._discard_played(clash)
        clash.over = True
        self._check_roles()
        yield self._step(clash, "cleanup")

    def _duel_until_plans(self, clash: Clash) -> Procedure:
        """Steps 1 to 6, repeated while the ship check leaves nobody on the planet."""
        while True:
            for colour in self.state.in_leader_order():
                clash.dials[colour] = yield Decision(
                    colour, "dial", f"{colour}: how many ships to send (1-4)", DIAL_NUMBERS)
            yield self._step(clash, "dials-set")
            self._send_ships(clash)
            yield self._step(clash, "dials-revealed")
            yield from self.reveal_emissaries()
            yield self._step(clash, "emissaries-revealed")
            for colour in self.state.in_leader_order():
                yield from self.choose_plan(clash, colour)
                yield from self._choose_tactic(clash, colour)
            yield self._step(clash, "chosen")
            yield from self.resolve_tactics(clash)
            yield self._step(clash, "tactics-resolved")
            ships = self.state.planets[clash.planet].ships
            still_there = [colour for colour in COLOURS if ships[colour] > 0]
            if not still_there:
                self._discard_plans(clash)
                clash.tactics.clear()
                clash.dials.clear()
                yield self._step(clash, "ships-checked", "nobody has ships left: back to step 1")
                continue
            if len(still_there) == 1:
                clash.winner = still_there[0]
                yield self._step(clash, "ships-checked", f"only {clash.winner} has ships left")
            else:
                yield self._step(clash, "ships-checked", "both have ships left")
            return

    def _preset_plans(self, clash: Clash, plans: Mapping[str, str]):
        for colour, card_id in plans.items():
            hand = self.state.players[colour].hand
            if card_id not in hand:
                raise RulesError(f"{colour} cannot play {card_id!r} as plan: it is not in the hand")
            hand.remove(card_id)
            clash.plans[colour] = card_id

    def _send_ships(self, clash: Clash):
        """Each player sends the dialled number of ships, or all of the supply if fewer;
        a player who must send ships with none in the supply loses."""
        stranded = [colour for colour in COLOURS if self.state.players[colour].supply == 0]
        if stranded:
            survivors = tuple(opponent(colour) for colour in stranded if opponent(colour) not in stranded)
            self._end_game(survivors)
        planet = self.state.planets[clash.planet]
        for colour in COLOURS:
            player = self.state.players[colour]
            sent = min(clash.dials[colour], player.supply)
            player.supply -= sent
            planet.ships[colour] += sent

    def reveal_emissaries(self) -> Procedure:
        """Starting with the leader, each player may reveal a face-down allied emissary."""
        for colour in self.state.in_leader_order():
            for emissary_id, emissary in self.state.emissaries.items():
                if emissary.ally == colour and not emissary.face_up:
                    reveal = yield Decision(colour, "reveal_emissary",
                                            f"{colour}: reveal {emissary_id}?", (True, False))
                    emissary.face_up = reveal

    def choose_plan(self, clash: Clash, colour: str) -> Procedure:
        player = self.state.players[colour]
        if not self._plans_in_hand(player):
            # Needing a hand card and having none (here: none that is a plan) means drawing
            # up to the hand size first.
            yield from self.draw(colour, player.hand_size)
        options = self._plans_in_hand(player)
        if not options:
            raise RulesError(f"{colour} has no plan to play, not even after drawing")
        card_id = yield Decision(colour, "plan", f"{colour}: choose a plan", options)
        player.hand.remove(card_id)
        clash.plans[colour] = card_id

    def _plans_in_hand(self, player: PlayerState) -> tuple[str, ...]:
        return tuple(sorted({card_id for card_id in player.hand
                             if self.cards[card_id].kind == "plan"}))

    def _choose_tactic(self, clash: Clash, colour: str) -> Procedure:
        player = self.state.players[colour]
        options = tuple(TacticChoice(tile, half.icon) for tile in sorted(player.ready_tactics)
                        for half in self.cards[tile].halves)
        if options:
            clash.tactics[colour] = yield Decision(
                colour, "tactic", f"{colour}: choose a ready tactic and the half to resolve",
                options)

    def _tactic_half(self, clash: Clash, colour: str) -> tuple[str, int] | None:
        choice = clash.tactics.get(colour)
        if choice is None:
            return None
        half = next(half for half in self.cards[choice.tile].halves if half.icon == choice.half)
        return half.icon, half.value

    def resolve_tactics(self, clash: Clash) -> Procedure:
        """Blasts destroy ships (less the opponent's shield), then recovers ready spent
        tactics; every revealed tactic but a recover is spent afterwards."""
        halves = {colour: self._tactic_half(clash, colour) for colour in COLOURS}
        planet = self.state.planets[clash.planet]
        destroyed = {}
        for colour in COLOURS:
            mine, theirs = halves[colour], halves[opponent(colour)]
            if mine is not None and mine[0] == "blast":
                shield = theirs[1] if theirs is not None and theirs[0] == "shield" else 0
                target = opponent(colour)
                destroyed[target] = min(max(mine[1] - shield, 0), planet.ships[target])
        for colour, count in destroyed.items():
            planet.ships[colour] -= count
            self.state.players[colour].vortex += count
        for colour in self.state.in_leader_order():
            mine = halves[colour]
            if mine is not None and mine[0] == "recover":
                for _ in range(mine[1]):
                    yield from self._ready_one(colour)
                if mine[1] == 2:
                    yield from self._ready_one(opponent(colour))
        for colour in COLOURS:
            mine = halves[colour]
            if mine is not None and mine[0] != "recover":
                player = self.state.players[colour]
                tile = clash.tactics[colour].tile
                player.ready_tactics.remove(tile)
                player.spent_tactics.append(tile)

    def _ready_one(self, colour: str) -> Procedure:
        player = self.state.players[colour]
        if player.spent_tactics:
            tile = yield Decision(colour, "ready_tactic", f"{colour}: ready a spent tactic",
                                  tuple(sorted(player.spent_tactics)))
            player.spent_tactics.remove(tile)
            player.ready_tactics.append(tile)

    def play_reinforcements(self, clash: Clash) -> Procedure:
        """Turns starting with the leader, until both players pass one after the other."""
        turn = self.state.leader
        passes_in_a_row = 0
        while passes_in_a_row < 2:
            player = self.state.players[turn]
            playable = sorted({card_id for card_id in player.hand
                               if self.cards[card_id].kind == "reinforcement"})
            options = (PASS,) + tuple(ReinforcementPlay(card_id, on)
                                      for card_id in playable for on in COLOURS)
            choice = yield Decision(turn, "reinforcement",
                                    f"{turn}: play a reinforcement or pass", options)
            if choice == PASS:
                passes_in_a_row += 1
            else:
                passes_in_a_row = 0
                player.hand.remove(choice.card)
                clash.reinforcements.append(PlayedReinforcement(choice.card, turn, choice.on))
            yield self._step(clash, "reinforcement-turn",
                             f"{turn} passes" if choice == PASS else f"{turn} plays {choice.card}")
            turn = opponent(turn)

    def _plans_to_winner(self, clash):
        """Plans revealed, reinforcements played, the winner decided: the same in duels and contests."""
        clash.plans_revealed = True
        yield self._step(clash, "plans-revealed")
        yield from self.play_reinforcements(clash)
        yield self._step(clash, "reinforcements-done")
        clash.winner = self.decide_winner(clash)
        yield self._step(clash, "winner")

    def decide_winner(self, clash: Clash) -> str:
        """Higher influence wins; a tie goes to the straggler."""
        clash.final_influence = {colour: influence(self.state, self.cards, clash, colour)
                                 for colour in COLOURS}
        orange, blue = clash.final_influence["orange"], clash.final_influence["blue"]
        if orange == blue:
            return self.state.straggler
        return "orange" if orange > blue else "blue"

    def _resolve_prizes(self, clash: Clash) -> Procedure:
        if clash.fate is None:
            return
        card = self.cards[clash.fate]
        for role, colour in (("winner", clash.winner), ("loser", clash.loser)):
            prize = getattr(card.duel.prizes, role)
            if prize is None and not card.knows(f"duel.prizes.{role}"):
                raise RulesError(f"fate card {clash.fate!r}: the card database does not give "
                                 f"the {role}'s prize")
            if prize is None:
                continue
            if prize.effect is None:
                raise RulesError(f"fate card {clash.fate!r}: the card database does not give "
                                 f"the {role}'s prize as an effect")
            yield from self.resolve_effect(colour, prize.effect)

    def _discard_plans(self, clash: Clash):
        for colour, card_id in clash.plans.items():
            self.state.players[colour].discard.append(card_id)
        clash.plans.clear()

    def _discard_played(self, clash: Clash):
        """Each plan goes to its player's pile, each reinforcement to the pile of the player
        whose influence it changed."""
        for colour in COLOURS:
            pile = self.state.players[colour].discard
            if colour in clash.plans:
                pile.append(clash.plans[colour])
            pile.extend(played.card for played in clash.reinforcements if played.on == colour)

    def _step(self, clash: Clash, step: str, detail: str = "") -> Event:
        clash.step = step
        return Event(f"{clash.kind}.{step}", detail)

    def _check_roles(self):
        """The straggler takes the lead as soon as it controls more planets than the leader.

        Not while a duel or contest is under way: its planet is then controlled by nobody,
        and the duel's cleanup is where the rulebooks check the roles.
        """
        state = self.state
        if state.clash is not None and not state.clash.over:
            return
        if len(state.controlled(state.straggler)) > len(state.controlled(state.leader)):
            state.leader = state.straggler

    # -- contests -----------------------------------------------------------------------

    def contest(self, fate: str | None, plans: Mapping[str, str] | None = None) -> Procedure:
        """The seven steps of a contest: plans and reinforcements only."""
        clash = Clash("contest", fate)
        self.state.clash = clash
        if plans:
            self._preset_plans(clash, plans)
        else:
            yield from self.reveal_emissaries()
            yield self._step(clash, "emissaries-revealed")
            for colour in self.state.in_leader_order():
                yield from self.choose_plan(clash, colour)
            yield self._step(clash, "chosen")
        yield from self._plans_to_winner(clash)
        if fate is not None:
            card = self.cards[fate]
            if card.contest is None or card.contest.winner.effect is None:
                raise RulesError(f"fate card {fate!r}: the card database does not give its "
                                 "contest effect")
            yield from self.resolve_effect(clash.winner, card.contest.winner.effect)
        yield self._step(clash, "effect")
        self._discard_played(clash)
        clash.over = True
        self._check_roles()
        yield self._step(clash, "cleanup")

    # -- effects ------------------------------------------------------------------------

    def resolve_effect(self, colour: str, effect: CountedEffect) -> Procedure:
        """Resolve as much of `effect` as possible; an optional one only if the player wants."""
        if effect.effect == "discover_and_duel":
            raise RulesError("discovering a planet is a fate card's effect, not a player's")
        if effect.count is None:
            raise RulesError(f"the card database does not give how many the {effect.effect} "
                             "effect counts")
        if effect.optional and self._could_do(colour, effect.effect):
            wanted = yield Decision(colour, "may", f"{colour}: use {effect.effect} {effect.count}?",
                                    (True, False))
            if not wanted:
                yield Event("effect.resolved", f"{colour} declines {effect.effect}")
                return
        if effect.effect == "draw_cards":
            yield from self.draw(colour, effect.count)
        elif effect.effect == "gain_reinforcements":
            self.gain_reinforcements(colour, effect.count)
        elif effect.effect == "retrieve_ships":
            yield from self.retrieve_ships(colour, effect.count)
        else:
            for _ in range(effect.count):
                yield from self.change_relations(colour, effect.effect)
        self._check_roles()
        yield Event("effect.resolved", f"{colour}: {effect.effect} {effect.count}")

    def _could_do(self, colour: str, effect: str) -> bool:
        player = self.state.players[colour]
        return {
            "draw_cards": bool(player.deck or player.discard),
            "gain_reinforcements": bool(self.state.reinforcement_deck),
            "retrieve_ships": bool(self._retrieve_sources(colour)),
            "improve_relations": bool(self.state.emissaries),
            "worsen_relations": bool(self.state.emissaries),
        }[effect]

    def draw(self, colour: str, count: int) -> Procedure:
        """Draw from the plan deck; an empty deck is refilled by shuffling the discard pile."""
        player = self.state.players[colour]
        for _ in range(count):
            if not player.deck:
                if not player.discard:
                    return
                order = yield shuffle(player.discard,
                                      f"the new order of {colour}'s deck, top card first")
                player.deck = list(order)
                player.discard = []
            player.hand.append(player.deck.pop(0))

    def gain_reinforcements(self, colour: str, count: int):
        """Take the top reinforcements; with the deck empty, gaining has no effect."""
        for _ in range(count):
            if not self.state.reinforcement_deck:
                return
            self.state.players[colour].hand.append(self.state.reinforcement_deck.pop(0))

    def retrieve_ships(self, colour: str, count: int) -> Procedure:
        """Ships come back to the supply from the Vortex or from the Vortex planet."""
        player = self.state.players[colour]
        for _ in range(count):
            sources = self._retrieve_sources(colour)
            if not sources:
                return
            source = yield Decision(colour, "retrieve_from", f"{colour}: retrieve a ship from",
                                    sources)
            if source == "vortex":
                player.vortex -= 1
            else:
                self._vortex_planet().ships[colour] -= 1
            player.supply += 1

    def _vortex_planet(self):
        return next((planet for planet in self.state.planets.values() if planet.in_vortex), None)

    def _retrieve_sources(self, colour: str) -> tuple[str, ...]:
        sources = []
        if self.state.players[colour].vortex > 0:
            sources.append("vortex")
        vortex_planet = self._vortex_planet()
        if vortex_planet is not None and vortex_planet.ships[colour] > 0:
            sources.append("vortex-planet")
        return tuple(sources)

    def change_relations(self, colour: str, kind: str) -> Procedure:
        """Improve or worsen `colour`'s relations with one emissary, then keep one ally at most.

        Improving allies a neutral emissary or makes the opponent's ally neutral; worsening
        makes the player's own ally neutral or allies a neutral one with the opponent.
        Improving with one's own ally, or worsening with the opponent's, changes nothing.
        """
        if not self.state.emissaries:
            return
        emissary_id = yield Decision(colour, kind, f"{colour}: {kind.replace('_', ' ')} with",
                                     tuple(self.state.emissaries))
        emissary = self.state.emissaries[emissary_id]
        befriended, estranged = (colour, opponent(colour)) if kind == "improve_relations" \
            else (opponent(colour), colour)
        if emissary.ally == estranged:
            emissary.ally = None
        elif emissary.ally is None:
            emissary.ally = befriended
        yield from self.keep_one_ally()

    def keep_one_ally(self) -> Procedure:
        for colour in self.state.in_leader_order():
            allies = tuple(emissary_id for emissary_id, emissary in self.state.emissaries.items()
                           if emissary.ally == colour)
            if len(allies) > 1:
                kept = yield Decision(colour, "keep_ally",
                                      f"{colour}: keep one allied emissary", allies)
                for emissary_id in allies:
                    if emissary_id != kept:
                        self.state.emissaries[emissary_id].ally = None

    # -- between fate cards -----------------------------------------------------------------

    def upkeep(self) -> Procedure:
        """Discard down to the hand size; with an empty hand, draw up to it."""
        for colour in self.state.in_leader_order():
            player = self.state.players[colour]
            for _ in range(len(player.hand) - player.hand_size):
                card_id = yield Decision(colour, "discard",
                                         f"{colour}: discard down to {player.hand_size} cards",
                                         tuple(sorted(set(player.hand))))
                player.hand.remove(card_id)
                player.discard.append(card_id)
            if not player.hand:
                yield from self.draw(colour, player.hand_size)
        yield Event("upkeep")

    # -- planet bar and resources ----------------------------------------------------------

    def use_planet_bar(self, event_id: str) -> Procedure:
        """The first symbol of the bar that some planet in play shows picks the planet; with
        several such planets the straggler picks one."""
        for symbol in self.cards[event_id].planet_bar:
            candidates = tuple(name for name, planet in self.state.planets.items()
                               if planet.symbol == symbol)
            if candidates:
                chosen = yield Decision(self.state.straggler, "planet_bar",
                                        f"{self.state.straggler}: pick a {symbol} planet",
                                        candidates)
                self.state.selected_planet = chosen
                yield Event("planet-bar.chosen", chosen)
                return chosen
        yield Event("planet-bar.chosen", "no planet in play shows a symbol of the bar")
        return None

    def collect_resources(self, card_id: str) -> Procedure:
        """Each player, leader first, picks a planet they control whose symbol the card
        lists and resolves that symbol's effect."""
        resources = self.cards[card_id].resources
        for colour in self.state.in_leader_order():
            options = tuple(name for name in self.state.controlled(colour)
                            if self.state.planets[name].symbol in resources)
            if not options:
                continue
            name = yield Decision(colour, "resources", f"{colour}: collect resources from",
                                  options)
            yield from self.resolve_effect(colour, resources[self.state.planets[name].symbol])
            yield Event("resources.collected", f"{colour} from {name}")
