"""Which gettext plural forms cardkit writes and reads, and which CLDR plural categories each
form stands for, per language.

Phrasebooks word counted effects by CLDR category (one, few, many, other, ...), chosen for
a count by Babel's CLDR rules; PO files and translators' tools number the forms instead
(msgstr[0], msgstr[1], ...) by a gettext Plural-Forms expression. Which expression is
cardkit's decision, not a library version's: GNU gettext's own table (what `msginit` writes,
and what Poedit and Weblate recognise by name), and Babel's CLDR formula only for a language
gettext's table lacks. Babel's formulas change between releases (2.19 gave Spanish, French,
Italian and Portuguese a third form for a million), gettext's have not. An import accepts
either numbering, so a catalogue from Poedit, Weblate, `msginit` or an older export reads.

The two need not have the same forms: Polish has four CLDR categories (one, few, many, and
other for fractions) but three gettext forms, so no form stands for `other`; Hebrew's second
gettext form stands for CLDR's two and other. Each form stands for the categories Babel's
CLDR rules give the counts that choose it: the counts a card can show (1 to 20), or, for a
form none of them chooses (Arabic's zero, Spanish's million), the whole numbers that do. A
form's text is the phrase of each of its categories, so a count prints the words the
translator wrote in the form gettext chooses for it.
"""

from __future__ import annotations

import gettext
from dataclasses import dataclass
from functools import lru_cache

from babel import Locale, UnknownLocaleError
from babel.messages.plurals import get_plural

from cardkit.messages import Message
from cardkit.model.effects import CARD_COUNTS

# Whole numbers that reach every gettext form of every language Babel knows.
WIDER_COUNTS = (*range(0, 1001), 10 ** 6)

# GNU gettext's plural table (gettext-tools/src/plural-table.c), as `msginit` writes it;
# tests/i18n/test_plurals.py compares every entry with msginit's output where gettext is here.
GETTEXT_PLURAL_FORMS = {
    language: forms
    for forms, languages in {
        (1, "0"): ("ja", "ko", "vi"),
        (2, "(n != 1)"): ("bg", "da", "de", "el", "en", "eo", "es", "et", "fi", "fo", "he",
                          "hu", "it", "nb", "nl", "nn", "no", "pt", "sv", "tr"),
        (2, "(n > 1)"): ("fr", "pt_BR"),
        (3, "(n%10==1 && n%100!=11 ? 0 : n != 0 ? 1 : 2)"): ("lv",),
        (3, "n==1 ? 0 : n==2 ? 1 : 2"): ("ga",),
        (3, "n==1 ? 0 : (n==0 || (n%100 > 0 && n%100 < 20)) ? 1 : 2"): ("ro",),
        (3, "(n%10==1 && n%100!=11 ? 0 : n%10>=2 && (n%100<10 || n%100>=20) ? 1 : 2)"): ("lt",),
        (3, "(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)"):
            ("be", "hr", "ru", "sr", "uk"),
        (3, "(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2"): ("cs", "sk"),
        (3, "(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)"): ("pl",),
        (4, "(n%100==1 ? 0 : n%100==2 ? 1 : n%100==3 || n%100==4 ? 2 : 3)"): ("sl",),
    }.items()
    for language in languages
}


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
    """The gettext forms cardkit writes for `language` (gettext's table, else Babel's CLDR
    formula) and the CLDR categories each stands for; computed once per language (the checks
    ask for every phrase of a phrasebook, on every draft)."""
    table = GETTEXT_PLURAL_FORMS.get(language) or GETTEXT_PLURAL_FORMS.get(language.split("_")[0])
    return _numbered(language, *(table or _cldr_formula(language)))


@lru_cache(maxsize=64)
def accepted_plural_forms(language: str) -> tuple[PluralForms, ...]:
    """Every numbering an import of `language` accepts: the one cardkit writes, then Babel's
    CLDR formula where it numbers the forms otherwise."""
    written = plural_forms(language)
    cldr = _numbered(language, *_cldr_formula(language))
    return (written,) if written.agrees_with(cldr.count, cldr.expression) else (written, cldr)


def declared_plural_forms(language: str, count: int, expression: str) -> PluralForms | None:
    """The accepted numbering a Plural-Forms header declares, or None for any other."""
    return next((forms for forms in accepted_plural_forms(language)
                 if forms.agrees_with(count, expression)), None)


def _locale(language: str) -> Locale:
    try:
        return Locale.parse(language)
    except (UnknownLocaleError, ValueError):
        raise PluralMismatch(Message("Babel knows no plural rules for {language}",
                                     language=repr(language))) from None


def _cldr_formula(language: str) -> tuple[int, str]:
    _locale(language)  # refused as a language Babel knows no plural rules for
    count, expression = get_plural(language)
    return count, expression


def _numbered(language: str, count: int, expression: str) -> PluralForms:
    rule = _locale(language).plural_form
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
