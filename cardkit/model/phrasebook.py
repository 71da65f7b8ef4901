"""A language's phrasebook: how formulaic effects are worded, numerals, and marker words.

Effect phrases are chosen by the CLDR plural category of the count, through Babel, so
"Draw 1 card." and "Draw 3 cards." come from one entry in every language. A counted
effect's phrase declares one placeholder, `{count}`; it is filled by `placeholders.fill`,
never by `str.format`.

A value left empty (`few:` with nothing after it, as `cardkit i18n init` writes the
phrasebook of a new language) is one still to be written: it counts as absent, and
`cardkit status` lists it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, Literal

from pydantic import Field, StringConstraints

from cardkit.model.base import Strict
from cardkit.model.effects import COUNTED_EFFECTS, EFFECT_NAMES, CountedEffect, DiscoverAndDuel
from cardkit.model.plurals import plural_category
from cardkit.placeholders import fill

Phrase = Annotated[str, StringConstraints(min_length=1, max_length=300)]
Word = Annotated[str, StringConstraints(min_length=1, max_length=40)]


# The variants an effect is worded in: as a card requires it, and as one it may do.
PHRASE_VARIANTS = ("required", "optional")


PLURAL_CATEGORIES = ("zero", "one", "two", "few", "many", "other")


class PluralPhrase(Strict):
    """A phrase per CLDR plural category; a count whose category has none has no wording
    (the `phrase-form-missing` warning names it)."""

    zero: Phrase | None = None
    one: Phrase | None = None
    two: Phrase | None = None
    few: Phrase | None = None
    many: Phrase | None = None
    other: Phrase | None = None

    def for_category(self, category: str) -> str | None:
        return getattr(self, category, None)

    def forms(self) -> dict[str, str]:
        """The phrase of each category that has one."""
        return {category: text for category in PLURAL_CATEGORIES
                if (text := getattr(self, category)) is not None}


class EffectPhrases(Strict):
    required: PluralPhrase
    optional: PluralPhrase | None = None


class MarkerWords(Strict):
    """Words that mark a meaning (optional, a timing); a marker word right after one of
    `unless_preceded_by` does not count ("no puede" forbids, it offers no option). `words`
    left empty are still to write (a begun language's phrasebook ships its negations
    before its words are chosen): the meaning has no words yet."""

    words: Annotated[list[Word], Field(min_length=1)] | None = None
    unless_preceded_by: list[Word] = Field(default_factory=list)


# A phrasebook's marker kinds, as the checks name them: `optional`, then each timing.
MARKER_KINDS = ("optional", "before", "after", "when")


class Phrasebook(Strict):
    numerals: dict[Annotated[int, Field(ge=0, le=100)], list[Word] | None] = Field(default_factory=dict)
    optional: MarkerWords | None = None
    timing: dict[Literal["before", "after", "when"], MarkerWords | None] = Field(default_factory=dict)
    effects: dict[Literal[EFFECT_NAMES], EffectPhrases] = Field(default_factory=dict)

    def marker(self, kind: str) -> MarkerWords | None:
        """The entry of a marker kind (`optional`, `before`, ...), filled or not; None where
        the phrasebook has none."""
        return self.optional if kind == "optional" else self.timing.get(kind)

    def marker_words(self) -> dict[str, MarkerWords]:
        """Each marker kind whose words are given, in MARKER_KINDS order."""
        return {kind: marker for kind in MARKER_KINDS
                if (marker := self.marker(kind)) is not None and marker.words}

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


def worded_phrases(phrasebook: Phrasebook) -> Iterator[tuple[str, str, PluralPhrase]]:
    """Every (effect, variant, phrase) a phrasebook words, in the effects' order: of the
    English phrasebook, what every other language has to word."""
    for effect_name in EFFECT_NAMES:
        for variant in PHRASE_VARIANTS:
            phrase = phrase_of(phrasebook, effect_name, variant)
            if phrase is not None:
                yield effect_name, variant, phrase


def marker_location(kind: str) -> tuple[str, ...]:
    """Where a marker kind's entry stands in a phrasebook: `optional`, `timing.after`."""
    return (kind,) if kind == "optional" else ("timing", kind)


def marker_lists(phrasebook: Phrasebook | None) -> Iterator[tuple[str, str, MarkerWords]]:
    """Every (kind, list, marker) of a phrasebook's marker entries, in MARKER_KINDS order:
    the `words` of each kind, and the `unless_preceded_by` of `optional` (the only list of
    negations a language needs so far: a prohibition read as an option)."""
    for kind in MARKER_KINDS:
        marker = phrasebook.marker(kind) if phrasebook is not None else None
        if marker is None:
            continue
        yield kind, "words", marker
        if kind == "optional":
            yield kind, "unless_preceded_by", marker


def declared_placeholders(effect_name: str) -> set[str]:
    """The placeholders an effect's phrases may hold: `{count}` for a counted effect."""
    return {"count"} if effect_name in COUNTED_EFFECTS else set()

