"""The review page: every card beside its English source, states and problems, and (in a
real browser, headless Chromium) the filter."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardkit.cli import main
from cardkit.render.folders import CACHE_FOLDER
from cardkit.workbench.review import write_review
from tests.conftest import shipped_database
from tests.render.conftest import PROJECT

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DATABASE = shipped_database()[0]
# The cards of the game whose German texts the review's project copy lacks.
# The current edition's German texts are taken away below; ISS Vanguard has none yet.
UNTRANSLATED = {card_id for card_id in DATABASE.cards if DATABASE.game_of(card_id) in ("cosmic", "vanguard")}
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ROW = re.compile(r'<section class="review-row" id="card-([a-z0-9-]+)" data-state="(\w+)" '
                 r'data-problems="(\d+)" data-game="[a-z0-9-]+"( hidden(?:="")?)?>')


@pytest.fixture(scope="module")
def review_page(tmp_path_factory, built) -> Path:
    """The German review of a project copy where one English text changed (so its German is
    stale), one German text carries a wrong number, and the current edition has no German
    texts; the face cache of the session's build is where the review looks for faces."""
    project = tmp_path_factory.mktemp("project")
    for folder in ("cards", "locales", "templates"):
        shutil.copytree(PROJECT / folder, project / folder)
    shutil.rmtree(project / "locales" / "de" / "cosmic")
    shutil.copytree(built / CACHE_FOLDER, project / "build" / CACHE_FOLDER)
    english = project / "locales/en/duel/fate/event.yaml"
    english.write_text(english.read_text().replace("choose a planet", "pick a planet"))
    german = project / "locales/de/duel/aliens.yaml"
    german.write_text(german.read_text().replace("genau 1 Handkarte", "genau 2 Handkarten"))

    result = CliRunner().invoke(main, ["review", "--lang", "de", "--root", str(project),
                                       "--out", str(project / "build")])

    assert result.exit_code == 0, result.output
    return project / "build" / "review" / "de.html"


def rows(html: str) -> dict[str, tuple[str, int, bool]]:
    return {card: (state, int(problems), bool(hidden))
            for card, state, problems, hidden in ROW.findall(html)}


def test_every_card_is_shown_with_its_state_and_problems(review_page):
    html = review_page.read_text(encoding="utf-8")
    shown = rows(html)

    assert shown.keys() == DATABASE.cards.keys()  # every game's
    assert shown["sweet-revenge"] == ("stale", 1, False)  # the stale-translation warning
    assert {card for card, (state, _, _) in shown.items() if state == "missing"} == UNTRANSLATED
    assert re.findall(r'<h2 class="game" id="game-(\w+)">', html) == DATABASE.games
    assert shown["iron-matron"][:2] == ("translated", 1)
    assert "number-mismatch</code>: powers.punish.text: numbers differ from the English text: 2, 20, 31, 42 here, 1, 20, 31, 42 in English" in html
    assert "Eiserne Matrone" in html and "Iron Matron" in html


def test_an_unknown_language_is_refused():
    result = CliRunner().invoke(main, ["review", "--lang", "fr", "--root", str(PROJECT), "--out", "unused"])

    assert result.exit_code == 2
    assert "no translation 'fr' (known: de, es)" in result.output


def chromium(*arguments: str, profile: Path) -> subprocess.CompletedProcess:
    return subprocess.run([CHROMIUM, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", *arguments],
                          capture_output=True, text=True, timeout=120, check=False)


@pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (Debian package 'chromium'); "
                    ".ci/run installs it, so the browser test runs in CI")
@pytest.mark.parametrize("filter_name, visible", [
    ("stale", {"sweet-revenge"}),
    # (the Vanguard log card's English name and the classic Negotiate's German text shrink to
    # fit: warnings, shown as problems)
    ("problems", {"sweet-revenge", "iron-matron", "even-help-odd-attack", "even-attack-odd-help",
                  "sistemas-de-la-vanguard-mejorados", "classic-negotiate"}),
    ("missing", UNTRANSLATED),
])
def test_the_filter_works_in_a_real_browser(review_page, tmp_path, filter_name, visible):
    run = chromium("--dump-dom", f"{review_page.as_uri()}#{filter_name}", profile=tmp_path / "profile")

    shown = {card for card, (_, _, hidden) in rows(run.stdout).items() if not hidden}
    assert run.returncode == 0, run.stderr[-2000:]
    assert rows(run.stdout).keys() == DATABASE.cards.keys()
    assert shown == visible
    assert f'data-filter="{filter_name}"' in run.stdout


@pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed (Debian package 'chromium'); "
                    ".ci/run installs it, so the browser test runs in CI")
