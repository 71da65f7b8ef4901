"""What an import would do to the database, checked before anything is written.

The locale files as the import would leave them are written into a scratch copy of the
database, which is loaded and given the text checks `cardkit validate` runs. A problem
the import brings in (not there before it) is traced back to the unit whose text stands
at the problem's position, so the translator sees it at the line of their own file.
"""

from __future__ import annotations

import re
import shutil
import tempfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from cardkit.checks.text.consistency import check_consistency
from cardkit.checks.text.runner import build_lexicons, check_texts
from cardkit.i18n.keys import phrase_key
from cardkit.model.database import Database, load_database
from cardkit.model.texts import effect_for_field, field_location, translatable_fields
from cardkit.problems import Problem
from cardkit.source.yamlfile import Location

# Positions inside messages (`at locales/es/duel/aliens.yaml:4:9`) move when an import adds
# lines; a problem is the same problem wherever its line went.
_POSITION = re.compile(r":\d+:\d+")


@dataclass(frozen=True)
class Place:
    """Where an imported text will stand: its file under the root and its keys there."""

    file: Path  # relative to the database root
    location: Location
    key: str


@dataclass(frozen=True)
class Consequence:
    problem: Problem  # positioned in the database as it would be after the import
    key: str | None  # the unit whose text stands where the problem is, if one does


def text_problems(database: Database) -> list[Problem]:
    return check_texts(database, build_lexicons(database)) + check_consistency(database)


def consequences(root: Path, database: Database, files: dict[Path, str],
                 places: list[Place]) -> list[Consequence]:
    """The problems the database would have after `files` (absolute path -> new text)
    are written that it does not have now, each with the unit it stands at."""
    before = Counter(_identity(problem) for problem in text_problems(database))
    with tempfile.TemporaryDirectory(prefix="cardkit-import-check-") as scratch:
        copy = Path(scratch)
        for folder in ("cards", "locales"):
            if (root / folder).is_dir():
                shutil.copytree(root / folder, copy / folder)
        for path, text in files.items():
            target = copy / path.relative_to(root)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        after, problems, _ = load_database(copy)
    problems += text_problems(after)
    documents = {origin.document.path: origin.document
                 for origin in (*after.text_origins.values(), *after.phrasebook_origins.values())}
    at = {}
    for place in places:
        if place.file in documents:
            position = documents[place.file].position(place.location)
            at[(position.path, position.line)] = place.key
    keys = {place.key for place in places}
    found = []
    for problem in problems:
        identity = _identity(problem)
        if before[identity]:
            before[identity] -= 1
            continue
        key = at.get((problem.position.path, problem.position.line))
        if key is None and problem.card_id is not None:
            key = _phrase_worded_at(after, problem, keys)
        found.append(Consequence(problem, key))
    return found


def _phrase_worded_at(database: Database, problem: Problem, keys: set[str]) -> str | None:
    """The imported phrase that words the card text at the problem's position, if any: a
    changed phrase is why a card's unchanged text no longer says what the card does."""
    card = database.cards.get(problem.card_id)
    if card is None:
        return None
    for (language, card_id), origin in database.text_origins.items():
        if card_id != problem.card_id or origin.document.path != problem.position.path:
            continue
        for path in translatable_fields(card):
            effect = effect_for_field(card, path)
            if effect is None or origin.position(field_location(path)) != problem.position:
                continue
            variant = "optional" if getattr(effect, "optional", False) else "required"
            key = phrase_key(effect.effect, variant)
            return key if key in keys else None
    return None


def _identity(problem: Problem) -> tuple:
    return (problem.code, str(problem.position.path), problem.card_id,
            _POSITION.sub("", problem.message))

