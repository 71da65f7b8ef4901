"""A language's phrasebook: how formulaic effects are worded, numerals, and marker words.

Effect phrases are chosen by the CLDR plural category of the count, through Babel, so
"Draw 1 card." and "Draw 3 cards." come from one entry in every language.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated, Literal

from babel import Locale
from pydantic import Field, StringConstraints

from cardkit.model.base import Strict
from cardkit.model.effects import EFFECT_NAMES, CountedEffect, DiscoverAndDuel

Phrase = Annotated[str, StringConstraints(min_length=1, max_length=300)]
Word = Annotated[str, StringConstraints(min_length=1, max_length=40)]
PluralCategory = Literal["zero", "one", "two", "few", "many", "other"]


class PluralPhrase(Strict):
    zero: Phrase | None = None
    one: Phrase | None = None
    two: Phrase | None = None
    few: Phrase | None = None
    many: Phrase | None = None
    other: Phrase

    def for_category(self, category: str) -> str:
        return getattr(self, category, None) or self.other


class EffectPhrases(Strict):
    required: PluralPhrase
    optional: PluralPhrase | None = None


class MarkerWords(Strict):
    """Words that mark a meaning (optional, a timing); a marker word right after one of
    `unless_preceded_by` does not count ("no puede" forbids, it offers no option)."""

    words: Annotated[list[Word], Field(min_length=1)]
    unless_preceded_by: list[Word] = []


class Phrasebook(Strict):
    numerals: dict[Annotated[int, Field(ge=0, le=100)], list[Word]] = {}
    optional: MarkerWords | None = None
    timing: dict[Literal["before", "after", "when"], MarkerWords] = {}
    effects: dict[Literal[EFFECT_NAMES], EffectPhrases] = {}

    def wording(self, effect: CountedEffect | DiscoverAndDuel, language: str) -> str | None:
        """The expected wording of an effect, or None where the phrasebook lacks it."""
        phrases = self.effects.get(effect.effect)
        if phrases is None:
            return None
        optional = getattr(effect, "optional", False)
        phrase = phrases.optional if optional else phrases.required
        if phrase is None:
            return None
        count = getattr(effect, "count", None)
        if count is None:
            return phrase.other
        return phrase.for_category(plural_category(language, count)).format(count=count)


@lru_cache(maxsize=256)
def plural_category(language: str, count: int) -> str:
    """The CLDR plural category of `count` in `language` (Babel's rules)."""
    return Locale.parse(language).plural_form(count)
