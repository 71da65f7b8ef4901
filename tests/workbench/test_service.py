"""The workbench's service without HTTP: states, a card's fields, checking a draft, saving,
confirming, conflicts."""

from __future__ import annotations

import difflib
import gc
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from cardkit.checks.runner import validate
from cardkit.model.texts import fingerprint
from cardkit.render.folders import CACHE_FOLDER
from cardkit.workbench.history import DiffPart, word_diff
from cardkit.workbench import service as service_module
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


def test_white_space_at_the_ends_is_taken_off_on_save_with_a_note(workbench, project):
    card = workbench.card("iron-matron")
    old = field(card, PUNISH).text

    saved = workbench.save("iron-matron", PUNISH, f" {old} Sofort.\n", card.version, old, confirm=False)

    assert [str(note) for note in saved.notes] == [
        f"iron-matron.{PUNISH}: white space taken off the ends of {f' {old} Sofort.' + chr(10)!r}"]
    assert field(saved.card, PUNISH).text == f"{old} Sofort."
    assert "gewinnst du die Partie. Sofort.\n" in (project / GERMAN_ALIENS).read_text()


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


def test_the_first_text_of_a_card_creates_its_language_file(project):
    german = project / "locales/de/classic/aliens.yaml"
    german.unlink()
    workbench = Workbench(project, "de", project / "build" / CACHE_FOLDER)
    card = workbench.card("amoeba")
    assert (card.file, card.version, field(card, "name").state) == (
        "locales/de/classic/aliens.yaml", "", "missing")

    problems = workbench.check("amoeba", "name", "Amöbe ")
    assert [(p.code, p.position.path, p.field) for p in problems if p.code == "whitespace"] == [
        ("whitespace", Path("locales/de/classic/aliens.yaml"), "name")]

    english = field(card, "name").english
    saved = workbench.save("amoeba", "name", "Amöbe", card.version, None, confirm=True)

    assert german.read_text() == (
        "# de texts of the aliens of classic, begun in the translation workbench.\n\n"
        f"amoeba:\n  name: Amöbe\n  provisional: [name]\n  translated_from:\n"
        f"    name: {fingerprint(english)}\n")
    assert field(saved.card, "name").state == "translated" and saved.card.version
    report = validate(project)
    assert not report.errors
    assert not [p for p in report.problems if p.position.path == german.relative_to(project)]
    # the running interpreter's cardkit: the lock's in .venv, the newest releases' in --latest
    assert subprocess.run([str(Path(sys.executable).with_name("cardkit")), "fmt", "--check", str(project)],
                          cwd=PROJECT, capture_output=True).returncode == 0


HAND_FORMATTED = """\
# Hand-formatted: flow mappings, odd indentation, quoting and comments, none of it canonical.
swarm: {name: "Schwarm", translated_from: {name: 8c13f73b}}

iron-matron:
   name:   'Eiserne Matrone'     # a comment after the name
   powers:
       punish: {name: Bestrafen,
                text: "Wann immer dein Gegner genau 1 Handkarte hat, muss er sie zeigen."}
       lay-down-the-law:
           name: Machtwort sprechen
           text: >-
             Nachdem die Pläne aufgedeckt worden sind, darfst du jede
             aufgedeckte 20 als 42 oder als -42 zählen.
   translated_from: {name: 5c01c327, powers.punish.name: f1fc8ace}
"""


def test_a_save_in_a_hand_formatted_file_changes_only_its_field_line(project):
    german = project / GERMAN_ALIENS
    german.write_text(HAND_FORMATTED)
    workbench = Workbench(project, "de", project / "build" / CACHE_FOLDER)
    card = workbench.card("iron-matron")

    workbench.save("iron-matron", "name", "Eisenmatrone", card.version, "Eiserne Matrone",
                   confirm=False)
    workbench.save("iron-matron", "powers.lay-down-the-law.text", "Nach dem Aufdecken zählt "
                   "jede 20 als 42 oder -42.", workbench.card("iron-matron").version,
                   field(card, "powers.lay-down-the-law.text").text, confirm=False)

    # only the lines of the two fields, of their mark of our wording (they cite nothing in
    # German), and of the fingerprints an unconfirmed save removes
    assert diff_lines(HAND_FORMATTED, german.read_text()) == [
        "-   name:   'Eiserne Matrone'     # a comment after the name",
        "+   name: 'Eisenmatrone'     # a comment after the name",
        "-             Nachdem die Pläne aufgedeckt worden sind, darfst du jede",
        "-             aufgedeckte 20 als 42 oder als -42 zählen.",
        "-   translated_from: {name: 5c01c327, powers.punish.name: f1fc8ace}",
        "+             Nach dem Aufdecken zählt jede 20 als 42 oder -42.",
        "+   provisional: [name, powers.lay-down-the-law.text]",
        "+   translated_from:",
        "+     powers.punish.name: f1fc8ace",
    ]


def test_after_a_save_the_workbench_knows_what_reading_the_files_anew_gives(workbench, project):
    card = workbench.card("iron-matron")
    text = field(card, PUNISH).text

    saved = workbench.save("iron-matron", PUNISH, text + " Sofort.", card.version, text, confirm=False)

    fresh = Workbench(project, "de", project / "build" / CACHE_FOLDER).card("iron-matron")
    # (fit budgets are measured once per card and kept: the edited text's differs by its words)
    unbudgeted = lambda view: replace(view, fields=[replace(f, budget=None) for f in view.fields])  # noqa: E731
    assert unbudgeted(saved.card) == unbudgeted(fresh)
    assert workbench.reload({project / GERMAN_ALIENS}) == set()  # the watcher's echo of the save


