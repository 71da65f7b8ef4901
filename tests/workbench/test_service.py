"""The workbench's service without HTTP: states, a card's fields, checking a draft, saving,
confirming, conflicts."""

from __future__ import annotations

import difflib
import subprocess
from pathlib import Path

import pytest

from cardkit.checks.runner import validate
from cardkit.model.texts import fingerprint
from cardkit.render.cache import CACHE_FOLDER
from cardkit.workbench.history import DiffPart, word_diff
from cardkit.workbench.service import Conflict, Workbench, WorkbenchRefused
from tests.workbench.conftest import PROJECT

GERMAN_ALIENS = Path("locales/de/duel/aliens.yaml")
PUNISH = "powers.punish.text"


def field(card, path):
    return next(view for view in card.fields if view.path == path)


def diff_lines(before: str, after: str) -> list[str]:
    """The lines removed and added between two texts."""
    return [line for line in difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=0)
            if line[:1] in "+-" and not line.startswith(("+++", "---"))]


def test_every_card_is_listed_with_its_state(shared_workbench):
    cards = {card.card_id: card for card in shared_workbench.cards()}

    # every game's cards
    assert cards.keys() == shared_workbench.database.cards.keys()
    assert cards["iron-matron"].state == "translated"
    assert cards["iron-matron"].name == "Eiserne Matrone"
    assert "iron matron" in cards["iron-matron"].search and "eiserne matrone" in cards["iron-matron"].search


def test_a_card_shows_each_field_with_budget_terms_and_note(shared_workbench):
    card = shared_workbench.card("iron-matron")

    assert [view.path for view in card.fields] == [
        "name", "powers.punish.name", PUNISH, "powers.lay-down-the-law.name",
        "powers.lay-down-the-law.text"]
    law = field(card, "powers.lay-down-the-law.text")
    assert law.terms[0].english == "plan" and "Pläne" in law.terms[0].approved
    assert all(view.budget and view.budget > 0 for view in card.fields)
    assert field(card, "name").budget < law.budget
    assert card.file == GERMAN_ALIENS.as_posix()
    assert "Eiserne Matrone" in card.face and "Iron Matron" in card.english_face


def test_a_draft_is_checked_without_saving(shared_workbench):
    project = shared_workbench.root
    before = (project / GERMAN_ALIENS).read_text()

    problems = shared_workbench.check("iron-matron", PUNISH, "Wann immer dein Gegner genau 3 Karten hat.")

    assert [problem.code for problem in problems] == ["number-mismatch"]
    number = next(problem for problem in problems if problem.code == "number-mismatch")
    assert number.message == ("powers.punish.text: numbers differ from the English text: "
                              "3 here, 1, 20, 31, 42 in English")
    line = before.splitlines().index(
        "      text: Wann immer dein Gegner genau 1 Handkarte hat, muss er sie zeigen. Ist es eine 20, 31 ") + 1
    assert str(number.position) == f"locales/de/duel/aliens.yaml:{line}:13"
    assert (project / GERMAN_ALIENS).read_text() == before


def test_a_draft_too_long_for_its_box_is_reported(shared_workbench):
    problems = shared_workbench.check("iron-matron", "powers.punish.name",
                                      " ".join(["Bestrafen", "Strafen"] * 20))

    assert [problem.code for problem in problems] == ["fit-overflow"]
    assert problems[0].message.startswith("powers.punish.name (de) does not fit its box")


def test_saving_changes_exactly_that_field_and_leaves_it_unconfirmed(workbench, project):
    before = (project / GERMAN_ALIENS).read_text()
    card = workbench.card("iron-matron")
    old = field(card, PUNISH).text

    saved = workbench.save("iron-matron", PUNISH, old + " Sofort.", card.version, old, confirm=False)

    after = (project / GERMAN_ALIENS).read_text()
    assert diff_lines(before, after) == [
        "-        oder 42, gewinnst du die Partie.",
        "+        oder 42, gewinnst du die Partie. Sofort.",
        f"-    {PUNISH}: {fingerprint(field(card, PUNISH).english)}",
    ]
    assert field(saved.card, PUNISH).state == "stale" and saved.card.state == "stale"
    assert saved.card.version != card.version
    assert "Sofort." in saved.card.face


def test_confirming_records_the_english_fingerprint(workbench, project):
    card = workbench.card("iron-matron")
    text = field(card, PUNISH).text
    saved = workbench.save("iron-matron", PUNISH, text + " Sofort.", card.version, text, confirm=False)

    confirmed = workbench.save("iron-matron", PUNISH, text + " Sofort.", saved.card.version,
                               text + " Sofort.", confirm=True)

    assert field(confirmed.card, PUNISH).state == "translated"
    assert f"{PUNISH}: {fingerprint(field(card, PUNISH).english)}" in (project / GERMAN_ALIENS).read_text()
    assert not validate(project).errors


