"""Every text of ours carries the mark of our wording in every output: a text that cites no
printed wording in its language (`checks.provenance.is_our_wording`, the rule validate holds
the files to) exports as `ours`, prints with † (the face's provisional mark), says "our
wording" beside its state on the site and in the workbench. The texts are found by the rule,
not by the mark, so a text the files forget to mark fails here as well as in validate."""

from __future__ import annotations

import json
import re
import shutil
from html import unescape

import pytest

from cardkit.checks.provenance import is_our_wording_in
from cardkit.checks.runner import Strictness, load_checked
from cardkit.export.dataset import SCHEMA_FILE, export_files
from cardkit.faces.documents import LanguageContext
from cardkit.model.database import Database
from cardkit.render.folders import CACHE_FOLDER
from cardkit.workbench.service import Workbench
from tests.conftest import PROJECT_ROOT
from tests.workbench.conftest import copy_project, workbench_cache  # noqa: F401 (a fixture)

DATABASE = load_checked(PROJECT_ROOT, Strictness.UNREADABLE).database
SITE_WORDING = {"de": "unser Wortlaut", "es": "texto nuestro", "en": "our wording"}


def texts_of_ours(database: Database) -> set[tuple[str, str, str]]:
    """(language, card id, field path) of every text whose wording is ours by the rule."""
    return {(language, card_id, path)
            for language, entries in database.texts.items()
            for card_id, entry in entries.items() if card_id in database.cards
            for path in entry.texts if is_our_wording_in(database, language, card_id, path)}


OURS = texts_of_ours(DATABASE)


def test_the_rule_finds_texts_of_ours_in_every_language():
    assert {language for language, _, _ in OURS} == {"de", "en", "es"}
    assert len(OURS) >= 100
    assert ("de", "plague", "text") in OURS and ("es", "iron-matron", "name") not in OURS


def test_every_text_of_ours_exports_as_ours():
    files = export_files(DATABASE, PROJECT_ROOT)
    wording = {(language, card_id, path): field.get("wording")
               for name, data in files.items() if name not in ("meta.json", SCHEMA_FILE)
               for card_id, card in json.loads(data)["cards"].items()
               for language, record in card["texts"].items()
               for path, field in record["fields"].items() if "text" in field}
    assert OURS <= wording.keys()
    assert sorted(text for text in OURS if wording[text] != "ours") == []


def test_every_text_of_ours_prints_with_the_mark():
    unmarked = []
    for language in SITE_WORDING:
        context = LanguageContext(PROJECT_ROOT, language, DATABASE, sorted(DATABASE.boxes))
        faces = {face.id: face for face in context.faces}
        ours = [(card_id, path) for lang, card_id, path in OURS if lang == language]
        assert ours and all(card_id in faces for card_id, _ in ours)
        unmarked += [(language, card_id, path) for card_id, path in ours
                     if not faces[card_id].provisional(path)]
    assert unmarked == []


def _state_cells(page: str) -> dict[str, str]:
    """A site card page's table of texts: each field path with the text of its state cell."""
    rows = re.findall(r'<tr data-field="([^"]+)">\s*<th scope="row">.*?</th>\s*<td>.*?</td>\s*<td>(.*?)</td>',
                      page, flags=re.S)
    return {unescape(path): re.sub(r"<[^>]+>|\s+", " ", cell) for path, cell in rows}


def test_every_text_of_ours_says_so_on_the_site(site):
    unmarked = []
    for language, card_id, path in sorted(OURS):
        card = DATABASE.cards[card_id]
        page = site / language / DATABASE.game_of(card_id) / card.kind / f"{card_id}.html"
        cells = _state_cells(page.read_text(encoding="utf-8"))
        if SITE_WORDING[language] not in cells.get(path, ""):
            unmarked.append((language, card_id, path))
    assert unmarked == []


@pytest.mark.parametrize("language", ["de", "es"])
def test_every_text_of_ours_says_so_in_the_workbench(tmp_path, workbench_cache, language):
    root = copy_project(tmp_path / "project")
    shutil.copytree(workbench_cache, root / "build" / CACHE_FOLDER)
    workbench = Workbench(root, language, root / "build" / CACHE_FOLDER)
    ours = sorted((card_id, path) for lang, card_id, path in OURS if lang == language)
    assert ours
    wording = {}
    for card_id in sorted({card_id for card_id, _ in ours}):
        for view in workbench.card(card_id).fields:
            wording[card_id, view.path] = view.wording
    assert [text for text in ours if wording.get(text) != "ours"] == []
    # the list of cards marks each card with a text of ours beside its state
    listed = {summary.card_id: summary.ours for summary in workbench.cards()}
    assert sorted(card_id for card_id, _ in ours if not listed.get(card_id)) == []
