"""Provenance: every fact and every rulebook-language text traces to its sources.

For a game whose `box.yaml` lists its rulebooks or printings, `check_provenance` demands
that every fact of every card not listed under `unknown` is covered by a source group
(cited lines, printed cards or published pages, a reading, or both), that every cited file
is one of those rulebooks and every line range lies inside it, that every cited printing is
declared, that a text cites a published page in its own language,
that `follows` settles a disagreement between rulebooks the group cites, and that every
name and text in a language the rulebooks are written in is cited or marked
`provisional`. A text cites sources in its own language.

A name or text cited to a printing in its own language is the printed wording: it is not
`provisional` (so it prints without the mark of our wording). English names, which no
rulebook prints, stay provisional unless an English printing is cited for them. A
printing declared and never cited is a warning: either the citations are still to come
or the declaration is stale.

`checks/quotes.py` goes further where the rulebook files are at hand (`validate
--rulebooks DIR`): each citation's quote must stand in its lines.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from pydantic import BaseModel

from cardkit.messages import Message
from cardkit.model.base import CardModel
from cardkit.model.box import Box
from cardkit.model.database import Database, Origin
from cardkit.model.effects import CountedEffect, DiscoverAndDuel
from cardkit.model.provenance import PrintingCitation, PublishedCitation, RulebookCitation, SourceGroup
from cardkit.model.texts import Entry, is_name
from cardkit.problems import Problem, error, warning
from cardkit.source.layout import SOURCE_LANGUAGE

# The card fields that are not facts: a card's identity, its bookkeeping, and the owner's
# picture (docs/printing.md, "Artwork"), which no rulebook gives.
NOT_FACTS = frozenset({"id", "kind", "unknown", "sources", "art"})
NOT_BOX_FACTS = frozenset({"rulebooks", "printings", "pages", "sources", "backs"})


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
    return (check_fact_provenance(database)
            + [problem for language in database.languages
               for problem in check_text_provenance(database, language)]
            + check_printings_cited(database))


def _traced_boxes(database: Database) -> list[tuple[str, Box]]:
    """The boxes whose facts and texts are traced to sources: those listing rulebooks or
    printings."""
    return [(game, box) for game, box in database.boxes.items() if box.rulebooks or box.printings]


def check_fact_provenance(database: Database) -> list[Problem]:
    """The sources of each box and card facts."""
    problems: list[Problem] = []
    for game, box in _traced_boxes(database):
        box_origin = database.box_origins[game]
        problems += _check_entry(box.sources, box_fact_paths(box), box_origin, box, None)
        for card_id, card in database.cards.items():
            origin = database.card_origins[card_id]
            if origin.game == game:
                problems += _check_entry(card.sources, fact_paths(card), origin, box, None)
    return problems


def check_text_provenance(database: Database, language: str) -> list[Problem]:
    """The sources of each card text in `language`, and its marks (provisional, ours)."""
    problems: list[Problem] = []
    for game, box in _traced_boxes(database):
        languages = {rulebook.language for rulebook in box.rulebooks.values()}
        for card_id, entry in database.texts.get(language, {}).items():
            origin = database.text_origins[(language, card_id)]
            if origin.game != game:
                continue
            printed = printed_paths(entry, box, language)
            needed = [path for path in entry.texts if path not in entry.provisional] \
                if language in languages else []
            problems += _check_entry(entry.sources, needed, origin, box, language,
                                     known=entry.texts)
            problems += _printed_not_provisional(entry, origin, printed)
            if language == SOURCE_LANGUAGE:
                problems += _english_names_provisional(entry, origin, printed)
            # A needed text no group covers is `provenance-missing` already, which says
            # to cite it or mark it provisional.
            unsourced = {path for path in needed
                         if not any(group.covers(path) for group in entry.sources)}
            problems += _our_wording_not_marked(entry, origin, box, language, unsourced)
    return problems


def check_printings_cited(database: Database) -> list[Problem]:
    """Each printing a box declares is cited by its box, a card or a text of its game."""
    problems: list[Problem] = []
    for game, box in _traced_boxes(database):
        groups = list(box.sources)
        groups += [group for card_id, card in database.cards.items()
                   if database.card_origins[card_id].game == game for group in card.sources]
        groups += [group for language in database.languages
                   for card_id, entry in database.texts.get(language, {}).items()
                   if database.text_origins[(language, card_id)].game == game
                   for group in entry.sources]
        cited = {citation.printing for group in groups for citation in group.cites
                 if isinstance(citation, PrintingCitation)}
        box_origin = database.box_origins[game]
        problems += [warning(box_origin.key_position(("printings", printing)), "printing-unused",
                             Message("the printing {printing} is declared but nothing cites it: "
                                     "cite it for the facts and texts it gives, or remove it",
                                     printing=repr(printing)),
                             field=f"printings.{printing}")
                     for printing in box.printings if printing not in cited]
        problems += _transcribed_cards_unknown(database, game, box)
    return problems


def _transcribed_cards_unknown(database: Database, game: str, box: Box) -> list[Problem]:
    """Each card a printing's transcription says it holds is a card of the game."""
    origin = database.box_origins[game]
    return [error(origin.position(("printings", printing_id, "transcription", "cards", index)),
                  "transcription-card-unknown",
                  Message("the transcription of {printing} holds {card}, which is no card of "
                          "{game}: correct the id, or remove it from the list",
                          printing=repr(printing_id), card=repr(card_id), game=game),
                  field=f"printings.{printing_id}.transcription.cards")
            for printing_id, printing in box.printings.items()
            if printing.transcription is not None and printing.transcription.cards
            for index, card_id in enumerate(printing.transcription.cards)
            if card_id not in database.cards or database.card_origins[card_id].game != game]


