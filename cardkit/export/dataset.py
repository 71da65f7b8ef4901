"""`cardkit export json`: one `<game>.json` per game, `meta.json` and the schema they follow.

Every card with its facts, unknowns and sources; its texts in every language, each with its
translation state and the English fingerprint it was made from; the game's box and glossary.
The files are byte-reproducible: keys sorted, lists in the database's own order, nothing of
the machine or the time. docs/export.md describes the format and its versioning.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
from pathlib import Path

from cardkit import __version__
from cardkit.checks.provenance import NOT_FACTS
from cardkit.checks.status import translation_states
from cardkit.model.base import CardModel
from cardkit.model.database import Database
from cardkit.model.games import BUILT_IN, GAMES
from cardkit.model.glossary import terms_of_game
from cardkit.model.provenance import SourceGroup
from cardkit.model.texts import Entry, fingerprint, translatable_fields
from cardkit.source.layout import SOURCE_LANGUAGE

# The format's version (docs/export.md): a new field or value is a minor step, anything
# that changes or removes one is a major step, and the schema file carries the major.
FORMAT_VERSION = "1.4.0"
SCHEMA_FILE = f"cardkit-export-{FORMAT_VERSION.split('.')[0]}.schema.json"
SCHEMA_SOURCE = Path(__file__).with_name(SCHEMA_FILE)
META_FILE = "meta.json"
# A text's state: English is the source; a translation is confirmed (it records the
# fingerprint of the current English text), stale (it records an earlier one), unconfirmed
# (it records none) or missing.
TEXT_STATES = ("source", "confirmed", "stale", "unconfirmed", "missing")
WORDINGS = ("printed", "ours")
_ENTRY_METADATA = ("provisional", "notes", "silence")


class ExportRefused(Exception):
    """The export cannot be made as asked (an unknown game); the message says why."""


def export_files(database: Database, root: Path, games: list[str] | None = None) -> dict[str, bytes]:
    """The files of the export by name: `<game>.json` for each of `games` (default: every
    game), `meta.json` and the schema."""
    unknown = [game for game in games or [] if game not in database.games]
    if unknown:
        raise ExportRefused(f"no game {', '.join(unknown)} under {root / 'cards'}; "
                            f"known: {', '.join(database.games)}")
    files = {f"{game}.json": encode_json(game_dataset(database, game))
             for game in sorted(games or database.games)}
    content = hashlib.sha256()
    for name, data in sorted(files.items()):
        content.update(f"{name}\n{len(data)}\n".encode())
        content.update(data)
    files[META_FILE] = encode_json({
        "format": FORMAT_VERSION,
        "schema": SCHEMA_FILE,
        "cardkit": __version__,
        "commit": _commit(root),
        "digest": f"sha256:{content.hexdigest()}",
        "games": sorted(games or database.games),
        "languages": sorted(database.languages),
    })
    files[SCHEMA_FILE] = SCHEMA_SOURCE.read_bytes() if set(GAMES) == set(BUILT_IN) else _declared_schema()
    return files


def _declared_schema() -> bytes:
    """The schema as the models give it with the games the database declares in data, which
    the shipped file cannot know of."""
    from cardkit.export.schema import schema_bytes  # it reads this module's constants

    return schema_bytes()


def game_dataset(database: Database, game: str) -> dict:
    """Everything the database holds of one game, as the game's JSON file holds it."""
    states = {(state.language, state.card_id, state.path): state
              for state in translation_states(database, game=game)}
    cards = {card_id: _card(database, card, states) for card_id, card in database.cards.items()
             if database.game_of(card_id) == game}
    box = database.boxes.get(game)
    source_glossary = database.glossaries.get(SOURCE_LANGUAGE, {})
    return {
        "format": FORMAT_VERSION,
        "game": game,
        "languages": sorted(database.languages),
        "box": box.model_dump(mode="json", exclude_none=True) if box is not None else None,
        "cards": cards,
        "glossary": {language: {term_id: term.model_dump(mode="json", exclude_none=True)
                                for term_id, term in terms_of_game(
                                    database.glossaries.get(language, {}), source_glossary, game).items()}
                     for language in sorted(database.languages)},
    }


