"""Declarations of games in data: each fault of a declaration is reported at its line and
column with its exact message, all of them at once, and a game with any is not read."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardkit.checks.output import format_problem
from cardkit.checks.runner import validate
from cardkit.model.box import DuelBox
from cardkit.model.cosmic import EncounterCard
from cardkit.model.declared import BuiltIn, PlugIn, declare_game
from cardkit.model.duel import Alien, FateCard
from cardkit.model.games import BUILT_IN, GAMES, use_declared
from cardkit.model.texts import AlienText
from cardkit.source.yamlfile import load_yaml
from tests.conftest import TESTS, BrokenFixture
from tests.declared.test_declared_game import FILES


def declaration_fixtures() -> list:
    files = sorted((TESTS / "model" / "broken-declarations").glob("*.yaml"))
    return [pytest.param(BrokenFixture.read(path), id=path.stem) for path in files]


@pytest.fixture
def traders(tmp_path):
    root = tmp_path / "traders"
    for name, text in FILES.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    yield root
    use_declared([])


@pytest.mark.parametrize("fixture", declaration_fixtures())
def test_each_fault_of_a_declaration_is_reported_at_its_place(traders, fixture):
    fixture.apply(traders)

    report = validate(traders)

    assert [format_problem(problem) for problem in report.problems] == fixture.expected
    assert set(GAMES) == set(BUILT_IN)  # not registered, and its cards not read


def test_a_declaration_cannot_replace_a_game_written_in_python(traders):
    (traders / "cards/duel").mkdir()
    (traders / "cards/duel/game.yaml").write_text("title: {en: Duel}\nkinds: {}\n", encoding="utf-8")

    report = validate(traders)

    assert [format_problem(problem) for problem in report.problems if problem.code == "game-declaration"] == [
        "cards/duel/game.yaml:1:1: error: game-declaration: the game duel is built into cardkit; "
        "a declaration cannot replace it"]


def test_a_reference_to_no_card_of_its_kind_is_reported(traders):
    ships = traders / "cards/traders/ships.yaml"
    ships.write_text(ships.read_text(encoding="utf-8").replace("home: haven\n", "home: nowhere\n", 1),
                     encoding="utf-8")

    report = validate(traders)

    assert [format_problem(problem) for problem in report.problems if problem.code == "unknown-id"] == [
        "cards/traders/ships.yaml:5:9: error: unknown-id: home: no port card has the id 'nowhere'"]


def test_the_declared_models_check_the_card_files(traders):
    ships = traders / "cards/traders/ships.yaml"
    ships.write_text(ships.read_text(encoding="utf-8").replace("cost: 3", "cost: 13").replace(
        "class: scout", "class: liner"), encoding="utf-8")

    report = validate(traders)

    assert [format_problem(problem) for problem in report.problems if problem.severity.value == "error"] == [
        "cards/traders/ships.yaml:2:9: error: schema-range: cost: 13 is out of range: input should be less than or equal to 12",
        "cards/traders/ships.yaml:3:10: error: schema-range: class: 'liner' is not one of 'scout' or 'freighter'"]



def test_a_glossary_term_may_belong_to_a_declared_game_and_no_other(traders):
    (traders / "locales/en/glossary.yaml").write_text(
        "port:\n  term: port\n  games: [traders, chess]\n", encoding="utf-8")

    report = validate(traders)

    assert [format_problem(problem) for problem in report.problems
            if str(problem.position.path) == "locales/en/glossary.yaml"] == [
        "locales/en/glossary.yaml:3:20: error: schema-range: games.2: 'chess' is not one of "
        "'duel', 'classic', 'cosmic' or 'traders'"]


def test_a_fact_that_may_be_unknown_is_given_or_listed_and_a_required_one_always_given(traders):
    ships = traders / "cards/traders/ships.yaml"
    ships.write_text(ships.read_text(encoding="utf-8").replace("  cost: 3\n", "").replace(
        "  class: freighter\n", ""), encoding="utf-8")

    report = validate(traders)

    assert [format_problem(problem) for problem in report.problems if problem.severity.value == "error"] == [
        "cards/traders/ships.yaml:1:1: error: schema-missing-field: missing field 'cost' (list it "
        "under 'unknown' if the rulebooks do not give it)",
        "cards/traders/ships.yaml:7:1: error: schema-missing-field: missing field 'class'"]


def test_loading_another_database_leaves_only_the_python_games(traders, tmp_path):
    validate(traders)
    assert "traders" in GAMES
    other = tmp_path / "other"
    (other / "cards").mkdir(parents=True)
    (other / "locales/en").mkdir(parents=True)

    validate(other)

    assert GAMES == BUILT_IN


def built_in_fixtures() -> list:
    files = sorted((TESTS / "model" / "broken-built-in").glob("*.yaml"))
    return [pytest.param(BrokenFixture.read(path), id=path.stem) for path in files]


# A built-in game as the tests declare it: the Duel's alien is a Python plug-in.
TEST_BUILT_IN = BuiltIn(DuelBox, {"alien": PlugIn(Alien, AlienText)})


@pytest.mark.parametrize("fixture", built_in_fixtures())
def test_each_fault_of_a_built_in_declaration_is_reported_at_its_place(tmp_path, fixture):
    document = load_yaml(fixture.apply(tmp_path), Path(fixture.target), round_trip=False)

    game, problems = declare_game("duel", document, TEST_BUILT_IN)

    assert game is None
    assert [format_problem(problem) for problem in problems] == fixture.expected


def test_a_built_in_declaration_takes_its_plug_ins_and_declares_the_rest(tmp_path):
    declaration = tmp_path / "game.yaml"
    declaration.write_text("title: {en: Duel}\nkinds:\n  alien: {file: aliens, code: powers}\n"
                           "  plan:\n    file: plans\n    facts:\n      value: {type: integer, required: true}\n",
                           encoding="utf-8")

    game, problems = declare_game("duel", load_yaml(declaration, round_trip=False), TEST_BUILT_IN)

    assert problems == [] and game is not None and game.declared is None and game.box is DuelBox
    alien, plan = game.kinds
    assert (alien.facts, alien.texts, alien.template) == (Alien, AlienText, None)
    assert (plan.facts.__name__, plan.texts.__name__, plan.template) == ("Plan", "PlanText", None)
    assert plan.facts(id="tiny", value=1).value == 1


def test_the_built_in_games_models_are_their_plug_ins_and_declarations():
    """The shipped declarations give the built-in games the models their Python gave before
    they were declared: the same classes, schemas and required facts."""
    duel, classic, cosmic = (BUILT_IN[name] for name in ("duel", "classic", "cosmic"))
    assert [kind.name for kind in duel.kinds] == [
        "alien", "emissary", "discovery", "event", "maintenance", "plan", "reinforcement", "planet", "tactic"]
    plan = duel.kind("plan").facts
    assert plan.required_facts == ("colour",)
    assert list(plan.model_fields) == ["id", "unknown", "sources", "art", "kind", "colour", "value"]
    event = duel.kind("event").facts
    assert issubclass(event, FateCard) and event.required_facts == ("next",)
    assert list(event.model_fields)[-2:] == ["kind", "planet_bar"]
    artifact = classic.kind("artifact")
    assert artifact.facts.required_facts == ("copies",)
    assert artifact.texts.__name__ == "ArtifactText" and "text" in artifact.texts.model_fields
    for game, types in ((classic, ["attack", "negotiate"]), (cosmic, ["attack", "negotiate", "morph"])):
        encounter = game.kind("encounter").facts
        assert issubclass(encounter, EncounterCard) and encounter.required_facts == ("copies",)
        assert encounter.model_json_schema()["properties"]["type"]["enum"] == types
