"""What differs between the two editions the one encounter engine plays.

`CLASSIC` is the four-player Avalon Hill edition (rulebook `001_9841a4286c692375.txt`,
Spanish OCR, 1326 lines); `COSMIC` the current edition (`002_899f4de90e84aa54.txt`, Spanish
machine translation, 287 lines). Each setting cites the lines that give it; the engine reads
nothing else about an edition. Numbers a card or box states (the starting hand, ships per
home planet) are read from the card database, not from here.
"""

from __future__ import annotations

from dataclasses import dataclass

ATTACK, NEGOTIATE, MORPH = "attack", "negotiate", "morph"
# Where the defense draws a new hand when it has no encounter card.
ON_BECOMING_DEFENSE, AT_PLANNING = "on-becoming-defense", "at-planning"


@dataclass(frozen=True)
class Edition:
    game: str
    rulebook: str
    rulebook_lines: int
    # Destiny: "discs" (the Orders, L354-368: the pile is reshuffled with the discards
    # when one disc is left, L754-756) or "deck" (destiny cards, L133-135, L47).
    destiny: str
    # Regroup: whether retrieving a ship from the warp may be declined.
    regroup_optional: bool
    # Whether ships are gathered before the target is chosen (classic steps 3 and 4).
    gather_before_aim: bool
    encounter_types: tuple[str, ...]
    # At the start of a turn without an encounter card: draw once (classic, after
    # discarding artifacts) or discard and draw again until one is held (current).
    refill_until_encounter_card: bool
    defense_refill: str
    # Defender rewards: one for each ship committed ("debes", classic L592) or up to one
    # for each ("puede", current L248).
    defender_rewards_optional: bool
    # A failed deal ends the offense's turn in so many words (classic L626-627); in the
    # current edition it ends it because only a won encounter or a deal allows a second.
    failed_deal_ends_turn: bool
    second_encounter_needs_encounter_card: bool
    artifacts: bool
    colony_track: bool
    # Home colonies that must remain to keep an alien power (None: the text gives none).
    home_colonies_for_power: int | None
    campaign: bool
    # The box facts whose sum is the deck: classic L90-92; current L54-56 (all encounter,
    # reinforcement and artifact cards).
    deck_box_facts: tuple[str, ...]
    # Destiny cards of each colour (current L47); the classic Orders per colour are not
    # given, only their number (L89, `orders` in the box).
    destiny_per_colour: int | None
    citations: dict[str, str]


CLASSIC = Edition(
    game="classic", rulebook="001_9841a4286c692375.txt", rulebook_lines=1326,
    destiny="discs", regroup_optional=True, gather_before_aim=True,
    encounter_types=(ATTACK, NEGOTIATE), refill_until_encounter_card=False,
    defense_refill=ON_BECOMING_DEFENSE, defender_rewards_optional=False,
    failed_deal_ends_turn=True,
    second_encounter_needs_encounter_card=True, artifacts=True, colony_track=False,
    home_colonies_for_power=3, campaign=True, deck_box_facts=("deck",),
    destiny_per_colour=None,
    citations={
        "regroup": "L345-353 (may; onto the main ship without a colony)",
        "destiny": "L354-368, L750-756 (own colour: flip again or a foreign colony at home)",
        "launch": "L369-392 (1 to 4 ships, then aim at a planet of the system)",
        "alliances": "L407-440 (invite, invite, accept from the offense's left; transports)",
        "planning": "L441-449, L746-749",
        "attack": "L533-541 (card plus ships; ties to the defender)",
        "offense-wins": "L553-565",
        "defense-wins": "L577-601 (defender rewards: allies only, one for each ship, L592)",
        "negotiate": "L605-627 (one minute; failed deal: 3 ships each, the turn ends)",
        "compensation": "L629-638 (own ships only, not the allies')",
        "second-encounter": "L735-745 (may, after a won attack or a deal, with a card left)",
        "refill": "L450-457, L803-819 (7 cards when one must be played and none is held)",
        "spectators": "L789-802",
        "empty-planet": "L832-842",
        "power-loss": "L919-928 (three home colonies gone: the power is lost)",
        "timing": "L929-938 (others from the offense's left, then offense, then defense)",
        "artifacts": "L940-1031",
        "win": "L76-78, L843-846",
        "campaign": "L1295-1322",
    })

COSMIC = Edition(
    game="cosmic", rulebook="002_899f4de90e84aa54.txt", rulebook_lines=287,
    destiny="deck", regroup_optional=False, gather_before_aim=False,
    encounter_types=(ATTACK, NEGOTIATE, MORPH), refill_until_encounter_card=True,
    defense_refill=AT_PLANNING, defender_rewards_optional=True, failed_deal_ends_turn=False,
    second_encounter_needs_encounter_card=False, artifacts=False, colony_track=True,
    home_colonies_for_power=None, campaign=False,
    deck_box_facts=("encounter", "reinforcements", "artifacts"), destiny_per_colour=3,
    citations={
        "setup": "L39-61 (destiny deck: three cards per colour in play, wild and special)",
        "start-turn": "L123-125 (discard and draw until an encounter card is held)",
        "regroup": "L127-131 (the offense retrieves one ship; with no colony, onto the gate, "
                   "as the classic rulebook has it)",
        "destiny": "L133-135",
        "launch": "L137-151 (aim the gate, then 1 to 4 ships; own colour: L145)",
        "alliances": "L153-173 (allies' ships beside the planet)",
        "planning": "L175-185",
        "attack": "L191-195 (ties to the defense)",
        "attack-negotiate": "L197-201",
        "negotiate": "L203-215 (failed deal: 3 ships each)",
        "morph": "L217-224 (a copy of the other card)",
        "offense-wins": "L230-244 (the colony marker advances)",
        "defense-wins": "L246-253 (defender rewards: up to one for each ship, L248)",
        "deal": "L257-263",
        "compensation": "L265-269, L255, L275",
        "second-encounter": "L271-273 (from Regroup)",
        "win": "L277-285",
    })

EDITIONS = {edition.game: edition for edition in (CLASSIC, COSMIC)}

# Campaign scoring (classic, L1306-1313): a sole win, a shared win, four foreign colonies.
SOLE_WIN_POINTS = 8
SHARED_WIN_POINTS = 4
FOUR_COLONIES_POINTS = 1
CAMPAIGN_TARGET = 15          # L1319
FOREIGN_COLONIES_TO_WIN = 5   # classic L76-78, current L283
FAILED_DEAL_SHIPS = 3         # classic L624-626, current L215, L263
MAX_SHIPS_COMMITTED = 4       # classic L370, L429-433; current L147, L167