def printed_paths(entry: Entry, box: Box, language: str) -> set[str]:
    """The texts of an entry cited to a printing in the entry's own language: the printed
    wording."""
    own = {name for name, printing in box.printings.items() if printing.language == language}
    return {path for path in entry.texts for group in entry.sources
            if group.covers(path) and any(isinstance(citation, PrintingCitation)
                                          and citation.printing in own for citation in group.cites)}


def _check_entry(groups: list[SourceGroup], needed: list[str], origin: Origin, box: Box,
                 language: str | None, known: Iterable[str] = ()) -> list[Problem]:
    """The sources of one entry: each group names what the entry gives (`needed`, and
    `known`, texts that need no source), each citation is of a declared rulebook or
    printing (in the entry's `language`, for a text), and every path of `needed` is
    covered."""
    problems = []
    card_id = origin.key
    known = list(needed) + list(known)
    for index, group in enumerate(groups):
        here = ("sources", index)
        for number, fact in enumerate(group.facts):
            if not any(path == fact or path.startswith(fact + ".") for path in known):
                problems.append(error(
                    origin.position(here + ("facts", number)), "provenance-unknown-fact",
                    Message("the source names {fact}, which this entry does not give",
                            fact=repr(fact)),
                    card_id=card_id))
        for number, citation in enumerate(group.cites):
            at = here + ("cites", number)
            if isinstance(citation, PrintingCitation):
                problems += _check_printing_citation(citation, origin, at, box, language)
            elif isinstance(citation, PublishedCitation):
                problems += _check_published_citation(citation, origin, at, language)
            else:
                problems += _check_rulebook_citation(citation, origin, at, box, language)
        if group.follows is not None:
            files = {citation.file for citation in group.cites
                     if isinstance(citation, RulebookCitation)}
            if len(files) < 2 or group.follows.file not in files:
                problems.append(error(
                    origin.position(here + ("follows", "file")), "provenance-follows",
                    Message("'follows' settles a disagreement between rulebooks the source cites: "
                            "cite both and follow one of them"), card_id=card_id))
    for path in needed:
        if not any(group.covers(path) for group in groups):
            message = (Message("the text '{path}' has no source: cite it, or mark it provisional",
                               path=path) if language is not None
                       else Message("the fact '{path}' has no source: cite it, give a reading, or "
                                    "list it under 'unknown'", path=path))
            problems.append(error(origin.key_position(tuple(path.split("."))),
                                  "provenance-missing", message, card_id=card_id, field=path))
    return problems


def _check_rulebook_citation(citation: RulebookCitation, origin: Origin, at: tuple, box: Box,
                             language: str | None) -> list[Problem]:
    card_id = origin.key
    rulebook = box.rulebooks.get(citation.file)
    if rulebook is None:
        close = difflib.get_close_matches(citation.file, list(box.rulebooks), n=1)
        return [error(origin.position(at + ("file",)), "provenance-unknown-file",
                      Message("{file} is not one of the rulebooks box.yaml lists ({rulebooks})",
                              file=repr(citation.file),
                              rulebooks=', '.join(sorted(box.rulebooks)) or 'none'),
                      suggestion=close[0] if close else None, card_id=card_id)]
    problems = []
    if citation.first > citation.last or citation.last > rulebook.lines:
        problems.append(error(
            origin.position(at + ("lines",)), "provenance-line-range",
            Message("lines {cited} are not in {file}, which has {count} lines",
                    cited=citation.lines, file=citation.file, count=rulebook.lines), card_id=card_id))
    if language is not None and rulebook.language != language:
        problems.append(error(
            origin.position(at + ("file",)), "provenance-language",
            Message("{file} is the {rulebook_language} rulebook; a {text_language} text cites the "
                    "rulebook in its own language", file=citation.file,
                    rulebook_language=repr(rulebook.language), text_language=repr(language)), card_id=card_id))
    return problems


