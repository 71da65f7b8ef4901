"""The one text writer: an edit changes only the lines of its field, in a file formatted by
hand as in a canonical one; on the shipped files, editing the lines gives the bytes that
editing the round-trip data gives; a file that does not exist yet is created."""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from cardkit.i18n.writer import PhraseForm, PhraseWords, Translation, _apply, _Data, edited_text
from cardkit.model.texts import ENTRY_TAIL, fingerprint
from cardkit.source.yamlfile import Document, dump_text, load_text, parse_text
from tests.conftest import PROJECT_ROOT, SHIPPED_TRANSLATIONS

FILE = Path("locales/es/duel/aliens.yaml")

HAND_FORMATTED = '''\
# Written by hand: four spaces, a flow mapping, a long line, comments.
iron-matron:
    name:   "Matrona de hierro"      # as printed
    powers:
        punish:
            name: Castigo
            text: >-
                Siempre que tu adversario tenga exactamente 1 carta, debe enseñártela; una línea que pasa de los cien caracteres.
    translated_from: {name: 5c01c327, powers.punish.name: f1fc8ace}

pickle:
    name: Encurtido
    translated_from:
        name: f85d4cb7
'''


def changed_lines(before: str, after: str) -> list[str]:
    return [line for line in difflib.unified_diff(before.splitlines(), after.splitlines(),
                                                   lineterm="", n=0)
            if line[:1] in "+-" and not line.startswith(("+++", "---"))]


@pytest.mark.parametrize(("edit", "changes"), [
    (Translation("pickle", "name", text="Pepinillo"),
     ["-    name: Encurtido", "+    name: Pepinillo"]),
    (Translation("iron-matron", "powers.punish.name", text="Castigo duro"),
     ["-            name: Castigo", "+            name: Castigo duro"]),
    (Translation("iron-matron", "name", text="Matrona"),
     ['-    name:   "Matrona de hierro"      # as printed',
      '+    name: "Matrona"      # as printed']),
    (Translation("pickle", "name", confirmed=False),
     ["-    translated_from:", "-        name: f85d4cb7"]),
    (Translation("iron-matron", "powers.punish.text", text="Nuevo texto."),
     ["-                Siempre que tu adversario tenga exactamente 1 carta, debe enseñártela; "
      "una línea que pasa de los cien caracteres.",
      "+              Nuevo texto."]),
    (Translation("iron-matron", "powers.punish.name", confirmed=True, english="Punish"),
     ["-    translated_from: {name: 5c01c327, powers.punish.name: f1fc8ace}",
      "+    translated_from:", "+      name: 5c01c327",
      f"+      powers.punish.name: {fingerprint('Punish')}"]),
])
def test_an_edit_changes_only_the_lines_of_its_field(edit, changes):
    assert changed_lines(HAND_FORMATTED, edited_text(HAND_FORMATTED, FILE, [edit])) == changes


def test_a_new_entry_and_a_new_file():
    edit = Translation("wild", "name", text="El comodín", confirmed=True, english="The Wild One")
    entry = f"wild:\n  name: El comodín\n  translated_from:\n    name: {fingerprint('The Wild One')}\n"

    assert edited_text(HAND_FORMATTED, FILE, [edit]) == HAND_FORMATTED + "\n" + entry
    assert edited_text(None, FILE, [edit]) == entry
    assert edited_text(None, Path("locales/es/phrasebook.yaml"),
                       [PhraseForm(("effects", "draw_cards", "required", "other"), "Roba {count}.")]) \
        == "effects:\n  draw_cards:\n    required:\n      other: Roba {count}.\n"


BY_TEXTS = '''\
matron:
  name: Matrona
  powers:
    punish:
      name: Castigo
  translated_from:
    name: 11111111
    powers.punish.name: 22222222
  notes:
    powers.punish.name: Corto.
'''


def test_fingerprints_and_notes_keep_the_order_of_the_texts_whatever_the_history():
    confirmed = Translation("matron", "name", confirmed=True, english="Matron")
    unconfirmed = Translation("matron", "name", confirmed=False)
    in_one_edit = edited_text(BY_TEXTS, FILE, [confirmed])

    assert edited_text(edited_text(BY_TEXTS, FILE, [unconfirmed]), FILE, [confirmed]) == in_one_edit
    assert in_one_edit == BY_TEXTS.replace("11111111", fingerprint("Matron"))
    noted = edited_text(BY_TEXTS, FILE, [Translation("matron", "name", note="Título.")])
    assert noted.endswith("  notes:\n    name: Título.\n    powers.punish.name: Corto.\n")


def test_a_text_of_ours_is_listed_provisional_in_the_order_of_the_texts():
    ours = Translation("matron", "powers.punish.name", text="Castigar", ours=True)
    marked = edited_text(BY_TEXTS, FILE, [ours])

    assert marked == BY_TEXTS.replace("      name: Castigo\n  translated_from:",
                                      "      name: Castigar\n  provisional: [powers.punish.name]\n"
                                      "  translated_from:")
    # the name marked after the power's name goes before it, as the texts stand
    named = edited_text(marked, FILE, [Translation("matron", "name", text="La Matrona", ours=True)])
    assert "  provisional: [name, powers.punish.name]\n" in named
    # marked already: the list stays as it is
    assert edited_text(named, FILE, [Translation("matron", "name", text="Matrona", ours=True)]) \
        == named.replace("  name: La Matrona\n", "  name: Matrona\n")
    assert round_trip(BY_TEXTS, [ours]) == marked
    assert edited_text(None, FILE, [Translation("wild", "name", text="El comodín", ours=True)]) \
        == "wild:\n  name: El comodín\n  provisional: [name]\n"


