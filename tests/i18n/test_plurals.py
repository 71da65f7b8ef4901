"""gettext's plural forms matched to CLDR's categories exactly as Babel's rules give them."""

from __future__ import annotations

import gettext

import pytest
from babel import Locale, localedata
from babel.messages.plurals import PLURALS

from cardkit.model.effects import CARD_COUNTS
from cardkit.model.plurals import WIDER_COUNTS, plural_forms


# Every language with a gettext plural rule in Babel's table and CLDR data.
LANGUAGES = sorted(language for language in PLURALS if localedata.exists(language))


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_count_prints_the_form_gettext_chooses_for_it(language):
    """Whatever the language, the form gettext picks for a count stands for the CLDR
    category Babel gives that count, so the text a translator wrote in that form is the one
    printed."""
    forms = plural_forms(language)
    choose = gettext.c2py(forms.expression)
    category_of = Locale.parse(language).plural_form
    assert len(forms.slots) == forms.count
    for count in CARD_COUNTS:
        assert category_of(count) in forms.slots[choose(count)]
    for index, slot in enumerate(forms.slots):
        assert slot, f"form [{index}] of {language} stands for no category"
        reached = {category_of(n) for n in WIDER_COUNTS if choose(n) == index}
        assert set(slot) <= reached


@pytest.mark.parametrize("language", ["pl", "ru", "cs", "uk", "lt"])
def test_the_category_of_fractions_has_no_gettext_form(language):
    """These languages have a CLDR category only fractions choose (Polish and Russian
    `other`, Czech and Lithuanian `many`): no gettext form stands for it, and no phrase needs
    it."""
    forms = plural_forms(language)
    rule = Locale.parse(language).plural_form
    formless = (set(rule.tags) | {"other"}) - set(forms.categories)
    assert formless
    assert not formless & {rule(n) for n in WIDER_COUNTS}
    assert set(forms.needed) == {rule(n) for n in CARD_COUNTS}


def test_polish_forms_are_one_few_many():
    forms = plural_forms("pl")
    assert forms.slots == (("one",), ("few",), ("many",))
    assert forms.describe(1) == "[1] few (2, 3, 4, ...)"


def test_one_gettext_form_stands_for_two_categories():
    """Turkish has one gettext form for CLDR's one and other: its text words both."""
    assert plural_forms("tr").slots == (("one", "other"),)