def _check_printing_citation(citation: PrintingCitation, origin: Origin, at: tuple, box: Box,
                             language: str | None) -> list[Problem]:
    printing = box.printings.get(citation.printing)
    if printing is None:
        close = difflib.get_close_matches(citation.printing, list(box.printings), n=1)
        declared = ", ".join(sorted(box.printings)) or "none"
        return [error(origin.position(at + ("printing",)), "provenance-unknown-printing",
                      Message("{printing} is not one of the printings box.yaml declares "
                              "({declared}); declare it under 'printings' with its language",
                              printing=repr(citation.printing), declared=declared),
                      suggestion=close[0] if close else None, card_id=origin.key)]
    if language is not None and printing.language != language:
        return [error(origin.position(at + ("printing",)), "provenance-language",
                      Message("{printing} is the {printing_language} printing; a {text_language} "
                              "text cites a printing in its own language",
                              printing=citation.printing, printing_language=repr(printing.language),
                              text_language=repr(language)), card_id=origin.key)]
    return []


def _check_published_citation(citation: PublishedCitation, origin: Origin, at: tuple,
                              language: str | None) -> list[Problem]:
    if language is None or citation.language == language:
        return []
    return [error(origin.position(at + ("language",)), "provenance-language",
                  Message("{title} is a {page_language} page; a {text_language} text cites a "
                          "page in its own language", title=repr(citation.title),
                          page_language=repr(citation.language), text_language=repr(language)),
                  card_id=origin.key)]


def _printed_not_provisional(entry: Entry, origin: Origin, printed: set[str]) -> list[Problem]:
    return [error(origin.position(("provisional", entry.provisional.index(path))),
                  "printed-provisional",
                  Message("'{path}' is cited to a printed card in its own language, so it is the "
                          "printed wording: remove it from 'provisional'", path=path),
                  card_id=origin.key, field=path)
            for path in entry.provisional if path in printed]


def _our_wording_not_marked(entry: Entry, origin: Origin, box: Box, language: str,
                            unsourced: set[str]) -> list[Problem]:
    """Every text of ours (`is_our_wording`) is listed under `provisional`, which prints,
    exports and publishes it as ours. (An English name has its own rule and message,
    `name-not-provisional`.) The writer lists a translator's new text there as it writes it,
    so this is an error: only a hand edit leaves one unmarked."""
    own = own_printings(box, language)
    return [error(origin.position(tuple(path.split("."))), "wording-not-marked",
                  Message("'{path}' is our wording (it cites no printed wording in {language}: "
                          "no citation, or only our reading of the lines): list it under "
                          "'provisional'", path=path, language=repr(language)),
                  card_id=origin.key, field=path)
            for path in entry.texts
            if path not in entry.provisional and path not in unsourced
            and not (is_name(path) and language == SOURCE_LANGUAGE)
            and is_our_wording(entry.sources, path, language, own)]


def own_printings(box: Box | None, language: str) -> set[str]:
    """The printings of a box in `language`: a text cited to one is the printed wording."""
    return {name for name, printing in (box.printings if box else {}).items()
            if printing.language == language}


def is_our_wording(groups: list[SourceGroup], path: str, language: str, own: set[str]) -> bool:
    """Whether the name or text at `path` of an entry in `language` is our wording: it cites
    no printed wording in its own language. A printing of that language cited for it makes it
    the printed wording. Else a text is the printed wording when a group cites it plainly (no
    reading) to rulebook lines or a printed card; a published page describes a card without
    printing it, and a reading of the lines is our wording of them. A name cited to its lines
    is the printed name even with a reading (which only mends what the OCR broke), except in
    English, whose names no rulebook prints."""
    covering = [group for group in groups if group.covers(path)]
    if any(isinstance(citation, PrintingCitation) and citation.printing in own
           for group in covering for citation in group.cites):
        return False
    if is_name(path):
        return language == SOURCE_LANGUAGE or not any(
            not isinstance(citation, PublishedCitation) for group in covering for citation in group.cites)
    return not any(group.reading is None
                   and any(not isinstance(citation, PublishedCitation) for citation in group.cites)
                   for group in covering)


def traces_sources(box: Box | None) -> bool:
    """Whether a game's texts are traced to sources: its box lists rulebooks or printings.
    Validate asks no mark of the texts of a game that lists neither."""
    return box is not None and bool(box.rulebooks or box.printings)


def is_our_wording_in(database: Database, language: str, card_id: str, path: str) -> bool:
    """`is_our_wording` for a card's field in `language` as the database holds its entry (a
    text with no entry cites nothing). False for a game whose box lists no rulebooks and no
    printings: its texts are not traced to sources, so validate asks no mark of them."""
    origin = database.text_origins.get((language, card_id)) or database.card_origins.get(card_id)
    box = database.boxes.get(origin.game) if origin is not None else None
    if not traces_sources(box):
        return False
    entry = database.texts.get(language, {}).get(card_id)
    sources = entry.sources if entry is not None else []
    return is_our_wording(sources, path, language, own_printings(box, language))


def _english_names_provisional(entry: Entry, origin: Origin, printed: set[str]) -> list[Problem]:
    return [error(origin.position(tuple(path.split("."))), "name-not-provisional",
                  Message("the English name '{path}' must be listed under 'provisional': no "
                          "rulebook prints the English edition's names (cite an English printing "
                          "for a printed name)", path=path), card_id=origin.key, field=path)
            for path in entry.texts
            if is_name(path) and path not in entry.provisional and path not in printed]
