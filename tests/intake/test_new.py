"""`cardkit new` on a scratch copy of the shipped database: the stub, its English name,
what to fill next, and each refusal with nothing written."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardkit.checks.runner import validate
from cardkit.cli import main
from cardkit.model.database import load_database
from cardkit.model.games import GAMES
from cardkit.model.schema import leaf_types
from cardkit.model.texts import NOT_TEXTS
from tests.rules.conftest import copy_database


def run_new(root: Path, *arguments: str):
    return CliRunner().invoke(main, ["new", *arguments, "--root", str(root)])


def snapshot(root: Path) -> dict[Path, bytes]:
    return {path: path.read_bytes() for path in sorted(root.rglob("*")) if path.is_file()}


@pytest.mark.slow
def test_an_alien_stub_validates_and_says_what_to_fill(tmp_path):
    root = copy_database(tmp_path)
    before = (root / "cards/duel/aliens.yaml").read_text()
    result = run_new(root, "alien", "abductor", "--game", "duel", "--name", "Abductor")
    assert result.exit_code == 0, result.output
    assert (root / "cards/duel/aliens.yaml").read_text() == (
        before + "\nabductor:\n  unknown: [complexity, powers]\n")
    assert (root / "locales/en/duel/aliens.yaml").read_text().endswith(
        "\nabductor:\n  name: Abductor\n  provisional: [name]\n")
    lines = result.stdout.splitlines()
    unknown_line = len(before.splitlines()) + 3  # a blank line, the id, then its unknown list
    assert lines[0] == (f"cards/duel/aliens.yaml:{unknown_line}: give complexity, powers with a source (a "
                        "declared printing or rulebook lines), and take each off `unknown` "
                        "(docs/fields.md lists the fields)")
    marked_at = len((root / "locales/en/duel/aliens.yaml").read_text().splitlines())  # its provisional
    assert f"locales/en/duel/aliens.yaml:{marked_at}: the name is ours (provisional)" in result.stdout
    assert "cards/duel/box.yaml:1: declare the printing" in result.stdout
    assert validate(root).errors == []


@pytest.mark.slow
def test_a_fact_the_model_needs_is_given_at_once(tmp_path):
    root = copy_database(tmp_path)
    refused = run_new(root, "plan", "orange-7", "--game", "duel")
    assert refused.exit_code == 2
    assert "duel plan cards cannot leave value unknown: give --fact value=..." in refused.output
    result = run_new(root, "plan", "orange-7", "--game", "duel", "--fact", "value=7")
    assert result.exit_code == 0, result.output
    assert "orange-7:\n  unknown: [colour, name]\n  value: 7\n" in (root / "cards/duel/plans.yaml").read_text()
    assert "the fact 'value' has no source" in result.stdout


@pytest.mark.parametrize("arguments, message", [
    (["alien", "iron-matron", "--game", "duel"], "'iron-matron' exists already: cards/duel/aliens.yaml:20"),
    (["artifact", "x", "--game", "duel"], "duel has no card kind 'artifact'; its kinds are alien, "
     "emissary, discovery, event, maintenance, plan, reinforcement, planet, tactic"),
    (["alien", "Iron_Matron", "--game", "duel"], "'Iron_Matron' is not a card id"),
    (["alien", "x", "--game", "chess"], "the database has no game 'chess'; it has classic, cosmic, duel"),
    (["event", "x", "--game", "duel", "--text", "powers=x"],
     "duel event cards have no text 'powers'; their texts are name, text"),
    (["crew", "x", "--game", "vanguard", "--text", "Do a thing."],
     "vanguard crew cards have the texts name, conversion, ability: name the one you give, as "
     "--text FIELD=TEXT"),
    (["tactic", "x", "--game", "duel", "--fact", "colour=red", "--text", "x"],
     "duel tactic cards have no texts; give no --text"),
    (["event", "x", "--game", "duel", "--text", "fr:name=x"],
     "the database has no language 'fr'; it has de, en, es"),
])
def test_refusals_write_nothing(tmp_path, arguments, message):
    root = copy_database(tmp_path)
    before = snapshot(root)
    result = run_new(root, *arguments)
    assert result.exit_code == 2
    assert message in result.output and "nothing was written" in result.output
    assert snapshot(root) == before


# Facts a stub of the kind cannot leave unknown besides its required ones (a reinforcement
# has a value or a parity, an attack its value), copied from a shipped card.
ALSO_GIVEN = {("duel", "reinforcement"): ("value", "parity"), ("classic", "encounter"): ("value",),
              ("cosmic", "encounter"): ("value",)}
# The box counts of the games whose boxes are full, raised for one card more of each kind
# (the classic deck is its encounter cards and artifacts).
ROOM_FOR_ONE_MORE = {"classic": {"aliens": 1, "encounter": 1, "artifacts": 1, "deck": 2}}


def _kinds_with_texts() -> list[tuple[str, str]]:
    return [(game.name, kind.name) for game in GAMES.values() for kind in game.kinds
            if kind.texts is not None]


@pytest.mark.slow
def test_every_kind_of_every_game_takes_its_english_texts_and_a_german_name(tmp_path):
    """An event, maintenance or discovery card needs an English text that `new` had no
    option for (`has no English text for: text`); `--text` gives it, named by its field
    where the kind has several, and in another language with its code."""
    root = copy_database(tmp_path)
    for game, counts in ROOM_FOR_ONE_MORE.items():
        box = root / "cards" / game / "box.yaml"
        text = box.read_text(encoding="utf-8")
        for name, more in counts.items():
            text = re.sub(rf"^{name}: ([0-9]+)$", lambda count: f"{name}: {int(count[1]) + more}", text,
                          count=1, flags=re.MULTILINE)
        box.write_text(text, encoding="utf-8")
    database = load_database(root)[0]
    kinds = _kinds_with_texts()
    assert ("duel", "event") in kinds and ("vanguard", "crew") in kinds
    typed = {}  # each card added: the text fields it was given
    for game_name, kind_name in kinds:
        kind = GAMES[game_name].kind(kind_name)
        example = next(iter(database.cards_of_kind(kind_name, game_name)))
        shipped = example.model_dump(mode="json", exclude_none=True)
        facts = [f"{field}={json.dumps(shipped[field])}" for field, info in kind.facts.model_fields.items()
                 if field in shipped and (info.is_required() and field != "id"
                                          or field in ALSO_GIVEN.get((game_name, kind_name), ()))]
        plain = [field for field in kind.texts.model_fields if field not in NOT_TEXTS
                 and field != "name" and leaf_types(kind.texts, field) == {"string"}]
        fields = [field for field in plain if field in example.text_paths()]
        texts = ["A text typed in."] if len(plain) == len(fields) == 1 else \
            [f"{field}=A text typed in." for field in fields]
        card_id = f"{game_name}-{kind_name}-typed"
        arguments = [kind_name, card_id, "--game", game_name, "--name", "Typed In",
                     "--text", "de:name=Eingetippt"]
        result = run_new(root, *arguments, *(f"--fact={fact}" for fact in facts),
                         *(f"--text={text}" for text in texts))
        assert result.exit_code == 0, (kind_name, result.output)
        typed[card_id] = fields
    database = load_database(root)[0]
    for card_id, fields in typed.items():
        english = database.text("en", card_id)
        assert english.texts == {"name": "Typed In"} | {field: "A text typed in." for field in fields}
        assert english.provisional == ["name", *fields]
        assert database.text("de", card_id).texts == {"name": "Eingetippt"}
    assert [problem.message for problem in validate(root).errors
            if problem.code != "provenance-missing" and problem.card_id.endswith("-typed")] == []


def test_white_space_at_the_ends_of_the_id_name_and_texts_is_taken_off_with_a_warning(tmp_path):
    root = copy_database(tmp_path)
    result = run_new(root, "event", " solar-flare ", "--game", "duel", "--name", "Solar Flare ",
                     "--text", " Draw 2 cards.", "--text", "de:name=Sonneneruption\n")
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines()[:4] == [
        "warning: ID: white space taken off the ends of ' solar-flare '",
        "warning: --name: white space taken off the ends of 'Solar Flare '",
        "warning: --text: white space taken off the ends of ' Draw 2 cards.'",
        "warning: --text: white space taken off the ends of 'Sonneneruption\\n'"]
    database = load_database(root)[0]
    assert database.text("en", "solar-flare").texts == {"name": "Solar Flare", "text": "Draw 2 cards."}
    assert database.text("de", "solar-flare").texts == {"name": "Sonneneruption"}
