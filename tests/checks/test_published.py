"""Published pages as a source: the shipped facts that rest on the publisher's preview of the
Duel's aliens and a retailer's description of the game, a text citing a page of another
language, and a page's quotes against the owner's transcription of it. The shape of a
published citation is held by the broken fixtures (tests/model/broken/published-*.yaml)."""

from __future__ import annotations

import shutil

from cardkit.checks.output import format_problem
from cardkit.checks.quotes import RulebookText, SourceTexts, check_citations
from cardkit.checks.runner import validate
from cardkit.model.database import load_database
from cardkit.model.provenance import PublishedCitation
from tests.checks.test_quotes import needs_rulebooks
from tests.conftest import shipped_database
from tests.rules.conftest import copy_database, replace_in
from tests.test_shipped_database import SEEDS

PREVIEW = "https://drafts.fantasyflightgames.com/en/news/2020/6/12/extraterrestrial-life/"
RETAILER = "https://boardgamebliss.com/collections/bill-eberle/products/cosmic-encounter-duel"
SHIPPED, _, _ = shipped_database()


def _pages(groups, path: str) -> list[PublishedCitation]:
    return [citation for group in groups if group.covers(path) for citation in group.cites
            if isinstance(citation, PublishedCitation)]


def test_the_underdog_and_the_cheater_cite_the_pages_their_facts_come_from():
    underdog, cheater = SHIPPED.cards["underdog"], SHIPPED.cards["cheater"]
    assert underdog.powers["fair-adjustment"].timing == "contests-and-duels"
    assert [page.url for page in _pages(underdog.sources, "powers.fair-adjustment.timing")] == [PREVIEW]
    assert [page.url for page in _pages(cheater.sources, "powers.extra-tactic")] == [RETAILER]
    assert {"complexity", "powers.extra-tactic.name", "powers.extra-tactic.timing"} == set(cheater.unknown)
    for citation in _pages(underdog.sources, "powers") + _pages(cheater.sources, "powers"):
        assert (citation.language, citation.read) == ("en", "2026-11-28")


def test_the_english_names_cite_their_page_and_every_text_of_the_new_aliens_is_ours():
    english = SHIPPED.text("en", "underdog")
    assert [page.url for page in _pages(english.sources, "name")] == [PREVIEW]
    assert [page.url for page in _pages(SHIPPED.text("en", "cheater").sources, "name")] == [RETAILER]
    checked = 0
    for language in ("en", "es", "de"):
        for card_id in ("underdog", "cheater"):
            entry = SHIPPED.text(language, card_id)
            assert sorted(entry.provisional) == sorted(entry.texts), (language, card_id)
            checked += len(entry.texts)
    assert checked == 15


def test_a_text_cites_a_page_in_its_own_language(tmp_path):
    root = copy_database(tmp_path / "db")
    replace_in(root / "locales/es/duel/aliens.yaml", "    powers.extra-tactic.text: 02fc0893\n",
               "    powers.extra-tactic.text: 02fc0893\n  sources:\n    - facts: [name]\n"
               "      cites:\n        - url: " + RETAILER + "\n"
               "          title: Cosmic Encounter Duel\n          language: en\n"
               "          read: '2026-11-28'\n          quote: \"the Cheater\"\n")

    assert [format_problem(problem) for problem in validate(root).problems] == [
        "locales/es/duel/aliens.yaml:142:21: error: provenance-language: 'Cosmic Encounter Duel' "
        "is a 'en' page; a 'es' text cites a page in its own language"]


# -- a page's quotes against the owner's transcription ------------------------------------

# The page's words the shipped citations quote, one to a line, as a transcription of the
# page would hold them among the rest.
PREVIEW_TEXT = ("Preview the Zany Aliens of Cosmic Encounter Duel\n"
                "During every contest or duel, if your opponent reveals a plan card that is higher "
                "than your revealed plan card by eleven or more, you automatically win the contest "
                "or duel!\n"
                "The Underdog has a simple ablity: “Fair” Adjustment.\n")


def _quote_problems(database, text: str) -> list[str]:
    texts = SourceTexts({}, {}, {PREVIEW: ("preview.txt", RulebookText.of(text))})
    return [format_problem(problem) for problem in check_citations(database, texts)]


def test_a_page_quote_is_checked_against_its_transcription():
    assert _quote_problems(SHIPPED, PREVIEW_TEXT) == []
    assert _quote_problems(SHIPPED, PREVIEW_TEXT.replace("ablity", "ability")) == [
        "locales/en/duel/aliens.yaml:56:18: error: quote-not-found: the quote 'The Underdog has a "
        "simple ablity: “Fair” Adjust…' is nowhere in preview.txt, the transcription of "
        "'Preview the Zany Aliens of Cosmic Encounter Duel' (compared without case, accents, "
        "whitespace or hyphens)"]


def test_a_plain_citation_of_a_page_must_give_the_name_it_is_cited_for(tmp_path):
    root = copy_database(tmp_path / "db")
    replace_in(root / "locales/en/duel/aliens.yaml", "  name: Underdog\n", "  name: Top Dog\n")
    database, _, _ = load_database(root)

    assert _quote_problems(database, PREVIEW_TEXT) == [
        "locales/en/duel/aliens.yaml:56:18: error: provenance-contradicted: the quote 'The Underdog "
        "has a simple ablity: “Fair” Adjust…' does not give 'Top Dog' for 'name'"]


@needs_rulebooks
def test_a_page_transcription_is_read_beside_the_rulebooks_and_named_when_missing(tmp_path):
    root = copy_database(tmp_path / "db")
    with (root / "cards/duel/box.yaml").open("a", encoding="utf-8") as box:
        box.write(f"pages:\n  {PREVIEW}: {{file: preview.txt, lines: 3}}\n")
    folder = tmp_path / "sources"
    shutil.copytree(SEEDS, folder)
    (folder / "preview.txt").write_text(PREVIEW_TEXT, encoding="utf-8")

    assert validate(root, rulebooks=folder).problems == []

    (folder / "preview.txt").unlink()
    assert [format_problem(problem) for problem in validate(root, rulebooks=folder).problems] == [
        f"cards/duel/box.yaml:119:{12 + len(PREVIEW)}: error: transcription-missing: preview.txt "
        f"cannot be read from {folder}: does not exist"]


def test_a_text_citing_only_a_page_is_our_wording_and_must_be_marked(tmp_path):
    root = copy_database(tmp_path / "db")
    english = root / "locales/en/duel/aliens.yaml"
    replace_in(english, "  provisional: [name, powers.fair-adjustment.name, powers.fair-adjustment.text]\n",
               "  provisional: [name, powers.fair-adjustment.name]\n")
    replace_in(english, "      reading: Our wording of what the preview says the power does; the card's own "
                        "words are not \n        shown.\n", "")

    assert [format_problem(problem) for problem in validate(root).problems] == [
        "locales/en/duel/aliens.yaml:46:13: error: wording-not-marked: "
        "'powers.fair-adjustment.text' is our wording (it cites no printed wording in 'en': no "
        "citation, or only our reading of the lines): list it under 'provisional'"]
