"""Any text survives being written to and read from PO and XLIFF, and plural forms map."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardkit.i18n.catalogue import IncomingUnit, OutgoingCatalogue, OutgoingUnit
from cardkit.model.plurals import plural_forms
from cardkit.i18n.po import read_po, write_po
from cardkit.i18n.xliff import XliffUnwritable, read_xliff, write_xliff

# XML 1.0 cannot carry most C0 controls; PO comments cannot carry a carriage return.
XML_TEXT = st.text(st.characters(blacklist_categories=("Cs",),
                                 blacklist_characters="\x00\x01\x02\x03\x04\x05\x06\x07\x08"
                                                      "\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15"
                                                      "\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f"
                                                      "\ufffe\uffff"), min_size=1)
ANY_TEXT = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1)
NOTE = st.text(st.characters(blacklist_categories=("Cs", "Cc"), whitelist_characters="\n\t"),
               min_size=1)


def catalogue(source: str, target: str, note: str, plural: bool = False,
              needs_review: bool = True) -> OutgoingCatalogue:
    forms = plural_forms("de")
    unit = OutgoingUnit("alien:iron-matron:powers.punish.text",
                        (source, source + "s") if plural else (source,), plural,
                        (target, target + "!") if plural else (target,), needs_review, note,
                        ("remark\nover two lines",), "locales/de/duel/aliens.yaml:3")
    return OutgoingCatalogue("de", forms, [unit], "duel")


def received(unit: OutgoingUnit) -> IncomingUnit:
    """The unit as it comes back: the same fields under the same names, and a line."""
    return IncomingUnit(unit.key, unit.sources, unit.plural, unit.targets, unit.needs_review,
                        unit.note, 0)


def without_line(unit: IncomingUnit) -> IncomingUnit:
    return replace(unit, line=0)


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(source=ANY_TEXT, target=ANY_TEXT, note=NOTE, plural=st.booleans(), review=st.booleans())
def test_po_carries_any_text(source, target, note, plural, review):
    written = catalogue(source, target, note, plural, review)
    unit = written.units[0]

    read = read_po(write_po(written).encode("utf-8"), Path("de.po"))

    assert (read.language, read.exported_for, read.database) == ("de", "de", "duel")
    assert [without_line(u) for u in read.units] == [received(unit)]


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(source=XML_TEXT, target=XML_TEXT, note=XML_TEXT, plural=st.booleans(), review=st.booleans())
def test_xliff_carries_any_text_xml_can(source, target, note, plural, review):
    written = catalogue(source, target, note, plural, review)
    unit = written.units[0]

    read = read_xliff(write_xliff(written).encode("utf-8"), Path("de.xlf"))

    assert (read.language, read.exported_for, read.database) == ("de", "de", "duel")
    assert [without_line(u) for u in read.units] == [
        IncomingUnit(unit.key, unit.sources, plural, unit.targets, review, note, 0)]


def test_xliff_refuses_a_character_xml_cannot_carry():
    with pytest.raises(XliffUnwritable, match="U\\+0001 cannot be written in XML; export as PO"):
        write_xliff(catalogue("a", "b\x01", "c"))


@pytest.mark.parametrize(("language", "categories"), [
    ("de", ("one", "other")), ("es", ("one", "other")), ("en", ("one", "other")),
    ("pl", ("one", "few", "many")), ("ja", ("other",)),
])
def test_each_gettext_form_holds_one_cldr_category(language, categories):
    assert plural_forms(language).categories == categories
