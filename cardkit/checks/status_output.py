"""`cardkit status` written for people (text) and programs (json)."""

from __future__ import annotations

import json

from collections import Counter

from cardkit.checks.status import STATES, ArtState, FieldState, PartState, summarize
from cardkit.checks.text.catalogue import CatalogueEntry
from cardkit.messages import Catalogue, Message, reader_catalogue

TEMPLATES = "templates"  # the kind the template catalogue's strings are counted under
ALL_GAMES = "-"  # the game column of the template strings, which every game shares
# A text's state as a line for people says it (JSON keeps the English name).
STATE_WORDS = {"translated": Message("translated"), "stale": Message("stale"),
               "missing": Message("missing")}


def render_status(states: list[FieldState], output_format: str,
                  templates: list[tuple[str, CatalogueEntry]] = (), art: list[ArtState] = (),
                  parts: list[PartState] = ()) -> str:
    """The states of the card texts, of the template strings (language, entry) and of the
    glossary terms and phrase forms, and which cards have no picture."""
    pictures: dict[tuple[str, str], Counter] = {}
    for state in art:
        pictures.setdefault((state.game, state.kind), Counter())["with" if state.has_art else "without"] += 1
    without = [state for state in art if not state.has_art]
    summary = summarize(states)
    for language, entry in templates:
        summary.setdefault((language, ALL_GAMES, TEMPLATES), Counter())[entry.state] += 1
    for part in parts:
        summary.setdefault((part.language, ALL_GAMES, part.kind), Counter())[part.state] += 1
    unfilled = [part for part in parts if part.state != "translated"]
    unfinished = [(language, entry) for language, entry in templates if entry.state != "translated"]
    if output_format == "json":
        return json.dumps({
            "summary": [{"language": language, "game": None if game == ALL_GAMES else game,
                         "kind": kind, **{s: counts[s] for s in STATES}}
                        for (language, game, kind), counts in sorted(summary.items())],
            "fields": [{"language": s.language, "card": s.card_id, "game": s.game, "kind": s.kind,
                        "field": s.path,
                        "state": s.state, "position": str(s.position), "reason": str(s.reason)}
                       for s in states if s.state != "translated"],
            "templates": [{"language": language, "context": entry.context, "msgid": entry.source,
                           "state": entry.state, "position": str(entry.position)}
                          for language, entry in unfinished],
            "parts": [{"language": part.language, "kind": part.kind, "part": part.label,
                       "state": part.state, "position": str(part.position)} for part in unfilled],
            "art": [{"game": game, "kind": kind, "with": counts["with"], "without": counts["without"]}
                    for (game, kind), counts in sorted(pictures.items())],
            "without_art": [{"card": s.card_id, "game": s.game, "kind": s.kind,
                             "position": str(s.position)} for s in without],
        }, indent=2, ensure_ascii=False) + "\n"
    catalogue = reader_catalogue()
    table = _Columns(catalogue, [(Message("language"), -9), (Message("game"), -9), (Message("kind"), -15),
                                 (STATE_WORDS["translated"], 11), (STATE_WORDS["stale"], 7),
                                 (STATE_WORDS["missing"], 9)])
    lines = [table.header]
    for (language, game, kind), counts in sorted(summary.items()):
        lines.append(table.row(language, game, kind, counts["translated"], counts["stale"],
                               counts["missing"]))
    for state in states:
        if state.state != "translated":
            lines.append(f"{state.position}: {catalogue.say(STATE_WORDS[state.state])}: "
                         f"{state.language} {state.game} {state.card_id} {state.path}: "
                         f"{catalogue.say(state.reason)}")
    for language, entry in unfinished:
        lines.append(f"{entry.position.path}:{entry.position.line}: "
                     f"{catalogue.say(STATE_WORDS[entry.state])}: {language} {TEMPLATES} {entry.label}")
    for part in unfilled:
        lines.append(catalogue.say(Message("{position}: to fill: {language} {kind} {part}",
                                           position=part.position, language=part.language,
                                           kind=part.kind, part=part.label)))
    if pictures:
        art_table = _Columns(catalogue, [(Message("pictures"), -9), (Message("game"), -9),
                                         (Message("kind"), -15), (Message("with art"), 11),
                                         (Message("without"), 9)])
        lines.append(art_table.header)
        for (game, kind), counts in sorted(pictures.items()):
            lines.append(art_table.row("", game, kind, counts["with"], counts["without"]))
    for state in without:
        lines.append(catalogue.say(Message("{position}: no art: {game} {kind} {card}",
                                           position=f"{state.position.path}:{state.position.line}",
                                           game=state.game, kind=state.kind, card=state.card_id)))
    languages = sorted({state.language for state in states if state.state == "missing"})
    for language in languages:
        lines.append(catalogue.say(Message(
            "next: `cardkit i18n export --lang {language} -o {language}.po` for a translator's "
            "tool, or `cardkit workbench`; the texts go into locales/{language}/<game>/",
            language=language)))
    return "\n".join(lines) + "\n"


class _Columns:
    """A table's columns headed in the reader's language: each (heading, width) is left-aligned
    for a negative width, right-aligned otherwise, and widened where its heading needs it."""

    def __init__(self, catalogue: Catalogue, columns: list[tuple[Message, int]]):
        headings = [catalogue.say(heading) for heading, _ in columns]
        self.widths = [(-1 if width < 0 else 1) * max(abs(width), len(heading) + 1)
                       for heading, (_, width) in zip(headings, columns)]
        self.header = self.row(*headings)

    def row(self, *cells: object) -> str:
        return "".join(f"{cell:<{-width}}" if width < 0 else f"{cell:>{width}}"
                       for cell, width in zip(cells, self.widths))
