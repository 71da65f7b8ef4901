"""gettext's plural forms matched to CLDR's categories exactly as Babel's rules give them,
and the numbering cardkit writes and accepts whatever Babel's release."""

from __future__ import annotations

import gettext
import re
import shutil
import subprocess

import pytest
from babel import Locale, localedata
from babel.messages.plurals import PLURALS

from cardkit.model.effects import CARD_COUNTS
from cardkit.model.plurals import (GETTEXT_PLURAL_FORMS, WIDER_COUNTS, accepted_plural_forms,
                                   declared_plural_forms, plural_forms)
from tests.i18n.conftest import BABEL_2_18_SPANISH, BABEL_2_19_SPANISH

# Every language with a gettext plural rule in Babel's table and CLDR data.
LANGUAGES = sorted(language for language in PLURALS if localedata.exists(language))


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_count_prints_the_form_gettext_chooses_for_it(language):
    """Whatever the language and whichever accepted numbering a file uses, the form gettext
    picks for a count stands for the CLDR category Babel gives that count, so the text a
    translator wrote in that form is the one printed."""
    accepted = accepted_plural_forms(language)
    assert accepted[0] == plural_forms(language)
    for forms in accepted:
        _assert_forms_stand_for_their_counts(language, forms)


def _assert_forms_stand_for_their_counts(language, forms):
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
    """Hebrew's second gettext form stands for CLDR's two and other: its text words both."""
    assert plural_forms("he").slots == (("one",), ("two", "other"))
    assert plural_forms("he").needed == ("one", "two", "other")


@pytest.mark.skipif(shutil.which("msginit") is None, reason="gettext's msginit is not installed")
@pytest.mark.parametrize("language", sorted(GETTEXT_PLURAL_FORMS))
def test_the_written_forms_are_what_msginit_writes(language, tmp_path):
    template = tmp_path / "t.pot"
    template.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n',
                        encoding="utf-8")
    made = subprocess.run(["msginit", "-l", language, "--no-translator", "--no-wrap",
                           "-i", str(template), "-o", "-"],
                          capture_output=True, text=True, check=True).stdout
    header = re.search(r'"Plural-Forms: (.*?)\\n"', made).group(1)
    assert header == plural_forms(language).header


@pytest.mark.parametrize("formula", [BABEL_2_18_SPANISH, BABEL_2_19_SPANISH], ids=["2.18", "2.19"])
def test_spanish_is_written_as_gettext_numbers_it_whatever_babel_says(babel_spanish, formula):
    babel_spanish(formula)
    forms = plural_forms("es")
    assert forms.header == "nplurals=2; plural=(n != 1);"
    assert forms.slots == (("one",), ("other",))
    assert forms.needed == ("one", "other")


def test_babel_2_19s_spanish_numbering_is_accepted_with_a_form_for_millions(babel_spanish):
    babel_spanish(BABEL_2_19_SPANISH)
    gettexts, cldr = accepted_plural_forms("es")
    assert gettexts.count == 2 and cldr.count == 3
    assert cldr.slots == (("one",), ("many",), ("other",))
    assert declared_plural_forms("es", *BABEL_2_19_SPANISH) == cldr
    assert declared_plural_forms("es", 2, "n != 1") == gettexts
    assert declared_plural_forms("es", 2, "(n > 1)") is None


def test_babel_2_18s_spanish_numbering_is_gettexts(babel_spanish):
    babel_spanish(BABEL_2_18_SPANISH)
    assert accepted_plural_forms("es") == (plural_forms("es"),)
