"""The gallery in a right-to-left language: its pages run right to left, an English name or
text shown in its place runs left to right, and each language's own name is marked with its
direction; axe-core finds no serious or critical violation on its pages."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from cardkit.cli import main
from tests.accessibility import needs_axe, serious_violations
from tests.publish.test_site import browser, browser_only  # noqa: F401  (the browser fixture)
from tests.render.right_to_left import right_to_left_project

pytestmark = pytest.mark.slow  # renders every face of the project


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    root = right_to_left_project(tmp_path_factory.mktemp("right-to-left") / "db", ("he",))
    out = root.parent / "site"
    result = CliRunner().invoke(main, ["site", str(root), "--out", str(out), "--quiet", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="module")
def pages(site) -> dict[str, str]:
    return {path.relative_to(site).as_posix(): path.read_text(encoding="utf-8") for path in site.rglob("*.html")}


def test_the_pages_of_a_right_to_left_language_run_right_to_left(pages):
    hebrew = {name: page for name, page in pages.items() if name.startswith("he/")}
    english = {name: page for name, page in pages.items() if name.startswith("en/")}

    assert hebrew and english
    assert all('<html lang="he" dir="rtl">' in page for page in hebrew.values())
    assert all('<html lang="en" dir="ltr">' in page for page in english.values())


def test_english_shown_in_a_hebrew_page_runs_left_to_right(pages):
    page = pages["he/duel/alien/iron-matron.html"]

    assert '<h1 lang="en" dir="ltr">Iron Matron' in page
    assert '<span lang="en" dir="ltr">Whenever your opponent' in page
    assert '<span class="number" dir="ltr">-42</span>' in page


def test_each_language_is_named_in_its_direction(pages):
    hebrew_link = 'lang="he" dir="rtl" hreflang="he">עברית'

    assert hebrew_link in pages["index.html"]  # the list of languages
    assert hebrew_link in pages["en/index.html"]  # the switch of every page


@browser_only
@needs_axe
@pytest.mark.parametrize("page", ["he/index.html", "he/duel/alien/index.html", "he/duel/alien/iron-matron.html"])
def test_axe_finds_no_serious_or_critical_violation_right_to_left(browser, site, page):  # noqa: F811
    browser.get((site / page).as_uri())
    assert browser.execute_script("return document.documentElement.dir") == "rtl"

    assert serious_violations(browser) == []