def test_the_page_renders_to_a_screenshot(review_page, tmp_path):
    screenshot = tmp_path / "review-de.png"

    run = chromium("--window-size=1400,1800", f"--screenshot={screenshot}",
                   f"{review_page.as_uri()}#problems", profile=tmp_path / "profile")

    assert run.returncode == 0, run.stderr[-2000:]
    assert screenshot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert screenshot.stat().st_size > 20_000


@pytest.mark.slow
def test_a_database_with_errors_is_refused_naming_each_error(tmp_path):
    for folder in ("cards", "locales", "templates"):
        shutil.copytree(PROJECT / folder, tmp_path / folder)
    plans = tmp_path / "cards/duel/plans.yaml"
    plans.write_text(plans.read_text().replace("value: 13", 'value: "13"'))

    result = CliRunner().invoke(main, ["review", "--lang", "de", "--root", str(tmp_path),
                                       "--out", str(tmp_path / "build")])

    assert result.exit_code == 1
    assert "cards/duel/plans.yaml:6:10: error: schema-type: value: expected a whole number, got text ('13')" in result.output
    assert not (tmp_path / "build").exists()


def cache_entries(out: Path) -> set[Path]:
    return {path for path in (out / CACHE_FOLDER).rglob("*") if path.is_file()}


def test_a_rebuild_renders_only_the_edited_card_and_tells_the_page_to_reload(review_page, tmp_path):
    project, out = tmp_path / "project", tmp_path / "project" / "build"
    shutil.copytree(review_page.parents[2], project)
    page = write_review(project, "de", out, watch=True)
    html = page.read_text(encoding="utf-8")
    generation = re.search(r'const generation = "(\w+)";', html).group(1)
    assert (page.parent / "de.generation.js").read_text() == f'window.reviewGeneration = "{generation}";\n'
    assert 'probe.src = "de.generation.js?"' in html

    before = cache_entries(out)
    german = project / "locales/de/duel/aliens.yaml"
    german.write_text(german.read_text().replace("Eiserne Matrone", "Eiserne Mutter"))
    write_review(project, "de", out, watch=True)

    new = cache_entries(out) - before
    # The edited card's fit, its rendering and its fit budgets, and the German Duel's plan
    # record; nothing else but the record of a stylesheet set parsed for them, and the
    # templates compiled (Jinja keys them by their path) in this copy, whose first review was
    # planned from the plan records and made no HTML.
    payloads = [path.read_bytes().split(b"\n", 1)[1] for path in new]
    stylesheets = [payload for payload in payloads if payload.startswith(b'{"files"')]
    plans = [payload for payload in payloads if payload.startswith(b'{"documents"')]
    compiled = [payload for payload in payloads if payload.startswith(b"j2")]
    assert len(payloads) - len(stylesheets) - len(plans) - len(compiled) == 3
    assert len(stylesheets) <= 1 and len(plans) == 1
    assert "Eiserne Mutter" in page.read_text(encoding="utf-8")
    assert f'"{generation}"' not in (page.parent / "de.generation.js").read_text()


def test_the_readings_of_a_card_are_shown_beside_it(review_page):
    html = review_page.read_text(encoding="utf-8")
    planet = html.split('id="card-unlabelled-1-a"')[1].split("</section>")[0]
    assert ("Reading (<code>symbol</code>): Orange controls a planet whose symbol improves "
            "relations" in planet)


@pytest.mark.slow
def test_a_template_catalogue_validate_refuses_is_refused_as_by_build(tmp_path):
    """The issue's `msgstr "%(count)s"`: validate and build refused it, review printed with it."""
    for folder in ("cards", "locales", "templates"):
        shutil.copytree(PROJECT / folder, tmp_path / folder)
    fixture = PROJECT / "tests/checks/text/catalogues/percent-placeholder.po"
    shutil.copyfile(fixture, tmp_path / "locales/es/LC_MESSAGES/cardkit.po")
    problem = re.search(r"^# expect: (.*)$", fixture.read_text(encoding="utf-8"), re.M).group(1)

    reviewed = CliRunner().invoke(main, ["review", "--lang", "es", "--root", str(tmp_path),
                                         "--out", str(tmp_path / "build")])
    built = CliRunner().invoke(main, ["build", str(tmp_path), "--lang", "es", "--quiet",
                                      "--out", str(tmp_path / "build")])

    assert (reviewed.exit_code, reviewed.output) == (1, (
        f"{problem}\nError: the database under {tmp_path} has 1 error; `cardkit validate` "
        "lists it\n"))
    assert built.exit_code == 1 and built.output.startswith(f"{problem}\n")
    assert not (tmp_path / "build" / "review").exists()
