"""`cardkit site`: every card's page in every language, and the gallery in a real browser
(Debian's Chromium through Selenium), opened from disk: search, filters, the language
links, no request leaving the folder, and axe-core's accessibility rules."""

from __future__ import annotations

import json
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from click.testing import CliRunner

from cardkit.cli import main
from cardkit.model.games import BUILT_IN
from cardkit.publish.outputs import Outputs
from cardkit.render.pipeline import build
from tests.accessibility import needs_axe, serious_violations
from tests.conftest import MINIMAL_DATABASE, PROJECT_ROOT, shipped_database, with_face_cache

DATABASE = shipped_database()[0]
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
browser_only = pytest.mark.skipif(
    CHROMIUM is None or DRIVER is None,
    reason="Chromium or its driver is not installed (Debian packages 'chromium' and "
           "'chromium-driver'); .ci/run installs them, so the browser tests run in CI")
WAIT = 20


def card_pages() -> set[str]:
    return {f"{language}/{DATABASE.game_of(card_id)}/{card.kind}/{card_id}.html"
            for card_id, card in DATABASE.cards.items() for language in DATABASE.languages}


def test_a_page_for_every_card_in_every_language_and_an_index_per_game_and_kind(site):
    pages = {str(path.relative_to(site)) for path in site.rglob("*.html")}
    indexes = {f"{language}/{game}/{kind}/index.html" for language in DATABASE.languages
               for game in DATABASE.games for kind in {DATABASE.cards[card].kind for card in DATABASE.cards
                                                        if DATABASE.game_of(card) == game}}
    assert pages == card_pages() | indexes | {"index.html"} | {
        f"{language}/index.html" for language in DATABASE.languages} | {
        f"{language}/{game}/index.html" for language in DATABASE.languages for game in DATABASE.games}
    for page in card_pages():
        assert (site / page).with_suffix(".png").is_file()
    for language in DATABASE.languages:
        for game in DATABASE.games:
            # A game declared in data has card sheets but no reference sheet of ours.
            references = {"reference-a4.pdf", "reference-letter.pdf"} if game in BUILT_IN else set()
            assert {path.name for path in (site / language / game).glob("*.pdf")} == {
                "cards-a4.pdf", "cards-letter.pdf"} | references


class Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag, attributes):
        self.found += [value for name, value in attributes if name in ("href", "src") and value]


def test_every_link_and_image_is_relative_and_inside_the_folder(site):
    checked = 0
    for page in site.rglob("*.html"):
        parser = Links()
        parser.feed(page.read_text(encoding="utf-8"))
        for link in parser.found:
            if link.startswith("#"):
                continue
            assert not urlparse(link).scheme and not link.startswith("/"), (page, link)
            target = (page.parent / unquote(link)).resolve()
            assert target.is_relative_to(site.resolve()) and target.is_file(), (page, link)
            checked += 1
    assert checked > 1000


def test_the_search_index_holds_the_languages_texts(site):
    script = (site / "de/search-index.js").read_text(encoding="utf-8")
    prefix = "window.cardkitSearchIndex = "
    entries = json.loads(script.removeprefix(prefix).rstrip().rstrip(";"))
    matron = next(entry for entry in entries if entry["id"] == "iron-matron")
    assert matron["name"] == "Eiserne Matrone" and "Handkarte" in matron["text"]
    assert {entry["id"] for entry in entries} == set(DATABASE.cards)


def test_a_second_build_makes_nothing_and_an_edit_remakes_its_own_image(tmp_path, minimal_face_cache):
    project = shutil.copytree(MINIMAL_DATABASE, tmp_path / "project")
    out = with_face_cache(tmp_path / "out", minimal_face_cache)
    outputs = Outputs(formats=(), site=out / "site")
    build(project, out, outputs=outputs)
    assert build(project, out, outputs=outputs).rendered == []
    spanish = project / "locales/es/duel/aliens.yaml"
    spanish.write_text(spanish.read_text(encoding="utf-8").replace("debe enseñártela",
                                                                   "debe mostrártela"),
                       encoding="utf-8")
    assert build(project, out, outputs=outputs).rendered == [
        "es/iron-matron", "site/es/duel/alien/iron-matron.png"]
    assert "mostrártela" in (out / "site/es/duel/alien/iron-matron.html").read_text(encoding="utf-8")


@pytest.fixture
def browser(tmp_path):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-quic", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--window-size=1400,1000",
                 f"--user-data-dir={tmp_path / 'profile'}"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    yield driver
    driver.quit()


