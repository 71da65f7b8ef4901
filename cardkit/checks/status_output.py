"""`cardkit status` written for people (text) and programs (json)."""

from __future__ import annotations

import json

from cardkit.checks.status import STATES, FieldState, summarize


def render_status(states: list[FieldState], output_format: str) -> str:
    summary = summarize(states)
    if output_format == "json":
        return json.dumps({
            "summary": [{"language": language, "kind": kind, **{s: counts[s] for s in STATES}}
                        for (language, kind), counts in sorted(summary.items())],
            "fields": [{"language": s.language, "card": s.card_id, "kind": s.kind, "field": s.path,
                        "state": s.state, "position": str(s.position), "reason": s.reason}
                       for s in states if s.state != "translated"],
        }, indent=2, ensure_ascii=False) + "\n"
    lines = [f"{'language':<9}{'kind':<15}{'translated':>11}{'stale':>7}{'missing':>9}"]
    for (language, kind), counts in sorted(summary.items()):
        lines.append(f"{language:<9}{kind:<15}{counts['translated']:>11}{counts['stale']:>7}"
                     f"{counts['missing']:>9}")
    for state in states:
        if state.state != "translated":
            lines.append(f"{state.position}: {state.state}: {state.language} {state.card_id} "
                         f"{state.path}: {state.reason}")
    return "\n".join(lines) + "\n"
