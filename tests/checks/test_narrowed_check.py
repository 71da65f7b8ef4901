"""A draft's check made again only for the edited translation (`Checked.edited`, the checks
split `ByLanguage`) says exactly what a full check of the same texts says."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardkit.checks.runner import Checked, check_sources, load_checked
from cardkit.i18n.writer import Translation, edited_text
from cardkit.model.texts import field_value, translatable_fields
from cardkit.source.layout import SOURCE_LANGUAGE

PROJECT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def shipped() -> Checked:
    checked = load_checked(PROJECT)
    checked.report  # the full check the drafts are narrowed from
    return checked


def _document_text(checked: Checked, file: Path) -> str | None:
    return next((document.text for _, document in checked.sources.locale_documents
                 if document.path == file), None)


def _variants(checked: Checked, language: str, card_id: str, path: str) -> list[str]:
    """Texts good and broken in every way the text checks look for."""
    database = checked.database
    english = field_value(database.text(SOURCE_LANGUAGE, card_id), path) or "Zwei Karten"
    current = field_value(database.text(language, card_id), path) if database.text(language, card_id) else None
    current = current or english
    other = next(field_value(entry, other_path) for other_id, entry in database.texts[language].items()
                 if other_id != card_id
                 for other_path in entry.texts if field_value(entry, other_path))
    return [
        current + " ",  # the same text, its spacing changed
        english,  # an untranslated copy, English terms in it
        current + " [blsat]",  # an unknown icon
        current + " 7",  # a number the English lacks
        "**" + current,  # unbalanced markup
        current + " <b>x</b>",  # a markup tag
        current + " {count",  # a broken placeholder
        current + " {nobody}",  # a placeholder the English lacks
        other,  # another card's text: a copy, or an inconsistent translation
        current + " ((",  # unbalanced brackets
        "der der " + current,  # a doubled word
    ]


def _text_edits(checked: Checked) -> list[tuple[str, dict[Path, str]]]:
    """Edits of one text each, through the text writer, over every text file of every
    translation, the variants taken in turn."""
    database = checked.database
    edits = []
    for language in database.translations:
        seen_files = set()
        for card_id, card in database.cards.items():
            file = database.locale_file(language, card_id)
            if file in seen_files:
                continue
            seen_files.add(file)
            for path in translatable_fields(card)[:2]:
                variants = _variants(checked, language, card_id, path)
                text = variants[len(edits) % len(variants)]
                edit = Translation(card_id, path, text=text, ours=True)
                edits.append((f"{language} {card_id} {path} {text!r}",
                              {file: edited_text(_document_text(checked, file), file, [edit])}))
    return edits


def _file_edits(checked: Checked) -> list[tuple[str, dict[Path, str]]]:
    """Edits of whole text files: entries removed, added for no card, naming stray paths,
    filed with the wrong kind, citing what is not there or nothing, and a file that no
    longer reads."""
    file = Path("locales/de/duel/aliens.yaml")
    text = _document_text(checked, file)
    swarm = text.index("swarm:")
    prime = text.index("prime:")
    return [
        ("an entry removed", {file: text[:swarm] + text[prime:]}),
        ("an entry for no card", {file: text + "\nswarmm:\n  name: Schwarm\n"}),
        ("a stray path", {file: text.replace("swarm:\n", "swarm:\n  provisional: [nothing]\n", 1)}),
        ("another kind's card", {Path("locales/de/duel/planets.yaml"): "swarm:\n  name: Schwarm\n"}),
        ("a citation of no rulebook", {file: text.replace("file: 003_cadf4f0e38ea8624.txt",
                                                          "file: nope.txt", 1)}),
        ("lines past the rulebook's end", {file: text.replace("lines: '163'", "lines: '99999'", 1)}),
        ("a text's sources removed", {file: text[:swarm] + "swarm:\n  name: Schwarm\n\n" + text[prime:]}),
        ("a printed text marked ours", {file: text.replace("swarm:\n", "swarm:\n  provisional: [name]\n", 1)}),
        ("a file that does not read", {file: text.replace("swarm:\n", "swarm: [\n", 1)}),
        ("an emptied file", {file: ""}),
        ("two translations", {file: text.replace("name: Schwarm", "name: Schwarm Schwarm"),
                              Path("locales/es/duel/aliens.yaml"): ""}),
    ]


def _assert_as_full(checked: Checked, texts: dict[Path, str], narrowed: bool) -> Checked:
    after = checked.edited(texts)
    assert (after.earlier is not None) is narrowed
    full = check_sources(checked.root, checked.sources.with_texts(texts))
    assert after.report.problems == full.report.problems
    assert after.report.silenced == full.report.silenced
    return after


@pytest.mark.slow  # a full check for each of over 40 edits; the fast tier keeps the two below
def test_a_narrowed_draft_check_says_what_the_full_check_says(shipped):
    edits = _text_edits(shipped) + _file_edits(shipped)
    assert len(edits) > 40
    differing = 0
    for label, texts in edits:
        after = _assert_as_full(shipped, texts, narrowed=True)
        differing += after.report.problems != shipped.report.problems
    assert differing > 20  # most edits change what the check finds


def test_a_draft_of_a_narrowed_draft_is_narrowed_again(shipped):
    file = Path("locales/de/duel/aliens.yaml")
    first = _assert_as_full(shipped, {file: _document_text(shipped, file) + "\nzzz:\n  name: Z\n"},
                            narrowed=True)
    _assert_as_full(first, {Path("locales/es/duel/aliens.yaml"): ""}, narrowed=True)


@pytest.mark.parametrize("file, change", [
    ("locales/en/duel/aliens.yaml", ("name: Swarm", "name: Swarm Swarm")),
    ("locales/de/glossary.yaml", ("\n", "\n\n")),
    ("cards/duel/aliens.yaml", ("\n", "\n\n")),
])
def test_english_facts_and_glossaries_are_checked_in_full(shipped, file, change):
    texts = {Path(file): (PROJECT / file).read_text(encoding="utf-8").replace(*change, 1)}
    _assert_as_full(shipped, texts, narrowed=False)