def test_phrasebook_words_are_written_on_one_line():
    assert edited_text(None, Path("locales/pl/phrasebook.yaml"),
                       [PhraseWords(("optional", "words"), ("możesz", "może"))]) \
        == "optional:\n  words: [możesz, może]\n"


@pytest.mark.parametrize("text", [
    "pickle:\n  ? name\n  : Encurtido\n",  # a key that does not start its line
    "pickle:\n  name: |+\n    Encurtido\n\n",  # a text that keeps its trailing blank line
])
def test_what_the_lines_cannot_edit_is_written_as_fmt_writes_it(text):
    edited = edited_text(text, FILE, [Translation("pickle", "name", text="Pepinillo")])

    assert load_text(edited, FILE).data == {"pickle": {"name": "Pepinillo"}}
    assert dump_text(parse_text(edited, Document(FILE, text=edited)).data) == edited


def round_trip(text: str, edits: list) -> str:
    data = parse_text(text, Document(FILE, text=text)).data
    _apply(_Data(data, round_trip=True), edits)
    return dump_text(data)


def edits_of(text: str) -> list[list]:
    """For each text of each entry, one of: a new text, a new one with a line break and
    quotes, confirmed; the fingerprint removed, or another recorded; a note (taken in turn,
    so every kind of edit meets texts of every shape in the file). For each entry: a
    top-level text and a power's text it lacks; one entry the file lacks.

    In batches of one edit per entry: each batch is one edit of the file, as an import
    makes, and one whole-file round trip (the slow part) checks all its edits, which change
    the lines of different entries."""
    data = load_text(text, FILE).data
    found: list[list] = []

    def texts(node, prefix=""):
        for key, value in node.items():
            if prefix or key not in ENTRY_TAIL:
                if isinstance(value, dict):
                    yield from texts(value, f"{prefix}{key}.")
                elif isinstance(value, str):
                    yield prefix + key, value

    kinds = [lambda card_id, path, value: Translation(card_id, path, text=value + " neu"),
             lambda card_id, path, value: Translation(card_id, path, text=value + "\nzweite: 'Zeile'",
                                                      confirmed=True, english="E"),
             lambda card_id, path, value: Translation(card_id, path, confirmed=False),
             lambda card_id, path, value: Translation(card_id, path, confirmed=True, english="Other"),
             lambda card_id, path, value: Translation(card_id, path, note="Eine Notiz: wichtig")]
    turn = 0
    by_entry = [[Translation("brand-new", "name", text="Neu", confirmed=True, english="New")]]
    for card_id, entry in data.items():
        edits = []
        for path, value in texts(entry):
            edits.append(kinds[turn % len(kinds)](card_id, path, value))
            turn += 1
        by_entry.append(edits + [
            Translation(card_id, "text", text="Ganz neu.", confirmed=True, english="New."),
            Translation(card_id, "powers.extra.text", text="Neu", confirmed=True, english="New")])
    return [[edits[index] for edits in by_entry if index < len(edits)]
            for index in range(max(map(len, by_entry)))]


SHIPPED = sorted(str(path.relative_to(PROJECT_ROOT)) for path in (PROJECT_ROOT / "locales").glob("*/*/**/*.yaml"))


@pytest.mark.slow
@pytest.mark.parametrize("relative", SHIPPED)
def test_on_the_shipped_files_the_lines_give_the_round_trip_bytes(relative):
    text = (PROJECT_ROOT / relative).read_text(encoding="utf-8")
    batches = edits_of(text)
    assert sum(map(len, batches)) >= 5  # the smallest shipped file, one entry, gives 5 edits
    for edits in batches:
        assert edited_text(text, FILE, edits) == round_trip(text, edits), edits


def _phrasebook_edits(text: str) -> list[list[PhraseForm]]:
    """An edit of each form of each phrase, a new form for each phrase, and marker words."""
    found = []
    for effect, phrases in load_text(text, FILE).data["effects"].items():
        for variant, forms in phrases.items():
            found += [[PhraseForm(("effects", effect, variant, category), f"{form} x")]
                      for category, form in forms.items()]
            found.append([PhraseForm(("effects", effect, variant, "few"), "neu {count}")])
    for keys in [("optional", "words"), ("optional", "unless_preceded_by"),
                 ("timing", "before", "words"), ("timing", "when", "words")]:
        found.append([PhraseWords(keys, ("neu", "zwei Wörter"))])
    return found


@pytest.mark.slow
def test_the_shipped_phrasebooks_too():
    assert len(SHIPPED_TRANSLATIONS) >= 2
    for language in SHIPPED_TRANSLATIONS:
        text = (PROJECT_ROOT / "locales" / language / "phrasebook.yaml").read_text(encoding="utf-8")
        cases = _phrasebook_edits(text)
        assert len(cases) >= 30, language
        for edits in cases:
            assert edited_text(text, FILE, edits) == round_trip(text, edits), edits