def _card(database: Database, card: CardModel, states: dict) -> dict:
    facts = card.model_dump(mode="json", exclude=NOT_FACTS, exclude_none=True)
    partial = [path for path in card.unknown if _given_in_part(facts, path, card)]
    for path in card.unknown:
        if path not in partial:
            _remove(facts, path)
    record = {
        "kind": card.kind,
        "facts": facts,
        "unknown": list(card.unknown),
        "sources": _sources(card.sources),
        "texts": {language: _texts(database, card, language, states)
                  for language in sorted(database.languages)},
    }
    return {**record, "partial": partial} if partial else record


def _parent(facts: dict, path: str) -> tuple[dict | None, str]:
    """The dict holding the fact at `path`, if any, and the fact's name in it."""
    *parents, name = path.split(".")
    node = facts
    for step in parents:
        node = node.get(step) if isinstance(node, dict) else None
    return (node if isinstance(node, dict) else None), name


def _given_in_part(facts: dict, path: str, card: CardModel) -> bool:
    """Whether the facts give part of the unknown fact at `path` (a tactic's one half)."""
    node, name = _parent(facts, path)
    return node is not None and node.get(name) not in (None, {}, [], "") and card.partial_allowed(path)


def _remove(facts: dict, path: str) -> None:
    """Takes out whatever value stands for an unknown fact: unknown is absent."""
    node, name = _parent(facts, path)
    if node is not None:
        node.pop(name, None)


def _texts(database: Database, card: CardModel, language: str, states: dict) -> dict:
    """A card's texts in one language: each text the card needs with its state, and what
    the language's entry records about them."""
    entry = database.text(language, card.id)
    fields = {}
    for path in translatable_fields(card):
        text = entry.texts.get(path) if entry is not None else None
        if language == SOURCE_LANGUAGE:
            fields[path] = ({"state": "missing"} if text is None
                            else {"state": "source", "text": text, "fingerprint": fingerprint(text),
                                  "wording": entry.wording(path)})
            continue
        recorded = entry.translated_from.get(path) if entry is not None else None
        fields[path] = {"state": _state(states[language, card.id, path].state, recorded)}
        if text is not None:
            fields[path]["text"] = text
            fields[path]["wording"] = entry.wording(path)
        if recorded is not None:
            fields[path]["translated_from"] = recorded
    record = {"fields": fields}
    if entry is not None:
        record.update(_entry_metadata(entry))
    return record


def _state(state: str, recorded: str | None) -> str:
    """The export's state of a translation from the checks' (translated, stale, missing):
    a stale text that records no fingerprint was never confirmed at all."""
    if state == "translated":
        return "confirmed"
    if state == "stale" and recorded is None:
        return "unconfirmed"
    return state


def _entry_metadata(entry: Entry) -> dict:
    """What an entry records besides its texts and their fingerprints (which `fields`
    holds: an entry naming a text its card lacks is an error of `validate`)."""
    record = {name: getattr(entry, name) for name in _ENTRY_METADATA if getattr(entry, name)}
    if entry.sources:
        record["sources"] = _sources(entry.sources)
    return record


def _sources(groups: list[SourceGroup]) -> list[dict]:
    return [group.model_dump(mode="json", exclude_none=True) for group in groups]


def encode_json(value) -> bytes:
    return (json.dumps(value, ensure_ascii=False, sort_keys=True, indent=1) + "\n").encode("utf-8")


def _commit(root: Path) -> str | None:
    """The commit the database folder is checked out at, where it is in a git repository."""
    try:
        result = subprocess.run(["git", "-C", str(root), "rev-parse", "--verify", "-q", "HEAD"],
                                capture_output=True, text=True, timeout=10, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    commit = result.stdout.strip()
    return commit if result.returncode == 0 and len(commit) == 40 else None