def test_a_text_with_errors_is_saved_only_unconfirmed(workbench, project):
    card = workbench.card("iron-matron")
    wrong = "Wann immer dein Gegner genau 3 Karten hat, zeigt er sie."
    base = field(card, PUNISH).text
    before = (project / GERMAN_ALIENS).read_text()

    with pytest.raises(WorkbenchRefused, match="a text with errors can be saved only unconfirmed: "
                                               "number-mismatch"):
        workbench.save("iron-matron", PUNISH, wrong, card.version, base, confirm=True)
    assert (project / GERMAN_ALIENS).read_text() == before

    saved = workbench.save("iron-matron", PUNISH, wrong, card.version, base, confirm=False)
    assert field(saved.card, PUNISH).state == "stale"
    assert {problem.code for problem in saved.card.problems} >= {"number-mismatch", "stale-translation"}


def test_a_blank_text_is_refused(workbench, project):
    card = workbench.card("iron-matron")
    before = (project / GERMAN_ALIENS).read_text()

    with pytest.raises(WorkbenchRefused, match="not saved: a text of only whitespace; write the text"):
        workbench.save("iron-matron", PUNISH, "   ", card.version, field(card, PUNISH).text, confirm=False)
    assert (project / GERMAN_ALIENS).read_text() == before


@pytest.mark.parametrize(("text", "message"), [
    ("\u200b", r"not saved: a text of only invisible characters such as U\+200B \(ZERO WIDTH SPACE\)"),
    ("Strafe\u202e", r"not saved: bidirectional control U\+202E \(RIGHT-TO-LEFT OVERRIDE\) in the text"),
])
def test_an_invisible_only_text_or_a_bidirectional_override_is_refused(workbench, project, text, message):
    card = workbench.card("iron-matron")
    before = (project / GERMAN_ALIENS).read_text()

    problems = workbench.check("iron-matron", PUNISH, text)
    assert {problem.code for problem in problems} & {"blank-text", "control-character"}
    with pytest.raises(WorkbenchRefused, match=message):
        workbench.save("iron-matron", PUNISH, text, card.version, field(card, PUNISH).text, confirm=False)
    assert (project / GERMAN_ALIENS).read_text() == before


def test_a_change_on_disk_to_the_same_field_is_a_conflict_with_both_versions(workbench, project):
    card = workbench.card("iron-matron")
    base = field(card, PUNISH).text
    file = project / GERMAN_ALIENS
    file.write_text(file.read_text().replace("Partie.", "Partie sofort."))
    on_disk = file.read_text()

    with pytest.raises(Conflict) as raised:
        workbench.save("iron-matron", PUNISH, "Meine Fassung.", card.version, base, confirm=False)

    assert raised.value.mine == "Meine Fassung."
    assert raised.value.theirs.endswith("gewinnst du die Partie sofort.")
    assert raised.value.version == workbench.version(GERMAN_ALIENS)
    assert file.read_text() == on_disk


def test_a_change_on_disk_to_another_field_of_the_file_is_kept(workbench, project):
    card = workbench.card("iron-matron")
    base = field(card, PUNISH).text
    file = project / GERMAN_ALIENS
    file.write_text(file.read_text().replace("Machtwort sprechen", "Ein Machtwort"))

    workbench.save("iron-matron", PUNISH, base + " Sofort.", card.version, base, confirm=False)

    text = file.read_text()
    assert "Ein Machtwort" in text and "Partie. Sofort." in text


def test_unknown_cards_and_fields_are_refused(shared_workbench):
    with pytest.raises(WorkbenchRefused, match="no card 'nobody'"):
        shared_workbench.card("nobody")
    with pytest.raises(WorkbenchRefused, match="'iron-matron' has no translatable text 'powers.x.text'"):
        shared_workbench.check("iron-matron", "powers.x.text", "x")


def test_english_cannot_be_worked_on(tmp_path):
    with pytest.raises(WorkbenchRefused, match=r"English is the source language: its texts are not translations"):
        Workbench(PROJECT, "en", tmp_path / CACHE_FOLDER)


def test_a_stale_field_shows_the_english_it_was_translated_from(project):
    git = ["git", "-C", str(project), "-c", "user.name=t", "-c", "user.email=t@example.org"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-qm", "start"], check=True)
    english = project / "locales/en/duel/fate/event.yaml"
    english.write_text(english.read_text().replace("choose a planet", "pick a planet"))
    subprocess.run([*git, "commit", "-qam", "reworded"], check=True)

    card = Workbench(project, "de", project / "build" / CACHE_FOLDER).card("sweet-revenge")

    text = field(card, "text")
    assert text.state == "stale"
    assert text.earlier_english.startswith("Use the planet bar to choose a planet, then")
    assert [part for part in text.diff if part.change != "same"] == [
        DiffPart("removed", "choose"), DiffPart("added", "pick")]


def test_word_diff_marks_removed_and_added_words():
    assert word_diff("draw 2 cards", "draw 3 cards now") == [
        DiffPart("same", "draw "), DiffPart("removed", "2"), DiffPart("added", "3"),
        DiffPart("same", " cards"), DiffPart("added", " now")]
