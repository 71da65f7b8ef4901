"""The database the project ships is valid and in canonical form."""

from __future__ import annotations

import pytest

from cardkit.checks.output import format_problem
from cardkit.checks.provenance import box_fact_paths
from cardkit.checks.runner import validate
from cardkit.model.database import load_database
from cardkit.problems import Severity
from cardkit.source.canonical import format_database
from tests.conftest import PROJECT_ROOT

SEEDS = PROJECT_ROOT.parent / "shared" / "seeds"
RULEBOOK_ES = "000_9d86faec0599c48a.txt"
RULEBOOK_DE = "003_cadf4f0e38ea8624.txt"
RULEBOOK_CLASSIC = "001_9841a4286c692375.txt"
RULEBOOK_COSMIC = "002_899f4de90e84aa54.txt"
RULEBOOK_VANGUARD = "004_8e317cd5b1651ee0.txt"


def test_shipped_database_has_no_errors():
    report = validate(PROJECT_ROOT)

    assert [str(p.position) + " " + p.message for p in report.problems
            if p.severity is Severity.ERROR] == []


@pytest.mark.slow
def test_shipped_database_is_canonical():
    assert format_database(PROJECT_ROOT, write=False).changed == []


# The facts the audit of issue 13 found wrong, each as it must now stand.

@pytest.fixture(scope="module")
def shipped():
    database, problems, _ = load_database(PROJECT_ROOT)
    assert not [p for p in problems if p.severity is Severity.ERROR]
    return database


def _groups(entry, fact):
    return [group for group in entry.sources if group.covers(fact)]


def test_provenance_is_checked_on_the_shipped_database(shipped):
    assert set(shipped.boxes["duel"].rulebooks) == {RULEBOOK_ES, RULEBOOK_DE}


def test_the_empty_spaceport_has_only_the_prizes_its_card_shows(shipped):
    card = shipped.cards["empty-spaceport"]
    assert card.duel.prizes.winner is None and not card.knows("duel.prizes.winner")
    loser = card.duel.prizes.loser.effect
    assert (loser.effect, loser.count, loser.optional) == ("retrieve_ships", None, False)
    assert not card.knows("duel.prizes.loser.effect.count")
    [group] = _groups(card, "duel.prizes.loser.effect")
    assert [(c.file, c.lines) for c in group.cites] == [(RULEBOOK_ES, "517-519")]
    assert shipped.text("es", "empty-spaceport").prizes.loser.name == "Premio al abandono"
    assert shipped.text("de", "empty-spaceport").prizes.loser.name == "Unbeaufsichtigter Preis"


def test_the_naivety_prize_belongs_to_the_step_ten_illustration_card(shipped):
    card = shipped.cards["prize-illustration"]
    assert card.kind == "discovery"
    assert not card.knows("duel.ship_advantage") and not card.knows("next")
    winner, loser = card.duel.prizes.winner.effect, card.duel.prizes.loser.effect
    assert (winner.effect, winner.count, winner.optional) == ("improve_relations", 1, True)
    assert (loser.effect, loser.count, loser.optional) == ("worsen_relations", 1, True)
    assert shipped.text("es", "prize-illustration").prizes.loser.name == "Premio a la ingenuidad"
    assert shipped.text("de", "prize-illustration").prizes.loser.name == "Preis der Naivität"
    for language in ("en", "es", "de"):
        assert "name" in shipped.text(language, "prize-illustration").provisional


def test_supply_run_has_no_main_text_and_its_symbols_no_colour(shipped):
    card = shipped.cards["supply-run"]
    assert not card.knows("text")
    assert list(card.resources) == ["unlabelled-1", "unlabelled-2", "unlabelled-3"]
    for language in ("en", "es", "de"):
        entry = shipped.text(language, "supply-run")
        assert entry.text is None and list(entry.resources) == list(card.resources)
    for planet, symbol in (("unlabelled-1-a", "unlabelled-1"), ("unlabelled-2-a", "unlabelled-2")):
        assert shipped.cards[planet].symbol == symbol
        [group] = _groups(shipped.cards[planet], "symbol")
        assert group.reading is not None
    # The planet-bar example's red planets are the only planets of a named colour.
    assert {card.symbol for card in shipped.cards_of_kind("planet")} == {
        "red", "unlabelled-1", "unlabelled-2"}


def test_the_grouchs_timing_is_unknown(shipped):
    grouch = shipped.cards["grouch"]
    assert grouch.power.timing is None and not grouch.knows("power.timing")


