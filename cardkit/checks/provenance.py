"""Provenance: every fact and every rulebook-language text traces to rulebook lines.

For a game whose `box.yaml` lists its rulebooks, `check_provenance` demands that every
fact of every card not listed under `unknown` is covered by a source group (cited lines,
a reading, or both), that every cited file is one of those rulebooks and every line range
lies inside it, that `follows` settles a disagreement between rulebooks the group cites,
and that every name and text in a language the rulebooks are written in is cited or
marked `provisional`. English names, which no rulebook prints, stay provisional.

`checks/quotes.py` goes further where the rulebook files are at hand (`validate
--rulebooks DIR`): each citation's quote must stand in its lines.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from pydantic import BaseModel

from cardkit.model.base import CardModel
from cardkit.model.box import Box
from cardkit.model.database import Database, Origin
from cardkit.model.effects import CountedEffect, DiscoverAndDuel
from cardkit.model.provenance import SourceGroup
from cardkit.model.texts import Entry, is_name
from cardkit.problems import Problem, error
from cardkit.source.layout import SOURCE_LANGUAGE

# The card fields that are not facts: a card's identity, its bookkeeping, and the owner's
# picture (docs/printing.md, "Artwork"), which no rulebook gives.
NOT_FACTS = frozenset({"id", "kind", "unknown", "sources", "art"})
NOT_BOX_FACTS = frozenset({"rulebooks", "sources", "backs"})


def fact_paths(card: CardModel) -> list[str]:
    """The dotted paths of the facts a card gives: down to scalars, lists and effects."""
    paths: list[str] = []

    def walk(value, prefix: str, keyed: bool = False) -> None:
        if isinstance(value, BaseModel) and not isinstance(value, (CountedEffect, DiscoverAndDuel)):
            given = [name for name in type(value).model_fields
                     if name not in NOT_FACTS and getattr(value, name) not in (None, {}, [])]
            if keyed and not given:
                paths.append(prefix)  # an entry whose presence is the fact (a power shown)
            for name in given:
                walk(getattr(value, name), f"{prefix}.{name}" if prefix else name)
        elif isinstance(value, dict):
            for key, child in value.items():
                walk(child, f"{prefix}.{key}", keyed=True)
        else:
            paths.append(prefix)

    walk(card, "")
    return paths


def box_fact_paths(box: Box) -> list[str]:
    """The facts of a box: each count (per colour where it has colours), and each number
    of the setup."""
    paths = []
    for name in type(box).model_fields:
        if name in NOT_BOX_FACTS:
            continue
        value = getattr(box, name)
        if isinstance(value, BaseModel):
            paths += [f"{name}.{part}" for part in type(value).model_fields]
        else:
            paths.append(name)
    return paths


def check_provenance(database: Database) -> list[Problem]:
    problems: list[Problem] = []
    for game, box in database.boxes.items():
        if not box.rulebooks:
            continue
        problems += _check_entry(box.sources, box_fact_paths(box), database.box_origins[game],
                                 box, None)
        languages = {rulebook.language for rulebook in box.rulebooks.values()}
        for card_id, card in database.cards.items():
            origin = database.card_origins[card_id]
            if origin.game == game:
                problems += _check_entry(card.sources, fact_paths(card), origin, box, None)
        for language in database.languages:
            for card_id, entry in database.texts.get(language, {}).items():
                origin = database.text_origins[(language, card_id)]
                if origin.game != game:
                    continue
                if language in languages:
                    needed = [path for path in entry.texts if path not in entry.provisional]
                    problems += _check_entry(entry.sources, needed, origin, box, language,
                                             provisional=entry.provisional)
                elif language == SOURCE_LANGUAGE:
                    problems += _english_names_provisional(entry, origin)
    return problems


def _check_entry(groups: list[SourceGroup], needed: list[str], origin: Origin, box: Box,
                 language: str | None, provisional: Iterable[str] = ()) -> list[Problem]:
    problems = []
    card_id = origin.key
    known = list(needed) + list(provisional)
    for index, group in enumerate(groups):
        here = ("sources", index)
        for number, fact in enumerate(group.facts):
            if not any(path == fact or path.startswith(fact + ".") for path in known):
                problems.append(error(
                    origin.position(here + ("facts", number)), "provenance-unknown-fact",
                    f"the source names {fact!r}, which this entry does not give",
                    card_id=card_id))
        for number, citation in enumerate(group.cites):
            at = here + ("cites", number)
            rulebook = box.rulebooks.get(citation.file)
            if rulebook is None:
                close = difflib.get_close_matches(citation.file, list(box.rulebooks), n=1)
                problems.append(error(
                    origin.position(at + ("file",)), "provenance-unknown-file",
                    f"{citation.file!r} is not one of the rulebooks box.yaml lists "
                    f"({', '.join(sorted(box.rulebooks))})",
                    suggestion=close[0] if close else None, card_id=card_id))
                continue
            if citation.first > citation.last or citation.last > rulebook.lines:
                problems.append(error(
                    origin.position(at + ("lines",)), "provenance-line-range",
                    f"lines {citation.lines} are not in {citation.file}, which has "
                    f"{rulebook.lines} lines", card_id=card_id))
            if language is not None and rulebook.language != language:
                problems.append(error(
                    origin.position(at + ("file",)), "provenance-language",
                    f"{citation.file} is the {rulebook.language!r} rulebook; a {language!r} "
                    "text cites the rulebook in its own language", card_id=card_id))
        if group.follows is not None:
            cited = {citation.file for citation in group.cites}
            if len(cited) < 2 or group.follows.file not in cited:
                problems.append(error(
                    origin.position(here + ("follows", "file")), "provenance-follows",
                    "'follows' settles a disagreement between rulebooks the source cites: "
                    "cite both and follow one of them", card_id=card_id))
    for path in needed:
        if not any(group.covers(path) for group in groups):
            what = "text" if language is not None else "fact"
            remedy = ("cite it, or mark it provisional" if language is not None
                      else "cite it, give a reading, or list it under 'unknown'")
            problems.append(error(
                origin.key_position(tuple(path.split("."))), "provenance-missing",
                f"the {what} '{path}' has no source: {remedy}", card_id=card_id, field=path))
    return problems


def _english_names_provisional(entry: Entry, origin: Origin) -> list[Problem]:
    return [error(origin.position(tuple(path.split("."))), "name-not-provisional",
                  f"the English name '{path}' must be listed under 'provisional': no rulebook "
                  "prints the English edition's names", card_id=origin.key, field=path)
            for path in entry.texts if is_name(path) and path not in entry.provisional]
