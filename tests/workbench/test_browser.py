"""The workbench in a real browser: Debian's Chromium driven through chromium-driver with
Selenium, against a server on a free port over a copy of the shipped database."""

from __future__ import annotations

import difflib
import json
import shutil
import threading
import time
from pathlib import Path
from urllib.request import urlopen

import pytest
import uvicorn

from cardkit.checks.runner import validate
from cardkit.render.folders import CACHE_FOLDER
from cardkit.workbench.app import create_app
from cardkit.workbench.server import Server, bind, own_hosts
from cardkit.workbench.service import Workbench
from tests.accessibility import needs_axe, serious_violations
from tests.render.right_to_left import right_to_left_project

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None or DRIVER is None,
    reason="Chromium or its driver is not installed (Debian packages 'chromium' and "
           "'chromium-driver'); .ci/run installs them, so the browser tests run in CI")

GERMAN_ALIENS = Path("locales/de/duel/aliens.yaml")
PUNISH = "powers.punish.text"
WAIT = 20  # seconds a page may take to show what a test waits for


class Serving:
    """A workbench of a project served on 127.0.0.1 in a thread, until `stop()`."""

    def __init__(self, project: Path, port: int = 0, language: str = "de"):
        service = Workbench(project, language, project / "build" / CACHE_FOLDER)
        self.sock = bind("127.0.0.1", port)
        self.port = self.sock.getsockname()[1]
        app = create_app(service, own_hosts("127.0.0.1", self.port),
                         watch=[project / "cards", project / "locales", project / "templates"])
        self.running = Server(uvicorn.Config(app, log_level="warning", lifespan="on",
                                             timeout_graceful_shutdown=1))
        self.thread = threading.Thread(target=self.running.run, kwargs={"sockets": [self.sock]},
                                       daemon=True)
        self.thread.start()
        while not self.running.started:
            time.sleep(0.05)
        self.url = f"http://127.0.0.1:{self.port}/"

    def stop(self) -> None:
        self.running.should_exit = True
        self.thread.join(10)
        self.sock.close()


@pytest.fixture
def server(project):
    """The workbench of `project` served on 127.0.0.1, its URL."""
    serving = Serving(project)
    yield serving.url
    serving.stop()


@pytest.fixture(scope="module")
def chromium(tmp_path_factory):
    """One Chromium for the module's tests: starting one costs a second or more each time.
    A prompt the page raises on leaving (a draft unsaved) is accepted when a test moves on."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    options.set_capability("unhandledPromptBehavior", "accept")
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 f"--user-data-dir={tmp_path_factory.mktemp('chromium') / 'profile'}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    yield driver
    driver.quit()


@pytest.fixture
def browser(chromium):
    """The module's Chromium as a fresh one: one blank tab at the usual size, and nothing
    kept of the earlier tests' pages (their drafts would be offered again should a server
    be given the same port)."""
    chromium.set_window_size(1500, 1300)
    yield chromium
    for handle in chromium.window_handles:
        chromium.switch_to.window(handle)
        chromium.execute_script("try { localStorage.clear(); sessionStorage.clear(); } catch (e) {}")
    kept, *others = chromium.window_handles
    for handle in others:
        chromium.switch_to.window(handle)
        chromium.close()
    chromium.switch_to.window(kept)
    chromium.get("about:blank")


def wait_for(browser, condition, message: str):
    """Waits until `condition()` holds; an element replaced while it was asked about (the
    page re-renders a card after each answer) is asked about again."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(browser, WAIT, ignored_exceptions=(StaleElementReferenceException,)).until(
        lambda _: condition(), message)


def css(browser, selector: str):
    from selenium.webdriver.common.by import By

    return browser.find_elements(By.CSS_SELECTOR, selector)


def open_card(browser, url: str, card_id: str) -> None:
    browser.get(url)
    wait_for(browser, lambda: css(browser, f'#card-list li[data-card="{card_id}"] button'), "no card list")
    click(browser, f'#card-list li[data-card="{card_id}"] button')
    wait_for(browser, lambda: css(browser, f'#card[data-card="{card_id}"] textarea'), "card not shown")


def field(browser, path: str):
    return css(browser, f'section.field[data-path="{path}"]')[0]


