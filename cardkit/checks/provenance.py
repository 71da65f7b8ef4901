"""Provenance: every fact and every rulebook-language text traces to rulebook lines.

For a game whose `box.yaml` lists its rulebooks, `check_provenance` demands that every
fact of every card not listed under `unknown` is covered by a source group (cited lines,
a reading, or both), that every cited file is one of those rulebooks and every line range
lies inside it, that `follows` settles a disagreement between rulebooks the group cites,
and that every name and text in a language the rulebooks are written in is cited or
marked `provisional`. English names, which no rulebook prints, stay provisional.

`check_against_rulebooks` goes further where the rulebook files are at hand (tests): the
cited lines must contain the cited name or number.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Iterator
from pathlib import Path

from pydantic import BaseModel

from cardkit.model.base import CardModel
from cardkit.model.box import Box
from cardkit.model.database import Database, Origin
from cardkit.model.effects import CountedEffect, DiscoverAndDuel
from cardkit.model.provenance import SourceGroup
from cardkit.model.texts import Entry, is_name
from cardkit.problems import Problem, error
from cardkit.source.boundary import InputRefused, read_input
from cardkit.source.layout import SOURCE_LANGUAGE

NOT_FACTS = frozenset({"id", "kind", "unknown", "sources"})
NOT_BOX_FACTS = frozenset({"rulebooks", "sources"})
RULEBOOK_LIMIT = 4 * 1024 * 1024


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
    """The facts of a box: each count, and each number of the setup."""
    return [name for name in type(box).model_fields if name not in NOT_BOX_FACTS]


def check_provenance(database: Database) -> list[Problem]:
    problems: list[Problem] = []
    for game, box in database.boxes.items():
        if not box.rulebooks:
            continue
        if type(box).facts_cited:
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


def check_against_rulebooks(database: Database, folder: Path) -> list[Problem]:
    """Cited lines that do not contain what they are cited for, reading the rulebooks in
    `folder`: a cited name must stand in the lines, and so must a cited number, unless the
    source is a reading (derived) or follows another rulebook."""
    problems: list[Problem] = []
    lines_of: dict[str, list[str]] = {}
    for (language, card_id), origin in database.text_origins.items():
        entry = database.texts.get(language, {}).get(card_id)
        if entry is not None:
            problems += _contradictions(entry.sources, origin, folder, lines_of,
                                        lambda path, entry=entry: _names(entry, path))
    for card_id, card in database.cards.items():
        problems += _contradictions(card.sources, database.card_origins[card_id], folder,
                                    lines_of, lambda path, card=card: _numbers(card, path))
    for game, box in database.boxes.items():
        problems += _contradictions(box.sources, database.box_origins[game], folder, lines_of,
                                    lambda path, box=box: _box_numbers(box, path))
    return problems


def _contradictions(groups, origin: Origin, folder: Path, lines_of: dict, values) -> list[Problem]:
    problems = []
    for index, group in enumerate(groups):
        if group.reading is not None:
            continue
        for number, citation in enumerate(group.cites):
            if group.follows is not None and citation.file != group.follows.file:
                continue
            text = _cited_text(folder, citation, lines_of)
            if text is None:
                continue
            for fact_index, fact in enumerate(group.facts):
                for shown, pattern in values(fact):
                    if not pattern.search(text):
                        problems.append(error(
                            origin.position(("sources", index, "cites", number, "lines")),
                            "provenance-contradicted",
                            f"{_lines(citation)} of {citation.file} do not give {shown} "
                            f"for '{fact}'", card_id=origin.key))
    return problems


def _lines(citation) -> str:
    return f"line {citation.lines}" if citation.first == citation.last else f"lines {citation.lines}"


def _cited_text(folder: Path, citation, lines_of: dict) -> str | None:
    if citation.file not in lines_of:
        try:
            data = read_input(folder / citation.file, root=folder, limit=RULEBOOK_LIMIT)
        except (InputRefused, OSError):
            lines_of[citation.file] = None
        else:
            lines_of[citation.file] = data.decode("utf-8", errors="replace").split("\n")
    lines = lines_of[citation.file]
    if lines is None:
        return None
    return _squeezed("\n".join(lines[citation.first - 1:citation.last]))


def _squeezed(text: str) -> str:
    """Text without whitespace or hyphens, folded: OCR breaks words across lines."""
    return re.sub(r"[\s\-\u00ad]+", "", text).casefold()


def _names(entry: Entry, fact: str) -> Iterator[tuple[str, re.Pattern]]:
    for path, value in entry.texts.items():
        if is_name(path) and (path == fact or path.startswith(fact + ".")):
            yield repr(value), re.compile(re.escape(_squeezed(value)))


def _numbers(card: CardModel, fact: str) -> Iterator[tuple[str, re.Pattern]]:
    return _numbers_at(card, fact_paths(card), fact)


def _box_numbers(box: Box, fact: str) -> Iterator[tuple[str, re.Pattern]]:
    return _numbers_at(box, box_fact_paths(box), fact)


def _numbers_at(model: BaseModel, paths: list[str], fact: str) -> Iterator[tuple[str, re.Pattern]]:
    for path in paths:
        if path == fact or path.startswith(fact + "."):
            value: object = model
            for step in path.split("."):
                value = value.get(step) if isinstance(value, dict) else getattr(value, step)
            if isinstance(value, int) and not isinstance(value, bool):
                # Whitespace and signs are squeezed away with the hyphens: compare digits.
                yield str(value), re.compile(rf"(?<!\d)0*{abs(value)}(?!\d)")
