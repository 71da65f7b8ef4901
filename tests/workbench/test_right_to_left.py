"""A right-to-left language in the workbench and on the review page: the workbench's page
runs right to left, each face is set in its own language and direction beside the English
one, and a signed number is set left to right."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from cardkit.render.folders import CACHE_FOLDER
from cardkit.workbench.app import create_app
from cardkit.workbench.review import write_review
from cardkit.workbench.service import Workbench
from tests.render.right_to_left import right_to_left_project

pytestmark = pytest.mark.slow  # each lays out the project's faces

HEBREW_FACE = '<div class="face-language" lang="he" dir="rtl">'
ENGLISH_FACE = '<div class="face-language" lang="en" dir="ltr">'
SIGNED = '<span class="number" dir="ltr">-42</span>'


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    return right_to_left_project(tmp_path_factory.mktemp("right-to-left") / "db", ("he",))


@pytest.fixture(scope="module")
def workbench(project):
    return Workbench(project, "he", project / "build" / CACHE_FOLDER)


def test_the_workbench_page_runs_right_to_left(workbench):
    with TestClient(create_app(workbench, {"testserver"}, "token")) as client:
        page = client.get("/")

    assert page.status_code == 200
    assert '<html lang="he" dir="rtl">' in page.text


def test_the_workbench_sets_each_face_in_its_own_direction(workbench):
    card = workbench.card("iron-matron")

    assert card.face.startswith(HEBREW_FACE)
    assert card.english_face.startswith(ENGLISH_FACE)
    assert SIGNED in card.face


def test_the_review_page_sets_each_face_in_its_own_direction(project):
    write_review(project, "he", project / "build")
    page = (project / "build" / "review" / "he.html").read_text(encoding="utf-8")

    assert page.count(HEBREW_FACE) == page.count(ENGLISH_FACE) == page.count('class="review-row"') > 0
    assert SIGNED in page