@pytest.mark.parametrize("card_id", ["swarm", "prime"])
def test_the_first_game_aliens_english_names_are_provisional(shipped, card_id):
    assert "name" in shipped.text("en", card_id).provisional


@pytest.mark.parametrize("card_id", ["pickle", "unseemly", "chosen-one", "traveler"])
def test_german_names_derived_from_other_word_forms_are_provisional(shipped, card_id):
    entry = shipped.text("de", card_id)
    assert "name" in entry.provisional
    [group] = _groups(entry, "name")
    assert group.reading is not None


@pytest.mark.parametrize("card_id, fact", [("double", "deck"), ("sweet-revenge", "planet_bar"),
                                           ("red-a", "symbol"), ("red-b", "symbol")])
def test_where_the_rulebooks_disagree_the_entry_follows_the_german(shipped, card_id, fact):
    [group] = _groups(shipped.cards[card_id], fact)
    assert {citation.file for citation in group.cites} == {RULEBOOK_ES, RULEBOOK_DE}
    assert group.follows.file == RULEBOOK_DE and group.follows.why


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the rulebooks are not next to the project "
                    "(../shared/seeds), so the quotes cannot be checked against them")
def test_every_quote_stands_in_its_cited_lines_of_the_rulebooks_themselves():
    report = validate(PROJECT_ROOT, rulebooks=SEEDS)

    assert [format_problem(problem) for problem in report.problems] == []


# The two editions of Cosmic Encounter: the facts the contract of issue 14 names.

def test_the_database_holds_four_games_each_citing_its_own_rulebook(shipped):
    assert shipped.games == ["classic", "cosmic", "duel", "vanguard"]
    assert set(shipped.boxes["classic"].rulebooks) == {RULEBOOK_CLASSIC}
    assert set(shipped.boxes["cosmic"].rulebooks) == {RULEBOOK_COSMIC}
    assert set(shipped.boxes["vanguard"].rulebooks) == {RULEBOOK_VANGUARD}


@pytest.mark.parametrize("game, starting_hand", [("classic", 7), ("cosmic", 8)])
def test_the_box_gives_the_setup_the_engine_reads(shipped, game, starting_hand):
    box = shipped.boxes[game]
    assert (box.starting_hand, box.ships_per_home_planet, box.planets_per_system) == \
        (starting_hand, 4, 5)


def test_the_classic_deck_is_its_encounter_and_artifact_cards(shipped):
    box = shipped.boxes["classic"]
    assert (box.deck, box.encounter, box.artifacts, box.aliens) == (54, 46, 8, 20)


@pytest.mark.parametrize("card_id, kind, card_type, value", [
    ("classic-attack-4", "encounter", "attack", 4), ("classic-attack-30", "encounter", "attack", 30),
    ("classic-negotiate", "encounter", "negotiate", None), ("cosmic-attack-8", "encounter", "attack", 8),
    ("cosmic-morph", "encounter", "morph", None)])
def test_encounter_cards_carry_their_game_in_their_id(shipped, card_id, kind, card_type, value):
    card = shipped.cards[card_id]
    assert (card.kind, card.type, card.value) == (kind, card_type, value)
    assert shipped.game_of(card_id) == card_id.split("-")[0]
    assert card.copies is None and not card.knows("copies")


def test_the_classic_aliens_powers_are_unknown_but_what_examples_show(shipped):
    aliens = shipped.cards_of_kind("alien", "classic")
    assert len(aliens) == 20 and all(not alien.knows("power") for alien in aliens)
    shown = {alien.id: {fragment: part.value for fragment, part in alien.shown.items()}
             for alien in aliens if alien.shown}
    assert shown == {"macron": {"ship-worth": 4}, "pacifist": {"negotiate-beats-attack": None},
                     "vulch": {"keeps-discarded-artifacts": None},
                     "philanthropist": {"gives-cards": None}, "mind": {"sees-hands": None},
                     "chronos": {"time-travel": None}}
    [group] = _groups(shipped.cards["macron"], "shown.ship-worth")
    assert [(c.file, c.lines) for c in group.cites] == [(RULEBOOK_CLASSIC, "1133-1134")]


def test_the_artifacts_have_their_timing_and_the_plague_its_ships(shipped):
    artifacts = {card.id: card for card in shipped.cards_of_kind("artifact")}
    assert sorted(artifacts) == ["cosmic-zap", "emotion-control", "force-field", "ionic-gas",
                                 "mobius-tubes", "plague"]
    assert artifacts["plague"].ships == 3 and artifacts["plague"].timing == "any-time"
    assert all(not card.knows("copies") for card in artifacts.values())


