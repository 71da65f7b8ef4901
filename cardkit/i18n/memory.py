"""The project's translation memory: every confirmed translation of a language beside the
English it translates, to suggest for a text being translated (the workbench) and to hand
to other tools as TMX (`cardkit i18n export --format tmx`).

Matches are scored by rapidfuzz's normalised Indel similarity of the two English texts
(0 to 100; 100 is the same text once case and punctuation are set aside), the measure
translation tools call a fuzzy match; rapidfuzz computes it in C for a few hundred texts
per keystroke-free card opening, where difflib would take a hundred times as long.
"""

from __future__ import annotations

from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

from rapidfuzz import fuzz, process, utils

from cardkit.checks.status import translation_states
from cardkit.model.database import Database
from cardkit.source.layout import SOURCE_LANGUAGE

# Below this score a match helps a translator less than it distracts.
FUZZY_CUTOFF = 70
SUGGESTIONS = 3


@dataclass(frozen=True)
class MemoryEntry:
    card_id: str
    path: str
    english: str
    translation: str


@dataclass(frozen=True)
class Suggestion:
    score: int  # 100: the same English
    english: str
    translation: str
    card_id: str
    path: str


class TranslationMemory:
    """The confirmed translations of `language` in `database` (of one `game`, or all)."""

    def __init__(self, database: Database, language: str, game: str | None = None):
        self.language = language
        self.entries = [MemoryEntry(state.card_id, state.path, state.source_text, state.text)
                        for state in translation_states(database, [language])
                        if state.state == "translated" and state.source_text and state.text
                        and (game is None or database.game_of(state.card_id) == game)]
        self._english = [utils.default_process(entry.english) for entry in self.entries]

    def suggestions(self, english: str, card_id: str, path: str,
                    limit: int = SUGGESTIONS) -> list[Suggestion]:
        """The closest translated texts to `english`, best first, leaving out the text's own
        translation (`card_id`, `path`)."""
        found = process.extract(utils.default_process(english), self._english, scorer=fuzz.ratio,
                                processor=None, score_cutoff=FUZZY_CUTOFF,
                                limit=limit + 1)
        suggestions = []
        for _, score, index in found:
            entry = self.entries[index]
            if (entry.card_id, entry.path) != (card_id, path):
                suggestions.append(Suggestion(round(score), entry.english, entry.translation,
                                              entry.card_id, entry.path))
        return sorted(suggestions, key=lambda found: (-found.score, found.card_id, found.path))[:limit]


def write_tmx(memory: TranslationMemory) -> str:
    """The memory as TMX 1.4b: a translation unit per text, its id the card and field
    (`iron-matron:powers.punish.text`), English and the language beside each other. No
    date is written: the same database gives the same bytes."""
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             '<tmx version="1.4">',
             f'  <header creationtool="cardkit" creationtoolversion="1" datatype="plaintext" '
             f'segtype="block" adminlang="en" srclang="{SOURCE_LANGUAGE}" o-tmf="cardkit"/>',
             '  <body>']
    for entry in memory.entries:
        lines += [f'    <tu tuid={quoteattr(f"{entry.card_id}:{entry.path}")}>',
                  f'      <tuv xml:lang="{SOURCE_LANGUAGE}"><seg>{escape(entry.english)}</seg></tuv>',
                  f'      <tuv xml:lang={quoteattr(memory.language)}><seg>{escape(entry.translation)}</seg></tuv>',
                  '    </tu>']
    lines += ['  </body>', '</tmx>', '']
    return "\n".join(lines)
