"""Reading a Cosmic Encounter example (either edition): citations, setup and the script.

```
example: ...
game: classic                   # or cosmic
sources: [{file: 001_9841a4286c692375.txt, language: es, lines: 642-678}]
readings: [...]                 # where the text is open, and what we chose
setup:
  players:                      # seating order, clockwise; each has five home planets
    zombie: {colour: red, alien: zombie, hand: [classic-attack-8]}
  planets: {green-2: {filch: 2}}   # planets that differ from the box's home ships
  warp: {zombie: 3}
  deck: [...]                   # top first
  discard: [...]
  destiny: [green, blue]        # the discs or destiny cards left, in no order
  colony_track: {red: 2}
  scores: {zombie: 4}
steps: [...]                    # as for every game (cardkit.rules.core.scenario)
```

Home planets are `<colour>-1` to `<colour>-<planets_per_system>`, each holding the box's
`ships_per_home_planet` ships of its owner unless `planets` says otherwise.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from cardkit.messages import Message
from cardkit.model.games import GAMES
from cardkit.rules.core.checkpoints import scalar
from cardkit.rules.core.decisions import CHANCE
from cardkit.rules.core.engine import CardData
from cardkit.rules.core.scenario import (HYPOTHETICAL, CardReader, Citation, Reader, plain,
                                         read_citations, read_hypothetical_cards)
from cardkit.rules.cosmic.engine import (DECLINE, DRAW_AGAIN, GATE, HOME_COLONY, NO_DEAL, NONE,
                                         PASS, TIME_TRAVEL, Rules)
from cardkit.rules.cosmic.facts import Facts
from cardkit.rules.cosmic.profile import EDITIONS, Edition
from cardkit.rules.cosmic.state import DEFENSE, OFFENSE, CosmicState, Player
from cardkit.rules.cosmic.view import checkpoint_schema, view

LANGUAGES = ("es",)
# The top-level sections of a Cosmic Encounter scenario besides the header, setup and steps.
COSMIC_SECTIONS = (HYPOTHETICAL,)
HAND_KINDS = ("encounter", "artifact")
# Destiny cards of the current edition that show no colour (L135); their effects are not given.
DESTINY_CARDS = ("wild", "special")


def load(reader: Reader, game: str, data: CardData) -> "CosmicSetup":
    """A Cosmic Encounter scenario of either edition: its citations, the cards it makes up
    for itself (`hypothetical_cards`, checked by its edition's card models) and its setup,
    against the card database and the box of its game."""
    edition = EDITIONS[game]
    citations = read_citations(reader, ("sources",), {edition.rulebook: edition.rulebook_lines},
                               LANGUAGES)
    if edition.game not in data.boxes:
        reader.fail(("game",), "unknown-id",
                    Message("the card database has no box for the game {game}",
                            game=repr(edition.game)))
    reader = _GameCardReader(reader.document, data.cards, edition.game)
    if reader.present((HYPOTHETICAL,)):
        models = {kind.name: kind.facts for kind in reader.game.kinds if kind.name != "alien"}
        reader.cards = {**reader.cards, **read_hypothetical_cards(reader, models)}
    return CosmicSetup(reader, citations, edition,
                       Facts(edition.game, reader.cards, data.boxes))


class _GameCardReader(CardReader):
    """Card ids of the scenario's own game only: a kind may repeat across games with
    another model (a Duel alien is no classic alien), so a card is checked against the
    model its game declares for its kind (`cardkit.model.games`)."""

    def __init__(self, document, cards: Mapping[str, Any], game: str):
        super().__init__(document, cards)
        self.game = GAMES[game]

    def card(self, location, *kinds: str) -> str:
        card_id = super().card(location, *kinds)
        card = self.cards[card_id]
        kind = self.game.kind(card.kind)
        if kind is None or not isinstance(card, kind.facts):
            self.fail(location, "wrong-kind",
                      Message("card {card_id} is not a card of the game {name}",
                              card_id=repr(card_id), name=repr(self.game.name)))
        return card_id


class CosmicSetup:
    """Checks the setup once and builds a fresh state from it for every replay."""

    def __init__(self, reader: CardReader, citations: list[Citation], edition: Edition,
                 facts: Facts):
        self.reader = reader
        self.citations = citations
        self.edition = edition
        self.facts = facts
        root = ("setup",)
        spec = reader.mapping(root, ("players", "planets", "warp", "deck", "discard", "destiny",
                                     "colony_track", "scores"), required=("players",))
        planets_per_system = facts.box_fact("planets_per_system")
        self.ships_per_planet = facts.box_fact("ships_per_home_planet")
        self.players: dict[str, Player] = {}
        self.home: dict[str, str] = {}
        for name in reader.mapping(root + ("players",), None):
            player = self._player(root + ("players", name), str(name))
            if player.colour in {other.colour for other in self.players.values()}:
                reader.fail(root + ("players", name, "colour"), "schema-rule",
                            Message("colour {colour} is another player's",
                                    colour=repr(player.colour)))
            self.players[player.name] = player
            for number in range(1, planets_per_system + 1):
                self.home[f"{player.colour}-{number}"] = player.name
        if len(self.players) < 2:
            reader.fail(root + ("players",), "schema-rule", Message("the setup needs two players or more"))
        names = tuple(self.players)
        self.planets = {planet: {owner: self.ships_per_planet}
                        for planet, owner in self.home.items()}
        for planet in reader.mapping(root + ("planets",), tuple(self.home)) if "planets" in spec \
                else ():
            self.planets[str(planet)] = self._counts(root + ("planets", planet), names)
        self.warp = self._counts(root + ("warp",), names) if "warp" in spec else {}
        self.deck = reader.cards_list(root + ("deck",), *HAND_KINDS) if "deck" in spec else []
        self.discard = (reader.cards_list(root + ("discard",), *HAND_KINDS)
                        if "discard" in spec else [])
        colours = tuple(player.colour for player in self.players.values())
        destiny_cards = colours + (DESTINY_CARDS if edition.destiny == "deck" else ())
        self.destiny = ([reader.one_of(root + ("destiny", index), destiny_cards)
                         for index in range(len(reader.sequence(root + ("destiny",))))]
                        if "destiny" in spec else [])
        self.colony_track = (self._counts(root + ("colony_track",), names)
                             if "colony_track" in spec else {})
        if self.colony_track and not edition.colony_track:
            reader.fail(root + ("colony_track",), "schema-rule",
                        Message("the {game} edition has no colony track", game=edition.game))
        self.scores = self._counts(root + ("scores",), names) if "scores" in spec else {}
        self._check_conservation(root)

    def _check_conservation(self, root):
        """What the box and the rulebooks fix, checked before any replay: each colour's
        ships, the colony track, the destiny cards and the cards in play."""
        reader, edition = self.reader, self.edition
        ships = self.facts.box_fact("ships_per_colour")
        for name in self.players:
            on_planets = sum(counts.get(name, 0) for counts in self.planets.values())
            in_warp = self.warp.get(name, 0)
            if on_planets + in_warp != ships:
                reader.fail(root + ("players", name), "schema-rule",
                            Message("{name} has {ships} ships (the box's ships_per_colour), but "
                                    "{on_planets} on planets and {in_warp} in the warp make "
                                    "{total}", name=name, ships=ships, on_planets=on_planets,
                                    in_warp=in_warp, total=on_planets + in_warp), at_key=True)
        for name, marker in self.colony_track.items():
            if marker != (foreign := self._foreign_colonies(name)):
                reader.fail(root + ("colony_track", name), "schema-rule",
                            Message("the colony track shows {name} at {marker}, but it has "
                                    "{foreign} foreign colonies: the track shows how many (002 "
                                    "L102, L279)", name=name, marker=marker, foreign=foreign))
        counts = Counter(self.destiny)
        for player in self.players.values():
            if edition.destiny_per_colour and counts[player.colour] > edition.destiny_per_colour:
                reader.fail(root + ("destiny",), "schema-rule",
                            Message("the destiny deck has {destiny_per_colour} cards of each "
                                    "colour (002 L47), not {counts} of {colour}",
                                    destiny_per_colour=edition.destiny_per_colour,
                                    counts=counts[player.colour], colour=player.colour))
        if edition.destiny == "discs" and len(self.destiny) > self.facts.box_fact("orders"):
            reader.fail(root + ("destiny",), "schema-rule",
                        Message("the box has {orders} Order discs, not {destiny}",
                                orders=self.facts.box_fact('orders'), destiny=len(self.destiny)))
        in_play = self.deck + self.discard + [card for player in self.players.values()
                                              for card in player.hand]
        deck = sum(self.facts.box_fact(fact) for fact in edition.deck_box_facts)
        if len(in_play) > deck:
            reader.fail(root, "schema-rule", Message("the deck of the box has {deck} cards, but "
                                                     "the hands, deck and discard pile hold "
                                                     "{in_play}", deck=deck, in_play=len(in_play)))

    def _foreign_colonies(self, name: str) -> int:
        return sum(1 for planet, ships in self.planets.items()
                   if ships.get(name) and self.home[planet] != name)

    def _player(self, here, name: str) -> Player:
        reader = self.reader
        spec = reader.mapping(here, ("colour", "alien", "hand", "power"), required=("colour",))
        alien = reader.card(here + ("alien",), "alien") if "alien" in spec else None
        hand = reader.cards_list(here + ("hand",), *HAND_KINDS) if "hand" in spec else []
        power = reader.flag(here + ("power",)) if "power" in spec else True
        return Player(name, reader.text(here + ("colour",)), alien, hand, power)

    def _counts(self, here, names: tuple[str, ...]) -> dict[str, int]:
        return {str(key): self.reader.integer(here + (key,))
                for key in self.reader.mapping(here, names)}

    def build(self) -> CosmicState:
        players = {name: Player(player.name, player.colour, player.alien, list(player.hand),
                                player.power) for name, player in self.players.items()}
        for name, score in self.scores.items():
            players[name].score = score
        planets = {planet: dict(ships) for planet, ships in self.planets.items()}
        # The track shows every player's foreign colonies (002 L102): the setup's markers
        # were checked against them, and those it leaves out are read off the planets.
        track = ({name: self._foreign_colonies(name) for name in players}
                 if self.edition.colony_track else {})
        return CosmicState(self.edition, players, planets, dict(self.home), dict(self.warp),
                           list(self.deck), list(self.discard), list(self.destiny),
                           colony_track=track)

    def rules(self, state: CosmicState) -> Rules:
        return Rules(state, self.facts)

    def view(self, state: CosmicState) -> dict:
        return view(state)

    def actors(self) -> tuple[str, ...]:
        return tuple(self.players) + (CHANCE,)

    def checkpoint(self) -> dict:
        return checkpoint_schema(tuple(self.players), tuple(self.planets))

    def choices(self) -> dict:
        players = tuple(self.players)
        planets = tuple(self.planets)
        colours = tuple(player.colour for player in self.players.values())

        def shown(value) -> str:
            return scalar(plain(value))

        def of(*choices):
            def read(reader: CardReader, here):
                value = reader.one_of(here, choices)
                return value, str(value)
            return read

        def ships(places: tuple[str, ...]):
            def read(reader: CardReader, here):
                counts = {str(place): reader.integer(here + (place,), 1)
                          for place in reader.mapping(here, places)}
                return counts, shown(reader.value(here))
            return read

        def player_list(reader: CardReader, here):
            chosen = [reader.one_of(here + (index,), players)
                      for index in range(len(reader.sequence(here)))]
            return tuple(chosen), scalar(chosen)

        def card(reader: CardReader, here):
            value = reader.card(here, *HAND_KINDS)
            return value, value

        def flag(reader: CardReader, here):
            value = reader.flag(here)
            return value, "yes" if value else "no"

        def artifact(reader: CardReader, here):
            if reader.value(here) == PASS:
                return PASS, PASS
            if isinstance(reader.value(here), str):
                return card(reader, here)
            reader.mapping(here, ("play", "on"), required=("play", "on"))
            return ({"play": reader.card(here + ("play",), "artifact"),
                     "on": reader.one_of(here + ("on",), players)}, shown(reader.value(here)))

        def power(reader: CardReader, here):
            value = reader.value(here)
            if value in (PASS, TIME_TRAVEL):
                return value, value
            spec = reader.mapping(here, ("give", "to", "see"))
            if "see" in spec:
                return {"see": reader.one_of(here + ("see",), players)}, shown(value)
            reader.mapping(here, ("give", "to"), required=("give", "to"))
            return ({"give": reader.card(here + ("give",), *HAND_KINDS),
                     "to": reader.one_of(here + ("to",), players)}, shown(value))

        def taken(reader: CardReader, here):
            chosen = reader.cards_list(here, *HAND_KINDS)
            return tuple(chosen), scalar(chosen)

        def reward(reader: CardReader, here):
            spec = reader.mapping(here, ("draw", "retrieve"))
            choice: dict[str, Any] = {}
            if "draw" in spec:
                choice["draw"] = reader.integer(here + ("draw",))
            if "retrieve" in spec:
                choice["retrieve"], _ = ships(planets)(reader, here + ("retrieve",))
            return choice, shown(reader.value(here))

        def deal(reader: CardReader, here):
            if reader.value(here) == NO_DEAL:
                return NO_DEAL, NO_DEAL
            spec = reader.mapping(here, ("cards", "colonies"))
            terms: dict[str, Any] = {}
            if "cards" in spec:
                terms["cards"] = {str(giver): tuple(reader.cards_list(here + ("cards", giver),
                                                                      *HAND_KINDS))
                                  for giver in reader.mapping(here + ("cards",), players)}
            if "colonies" in spec:
                terms["colonies"] = [colony(reader, here + ("colonies", index))
                                     for index in range(len(reader.sequence(
                                         here + ("colonies",))))]
            return terms, shown(reader.value(here))

        def colony(reader: CardReader, at):
            reader.mapping(at, ("for", "planet", "from"), required=("for", "planet", "from"))
            return {"for": reader.one_of(at + ("for",), players),
                    "planet": reader.one_of(at + ("planet",), planets),
                    "from": ships(planets + (GATE,))(reader, at + ("from",))[0]}

        return {
            "regroup": of(*planets, GATE, NONE),
            "destiny": of(*colours, *(DESTINY_CARDS if self.edition.destiny == "deck" else ())),
            "own_colour": of(DRAW_AGAIN, HOME_COLONY),
            "target": of(*planets),
            "defense": of(*players),
            "launch": ships(planets),
            "commit": ships(planets),
            "lose": ships(planets + (GATE,)),
            "return": ships(planets),
            "retrieve": ships(planets),
            "invite": player_list,
            "ally": of(OFFENSE, DEFENSE, DECLINE),
            "plan": card,
            "discard": card,
            "artifact": artifact,
            "power": power,
            "take": taken,
            "reward": reward,
            "deal": deal,
            "agree": flag,
            "shuffle": taken,
            "second_encounter": flag,
        }


# -- the arguments of each procedure a step may start (the actions of `ENGINE`) -----------


def read_no_arguments(setup: CosmicSetup, reader: Reader, here) -> None:
    if reader.value(here) not in (None, {}):
        reader.fail(here, "schema-rule", Message("'{here}' takes no arguments", here=here[-1]))


def read_turn(setup: CosmicSetup, reader: Reader, here) -> dict:
    spec = reader.mapping(here, ("player", "encounter"), required=("player",))
    return {"player": reader.one_of(here + ("player",), tuple(setup.players)),
            "encounter": (reader.one_of(here + ("encounter",), (1, 2))
                          if "encounter" in spec else 1)}


def read_encounter(setup: CosmicSetup, reader: Reader, here) -> dict:
    spec = reader.mapping(here, ("offense", "number"), required=("offense",))
    return {"offense": reader.one_of(here + ("offense",), tuple(setup.players)),
            "number": (reader.one_of(here + ("number",), (1, 2))
                       if "number" in spec else 1)}


def show_choice(choice: Any) -> str:
    if isinstance(choice, bool):
        return "yes" if choice else "no"
    return scalar(choice)