def test_a_reload_of_a_changed_text_refits_that_card_alone_and_faces_as_a_fresh_start(workbench, project):
    german = project / GERMAN_ALIENS
    german.write_text(german.read_text(encoding="utf-8").replace(
        "name: Eiserne Matrone", "name: Eiserne Mutter", 1), encoding="utf-8")

    assert workbench.reload({german}) == {"iron-matron"}

    card = workbench.card("iron-matron")
    assert "Eiserne Mutter" in card.face
    fresh = Workbench(project, "de", project / "build" / CACHE_FOLDER)
    assert workbench._fits == fresh._fits


def test_a_loaded_project_is_frozen_out_of_the_collector_and_earlier_loads_cycles_collected(
        workbench, monkeypatch):
    assert workbench.loads == 1 and workbench.collecting is None and gc.get_freeze_count() > 0
    monkeypatch.setattr(service_module, "LOADS_PER_COLLECTION", 2)

    workbench.reload()
    frozen_with_what_the_first_load_left = gc.get_freeze_count()
    workbench.collecting.join()

    assert gc.get_freeze_count() < frozen_with_what_the_first_load_left


def test_validate_says_why_only_of_a_file_it_reports(project):
    german = project / GERMAN_ALIENS
    german.write_text(german.read_text().replace("iron-matron:\n", "iron-matron:\n\t", 1))
    workbench = Workbench(project, "de", project / "build" / CACHE_FOLDER)

    with pytest.raises(WorkbenchRefused, match="does not load, so the text cannot be checked; "
                                               "`cardkit validate` says why"):
        workbench.check("iron-matron", PUNISH, "Ein Text.")
    assert [problem for problem in validate(project).errors
            if problem.position.path == GERMAN_ALIENS]


def test_a_picture_too_coarse_to_print_is_shown_with_its_card(project):
    from PIL import Image

    (project / "art/duel").mkdir(parents=True)
    Image.new("RGB", (272, 370), (200, 40, 40)).save(project / "art/duel/coarse.png")
    aliens = project / "cards/duel/aliens.yaml"
    aliens.write_text(aliens.read_text().replace(
        "\niron-matron:\n", "\niron-matron:\n  art:\n    file: coarse.png\n    credit: Mine, CC0\n", 1))

    card = Workbench(project, "de", project / "build" / CACHE_FOLDER).card("iron-matron")

    resolution = [problem for problem in card.problems if problem.code == "art-resolution"]
    assert [problem.message for problem in resolution] == [
        "iron-matron: art/duel/coarse.png is 272 x 370 px and would print at 100 dpi in its "
        "69 x 94 mm frame; at least 150 dpi are needed (300 for a sharp print)"]


def test_a_file_that_stops_reading_is_kept_as_it_last_read_and_refuses_saves(workbench):
    """A half-saved file or a merge conflict is not lost work: its cards keep their texts,
    the file is named with the parser's words, and saving into it waits until it reads."""
    german = workbench.root / GERMAN_ALIENS
    good = german.read_text(encoding="utf-8")
    german.write_text(good + "<<<<<<< HEAD\nbroken: [\n", encoding="utf-8")

    changed = workbench.reload({german})

    assert changed == set()
    problem = workbench.broken[GERMAN_ALIENS]
    assert (problem.code, problem.position.path) == ("yaml-syntax", GERMAN_ALIENS)
    assert problem.position.line == good.count("\n") + 2
    card = workbench.card("iron-matron")
    assert card.state == "translated" and field(card, "name").text == "Eiserne Matrone"
    with pytest.raises(WorkbenchRefused) as refused:
        workbench.save("iron-matron", "name", "Eiserne Mutter", card.version, "Eiserne Matrone", False)
    assert str(refused.value) == (
        f"not saved: {GERMAN_ALIENS.as_posix()} does not read since it changed on disk "
        f"(line {problem.position.line}: {problem.message}); your draft is kept: save again "
        "once the file reads")
    assert german.read_text(encoding="utf-8").endswith("broken: [\n")

    german.write_text(good, encoding="utf-8")
    workbench.reload({german})

    assert workbench.broken == {}
    saved = workbench.save("iron-matron", "name", "Eiserne Mutter", workbench.card("iron-matron").version,
                           "Eiserne Matrone", False)
    assert field(saved.card, "name").text == "Eiserne Mutter"


def test_a_field_shows_the_closest_translations_of_other_texts(shared_workbench):
    """The translation memory: "Improve your relations with 1 Envoy." brings the translation
    of "You may improve your relations with 1 Envoy.", with its score and card."""
    card = shared_workbench.card("supply-run")

    [best, *_] = field(card, "resources.unlabelled-1").suggestions

    assert (best.card_id, best.path) == ("prize-illustration", "prizes.winner.text")
    assert best.english == "You may improve your relations with 1 Envoy."
    assert best.translation == field(shared_workbench.card("prize-illustration"), "prizes.winner.text").text
    assert 70 <= best.score < 100