def click(browser, selector: str) -> None:
    """Clicks the first element matching `selector`; one the page replaced while it was
    clicked (a re-render after an earlier answer) is found and clicked again."""
    def clicked() -> bool:
        css(browser, selector)[0].click()
        return True

    wait_for(browser, clicked, f"nothing to click at {selector}")


def attribute(browser, selector: str, name: str) -> str:
    """Reads an attribute of the first element matching `selector`, found again if the page
    replaced it while it was read."""
    return wait_for(browser, lambda: css(browser, selector)[0].get_attribute(name),
                    f"no {name} at {selector}")


def press(browser, path: str, button: str) -> None:
    click(browser, f'section.field[data-path="{path}"] button.{button}')


def problem_codes(browser, path: str) -> list[str]:
    return [item.get_attribute("data-code")
            for item in css(browser, f'.problems[data-path="{path}"] li.problem')]


@pytest.fixture(scope="session")
def screenshots(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("screenshots")


def screenshot(browser, folder: Path, name: str) -> None:
    path = folder / f"{name}.png"
    browser.save_screenshot(str(path))
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def retype(browser, path: str, text: str) -> None:
    def typed() -> bool:
        area = field(browser, path).find_element("css selector", "textarea")
        area.clear()
        area.send_keys(text)
        return True

    wait_for(browser, typed, f"no text box at {path}")


def change_punish_on_disk(project: Path) -> Path:
    """Another program changes the Iron Matron's German Punish text in its file."""
    german = project / GERMAN_ALIENS
    german.write_text(german.read_text().replace("gewinnst du die Partie.", "gewinnst du sofort."))
    return german


def save_into_a_conflict(browser, project: Path) -> Path:
    """Types a text, lets its file change under it and saves: the page shows the conflict."""
    retype(browser, PUNISH, "Meine Fassung mit genau 1 Handkarte und 20, 31, 42, wann immer.")
    german = change_punish_on_disk(project)
    press(browser, PUNISH, "save")
    wait_for(browser, lambda: css(browser, ".conflict"), "no conflict shown")
    return german


def test_typing_shows_problems_before_saving(browser, server, project, screenshots):
    before = (project / GERMAN_ALIENS).read_text()
    open_card(browser, server, "iron-matron")
    assert problem_codes(browser, PUNISH) == []

    retype(browser, PUNISH, "Wann immer dein Gegner genau 3 Karten hat, zeigt er sie dir.")

    wait_for(browser, lambda: problem_codes(browser, PUNISH) == ["number-mismatch"],
             "the number problem did not appear while typing")
    screenshot(browser, screenshots, "typing")
    assert (project / GERMAN_ALIENS).read_text() == before


def test_the_german_workbench_says_its_problems_in_german_with_their_codes(browser, server):
    """cardkit's own catalogue (cardkit/locale/de): the sentence is German, the code is the
    one docs/problems.md lists, so it can be looked up."""
    open_card(browser, server, "iron-matron")
    retype(browser, PUNISH, "Wann immer dein Gegner genau 3 Karten hat, zeigt er sie dir.")

    selector = f'.problems[data-path="{PUNISH}"] li.problem'
    wait_for(browser, lambda: problem_codes(browser, PUNISH) == ["number-mismatch"],
             "the number problem did not appear while typing")
    [problem] = css(browser, selector)
    assert problem.find_element("css selector", "code").text == "number-mismatch"
    assert problem.text == ("number-mismatch powers.punish.text: Zahlen weichen vom englischen "
                            "Text ab: 3 hier, 1, 20, 31, 42 im Englischen")


def test_saving_updates_the_card_and_changes_exactly_that_field(browser, server, project, screenshots):
    before = (project / GERMAN_ALIENS).read_text()
    open_card(browser, server, "iron-matron")
    old_face = wait_for(browser, lambda: css(browser, "#target-face")[0].text, "no face")

    retype(browser, PUNISH, "Hat dein Gegner genau 1 Handkarte, zeigt er sie dir. Ist es eine 20, "
                            "31 oder 42, gewinnst du.")
    press(browser, PUNISH, "save")

    wait_for(browser, lambda: "gewinnst du." in css(browser, "#target-face")[0].text
             and css(browser, "#target-face")[0].text != old_face, "the card was not re-rendered")
    after = (project / GERMAN_ALIENS).read_text()
    changed = [line for line in difflib.unified_diff(before.splitlines(), after.splitlines(),
                                                     lineterm="", n=0)
               if line[:1] in "+-" and not line.startswith(("+++", "---"))]
    assert changed == [
        "-      text: Wann immer dein Gegner genau 1 Handkarte hat, muss er sie zeigen. Ist es eine 20, 31 ",
        "-        oder 42, gewinnst du die Partie.",
        "+      text: Hat dein Gegner genau 1 Handkarte, zeigt er sie dir. Ist es eine 20, 31 oder 42, ",
        "+        gewinnst du.",
        "-    powers.punish.text: 7155fa35",
    ]
    wait_for(browser, lambda: field(browser, PUNISH).get_attribute("data-state") == "stale",
             "the saved field is not shown stale")
    screenshot(browser, screenshots, "saved")


def test_a_text_of_ours_says_so_beside_its_state(browser, server):
    """The Iron Matron's German power text is our wording (no German rulebook): it says so
    beside its state, and so do the card's heading and its entry in the list."""
    open_card(browser, server, "iron-matron")
    heading = field(browser, PUNISH).find_element("css selector", "h3").text
    assert "Übersetzt · unser Wortlaut".casefold() in heading.casefold()
    assert css(browser, "#card-wording")[0].text.endswith("unser Wortlaut")
    listed = css(browser, '#card-list li[data-card="iron-matron"] .wording-ours')[0]
    assert listed.get_attribute("title") == "unser Wortlaut"


def test_confirming_changes_the_state(browser, server, project):
    open_card(browser, server, "iron-matron")
    retype(browser, PUNISH, "Wann immer dein Gegner genau 1 Handkarte hat, zeigt er sie dir. Ist es "
                            "eine 20, 31 oder 42, gewinnst du die Partie.")
    press(browser, PUNISH, "save")
    wait_for(browser, lambda: css(browser, "#card-state")[0].get_attribute("data-state") == "stale",
             "saving unconfirmed did not make the card stale")
    wait_for(browser, lambda: css(browser, '#card-list li[data-card="iron-matron"][data-state="stale"]'),
             "the list does not show the card stale")

    press(browser, PUNISH, "confirm")

    wait_for(browser, lambda: css(browser, "#card-state")[0].get_attribute("data-state") == "translated",
             "confirming did not make the card translated")
    wait_for(browser, lambda: css(browser, '#card-list li[data-card="iron-matron"][data-state="translated"]'),
             "the list does not show the card translated")
    assert f"{PUNISH}: 7155fa35" in (project / GERMAN_ALIENS).read_text()


def test_an_invalid_text_cannot_be_confirmed(browser, server, project):
    before = (project / GERMAN_ALIENS).read_text()
    open_card(browser, server, "iron-matron")
    retype(browser, PUNISH, "Hat dein Gegner genau 3 Karten, zeigt er sie dir.")

    press(browser, PUNISH, "confirm")

    status = lambda: field(browser, PUNISH).find_element("css selector", ".status").text  # noqa: E731
    wait_for(browser, lambda: "kann nur unbestätigt gespeichert werden" in status(),
             "no refusal shown in German")
    assert (project / GERMAN_ALIENS).read_text() == before


def test_a_change_on_disk_is_shown_as_a_conflict(browser, server, project, screenshots):
    open_card(browser, server, "iron-matron")
    german = save_into_a_conflict(browser, project)
    assert wait_for(browser, lambda: css(browser, ".conflict .theirs")[0].text, "no theirs"
                    ).endswith("gewinnst du sofort.")
    assert wait_for(browser, lambda: css(browser, ".conflict .mine")[0].text, "no mine").startswith("Meine Fassung")
    # the word diff: "sofort." on disk struck, the words typed marked
    assert [word.text for word in css(browser, ".conflict .diff del")][-1] == "sofort."
    assert "Fassung" in [word.text for word in css(browser, ".conflict .diff ins")]
    screenshot(browser, screenshots, "conflict")
    assert "Meine Fassung" not in german.read_text()


def test_the_page_updates_itself_when_a_file_changes(browser, server, project):
    open_card(browser, server, "iron-matron")
    german = project / GERMAN_ALIENS

    german.write_text(german.read_text().replace("name: Eiserne Matrone", "name: Eisenmatrone"))

    wait_for(browser, lambda: "Eisenmatrone" in css(browser, "#target-face")[0].text,
             "the page did not update after the file changed")


def test_a_request_from_another_origin_is_refused(browser, server, project, tmp_path):
    before = (project / GERMAN_ALIENS).read_text()
    attacker = tmp_path / "attacker.html"
    attacker.write_text(
        "<script>fetch('" + server + "api/save', {method: 'POST', mode: 'no-cors', "
        "headers: {'Content-Type': 'text/plain'}, body: JSON.stringify({card: 'iron-matron', "
        f"path: '{PUNISH}', text: 'Gehackt', version: '', base: null, confirm: false}})}})"
        ".then(r => document.title = 'sent ' + r.type, e => document.title = 'failed');</script>")

    browser.get(attacker.as_uri())

    wait_for(browser, lambda: browser.title.startswith(("sent", "failed")), "the request was not sent")
    # The server's answer has come back (opaque to the page), so it handled the whole request.
    assert browser.title == "sent opaque"
    assert (project / GERMAN_ALIENS).read_text() == before


def test_the_keyboard_leads_to_the_next_card_needing_work(browser, server, project, screenshots):
    english = project / "locales/en/duel/fate/event.yaml"
    english.write_text(english.read_text().replace("choose a planet", "pick a planet"))
    browser.get(server)
    wait_for(browser, lambda: css(browser, '#card-list li[data-card="sweet-revenge"][data-state="stale"]'),
             "the stale card is not listed")

    # the first listed card that is not translated or has errors (the games without German
    # texts come before the Duel)
    needing_work = attribute(browser, '#card-list li:not([data-state="translated"][data-errors="0"])',
                             "data-card")
    css(browser, "body")[0].send_keys("n")

    wait_for(browser, lambda: css(browser, f'#card[data-card="{needing_work}"]'),
             "n did not open the next card needing work")
    screenshot(browser, screenshots, "next-card")


def area(browser, path: str):
    return field(browser, path).find_element("css selector", "textarea")


def typed(browser, path: str) -> str:
    return area(browser, path).get_attribute("value")


LAW = "powers.lay-down-the-law.text"


def make_stale(project: Path) -> None:
    """Every German text is confirmed: a change to an English text gives a card needing work."""
    english = project / "locales/en/duel/fate/event.yaml"
    english.write_text(english.read_text().replace("choose a planet", "pick a planet"))


def test_typing_in_two_fields_and_saving_one_keeps_the_other(browser, server, project):
    open_card(browser, server, "iron-matron")
    retype(browser, LAW, "Mein Entwurf, noch nicht gespeichert: 20 als 42 oder -42.")
    retype(browser, PUNISH, "Hat dein Gegner genau 1 Handkarte, zeigt er sie dir. Ist es eine 20, "
                            "31 oder 42, gewinnst du die Partie.")

    press(browser, PUNISH, "save")

    wait_for(browser, lambda: "Gespeichert." in field(browser, PUNISH).text, "the save is not shown")
    assert typed(browser, LAW) == "Mein Entwurf, noch nicht gespeichert: 20 als 42 oder -42."
    assert attribute(browser, f'section.field[data-path="{LAW}"]', "data-dirty") == "true"
    assert "Mein Entwurf" not in (project / GERMAN_ALIENS).read_text()
    # the page's own live update of the saved card erases neither the draft nor the message
    with urlopen(server + "api/cards") as answer:
        saved_generation = json.load(answer)["generation"]
    wait_for(browser, lambda: int(css(browser, "body")[0].get_attribute("data-applied") or -1) >= saved_generation,
             "the page did not apply the save's live update")
    assert typed(browser, LAW).startswith("Mein Entwurf")
    assert "Gespeichert." in field(browser, PUNISH).text


def test_a_draft_is_offered_again_after_moving_away_and_after_a_reload(browser, server, project):
    from selenium.common.exceptions import NoAlertPresentException
    from selenium.webdriver.common.keys import Keys

    make_stale(project)
    open_card(browser, server, "iron-matron")
    draft = "Ein Entwurf, den ich nicht verlieren will: 20, 31 oder 42."
    retype(browser, PUNISH, draft)
    wait_for(browser, lambda: area(browser, PUNISH).send_keys(Keys.ESCAPE) or True, "no text box")
    css(browser, "body")[0].send_keys("n")
    wait_for(browser, lambda: css(browser, '#card[data-card="sweet-revenge"]'),
             "n did not move to the card needing work")

    click(browser, '#card-list li[data-card="iron-matron"] button')

    wait_for(browser, lambda: css(browser, '#card[data-card="iron-matron"]')
             and typed(browser, PUNISH) == draft, "the draft was not offered after moving away")
    assert css(browser, f'section.field[data-path="{PUNISH}"] .draft-offer')

    browser.refresh()
    try:  # the page asks before leaving a draft; Chromium asks only after a user's gesture
        browser.switch_to.alert.accept()
    except NoAlertPresentException:
        pass
    open_card(browser, server, "iron-matron")
    wait_for(browser, lambda: typed(browser, PUNISH) == draft, "the draft was not offered after a reload")

    press(browser, PUNISH, "discard-draft")
    wait_for(browser, lambda: typed(browser, PUNISH).startswith("Wann immer"), "the draft was not discarded")
    assert browser.execute_script("return localStorage.length") == 0


def test_leaving_the_page_with_a_draft_asks_first(browser, server):
    open_card(browser, server, "iron-matron")
    retype(browser, PUNISH, "Ungespeichert.")

    asked = browser.execute_script(
        "const event = new Event('beforeunload', {cancelable: true});"
        "window.dispatchEvent(event); return event.defaultPrevented;")

    assert asked is True


def test_a_change_on_disk_under_a_draft_is_announced_not_applied(browser, server, project):
    open_card(browser, server, "iron-matron")
    retype(browser, PUNISH, "Mein Entwurf mit 1 Handkarte und 20, 31, 42.")
    change_punish_on_disk(project)

    wait_for(browser, lambda: css(browser, "#card-notice")[0].text, "no notice of the change on disk")
    assert typed(browser, PUNISH) == "Mein Entwurf mit 1 Handkarte und 20, 31, 42."


def test_a_classic_card_is_translated_into_german_from_nothing(browser, project):
    german = project / "locales/de/classic/aliens.yaml"
    german.unlink()
    serving = Serving(project)
    try:
        open_card(browser, serving.url, "amoeba")
        assert attribute(browser, 'section.field[data-path="name"]', "data-state") == "missing"
        retype(browser, "name", "Amöbe ")
        wait_for(browser, lambda: "whitespace" in problem_codes(browser, "name"),
                 "no check before the file exists")
        retype(browser, "name", "Amöbe")

        press(browser, "name", "confirm")

        wait_for(browser, lambda: field(browser, "name").get_attribute("data-state") == "translated",
                 "the name was not saved and confirmed")
        assert "validate" not in field(browser, "name").text
    finally:
        serving.stop()
    assert german.read_text().startswith("# de texts of the aliens of classic")
    assert "amoeba:\n  name: Amöbe\n" in german.read_text()
    assert not validate(project).errors


def test_stopping_and_starting_again_at_once_binds(browser, project):
    first = Serving(project)
    browser.get(first.url)
    wait_for(browser, lambda: css(browser, "#card-list li"), "no card list")
    first.stop()

    again = Serving(project, first.port)
    try:
        browser.get(again.url)
        wait_for(browser, lambda: css(browser, "#card-list li"), "the restarted workbench does not answer")
    finally:
        again.stop()


def test_a_save_in_a_hand_formatted_file_changes_only_that_line(browser, project):
    from tests.workbench.test_service import HAND_FORMATTED

    german = project / GERMAN_ALIENS
    german.write_text(HAND_FORMATTED)
    serving = Serving(project)
    try:
        open_card(browser, serving.url, "iron-matron")
        retype(browser, "name", "Eisenmatrone")
        press(browser, "name", "save")
        wait_for(browser, lambda: "Gespeichert." in field(browser, "name").text,
                 "the name was not saved")
    finally:
        serving.stop()
    changed = [line for line in difflib.unified_diff(HAND_FORMATTED.splitlines(),
                                                     german.read_text().splitlines(), lineterm="", n=0)
               if line[:1] in "+-" and not line.startswith(("+++", "---"))]
    assert changed[:2] == ["-   name:   'Eiserne Matrone'     # a comment after the name",
                           "+   name: 'Eisenmatrone'     # a comment after the name"]
    # and the mark of our wording (the name cites nothing in German), and the fingerprint
    # an unconfirmed save removes
    assert changed[2:] == ["-   translated_from: {name: 5c01c327, powers.punish.name: f1fc8ace}",
                           "+   provisional: [name]",
                           "+   translated_from:", "+     powers.punish.name: f1fc8ace"]


def test_keyboard_only_next_card_edit_save_and_confirm(browser, server, project):
    from selenium.webdriver.common.keys import Keys

    make_stale(project)
    browser.get(server)
    wait_for(browser, lambda: css(browser, '#card-list li[data-card="sweet-revenge"][data-state="stale"]'),
             "the stale card is not listed")
    css(browser, "body")[0].send_keys("n")
    wait_for(browser, lambda: browser.switch_to.active_element.tag_name == "textarea",
             "n did not put the focus in a field")
    card_id = attribute(browser, "#card", "data-card")
    path = browser.switch_to.active_element.get_attribute("data-path")
    english = wait_for(browser, lambda: field(browser, path).find_element("css selector", ".english").text,
                       "no English text")

    browser.switch_to.active_element.send_keys(Keys.CONTROL, "a")
    browser.switch_to.active_element.send_keys(english + " (de)")
    browser.switch_to.active_element.send_keys(Keys.CONTROL, Keys.ENTER)
    wait_for(browser, lambda: "Gespeichert." in field(browser, path).text, "Ctrl+Enter did not save")
    browser.switch_to.active_element.send_keys(Keys.CONTROL, Keys.SHIFT, Keys.ENTER)

    wait_for(browser, lambda: "Gespeichert und bestätigt." in field(browser, path).text,
             "Ctrl+Shift+Enter did not save and confirm")
    wait_for(browser, lambda: field(browser, path).get_attribute("data-state") == "translated",
             "the field is not translated")
    assert attribute(browser, "#card", "data-card") == card_id


def test_the_skip_link_leads_past_the_list(browser, server):
    from selenium.webdriver.common.keys import Keys

    open_card(browser, server, "iron-matron")
    browser.get(server)
    wait_for(browser, lambda: css(browser, "#card-list li"), "no card list")
    css(browser, "body")[0].send_keys(Keys.TAB)
    assert browser.switch_to.active_element.get_attribute("class") == "skip"
    browser.switch_to.active_element.send_keys(Keys.ENTER)
    assert browser.switch_to.active_element.get_attribute("id") == "card"


def test_fields_are_labelled_in_the_cards_words(browser, server):
    open_card(browser, server, "iron-matron")

    labels = [label.text for label in css(browser, "section.field h3 label")]

    assert labels[:3] == ["Name", "Fähigkeit 1 · Name", "Fähigkeit 1 · Text"]
    assert wait_for(browser, lambda: css(browser, f'section.field[data-path="{PUNISH}"] h3 code.path')[0].text,
                    "no path") == PUNISH
    assert "(Strg+Eingabe)" in wait_for(browser, lambda: css(browser, "#save-help")[0].text, "no help")
    assert attribute(browser, f'section.field[data-path="{PUNISH}"] button.confirm',
                     "aria-describedby") == "save-help"


@pytest.mark.parametrize("width", [600, 1000, 1600])
def test_nothing_is_clipped_from_1600_down_to_600_pixels(browser, server, width):
    browser.set_window_size(width, 900)
    open_card(browser, server, "iron-matron")

    overflow = browser.execute_script(
        "const width = document.documentElement.clientWidth;"
        "const outside = [...document.querySelectorAll('#card *, #navigation *')]"
        "  .filter(node => node.getClientRects().length && node.getBoundingClientRect().right > width + 0.5)"
        "  .map(node => node.tagName + '.' + node.className);"
        "return [document.documentElement.scrollWidth - width, outside.slice(0, 5)];")

    assert overflow == [0, []]


@needs_axe
def test_axe_finds_no_serious_or_critical_violation(browser, server, project):
    browser.get(server)
    wait_for(browser, lambda: css(browser, "#card-list li"), "no card list")
    assert serious_violations(browser) == [], "list view"

    open_card(browser, server, "iron-matron")
    assert serious_violations(browser) == [], "card view"

    save_into_a_conflict(browser, project)
    assert serious_violations(browser) == [], "conflict"


@needs_axe
def test_axe_finds_no_serious_or_critical_violation_right_to_left(browser, tmp_path):
    project = right_to_left_project(tmp_path / "db", ("he",))
    serving = Serving(project, language="he")
    try:
        browser.get(serving.url)
        wait_for(browser, lambda: css(browser, "#card-list li"), "no card list")
        assert browser.execute_script("return document.documentElement.dir") == "rtl"
        assert serious_violations(browser) == [], "list view"

        open_card(browser, serving.url, "iron-matron")
        assert serious_violations(browser) == [], "card view"
    finally:
        serving.stop()


def test_taking_the_version_on_disk_ends_the_edit(browser, server, project):
    open_card(browser, server, "iron-matron")
    save_into_a_conflict(browser, project)
    assert browser.switch_to.active_element.get_attribute("class") == "keep-mine"

    press(browser, PUNISH, "take-theirs")

    wait_for(browser, lambda: typed(browser, PUNISH).endswith("gewinnst du sofort."), "not taken")
    assert attribute(browser, f'section.field[data-path="{PUNISH}"]', "data-state") == "translated"
    assert css(browser, f'section.field[data-path="{PUNISH}"][data-dirty]') == []
    assert browser.execute_script("return localStorage.length") == 0


def test_a_file_that_stops_reading_is_named_and_its_cards_and_drafts_are_kept(browser, server, project):
    """A half-saved file or a merge conflict: the page names the file, its line and the
    parser's words; the card keeps its texts, the draft stays, and a save into the file is
    refused until it reads again."""
    open_card(browser, server, "iron-matron")
    draft = "Mein Entwurf mit 1 Handkarte und 20, 31, 42."
    retype(browser, PUNISH, draft)
    german = project / GERMAN_ALIENS
    good = german.read_text(encoding="utf-8")
    german.write_text(good + "<<<<<<< HEAD\nbroken: [\n", encoding="utf-8")
    line = good.count("\n") + 2

    wait_for(browser, lambda: css(browser, "#broken-files p"), "the broken file is not named")
    notice = css(browser, "#broken-files p")[0].text
    assert notice.startswith(f"{GERMAN_ALIENS.as_posix()}:{line} ")
    assert "YAML" in notice and "Entwürfe bleiben erhalten" in notice
    assert typed(browser, PUNISH) == draft
    assert typed(browser, "name") == "Eiserne Matrone"
    assert attribute(browser, '#card-list li[data-card="iron-matron"]', "data-state") == "translated"

    press(browser, PUNISH, "save")
    status = lambda: field(browser, PUNISH).find_element("css selector", ".status").text  # noqa: E731
    wait_for(browser, lambda: "nicht gespeichert" in status() and GERMAN_ALIENS.as_posix() in status(),
             "the save into the broken file was not refused")
    assert german.read_text(encoding="utf-8").endswith("broken: [\n")

    german.write_text(good, encoding="utf-8")
    wait_for(browser, lambda: not css(browser, "#broken-files p"), "the notice stayed after the file read again")
    assert typed(browser, PUNISH) == draft


def test_two_tabs_keep_their_own_drafts_and_show_each_other_as_a_conflict(browser, server):
    from selenium.common.exceptions import NoAlertPresentException

    open_card(browser, server, "iron-matron")
    first = browser.current_window_handle
    retype(browser, PUNISH, "Entwurf des ersten Tabs mit 1 Handkarte und 20, 31, 42.")
    browser.switch_to.new_window("tab")
    open_card(browser, server, "iron-matron")
    wait_for(browser, lambda: css(browser, f'section.field[data-path="{PUNISH}"] .other-draft'),
             "the second tab does not show the first tab's draft")
    assert typed(browser, PUNISH).startswith("Wann immer")  # not taken over silently

    retype(browser, PUNISH, "Entwurf des zweiten Tabs mit 1 Handkarte und 20, 31, 42.")
    browser.refresh()
    try:
        browser.switch_to.alert.accept()
    except NoAlertPresentException:
        pass
    open_card(browser, server, "iron-matron")

    wait_for(browser, lambda: typed(browser, PUNISH).startswith("Entwurf des zweiten"),
             "the reloaded tab lost its own draft")
    other = css(browser, f'section.field[data-path="{PUNISH}"] .other-draft .theirs')
    assert other and other[0].text.startswith("Entwurf des ersten")
    browser.switch_to.window(first)
    wait_for(browser, lambda: typed(browser, PUNISH).startswith("Entwurf des ersten"),
             "the first tab's draft was overwritten")


def test_opening_a_card_from_the_list_by_keyboard_moves_the_focus_to_it(browser, server):
    from selenium.webdriver.common.keys import Keys

    browser.get(server)
    wait_for(browser, lambda: css(browser, '#card-list li[data-card="iron-matron"] button'), "no card list")
    button = css(browser, '#card-list li[data-card="iron-matron"] button')[0]
    browser.execute_script("arguments[0].focus()", button)
    browser.switch_to.active_element.send_keys(Keys.ENTER)

    wait_for(browser, lambda: browser.switch_to.active_element.tag_name == "h2",
             "the focus did not move to the card opened")
    assert "iron-matron" in browser.switch_to.active_element.text
    browser.switch_to.active_element.send_keys(Keys.TAB)
    assert css(browser, "#card")[0].find_elements("css selector", ":focus")


def test_the_open_card_is_in_the_address_and_a_link_to_it_opens_it(browser, server):
    open_card(browser, server, "iron-matron")
    assert browser.current_url.endswith("#card=iron-matron")

    browser.get(server + "#card=sweet-revenge")
    browser.refresh()

    wait_for(browser, lambda: css(browser, '#card[data-card="sweet-revenge"] textarea'),
             "the linked card was not opened")


def test_the_list_marks_cards_holding_drafts(browser, server):
    open_card(browser, server, "iron-matron")
    retype(browser, PUNISH, "Ein Entwurf.")

    wait_for(browser, lambda: css(browser, '#card-list li[data-card="iron-matron"][data-draft] .draft-mark'),
             "the card holding a draft is not marked in the list")


def test_next_says_so_when_no_card_needs_work(browser, project):
    """With the Duel alone every German text is translated and confirmed: `n` says that no
    card needs work instead of doing nothing."""
    for game in ("classic", "cosmic", "vanguard"):
        for folder in (project / "cards" / game, *(project / "locales").glob(f"*/{game}")):
            shutil.rmtree(folder)
    serving = Serving(project)
    try:
        browser.get(serving.url)
        wait_for(browser, lambda: css(browser, "#card-list li"), "no card list")
        assert not css(browser, '#card-list li:not([data-state="translated"][data-errors="0"])')
        css(browser, "body")[0].send_keys("n")
        wait_for(browser, lambda: css(browser, "#moves-status")[0].text, "n said nothing")
        assert css(browser, "#moves-status")[0].text.startswith("Keine Karte braucht Arbeit")
    finally:
        serving.stop()


def test_a_translation_from_the_memory_goes_into_the_box_with_one_key(browser, server):
    from selenium.webdriver.common.keys import Keys

    open_card(browser, server, "supply-run")
    path = "resources.unlabelled-1"
    suggestion = wait_for(browser, lambda: css(browser, f'section.field[data-path="{path}"] .memory li .suggestion')[0].text,
                          "no translation memory shown")
    assert css(browser, f'section.field[data-path="{path}"] .memory li')[0].get_attribute("data-card") == "prize-illustration"

    area(browser, path).send_keys(Keys.ALT, "1")

    wait_for(browser, lambda: typed(browser, path) == suggestion, "Alt+1 did not put the suggestion in")
    assert attribute(browser, f'section.field[data-path="{path}"]', "data-dirty") == "true"
