"""`cardkit export json` against a real reader: every file validates with jsonschema (Draft
2020-12), and reads back into the database's own models, field for field."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from cardkit.checks.runner import Strictness, load_checked
from cardkit.cli import main
from cardkit.export.dataset import FORMAT_VERSION, SCHEMA_FILE, SCHEMA_SOURCE, export_files
from cardkit.export.schema import schema_bytes
from cardkit.model.database import declare_games
from cardkit.model.games import GAMES, use_declared
from tests.conftest import PROJECT_ROOT

# The schema as each format version released it: a changed schema needs a new version
# (docs/export.md: additions minor, changes major) and its digest here.
RELEASED_SCHEMAS = {
    "1.0.0": "9ff8c54eb97cd936",
    "1.1.0": "bf8253b0bdc232fe",
    "1.2.0": "4b3bf63e06fa86b8",
    "1.3.0": "39ab7d526b0f9448",
    "1.4.0": "7b774048ed3c0237",
}
DATABASE = load_checked(PROJECT_ROOT, Strictness.UNREADABLE).database


@pytest.fixture(scope="module")
def exported(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("export") / "json"
    result = CliRunner().invoke(main, ["export", "json", str(PROJECT_ROOT), "-o", str(out)])
    assert result.exit_code == 0, result.output
    return out


def schema() -> dict:
    """The schema an export of the shipped database carries: the shipped file's games and the
    one declared in data (vanguard)."""
    declare_games(PROJECT_ROOT)
    return json.loads(schema_bytes())


def validator(definition: str | None = None) -> jsonschema.Draft202012Validator:
    whole = schema()
    jsonschema.Draft202012Validator.check_schema(whole)
    target = whole if definition is None else {**whole, "$ref": f"#/$defs/{definition}"}
    if definition is not None:
        for keyword in ("required", "properties", "allOf", "additionalProperties", "type"):
            target.pop(keyword)
    return jsonschema.Draft202012Validator(target)


@pytest.mark.slow
def test_every_game_file_and_the_meta_validate_against_the_schema(exported):
    names = sorted(path.name for path in exported.iterdir())
    assert names == sorted([*(f"{game}.json" for game in DATABASE.games), "meta.json", SCHEMA_FILE])
    for game in DATABASE.games:
        errors = [error.message for error in validator().iter_errors(_read(exported / f"{game}.json"))]
        assert errors == [], game
    meta = _read(exported / "meta.json")
    assert list(validator("meta").iter_errors(meta)) == []
    assert meta["format"] == FORMAT_VERSION and meta["schema"] == SCHEMA_FILE
    assert meta["games"] == DATABASE.games


def test_the_export_reads_back_into_the_models_field_for_field(exported):
    read = 0
    for game in DATABASE.games:
        data = _read(exported / f"{game}.json")
        assert data["cards"].keys() == {card_id for card_id in DATABASE.cards
                                        if DATABASE.game_of(card_id) == game}
        for card_id, record in data["cards"].items():
            kind = GAMES[game].kind(record["kind"])
            card = kind.facts.model_validate({**record["facts"], "id": card_id, "kind": record["kind"],
                                              "unknown": record["unknown"], "sources": record["sources"]})
            # a declared game's models are made anew with each reading: compared field for field
            assert card.model_dump() == DATABASE.cards[card_id].model_dump()
            for language, texts in record["texts"].items():
                entry = _entry(kind, card_id, texts)
                assert _dumped(entry) == _dumped(DATABASE.text(language, card_id)), (card_id, language)
                read += 1
        assert data["box"] == DATABASE.boxes[game].model_dump(mode="json", exclude_none=True)
        for language, terms in data["glossary"].items():
            for term_id, term in terms.items():
                assert DATABASE.glossaries[language][term_id].model_dump(mode="json", exclude_none=True) == term
    assert read == len(DATABASE.cards) * len(DATABASE.languages)


def _dumped(model):
    return None if model is None else model.model_dump()


def _entry(kind, card_id: str, texts: dict):
    """A language's entry of a card, rebuilt from its record; None where it holds nothing."""
    values: dict = {}
    translated_from = {}
    for path, field in texts["fields"].items():
        if "text" in field:
            *parents, name = path.split(".")
            node = values
            for parent in parents:
                node = node.setdefault(parent, {})
            node[name] = field["text"]
        if "translated_from" in field:
            translated_from[path] = field["translated_from"]
    metadata = {name: texts[name] for name in ("provisional", "notes", "silence", "sources") if name in texts}
    if not values and not metadata and not translated_from:
        return None
    return kind.texts.model_validate({"id": card_id, **values, **metadata, "translated_from": translated_from})


