"""What random play deals and counts, tested apart from whole games: the made-up cards a
deal adds where the database gives none, and the parts of a game a procedure shows."""

from __future__ import annotations

import hashlib
import json
from random import Random

import pytest

from cardkit.rules.core.engine import CardData
from cardkit.rules.core.playthrough import Played, game_seed
from cardkit.rules.core.registry import registered
from cardkit.rules.duel.engine import PASS
from cardkit.rules.duel.playthrough import EMISSARY_DECKS, PARTS as DUEL_PARTS, deal as deal_duel
from cardkit.rules.duel.state import ReinforcementPlay
from cardkit.rules.vanguard.engine import DONE, NONE
from cardkit.rules.vanguard.playthrough import PARTS as VANGUARD_PARTS
from cardkit.rules.vanguard.playthrough import write_choice as write_vanguard


def test_a_duel_deal_makes_up_one_emissary_for_each_deck_the_database_gives_none_of(
        shipped_database):
    cards = {card_id: card for card_id, card in shipped_database.cards.items()
             if card.kind != "emissary"}
    dealt = deal_duel(Random(1), CardData(cards, shipped_database.boxes), "duel")

    made_up = dealt["hypothetical_cards"]["emissary"]
    assert sorted(card["deck"] for card in made_up.values()) == sorted(EMISSARY_DECKS)
    assert set(dealt["setup"]["emissaries"]) == set(made_up)


def test_a_duel_reinforcement_played_counts_plays_not_passes():
    [part] = [part for part in DUEL_PARTS if part.name == "a reinforcement played"]
    played = Played({"draw_fate": "discovery"}, decisions=[
        ("orange", "reinforcement", PASS),
        ("blue", "reinforcement", ReinforcementPlay("boost", "orange")),
        ("orange", "reinforcement", ReinforcementPlay("drain", "blue")),
        ("blue", "plan", "plan-5")])

    assert part.count(played) == 2


def test_a_vanguard_combination_is_written_as_its_source_and_dice_and_done_as_done():
    assert write_vanguard("combination", ("card", ("die-1", "die-2"))) == {
        "use": "card", "dice": ["die-1", "die-2"]}
    assert write_vanguard("combination", DONE) == DONE


def test_a_vanguard_support_die_counts_every_die_given_not_the_refusals():
    [part] = [part for part in VANGUARD_PARTS if part.name == "a support die"]
    played = Played({"dice_test": {}}, decisions=[
        ("crew-2", "support", NONE), ("crew-3", "support", "zeta-die"),
        ("crew-4", "support", "alpha-die")])

    assert part.count(played) == 2


# Digests of the first ten deals of seed 29 of each game: a deal is part of a game's seed,
# so the same seed must deal the same setups.
DEALT = {"duel": "04ac77536e4b", "vanguard": "f6ab955f3660", "classic": "89e9823ed024",
         "cosmic": "e13438f20f35"}


@pytest.mark.parametrize("game", DEALT)
def test_the_same_seed_deals_the_same_setups(game, shipped_database):
    data = CardData(shipped_database.cards, shipped_database.boxes)
    deal = registered()[game].playthrough.deal
    dealt = [deal(Random(game_seed(29, number)), data, game) for number in range(10)]
    digest = hashlib.sha256(json.dumps(dealt, sort_keys=True, default=str).encode())
    assert digest.hexdigest()[:12] == DEALT[game]


@pytest.mark.parametrize(("part", "counted"), [
    ("a hand card's combination used", ("ensayo-y-error", ("die-1",))),
    ("the Global Condition's combination used", ("global-condition-2", ("die-2",))),
])
def test_a_vanguard_combination_counts_for_its_source_alone(part, counted):
    """A combination used counts for the part of its source, a hand card or the Global
    Condition (004 L1873-1888, L1993-1995); none used (done) counts for neither."""
    [found] = [game_part for game_part in VANGUARD_PARTS if game_part.name == part]
    played = Played({"dice_test": {}}, decisions=[
        ("crew-1", "combination", ("ensayo-y-error", ("die-1",))),
        ("crew-1", "combination", ("global-condition-2", ("die-2",))),
        ("crew-1", "combination", DONE)])

    assert found.count(played) == 1
    assert found.count(Played({}, decisions=[("crew-1", "combination", counted)])) == 1
