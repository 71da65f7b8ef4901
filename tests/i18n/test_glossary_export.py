"""The glossary reaches the translator: in each entry's notes, and as a TBX termbase."""

from __future__ import annotations

from xml.etree import ElementTree

import pytest
from click.testing import CliRunner
from translate.storage.tbx import tbxfile

from cardkit.cli import main
from cardkit.i18n.export import build_catalogue
from cardkit.i18n.po import write_po
from cardkit.model.database import load_database
from tests.conftest import PROJECT_ROOT

XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
DEPRECATED = "deprecatedTerm-admn-sts"
STATUSES = {"preferredTerm-admn-sts", "admittedTerm-admn-sts", DEPRECATED}


def test_each_entry_names_the_glossary_terms_of_its_english_text(minimal_database):
    database, _, _ = load_database(minimal_database)

    units = {unit.key: unit for unit in build_catalogue(database, "es").units}

    assert units["discovery:empty-spaceport:text"].remarks[-3:] == (
        "glossary: planet = Planeta (also Planetas)",
        "glossary: discover = descubrir (also descubre, descubren)",
        "glossary: duel = duelo (also duelos)")
    assert "glossary: ship = Nave (also Naves); not barco, barcos, nave espacial" in \
        units["phrasebook:effects.retrieve_ships.required"].remarks


def test_extra_notes_reach_the_entries_they_name(minimal_database):
    database, _, _ = load_database(minimal_database)
    notes = {"alien:pickle:name": "fit: 18 characters at the smallest size"}

    text = write_po(build_catalogue(database, "es", notes))

    assert ('#. fit: 18 characters at the smallest size\n#: locales/es/duel/aliens.yaml:18\n'
            'msgctxt "alien:pickle:name"') in text


@pytest.mark.slow
def test_the_tbx_export_is_a_termbase_translate_toolkit_reads(tmp_path):
    output = tmp_path / "de.tbx"
    result = CliRunner().invoke(main, ["i18n", "export", "--lang", "de", "--format", "tbx",
                                       "-o", str(output), "--root", str(PROJECT_ROOT)])
    assert result.exit_code == 0, result.output
    database, _, _ = load_database(PROJECT_ROOT)

    root = ElementTree.parse(output).getroot()
    assert (root.tag, root.get("type")) == ("martif", "TBX-Basic")
    entries = root.findall("./text/body/termEntry")
    english = database.glossaries["en"]
    german = database.glossaries["de"]
    # each term, followed by an entry of its forbidden variants where it has any
    assert [entry.get("id") for entry in entries] == [
        entry_id for term_id in english
        for entry_id in (term_id, f"{term_id}.forbidden")
        if entry_id == term_id or english[term_id].forbidden
        or (term_id in german and german[term_id].forbidden)]
    for entry in entries:
        assert [lang_set.get(XML_LANG) for lang_set in entry.findall("langSet")] in (["en"], ["en", "de"])
        statuses = {tig.findtext("termNote[@type='administrativeStatus']") for tig in entry.iter("tig")}
        assert all(tig.findtext("term").strip() for tig in entry.iter("tig"))
        # only the entries of forbidden variants hold deprecated terms
        assert (DEPRECATED in statuses) == entry.get("id").endswith(".forbidden")
        assert statuses <= STATUSES
        term_id = entry.get("id").removesuffix(".forbidden")
        assert [field.text for field in entry.findall("descrip[@type='subjectField']")] == english[term_id].games
    assert any(entry.find("descrip[@type='subjectField']") is not None for entry in entries)

    # a term of our own wording says so in its language's note
    wormhole = next(entry for entry in entries if entry.get("id") == "wormhole")
    assert [lang_set.findtext("note") for lang_set in wormhole.findall("langSet")] == [
        english["wormhole"].reading, german["wormhole"].reading]
    assert german["wormhole"].reading.startswith("Ours")

    store = tbxfile.parsefile(str(output))
    store.settargetlanguage("de")
    units = {unit.getid(): unit for unit in store.units}
    assert [(term.text, term.deprecated) for term in units["ship"].get_target_terms("de")] == [
        ("Schiff", False), ("Schiffe", False), ("Schiffen", False), ("Schiffes", False)]
    assert [(term.text, term.deprecated) for term in units["ship.forbidden"].get_target_terms("de")] == [
        ("Raumschiff", True), ("Raumschiffe", True)]
    assert [term.text for term in units["ship"].get_source_terms()] == ["ship", "ships"]
    assert [term.text for term in units["ship.forbidden"].get_source_terms()] == ["ship", "ships"]
    # the approved term names the forbidden variants, in a note Weblate shows with it
    assert units["ship"].getnotes("pos") == "forbidden variants: Raumschiff, Raumschiffe"
    assert not units["ship"].isobsolete()