def test_the_bytes_are_the_same_from_another_copy_at_another_path(exported, tmp_path):
    copy = _copy_database(tmp_path / "elsewhere")
    files = export_files(load_checked(copy, Strictness.UNREADABLE).database, copy)
    for name, data in files.items():
        if name != "meta.json":
            assert data == (exported / name).read_bytes(), name
    meta, again = json.loads(files["meta.json"]), _read(exported / "meta.json")
    assert meta["commit"] is None and again["commit"] is not None  # the copy is in no repository
    assert {**meta, "commit": again["commit"]} == again


def test_the_digest_covers_the_game_files(exported):
    digest = hashlib.sha256()
    for game in DATABASE.games:
        data = (exported / f"{game}.json").read_bytes()
        digest.update(f"{game}.json\n{len(data)}\n".encode())
        digest.update(data)
    assert _read(exported / "meta.json")["digest"] == f"sha256:{digest.hexdigest()}"


def test_keys_are_sorted_and_nothing_is_escaped(exported):
    text = (exported / "duel.json").read_text(encoding="utf-8")
    assert text == json.dumps(json.loads(text), ensure_ascii=False, sort_keys=True, indent=1) + "\n"
    assert "Rausschmeißer" in text


def test_each_state_of_a_translation(tmp_path):
    root = _copy_database(tmp_path / "db")
    german = root / "locales/de/duel/aliens.yaml"
    text = german.read_text(encoding="utf-8")
    text = text.replace("    powers.punish.name: f1fc8ace\n", "")  # unconfirmed
    text = text.replace("      name: Machtwort sprechen\n", "")  # missing
    german.write_text(text.replace("    powers.lay-down-the-law.name: 4d9813b7\n", ""), encoding="utf-8")
    english = root / "locales/en/duel/aliens.yaml"
    english.write_text(english.read_text(encoding="utf-8").replace("Iron Matron", "Iron Mother"),
                       encoding="utf-8")  # the German name goes stale
    database = load_checked(root, Strictness.UNREADABLE).database
    fields = json.loads(export_files(database, root, ["duel"])["duel.json"])["cards"]["iron-matron"]["texts"]

    assert {path: field["state"] for path, field in fields["de"]["fields"].items()} == {
        "name": "stale", "powers.punish.name": "unconfirmed", "powers.punish.text": "confirmed",
        "powers.lay-down-the-law.name": "missing", "powers.lay-down-the-law.text": "confirmed"}
    assert fields["de"]["fields"]["name"]["translated_from"] == "5c01c327"
    assert fields["en"]["fields"]["name"] == {"state": "source", "text": "Iron Mother",
                                              "fingerprint": _fingerprint("Iron Mother"),
                                              "wording": "ours"}
    assert "translated_from" not in fields["de"]["fields"]["powers.punish.name"]


def _fingerprint(text: str) -> str:
    from cardkit.model.texts import fingerprint

    return fingerprint(text)


@pytest.mark.slow
@pytest.mark.parametrize("change, complaint", [
    (lambda card: card["texts"]["de"]["fields"]["name"].update(state="done"), "is not one of"),
    (lambda card: card["facts"].update(colour="green"), "Additional properties are not allowed"),
    (lambda card: card["texts"]["de"]["fields"]["name"].pop("translated_from"), "'translated_from' is a required property"),
    (lambda card: card["texts"]["en"]["fields"]["name"].pop("text"), "'text' is a required property"),
])
def test_the_schema_refuses_what_the_format_does_not_allow(exported, change, complaint):
    data = _read(exported / "duel.json")
    change(data["cards"]["iron-matron"])
    messages = [error.message for error in validator().iter_errors(data)]
    best = jsonschema.exceptions.best_match(validator().iter_errors(data))
    assert messages and best is not None
    assert any(complaint in message for message in _all_messages(validator(), data)), messages


def _all_messages(checker, data) -> list[str]:
    def walk(errors):
        for error in errors:
            yield error.message
            yield from walk(error.context or [])
    return list(walk(checker.iter_errors(data)))


def test_the_schema_describes_every_fact_of_every_model():
    defs = schema()["$defs"]
    assert len(GAMES) >= 3
    assert all(game.kinds for game in GAMES.values())
    for game in GAMES.values():
        for kind in game.kinds:
            # A card's picture is the owner's, not a fact: the export leaves it out.
            facts = set(kind.facts.model_fields) - {"id", "kind", "unknown", "sources", "art"}
            assert set(defs[f"{game.name}-{kind.name}-facts"]["properties"]) == facts, (game.name, kind.name)
        assert set(defs[f"{game.name}-box"]["properties"]) == set(game.box.model_fields)


