"""A language's phrasebook: how formulaic effects are worded, numerals, and marker words.

Effect phrases are chosen by the CLDR plural category of the count, through Babel, so
"Draw 1 card." and "Draw 3 cards." come from one entry in every language. A counted
effect's phrase declares one placeholder, `{count}`; it is filled by `placeholders.fill`,
never by `str.format`.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated, Literal

from babel import Locale
from pydantic import Field, StringConstraints

from cardkit.model.base import Strict
from cardkit.model.effects import COUNTED_EFFECTS, EFFECT_NAMES, CountedEffect, DiscoverAndDuel
from cardkit.placeholders import fill

Phrase = Annotated[str, StringConstraints(min_length=1, max_length=300)]
Word = Annotated[str, StringConstraints(min_length=1, max_length=40)]


# The variants an effect is worded in: as a card requires it, and as one it may do.
PHRASE_VARIANTS = ("required", "optional")


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
    unless_preceded_by: list[Word] = Field(default_factory=list)


class Phrasebook(Strict):
    numerals: dict[Annotated[int, Field(ge=0, le=100)], list[Word]] = Field(default_factory=dict)
    optional: MarkerWords | None = None
    timing: dict[Literal["before", "after", "when"], MarkerWords] = Field(default_factory=dict)
    effects: dict[Literal[EFFECT_NAMES], EffectPhrases] = Field(default_factory=dict)

    def phrase(self, effect: CountedEffect | DiscoverAndDuel, language: str) -> str | None:
        """The phrase wording an effect, placeholders unfilled; None where it is lacking."""
        phrases = self.effects.get(effect.effect)
        if phrases is None:
            return None
        phrase = phrases.optional if getattr(effect, "optional", False) else phrases.required
        if phrase is None:
            return None
        count = getattr(effect, "count", None)
        return phrase.other if count is None else phrase.for_category(plural_category(language, count))

    def wording(self, effect: CountedEffect | DiscoverAndDuel, language: str) -> str | None:
        """The expected wording of an effect, or None where the phrasebook lacks it."""
        phrase = self.phrase(effect, language)
        count = getattr(effect, "count", None)
        if phrase is None or count is None:
            return phrase
        return fill(phrase, {"count": str(count)})


def phrase_of(phrasebook: Phrasebook | None, effect_name: str, variant: str) -> PluralPhrase | None:
    """A phrasebook's phrase of an effect in one variant (required, optional), or None."""
    phrases = phrasebook.effects.get(effect_name) if phrasebook is not None else None
    return getattr(phrases, variant) if phrases is not None else None


def declared_placeholders(effect_name: str) -> set[str]:
    """The placeholders an effect's phrases may hold: `{count}` for a counted effect."""
    return {"count"} if effect_name in COUNTED_EFFECTS else set()


@lru_cache(maxsize=256)
def plural_category(language: str, count: int) -> str:
    """The CLDR plural category of `count` in `language` (Babel's rules)."""
    return Locale.parse(language).plural_form(count)
