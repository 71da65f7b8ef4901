"""Which gettext plural form holds which CLDR plural category, per language.

Phrasebooks word counted effects by CLDR category (one, few, other, ...), chosen through
Babel; PO files and translators' tools number the forms instead (msgstr[0], msgstr[1]) by
gettext's Plural-Forms expression. The two agree for the whole counts a card can show, so
each form is matched to the one category every count choosing that form has.
"""

from __future__ import annotations

import gettext
from dataclasses import dataclass

from babel import Locale, UnknownLocaleError
from babel.messages.plurals import get_plural

# Whole counts compared between the two rules: cards count from 1 to 20; the rest makes
# sure each form of the language is reached.
SAMPLE_COUNTS = range(0, 1001)


class PluralMismatch(Exception):
    """A language Babel does not know, or whose gettext forms do not each match one CLDR
    category."""


@dataclass(frozen=True)
class PluralForms:
    language: str
    count: int
    expression: str
    categories: tuple[str, ...]  # the CLDR category of each form, by form index

    @property
    def header(self) -> str:
        return f"nplurals={self.count}; plural={self.expression};"

    def examples(self, index: int, limit: int = 3) -> list[int]:
        choose = gettext.c2py(self.expression)
        return [n for n in SAMPLE_COUNTS if choose(n) == index][:limit]

    def describe(self, index: int) -> str:
        """A form as translators' tools show it: `[1] other (0, 2, 3, ...)`."""
        return f"[{index}] {self.categories[index]} ({', '.join(map(str, self.examples(index)))}, ...)"

    def agrees_with(self, count: int, expression: str) -> bool:
        """Whether another Plural-Forms header numbers the forms the same way."""
        if count != self.count:
            return False
        try:
            theirs = gettext.c2py(expression)
        except (ValueError, SyntaxError, RecursionError):
            return False
        ours = gettext.c2py(self.expression)
        return all(theirs(n) == ours(n) for n in SAMPLE_COUNTS)


def plural_forms(language: str) -> PluralForms:
    try:
        count, expression = get_plural(language)
        category_of = Locale.parse(language).plural_form
    except (UnknownLocaleError, ValueError):
        raise PluralMismatch(f"Babel knows no plural rules for {language!r}") from None
    choose = gettext.c2py(expression)
    categories: dict[int, set[str]] = {}
    for n in SAMPLE_COUNTS:
        categories.setdefault(choose(n), set()).add(category_of(n))
    if sorted(categories) != list(range(count)) or any(len(c) != 1 for c in categories.values()):
        raise PluralMismatch(f"the gettext plural forms of {language!r} do not each match one "
                             "CLDR plural category")
    return PluralForms(language, count, expression,
                       tuple(next(iter(categories[index])) for index in range(count)))