def visible_cards(browser) -> list[str]:
    return browser.execute_script(
        "return [...document.querySelectorAll('.cards [data-card]')]"
        ".filter(item => !item.hidden).map(item => item.dataset.card)")


def german_texts(card_id: str) -> str:
    entry = DATABASE.text("de", card_id)
    return " ".join(entry.texts.values()) if entry is not None else ""


@browser_only
def test_search_finds_a_card_by_a_german_word(browser, site):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    browser.get((site / "de/index.html").as_uri())
    everything = visible_cards(browser)
    assert sorted(everything) == sorted(DATABASE.cards)
    browser.find_element(By.ID, "search").send_keys("handkarte")
    expected = sorted(card for card in DATABASE.cards if "handkarte" in german_texts(card).lower())
    assert expected and len(expected) < len(everything)
    WebDriverWait(browser, WAIT).until(lambda _: sorted(visible_cards(browser)) == expected,
                                       "the search did not narrow the cards to those saying 'Handkarte'")
    assert browser.find_element(By.ID, "shown").text == str(len(expected))


@browser_only
def test_a_filter_hides_the_other_cards(browser, site):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    browser.get((site / "de/duel/index.html").as_uri())
    duel = sorted(card for card in DATABASE.cards if DATABASE.game_of(card) == "duel")
    assert sorted(visible_cards(browser)) == duel
    Select(browser.find_element(By.ID, "filter-kind")).select_by_value("alien")
    aliens = sorted(card.id for card in DATABASE.cards_of_kind("alien", "duel"))
    WebDriverWait(browser, WAIT).until(lambda _: sorted(visible_cards(browser)) == aliens,
                                       "the kind filter left other cards shown")
    Select(browser.find_element(By.ID, "filter-kind")).select_by_value("")
    Select(browser.find_element(By.ID, "filter-state")).select_by_value("none")
    textless = sorted(card for card in duel if not DATABASE.cards[card].text_paths() or
                      DATABASE.cards[card].kind in ("planet", "tactic"))
    WebDriverWait(browser, WAIT).until(lambda _: sorted(visible_cards(browser)) == textless,
                                       "the state filter did not leave exactly the cards without text")


@browser_only
def test_a_card_page_links_the_card_in_its_other_languages(browser, site):
    from selenium.webdriver.common.by import By

    browser.get((site / "de/duel/alien/iron-matron.html").as_uri())
    assert browser.find_element(By.TAG_NAME, "h1").text == "Eiserne Matrone"
    links = {link.get_attribute("hreflang"): link for link in
             browser.find_elements(By.CSS_SELECTOR, ".other-languages a")}
    assert set(links) == {"en", "es"}
    assert links["es"].get_attribute("href") == (site / "es/duel/alien/iron-matron.html").as_uri()
    links["en"].click()
    assert browser.find_element(By.TAG_NAME, "h1").text == "Iron Matron"
    assert browser.current_url == (site / "en/duel/alien/iron-matron.html").as_uri()


@browser_only
def test_no_request_leaves_the_folder(browser, site):
    from selenium.webdriver.common.by import By

    pages = ["index.html", "de/index.html", "es/classic/index.html", "de/duel/alien/iron-matron.html"]
    for page in pages:
        browser.get((site / page).as_uri())
        browser.find_element(By.TAG_NAME, "h1")
    inside = site.resolve().as_uri() + "/"
    messages = [json.loads(entry["message"])["message"] for entry in browser.get_log("performance")]
    # What the site's pages asked for (the browser's own new-tab page asks for its own).
    requested = [message["params"]["request"]["url"] for message in messages
                 if message["method"] == "Network.requestWillBeSent"
                 and message["params"]["documentURL"].startswith(inside)]
    assert len(requested) > 20  # pages, stylesheet, scripts and images
    assert [url for url in requested if not url.startswith(inside)] == []


@browser_only
@needs_axe
@pytest.mark.parametrize("page", ["index.html", "de/index.html", "es/duel/index.html",
                                  "en/classic/encounter/index.html", "de/duel/alien/iron-matron.html",
                                  "de/classic/alien/amoeba.html"])
def test_axe_finds_no_serious_or_critical_violation(browser, site, page):
    browser.get((site / page).as_uri())
    assert serious_violations(browser) == []


