"""Problems a person decided are right, silenced per card in the data itself.

A text entry may carry `silence: {code: reason}`; problems of that code about that entry
are then set aside (and still listed as silenced, so review sees them). A silence that no
longer matches any problem is itself reported, so none outlives its reason.
"""

from __future__ import annotations

from cardkit.messages import Message
from cardkit.model.database import Database
from cardkit.problems import Problem, warning


def apply_silences(database: Database, problems: list[Problem]) -> tuple[list[Problem], list[tuple[Problem, str]]]:
    """(problems kept, silenced problems with their reasons); unused silences join the kept."""
    silences = {}
    for (language, card_id), origin in database.text_origins.items():
        entry = database.text(language, card_id)
        if entry is not None and entry.silence:
            silences[(str(origin.document.path), card_id)] = (entry, origin)
    kept, silenced, used = [], [], set()
    for problem in problems:
        found = silences.get((str(problem.position.path), problem.card_id))
        if found and problem.code in found[0].silence:
            silenced.append((problem, found[0].silence[problem.code]))
            used.add((str(problem.position.path), problem.card_id, problem.code))
            continue
        kept.append(problem)
    for (path, card_id), (entry, origin) in silences.items():
        for code in entry.silence:
            if (path, card_id, code) not in used:
                kept.append(warning(origin.key_position(("silence", code)), "unused-silence",
                                    Message("{code} is silenced for {card_id}, but no such problem "
                                            "occurs", code=code, card_id=repr(card_id)),
                                    card_id=card_id))
    return kept, silenced