def _value_at(facts: dict, path: str):
    node = facts
    for step in path.split("."):
        if not isinstance(node, dict) or step not in node:
            return None
        node = node[step]
    return node


def test_an_unknown_fact_is_absent_from_the_facts_unless_given_in_part(tmp_path):
    """The seven aliens whose powers no rulebook gives carry no `powers: {}`; a tactic of
    which one half is shown keeps that half and says so under `partial`."""
    files = export_files(load_checked(PROJECT_ROOT, Strictness.UNREADABLE).database, PROJECT_ROOT)
    cards = {card_id: card for name, data in files.items() if name not in ("meta.json", SCHEMA_FILE)
             for card_id, card in json.loads(data)["cards"].items()}
    unknown_facts = [(card_id, path) for card_id, card in cards.items() for path in card["unknown"]
                     if path not in card.get("partial", [])]
    assert len(unknown_facts) >= 50
    assert [(card_id, path) for card_id, path in unknown_facts
            if _value_at(cards[card_id]["facts"], path) is not None] == []
    assert "powers" in cards["swarm"]["unknown"] and "powers" not in cards["swarm"]["facts"]
    assert cards["blue-blast-4"]["partial"] == ["halves"]
    assert cards["blue-blast-4"]["facts"]["halves"] == [{"icon": "blast", "value": 4}]
    assert all(path in card["unknown"] and _value_at(card["facts"], path)
               for card in cards.values() for path in card.get("partial", []))


def test_every_text_says_whether_its_wording_is_printed_or_ours():
    files = export_files(load_checked(PROJECT_ROOT, Strictness.UNREADABLE).database, PROJECT_ROOT)
    texts = [(language, card_id, path, field, record.get("provisional", []))
             for name, data in files.items() if name not in ("meta.json", SCHEMA_FILE)
             for card_id, card in json.loads(data)["cards"].items()
             for language, record in card["texts"].items()
             for path, field in record["fields"].items() if "text" in field]
    assert len(texts) >= 300
    assert [text[:3] for text in texts
            if text[3]["wording"] != ("ours" if text[2] in text[4] else "printed")] == []
    wording = {(language, card_id, path): field["wording"] for language, card_id, path, field, _ in texts}
    assert wording["de", "plague", "text"] == wording["en", "plague", "text"] == "ours"
    assert wording["es", "iron-matron", "powers.punish.text"] == "ours"
    assert wording["es", "iron-matron", "name"] == "printed"


def test_the_shipped_schema_is_the_one_the_models_give():
    """The shipped file describes the games written in Python; the export of a database that
    declares games in data carries a schema made for them."""
    use_declared([])
    assert SCHEMA_SOURCE.read_bytes() == schema_bytes(), (
        f"{SCHEMA_FILE} is not what the models give now: write it anew with "
        "`.venv/bin/python -m cardkit.export.schema`, then choose its FORMAT_VERSION (docs/export.md)")


def test_the_schema_is_the_one_its_version_released():
    digest = hashlib.sha256(SCHEMA_SOURCE.read_bytes()).hexdigest()[:16]
    assert RELEASED_SCHEMAS.get(FORMAT_VERSION) == digest, (
        "the schema changed: give it a new FORMAT_VERSION (docs/export.md) and record its digest")


def test_an_unknown_game_is_refused_and_one_game_alone_can_be_exported(tmp_path):
    runner = CliRunner()
    refused = runner.invoke(main, ["export", "json", str(PROJECT_ROOT), "--game", "chess",
                                   "-o", str(tmp_path / "out")])
    assert refused.exit_code == 2
    assert "no game chess under" in refused.output and "known: classic, cosmic, duel, vanguard" in refused.output
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())

    one = runner.invoke(main, ["export", "json", str(PROJECT_ROOT), "--game", "cosmic",
                               "-o", str(tmp_path / "out")])
    assert one.exit_code == 0, one.output
    assert sorted(path.name for path in (tmp_path / "out").iterdir()) == sorted(
        ["cosmic.json", "meta.json", SCHEMA_FILE])
    assert _read(tmp_path / "out" / "meta.json")["games"] == ["cosmic"]


def _copy_database(target: Path) -> Path:
    for folder in ("cards", "locales"):
        shutil.copytree(PROJECT_ROOT / folder, target / folder)
    return target


def _read(path: Path):
    return json.loads(path.read_text(encoding="utf-8"))