def test_the_site_may_not_lie_directly_in_the_database_folder(tmp_path):
    project = tmp_path / "project"
    for folder in ("cards", "locales", "templates"):
        shutil.copytree(PROJECT_ROOT / folder, project / folder)
    result = CliRunner().invoke(main, ["site", str(project), "--out", str(project / "site")])
    assert result.exit_code == 2
    assert "which would be the database folder; use a folder such as build/site" in result.output
    assert not (project / "site").exists() and not (project / ".cache").exists()


class _Headings(HTMLParser):
    def __init__(self):
        super().__init__()
        self.inside, self.text = False, ""

    def handle_starttag(self, tag, attrs):
        self.inside = self.inside or tag == "h1"

    def handle_endtag(self, tag):
        self.inside = self.inside and tag != "h1"

    def handle_data(self, data):
        if self.inside:
            self.text += data


def test_every_card_page_is_titled_by_a_name_never_by_its_id(site):
    """Planets and tactics have no name of their own: their pages are titled with the name
    their faces print ("Roter Planet"), as on the card."""
    titled = {}
    for page in sorted(card_pages()):
        headings = _Headings()
        headings.feed((site / page).read_text(encoding="utf-8"))
        titled[page] = headings.text.strip()
    assert len(titled) > 200
    assert [page for page, title in titled.items() if not title or title == Path(page).stem] == []
    assert titled["de/duel/planet/red-a.html"].startswith("Roter Planet")
    assert titled["es/duel/planet/red-a.html"].startswith("Planeta rojo")


def wait_for_cards(browser, expected, message: str) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(browser, WAIT).until(lambda _: sorted(visible_cards(browser)) == sorted(expected), message)


@browser_only
@pytest.mark.parametrize("words, card", [("Antimatter", "anti-matter"), ("Rausschmeisser", "bouncer"),
                                         ("Matrona de hierro", "iron-matron")])
def test_the_german_index_finds_a_card_by_any_languages_name_folded(browser, site, words, card):
    from selenium.webdriver.common.by import By

    browser.get((site / "de/index.html").as_uri())
    browser.find_element(By.ID, "search").send_keys(words)

    wait_for_cards(browser, [card], f"{words!r} did not find {card}")


@browser_only
def test_a_filtered_search_is_in_the_address_and_opens_the_same_in_a_new_tab(browser, site):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    browser.get((site / "de/index.html").as_uri())
    Select(browser.find_element(By.ID, "filter-game")).select_by_value("duel")
    Select(browser.find_element(By.ID, "filter-kind")).select_by_value("alien")
    browser.find_element(By.ID, "search").send_keys("Handkarte")
    expected = sorted(card.id for card in DATABASE.cards_of_kind("alien", "duel")
                      if "handkarte" in german_texts(card.id).lower())
    assert expected
    wait_for_cards(browser, expected, "the filtered search did not narrow the cards")
    address = browser.current_url

    browser.switch_to.new_window("tab")
    browser.get(address)

    wait_for_cards(browser, expected, "the address did not bring the same search back")
    assert browser.find_element(By.ID, "search").get_attribute("value") == "Handkarte"


@browser_only
def test_the_kind_filter_offers_only_the_chosen_games_kinds_and_says_when_nothing_matches(browser, site):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    browser.get((site / "de/index.html").as_uri())
    Select(browser.find_element(By.ID, "filter-game")).select_by_value("classic")
    offered = browser.execute_script(
        "return [...document.querySelectorAll('#filter-kind option')]"
        ".filter(option => option.value && !option.hidden).map(option => option.value)")
    assert sorted(offered) == sorted({card.kind for card in DATABASE.cards.values()
                                      if DATABASE.game_of(card.id) == "classic"})
    assert "tactic" not in offered
    browser.find_element(By.ID, "search").send_keys("zzqx")

    wait_for_cards(browser, [], "a search for nothing left cards shown")
    assert browser.find_element(By.ID, "none-found").is_displayed()


