"""A declared game is built once per declaration text: the workbench assembles the database
for every draft, and the same declaration must give the same game, a changed one a new game."""

from dataclasses import replace
from pathlib import Path

from cardkit.model.database import _declared_game
from cardkit.source.yamlfile import load_yaml

DECLARATION = Path(__file__).resolve().parents[2] / "cards" / "vanguard" / "game.yaml"


def test_the_same_declaration_text_gives_the_same_game():
    document = load_yaml(DECLARATION, round_trip=False)
    assert document.text is not None
    first, problems = _declared_game("vanguard", document)
    assert first is not None and problems == []
    again, _ = _declared_game("vanguard", load_yaml(DECLARATION, round_trip=False))
    assert again is first


def test_a_changed_declaration_text_is_declared_again():
    document = load_yaml(DECLARATION, round_trip=False)
    first, _ = _declared_game("vanguard", document)
    changed, problems = _declared_game("vanguard", replace(document, text=document.text + "\n# edited\n"))
    assert problems == [] and changed is not None
    assert changed is not first


def test_the_same_text_in_another_file_is_declared_again():
    """What checking a declaration finds names its file: a copy elsewhere is checked anew."""
    document = load_yaml(DECLARATION, round_trip=False)
    first, _ = _declared_game("vanguard", document)
    elsewhere, problems = _declared_game("vanguard", replace(document, path=Path("elsewhere/game.yaml")))
    assert problems == [] and elsewhere is not None
    assert elsewhere is not first
