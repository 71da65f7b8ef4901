"""`cardkit status` written for people (text) and programs (json)."""

from __future__ import annotations

import json

from collections import Counter

from cardkit.checks.status import STATES, ArtState, FieldState, summarize
from cardkit.checks.text.catalogue import CatalogueEntry

TEMPLATES = "templates"  # the kind the template catalogue's strings are counted under
ALL_GAMES = "-"  # the game column of the template strings, which every game shares


def render_status(states: list[FieldState], output_format: str,
                  templates: list[tuple[str, CatalogueEntry]] = (), art: list[ArtState] = ()) -> str:
    """The states of the card texts and of the template strings (language, entry), and which
    cards have no picture."""
    pictures: dict[tuple[str, str], Counter] = {}
    for state in art:
        pictures.setdefault((state.game, state.kind), Counter())["with" if state.has_art else "without"] += 1
    without = [state for state in art if not state.has_art]
    summary = summarize(states)
    for language, entry in templates:
        summary.setdefault((language, ALL_GAMES, TEMPLATES), Counter())[entry.state] += 1
    unfinished = [(language, entry) for language, entry in templates if entry.state != "translated"]
    if output_format == "json":
        return json.dumps({
            "summary": [{"language": language, "game": None if game == ALL_GAMES else game,
                         "kind": kind, **{s: counts[s] for s in STATES}}
                        for (language, game, kind), counts in sorted(summary.items())],
            "fields": [{"language": s.language, "card": s.card_id, "game": s.game, "kind": s.kind,
                        "field": s.path,
                        "state": s.state, "position": str(s.position), "reason": s.reason}
                       for s in states if s.state != "translated"],
            "templates": [{"language": language, "context": entry.context, "msgid": entry.source,
                           "state": entry.state, "position": str(entry.position)}
                          for language, entry in unfinished],
            "art": [{"game": game, "kind": kind, "with": counts["with"], "without": counts["without"]}
                    for (game, kind), counts in sorted(pictures.items())],
            "without_art": [{"card": s.card_id, "game": s.game, "kind": s.kind,
                             "position": str(s.position)} for s in without],
        }, indent=2, ensure_ascii=False) + "\n"
    lines = [f"{'language':<9}{'game':<9}{'kind':<15}{'translated':>11}{'stale':>7}{'missing':>9}"]
    for (language, game, kind), counts in sorted(summary.items()):
        lines.append(f"{language:<9}{game:<9}{kind:<15}{counts['translated']:>11}{counts['stale']:>7}"
                     f"{counts['missing']:>9}")
    for state in states:
        if state.state != "translated":
            lines.append(f"{state.position}: {state.state}: {state.language} {state.game} "
                         f"{state.card_id} {state.path}: {state.reason}")
    for language, entry in unfinished:
        lines.append(f"{entry.position.path}:{entry.position.line}: {entry.state}: {language} "
                     f"{TEMPLATES} {entry.label}")
    if pictures:
        lines.append(f"{'pictures':<9}{'game':<9}{'kind':<15}{'with art':>11}{'without':>9}")
        for (game, kind), counts in sorted(pictures.items()):
            lines.append(f"{'':<9}{game:<9}{kind:<15}{counts['with']:>11}{counts['without']:>9}")
    for state in without:
        lines.append(f"{state.position.path}:{state.position.line}: no art: {state.game} {state.kind} {state.card_id}")
    return "\n".join(lines) + "\n"
