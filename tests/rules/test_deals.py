"""What random play deals and counts, tested apart from whole games: the made-up cards a
deal adds where the database gives none, and the parts of a game a procedure shows."""

from __future__ import annotations

from random import Random

from cardkit.rules.core.engine import CardData
from cardkit.rules.core.playthrough import Played
from cardkit.rules.duel.engine import PASS
from cardkit.rules.duel.playthrough import EMISSARY_DECKS, PARTS as DUEL_PARTS, deal as deal_duel
from cardkit.rules.duel.state import ReinforcementPlay


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
