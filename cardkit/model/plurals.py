"""Which CLDR plural categories each gettext plural form stands for, per language.

Phrasebooks word counted effects by CLDR category (one, few, many, other, ...), chosen for
a count by Babel's CLDR rules; PO files and translators' tools number the forms instead
(msgstr[0], msgstr[1], ...) by the gettext Plural-Forms expression of Babel's table, which
is what `pybabel init`, gettext and Weblate write. The two need not have the same forms:
Polish has four CLDR categories (one, few, many, and other for fractions) but three gettext
forms, so no form stands for `other`; Turkish has one gettext form for CLDR's one and other.

Each form stands for the categories Babel's CLDR rules give the counts that choose it: the
counts a card can show (1 to 20), or, for a form none of them chooses (Arabic's zero), the
whole numbers that do. A form's text is the phrase of each of its categories, so a count
prints the words the translator wrote in the form gettext chooses for it.
"""

from __future__ import annotations

import gettext
from dataclasses import dataclass
from functools import lru_cache

from babel import Locale, UnknownLocaleError
from babel.messages.plurals import get_plural

from cardkit.model.effects import CARD_COUNTS

# Whole numbers that reach every gettext form of every language Babel knows.
WIDER_COUNTS = (*range(0, 1001), 10 ** 6)


class PluralMismatch(Exception):
    """A language Babel knows no plural rules for."""


@dataclass(frozen=True)
class PluralForms:
    language: str
    count: int
    expression: str
    # The CLDR categories each gettext form stands for, by form index.
    slots: tuple[tuple[str, ...], ...]

    @property
    def header(self) -> str:
        return f"nplurals={self.count}; plural={self.expression};"

    @property
    def categories(self) -> tuple[str, ...]:
        """Every category a form stands for, in form order."""
        return tuple(dict.fromkeys(category for slot in self.slots for category in slot))

    @property
    def needed(self) -> tuple[str, ...]:
        """The categories the counts a card can show choose: what a phrase must word."""
        chosen = {plural_category(self.language, count) for count in CARD_COUNTS}
        return tuple(category for category in self.categories if category in chosen)

    def examples(self, index: int, limit: int = 3) -> list[int]:
        choose = gettext.c2py(self.expression)
        return [n for n in WIDER_COUNTS if choose(n) == index][:limit]

    def describe(self, index: int) -> str:
        """A form as translators' tools show it: `[1] few (2, 3, 4, ...)`."""
        return (f"[{index}] {', '.join(self.slots[index])} "
                f"({', '.join(map(str, self.examples(index)))}, ...)")

    def agrees_with(self, count: int, expression: str) -> bool:
        """Whether another Plural-Forms header numbers the forms the same way."""
        if count != self.count:
            return False
        try:
            theirs = gettext.c2py(expression)
        except (ValueError, SyntaxError, RecursionError):
            return False
        ours = gettext.c2py(self.expression)
        return all(theirs(n) == ours(n) for n in WIDER_COUNTS)


@lru_cache(maxsize=64)
def plural_forms(language: str) -> PluralForms:
    """The gettext forms of `language` and the CLDR categories each stands for; computed
    once per language (the checks ask for every phrase of a phrasebook, on every draft)."""
    try:
        count, expression = get_plural(language)
        rule = Locale.parse(language).plural_form
    except (UnknownLocaleError, ValueError):
        raise PluralMismatch(f"Babel knows no plural rules for {language!r}") from None
    choose = gettext.c2py(expression)
    slots = []
    for index in range(count):
        counts = [n for n in CARD_COUNTS if choose(n) == index] \
            or [n for n in WIDER_COUNTS if choose(n) == index]
        slots.append(tuple(sorted({rule(n) for n in counts}, key=_CLDR_ORDER.index)))
    return PluralForms(language, count, expression, tuple(slots))


_CLDR_ORDER = ["zero", "one", "two", "few", "many", "other"]


@lru_cache(maxsize=256)
def plural_category(language: str, count: int) -> str:
    """The CLDR plural category of `count` in `language` (Babel's rules)."""
    return Locale.parse(language).plural_form(count)
