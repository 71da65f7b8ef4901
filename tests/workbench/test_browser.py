"""The workbench in a real browser: Debian's Chromium driven through chromium-driver with
Selenium, against a server on a free port over a copy of the shipped database."""

from __future__ import annotations

import difflib
import shutil
import threading
import time
from pathlib import Path

import pytest
import uvicorn

from cardkit.render.cache import CACHE_FOLDER
from cardkit.workbench.app import create_app
from cardkit.workbench.server import Server, bind, own_hosts
from cardkit.workbench.service import Workbench

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None or DRIVER is None,
    reason="Chromium or its driver is not installed (Debian packages 'chromium' and "
           "'chromium-driver'); .ci/run installs them, so the browser tests run in CI")

GERMAN_ALIENS = Path("locales/de/duel/aliens.yaml")
PUNISH = "powers.punish.text"
WAIT = 20  # seconds a page may take to show what a test waits for


@pytest.fixture
def server(project):
    """The workbench of `project` served on 127.0.0.1, its URL."""
    service = Workbench(project, "de", project / "build" / CACHE_FOLDER)
    sock = bind("127.0.0.1", 0)
    port = sock.getsockname()[1]
    app = create_app(service, own_hosts("127.0.0.1", port),
                     watch=[project / "cards", project / "locales", project / "templates"])
    running = Server(uvicorn.Config(app, log_level="warning", lifespan="on",
                                            timeout_graceful_shutdown=1))
    thread = threading.Thread(target=running.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not running.started:
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}/"
    running.should_exit = True
    thread.join(10)
    sock.close()


@pytest.fixture
def browser(tmp_path):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=1500,1300", f"--user-data-dir={tmp_path / 'profile'}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    yield driver
    driver.quit()


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


def test_typing_shows_problems_before_saving(browser, server, project, screenshots):
    before = (project / GERMAN_ALIENS).read_text()
    open_card(browser, server, "iron-matron")
    assert problem_codes(browser, PUNISH) == []

    retype(browser, PUNISH, "Wann immer dein Gegner genau 3 Karten hat, zeigt er sie dir.")

    wait_for(browser, lambda: problem_codes(browser, PUNISH) == ["number-mismatch"],
             "the number problem did not appear while typing")
    screenshot(browser, screenshots, "typing")
    assert (project / GERMAN_ALIENS).read_text() == before


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
    wait_for(browser, lambda: "can be saved only unconfirmed" in status(), "no refusal shown")
    assert (project / GERMAN_ALIENS).read_text() == before


def test_a_change_on_disk_is_shown_as_a_conflict(browser, server, project, screenshots):
    open_card(browser, server, "iron-matron")
    retype(browser, PUNISH, "Meine Fassung mit genau 1 Handkarte und 20, 31, 42, wann immer.")
    german = project / GERMAN_ALIENS
    german.write_text(german.read_text().replace("gewinnst du die Partie.", "gewinnst du sofort."))

    press(browser, PUNISH, "save")

    wait_for(browser, lambda: css(browser, ".conflict"), "no conflict shown")
    assert wait_for(browser, lambda: css(browser, ".conflict .theirs")[0].text, "no theirs"
                    ).endswith("gewinnst du sofort.")
    assert wait_for(browser, lambda: css(browser, ".conflict .mine")[0].text, "no mine").startswith("Meine Fassung")
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
    time.sleep(0.5)
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