@browser_only
@pytest.mark.parametrize("page", ["index.html", "de/index.html", "de/duel/alien/iron-matron.html"])
def test_nothing_scrolls_sideways_at_360_pixels_and_the_search_comes_first(browser, site, page):
    from selenium.webdriver.common.by import By

    browser.set_window_size(360, 800)
    browser.get((site / page).as_uri())
    inner = browser.execute_script("return window.innerWidth")
    browser.set_window_size(360 + (360 - inner), 800)  # the window's frame aside
    browser.get((site / page).as_uri())

    overflow = browser.execute_script(
        "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"{page} scrolls sideways by {overflow} px at 360 px"
    if page.endswith("/index.html"):
        first = browser.execute_script(
            "const main = document.querySelector('main');"
            "return [...main.querySelectorAll('input, select, a')][0].id")
        assert first == "search"
        assert browser.find_elements(By.ID, "search")


def test_a_base_url_gives_canonical_addresses_and_a_sitemap_of_every_page(tmp_path, minimal_face_cache, site):
    from xml.etree import ElementTree

    assert not (site / "sitemap.xml").exists()
    out = with_face_cache(tmp_path / "build", minimal_face_cache)
    base = "https://example.org/cards/"
    result = CliRunner().invoke(main, ["site", str(MINIMAL_DATABASE), "--out", str(out / "site"),
                                       "--base-url", base, "--quiet"])
    assert result.exit_code == 0, result.output

    written = out / "site"
    namespace = {"map": "http://www.sitemaps.org/schemas/sitemap/0.9"}
    listed = [element.text for element in
              ElementTree.parse(written / "sitemap.xml").getroot().findall("map:url/map:loc", namespace)]
    pages = sorted(base + path.relative_to(written).as_posix() for path in written.rglob("*.html"))
    assert len(pages) > 10 and sorted(listed) == pages
    page = (written / "en/duel/alien/iron-matron.html").read_text(encoding="utf-8")
    assert f'<link rel="canonical" href="{base}en/duel/alien/iron-matron.html">' in page
    assert f'<link rel="alternate" hreflang="es" href="{base}es/duel/alien/iron-matron.html">' in page


def test_a_base_url_that_is_no_web_address_is_refused(tmp_path):
    result = CliRunner().invoke(main, ["site", str(PROJECT_ROOT), "--out", str(tmp_path / "site"),
                                       "--base-url", "example.org/cards"])

    assert result.exit_code == 2
    assert "--base-url example.org/cards: an http:// or https:// address" in result.output


def test_the_sitemap_names_each_page_by_its_address_escaped():
    from cardkit.publish.site import _sitemap

    written = _sitemap("https://example.org/a&b/", ["de/index.html", "es/duel/alien/señor x.html"])

    assert "<loc>https://example.org/a&amp;b/de/index.html</loc>" in written
    assert "<loc>https://example.org/a&amp;b/es/duel/alien/se%C3%B1or%20x.html</loc>" in written


def test_every_image_written_is_shown_or_linked_by_a_page(site):
    import os
    import re

    images = {path.relative_to(site).as_posix() for path in site.rglob("*.png")}
    linked = set()
    for page in site.rglob("*.html"):
        for reference in re.findall(r'(?:src|href)="([^"#]+)"', page.read_text(encoding="utf-8")):
            linked.add(os.path.normpath(os.path.join(page.parent.relative_to(site).as_posix(),
                                                     unquote(reference))))
    assert len(images) > 200
    assert sorted(images - linked) == []


def test_sources_name_the_rulebook_by_its_game_and_language_with_the_quote(site):
    page = (site / "de/duel/alien/iron-matron.html").read_text(encoding="utf-8")
    sources = page[page.index('id="sources"'):page.index('id="languages"')]

    assert "Regelheft auf Spanisch, Zeilen" in sources and "Regelheft auf Deutsch, Zeilen" in sources
    assert '<q lang="es" dir="ltr">' in sources
    assert "000_9d86faec0599c48a.txt" not in sources and "003_cadf4f0e38ea8624.txt" not in sources


def test_a_published_page_is_named_by_its_title_and_address_with_the_quote(site):
    """The address as text: the site links nothing outside its folder."""
    page = (site / "es/duel/alien/underdog.html").read_text(encoding="utf-8")
    sources = page[page.index('id="sources"'):page.index('id="languages"')]

    assert '<cite lang="en" dir="ltr">Preview the Zany Aliens of Cosmic Encounter Duel</cite>' in sources
    assert ('<span class="page-address">https://drafts.fantasyflightgames.com/en/news/2020/6/12/'
            'extraterrestrial-life/</span>') in sources
    assert '<time datetime="2026-11-28">2026-11-28</time>' in sources
    assert '<q lang="en" dir="ltr">During every contest or duel, if your opponent reveals' in sources


def test_a_card_page_credits_the_owners_picture(art_project, tmp_path):
    from tests.render.art_pictures import with_art

    with_art(art_project, {"pickle": "grid.png"})
    result = CliRunner().invoke(main, ["site", str(art_project), "--out", str(tmp_path / "build" / "site"),
                                       "--quiet", "--jobs", "1"])
    assert result.exit_code == 0, result.output

    pages = {path.relative_to(tmp_path / "build" / "site").as_posix(): path.read_text(encoding="utf-8")
             for path in (tmp_path / "build" / "site").rglob("*.html")}
    [pickle] = [text for name, text in pages.items() if name.endswith("/pickle.html") and name.startswith("en/")]
    assert '<p class="credit">Picture: Test picture grid.png, CC0</p>' in pickle
    assert not [name for name, text in pages.items() if "iron-matron.html" in name and 'class="credit"' in text]


def test_a_text_of_ours_never_shows_confirmed_without_saying_it_is_our_wording(site):
    """The German Plague (no German rulebook: name and text ours) says so beside its state;
    the German Iron Matron's printed name does not."""
    plague = (site / "de/classic/artifact/plague.html").read_text(encoding="utf-8")
    summary = plague[plague.index('<p class="summary">'):]
    assert summary.split("</p>")[0].endswith('<span class="wording-ours">unser Wortlaut</span>')
    texts = plague[plague.index('id="texts"'):plague.index('id="facts"')]
    assert texts.count('state-confirmed">Bestätigt\n</span> · <span class="wording-ours">unser Wortlaut</span>') == 2

    matron = (site / "de/duel/alien/iron-matron.html").read_text(encoding="utf-8")
    row = matron[matron.index('<th scope="row">Name\n</th>'):]
    assert "unser Wortlaut" not in row.split("</tr>")[0]


class _VisibleText(HTMLParser):
    """A page's text a reader sees: every text node but scripts' and styles'."""

    def __init__(self):
        super().__init__()
        self.hidden, self.nodes = 0, []

    def handle_starttag(self, tag, attrs):
        self.hidden += tag in ("script", "style")

    def handle_endtag(self, tag):
        self.hidden -= tag in ("script", "style")

    def handle_data(self, data):
        if not self.hidden and data.strip():
            self.nodes.append(data.strip())


HASHED_RULEBOOK = re.compile(r"\d{3}_[0-9a-f]{16}\.txt")
FIELD_PATH = re.compile(r"^[a-z][a-z0-9_-]*(\.[a-z0-9_-]+)+$")


def data_words() -> set[str]:
    """What the data names things by: the cards' ids, their field paths and the slugs among
    their facts' values (`contests-and-duels`, `retrieve_ships`)."""
    from cardkit.export.dataset import game_dataset
    from cardkit.publish.site import _flatten

    words = set(DATABASE.cards)
    for game in DATABASE.games:
        for record in game_dataset(DATABASE, game)["cards"].values():
            for path, value in _flatten(record["facts"]):
                words.add(path)
                values = value if isinstance(value, list) else [value]
                words |= {item for item in values if isinstance(item, str) and re.search(r"[-_]", item)}
            for texts in record["texts"].values():
                words |= {path for path in texts["fields"] if "." in path}
            words |= set(record["unknown"])
    return {word for word in words if re.search(r"[-_.]", word)}  # a plain word may be a word


def test_no_page_shows_an_id_a_field_path_or_a_hashed_rulebook_name(site):
    slugs = data_words()
    assert {"iron-matron", "contests-and-duels", "powers.punish.text", "retrieve_ships"} <= slugs
    shown = {}
    for page in sorted(site.rglob("*.html")):
        text = _VisibleText()
        text.feed(page.read_text(encoding="utf-8"))
        shown[page.relative_to(site).as_posix()] = text.nodes
    assert len(shown) > 200

    faults = []
    for page, nodes in shown.items():
        for node in nodes:
            tokens = [token.strip(",;:()«»\"'") for token in node.split()]
            faults += [(page, node) for token in tokens
                       if token in slugs or FIELD_PATH.match(token) or HASHED_RULEBOOK.search(token)]
    assert faults == []


def test_facts_and_fields_read_as_words_in_the_pages_language(site):
    page = (site / "de/duel/alien/iron-matron.html").read_text(encoding="utf-8")
    facts = page[page.index('id="facts"'):page.index('id="sources"')]

    assert "in Wettstreiten und Duellen" in facts and "Bestrafen" in facts and "Wann sie gilt" in facts
    spanish = (site / "es/classic/artifact/cosmic-zap.html").read_text(encoding="utf-8")
    assert "when-a-power-is-used" not in spanish


def test_a_reading_of_ours_is_marked_english_on_another_languages_page(site):
    page = (site / "de/duel/tactic/blue-blast-4.html").read_text(encoding="utf-8")

    assert '<span lang="en" dir="ltr">The Bouncer, who plays blue, reveals this tactic.</span> (auf Englisch)' in page
