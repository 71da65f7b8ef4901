"""The text checks on their own: what they find, what they must not find, and that no
text, however odd, makes them fail."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardkit.checks.text.lexicon import Lexicon
from cardkit.checks.text.lint import check_against_source, check_alone, check_english_tags, check_surface
from cardkit.i18n.negations import negations_of
from cardkit.model.database import load_database
from cardkit.model.phrasebook import MarkerWords, Phrasebook
from tests.conftest import PROJECT_ROOT


@pytest.fixture(scope="module")
def lexicons() -> dict[str, Lexicon]:
    database, _, _ = load_database(PROJECT_ROOT)
    return {language: Lexicon(language, database.glossaries[language], database.phrasebooks[language])
            for language in ("en", "es", "de")}


@pytest.mark.parametrize("text, tag", [
    ("Draw 2 cards.</script><script>alert(1)</script>", "</script>"),
    ("Draw 2 cards. <svg/onload=alert(1)>", "<svg/onload=alert(1)>"),
    ("Draw 2 cards.<br/>", "<br/>"),
    ("Draw <b>2</b> cards.", "<b>"),
    ('Draw 2 <img src="x" onerror="y"> cards.', '<img src="x" onerror="y">'),
])
def test_every_tag_in_an_english_text_is_found(text, tag):
    [finding] = check_english_tags(text)
    assert (finding.code, str(finding.message)) == (
        "markup-tag", f"{tag!r} would print as written: card texts mark emphasis with **, not HTML tags")


@pytest.mark.parametrize("text", ["If a < b, draw 1 card.", "Play it <3 times.", "a <- b", "<>",
                                  "1 << 2", "< b>"])
def test_a_less_than_sign_in_ordinary_text_is_no_tag(text):
    assert check_english_tags(text) == []


def test_spelled_numerals_count_like_digits(lexicons):
    assert lexicons["en"].numbers_in("Draw two cards, then 2 more.") == Counter({2: 2})
    assert lexicons["es"].numbers_in("Roba dos cartas.") == Counter({2: 1})
    assert lexicons["de"].numbers_in("Ziehe zwei Karten.") == Counter({2: 1})


def test_articles_are_not_numerals(lexicons):
    assert lexicons["es"].numbers_in("cuenta un 20 como un 42") == Counter({20: 1, 42: 1})
    assert lexicons["de"].numbers_in("eine 20 als einen Planeten") == Counter({20: 1})


def test_minus_belongs_to_the_number_but_not_a_hyphen(lexicons):
    assert lexicons["en"].numbers_in("count it as a -42, not Mega-12") == Counter({-42: 1})


def test_a_negated_may_is_no_option_in_spanish(lexicons):
    assert "optional" not in lexicons["es"].markers_in("Quien lo controle no puede enviar Naves.")
    assert "optional" in lexicons["es"].markers_in("Puedes enviar Naves.")


@pytest.mark.parametrize(("language", "words", "cannot", "may"), [
    ("pl", ["możesz", "może"], "Przeciwnik nie może zagrać tej karty.", "Możesz zagrać tę kartę."),
    ("ru", ["можешь", "может"], "Противник не может сыграть эту карту.", "Ты можешь сыграть эту карту."),
])
def test_the_negations_init_ships_keep_cannot_from_reading_as_may(language, words, cannot, may):
    marker = MarkerWords(words=words, unless_preceded_by=list(negations_of(language)))
    lexicon = Lexicon(language, phrasebook=Phrasebook(optional=marker))

    assert "optional" not in lexicon.markers_in(cannot)
    assert lexicon.markers_in(may) == {"optional": [may.split()[0 if language == "pl" else 1]]}


def test_a_marker_whose_words_are_still_to_write_is_not_searched_for():
    lexicon = Lexicon("pl", phrasebook=Phrasebook(optional=MarkerWords(unless_preceded_by=["nie"])))

    assert lexicon.markers == {}


def test_german_separable_verbs_match_across_words(lexicons):
    terms = lexicons["de"].terms_in("Du darfst deine Freundschaft mit 1 Botschafter verbessern.")

    assert {"improve-relations", "envoy"} <= terms


def test_the_imperative_draw_is_a_form_of_ziehen(lexicons):
    findings = check_against_source("Zieh 2 Karten.", "Draw 2 cards.", lexicons["de"], lexicons["en"],
                                    is_name=False)

    assert [str(finding.message) for finding in findings] == []


@pytest.mark.parametrize("text, term", [
    ("Zieh 1 Karte.", "draw"), ("Ziehe 1 Karte.", "draw"),
    ("Zieh 2 Schiffe zurück.", "retreat"), ("Hol 1 Schiff zurück.", "retrieve"),
    ("Zerstör 1 Schiff.", "destroy"), ("Entdeck einen Planeten.", "discover"),
    ("Kontrollier den Planeten.", "control"), ("Send 2 Schiffe aus.", "send"),
    ("Mach 1 Taktik bereit.", "ready"), ("Mache 1 Taktik bereit.", "ready"),
])
def test_german_imperative_singular_is_a_form_of_its_verb(lexicons, text, term):
    assert term in lexicons["de"].terms_in(text)


def test_the_longer_term_wins_where_both_start(lexicons):
    assert lexicons["en"].terms_in("Use the planet bar.") == {"planet-bar"}


def test_a_matching_translation_has_no_findings(lexicons):
    english = "After plans are revealed, you may count each revealed 20 as a 42 or as a -42."
    german = "Nachdem die Pläne aufgedeckt worden sind, darfst du jede aufgedeckte 20 als 42 oder als -42 zählen."

    assert check_against_source(german, english, lexicons["de"], lexicons["en"], is_name=False) == []


def test_forbidden_variant_suggests_the_approved_term(lexicons):
    findings = check_alone("Der Bummeler gewinnt.", lexicons["de"])

    assert [(f.code, f.suggestion) for f in findings] == [("glossary-forbidden", "Bummler")]


def test_names_are_not_held_to_numbers_or_markers(lexicons):
    assert check_against_source("El siniestro", "The Wild One", lexicons["es"], lexicons["en"], is_name=True) == []


MARKUP = st.sampled_from(["**", "[", "]", "[blast]", "[blsat]", "*", "\n", "  ", "-", "42", "dos",
                          "may", "puedes", "no puede", "darfst", "after", "Después", "sobald",
                          "Planet", "planet bar", "Freundschaft", "verbessern", "Bummeler", "🚀", "ß"])
TEXT = st.lists(st.one_of(st.text(max_size=12), MARKUP), max_size=20).map("".join)


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(text=TEXT, source=TEXT, language=st.sampled_from(["es", "de"]), is_name=st.booleans())
def test_any_text_and_markup_is_reported_never_crashes(lexicons, text, source, language, is_name):
    findings = check_alone(text, lexicons[language]) + check_against_source(
        text, source, lexicons[language], lexicons["en"], is_name)

    for finding in findings:  # guard-ok: the claim is that no text crashes; many give no finding
        assert finding.code and finding.message


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(text=TEXT)
def test_a_text_compared_with_itself_is_only_an_untranslated_copy(lexicons, text):
    findings = check_against_source(text, text, lexicons["en"], lexicons["en"], is_name=False)

    expected = ["untranslated-copy"] if any(c.isalpha() for c in text) else []
    assert [finding.code for finding in findings] == expected


@pytest.mark.parametrize(("text", "source", "is_name", "found"), [
    ("Roba 2 cartas.", "Draw 2 cards.", False, []),
    ("Draw 2 cards.", "Draw 2 cards.", False, [
        ("untranslated-copy", "the text is the English text, untranslated")]),
    ("Zombie", "Zombie", True, []),
    (" Roba 2 cartas.", "Draw 2 cards.", False, [
        ("whitespace", "the text starts with ' ', the English text with ''")]),
    ("Roba 2 cartas.\n", "Draw 2 cards.", False, [
        ("whitespace", "the text ends with '\\n', the English text with ''")]),
    ("Roba  2 cartas.", "Draw 2 cards.", False, [("whitespace", "two spaces in a row inside the text")]),
    ("Roba 2 cartas (o 3.", "Draw 2 cards (or 3).", False, [
        ("brackets-unbalanced", "'(' and ')' do not pair up: 1 opened, 0 closed")]),
    ("Roba 2 cartas [blast.", "Draw 2 cards.", False, [
        ("brackets-unbalanced", "'[' and ']' do not pair up: 1 opened, 0 closed")]),
    ("Roba 2 cartas", "Draw 2 cards.", False, [
        ("end-punctuation", "the text ends without an end mark, the English text with '.'")]),
    ("Roba «2 cartas».", "Draw “2 cards.”", False, []),
])
def test_how_a_translation_is_set_down(text, source, is_name, found):
    assert [(f.code, str(f.message)) for f in check_surface(text, source, is_name)] == found