@pytest.mark.parametrize("card_id, spanish", [("laser", "Láser"), ("oracle", "Oráculo"),
                                              ("parasite", "Parásito"),
                                              ("philanthropist", "Filántropo"),
                                              ("cosmic-zap", "Zepo Cósmico"),
                                              ("mobius-tubes", "Túneles de Mobius")])
def test_spanish_names_with_restored_accents_say_so_as_a_reading(shipped, card_id, spanish):
    entry = shipped.text("es", card_id)
    assert entry.name == spanish
    [group] = _groups(entry, "name")
    assert group.reading is not None and group.cites[0].file == RULEBOOK_CLASSIC


# The defects the audit of issue 31 found, each as it must now stand.

def test_the_duel_box_cites_each_of_its_twelve_counts(shipped):
    box = shipped.boxes["duel"]
    paths = box_fact_paths(box)
    assert len(paths) == 12 and {"plans.orange", "plans.blue", "tactics.orange"} <= set(paths)
    for path in paths:
        [group] = _groups(box, path)
        assert group.cites, path
        assert (group.reading is not None) == (path == "emissary_decks"), path


@pytest.mark.parametrize("card_id", ["cosmic-zap", "force-field", "mobius-tubes", "plague",
                                     "ionic-gas", "emotion-control"])
def test_the_spanish_classic_artifact_texts_are_marked_as_our_wording(shipped, card_id):
    [group] = _groups(shipped.text("es", card_id), "text")
    assert group.reading == "Our wording of the artifact's paragraph."


def test_the_ionic_gas_strikes_the_player_it_is_played_against(shipped):
    english, spanish = shipped.text("en", "ionic-gas").text, shipped.text("es", "ionic-gas").text
    assert "you play it against" in english and "you name" not in english
    assert "contra el que lo juegas" in spanish and "nombres" not in spanish


def test_the_emotion_controls_timing_is_a_reading_of_its_paragraph_over_its_example(shipped):
    [group] = _groups(shipped.cards["emotion-control"], "timing")
    assert [(c.file, c.lines) for c in group.cites] == [(RULEBOOK_CLASSIC, "1026-1027"),
                                                        (RULEBOOK_CLASSIC, "1099-1101")]
    assert "follows the paragraph" in group.reading


ARTIFACT_WIKI = "https://cosmicencounter.fandom.com/wiki/Artifact"


@pytest.mark.parametrize("card_id, page", [
    ("filch", None), ("mind", None), ("cosmic-zap", ARTIFACT_WIKI), ("ionic-gas", ARTIFACT_WIKI),
    ("force-field", ARTIFACT_WIKI), ("mobius-tubes", ARTIFACT_WIKI)])
def test_english_classic_names_from_outside_the_rulebooks_say_so(shipped, card_id, page):
    """Provisional readings; where a public page a reader can check gives the name, cited to it."""
    entry = shipped.text("en", card_id)
    assert "name" in entry.provisional
    [group] = _groups(entry, "name")
    assert [citation.url for citation in group.cites] == ([page] if page else [])
    assert "no rulebook here" in group.reading or "rather than from any rulebook here" in group.reading


def test_scenario_c05_names_the_mind_as_the_english_editions_name():
    text = (PROJECT_ROOT / "tests/examples/classic/c05-recolonising-a-home-planet.yaml").read_text(
        encoding="utf-8")
    assert "nearest rendering" not in text and "the English edition's name" in text


def test_the_iron_matrons_spanish_texts_cite_the_readable_card_without_adding_to_you(shipped):
    entry = shipped.text("es", "iron-matron")
    punish, law = (_groups(entry, f"powers.{power}.text")
                   for power in ("punish", "lay-down-the-law"))
    assert [(c.lines, "garbles" in g.reading) for [g] in (punish, law) for c in g.cites] == [
        ("871-874", False), ("878-881", False)]
    assert "debe mostrarla" in entry.powers["punish"].text
    assert "to you" not in shipped.text("en", "iron-matron").powers["punish"].text


def test_the_naivety_cards_loser_effect_cites_only_the_lines_that_give_it(shipped):
    [group] = _groups(shipped.cards["prize-illustration"], "duel.prizes.loser")
    assert [(c.file, c.lines) for c in group.cites] == [(RULEBOOK_ES, "558-562")]
    [name] = _groups(shipped.text("de", "prize-illustration"), "prizes.loser.name")
    assert [(c.file, c.lines) for c in name.cites] == [(RULEBOOK_DE, "371")]
