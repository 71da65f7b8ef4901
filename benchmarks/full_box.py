"""A generated database the size of the whole box, for the build benchmarks.

    .venv/bin/python benchmarks/full_box.py OUT [--components 177]

Copies the project's templates and database to OUT, then adds copies of the shipped cards
(new ids, facts and texts in every language copied with them) until OUT holds
`--components` card faces per language, the quick-reference cards included. Copies cycle
through the cards that carry rules text beyond their name, so text lengths are those of
real cards with powers and effects rather than of the many name-only cards. The result is
a benchmark input, not game data: its box counts are raised to what it holds, so that it
validates (a build refuses a database `validate` rejects).
"""

from __future__ import annotations

import argparse
import copy
from gettext import NullTranslations
import shutil
from pathlib import Path

from ruamel.yaml import YAML

from cardkit.faces.environment import make_environment
from cardkit.faces.faces import reference_cards

PROJECT = Path(__file__).resolve().parent.parent
# The kinds box.yaml counts with one number, under their file's name.
FLAT_COUNTS = ("aliens", "discovery", "event", "maintenance", "reinforcements")


def generate(out: Path, components: int) -> Path:
    for folder in ("cards", "locales", "templates"):
        shutil.copytree(PROJECT / folder, out / folder, dirs_exist_ok=True)
    yaml = YAML()
    # The Duel's cards: the game the build prints (the other games' cards stay as shipped).
    card_files = sorted(path for path in (out / "cards" / "duel").rglob("*.yaml")
                        if path.name != "box.yaml")
    facts = {path: yaml.load(path) for path in card_files}
    languages = sorted(path.name for path in (out / "locales").iterdir() if path.is_dir())
    texts = {(language, path): yaml.load(_locale_file(out, language, path))
             for language in languages for path in card_files
             if _locale_file(out, language, path).is_file()}
    shipped = [(path, card_id) for path, cards in facts.items() for card_id in cards]
    english = {card_id: entry for (language, _), entries in texts.items() if language == "en"
               for card_id, entry in (entries or {}).items()}
    with_text = [(path, card_id) for path, card_id in shipped
                 if len(_text_of(english.get(card_id, {}))) > len(english.get(card_id, {}).get("name", "")) + 40]
    duel_reference_cards = reference_cards(make_environment(out / "templates", NullTranslations()), "duel")
    wanted = components - len(duel_reference_cards) - len(shipped)
    for number in range(wanted):
        path, card_id = with_text[number % len(with_text)]
        new_id = f"{card_id}-copy-{number // len(with_text) + 1}"
        facts[path][new_id] = copy.deepcopy(facts[path][card_id])
        for language in languages:
            entries = texts.get((language, path))
            if entries and card_id in entries:
                entries[new_id] = copy.deepcopy(entries[card_id])
    for path, cards in facts.items():
        yaml.dump(cards, path)
    for (language, path), entries in texts.items():
        yaml.dump(entries, _locale_file(out, language, path))
    _raise_box_counts(out / "cards" / "duel" / "box.yaml", facts, yaml)
    return out


def _raise_box_counts(box_file: Path, facts: dict, yaml: YAML) -> None:
    """The box's count of each kind with a flat count, raised to the cards generated."""
    box = yaml.load(box_file)
    for path, cards in facts.items():
        if path.stem in FLAT_COUNTS and len(cards) > box[path.stem]:
            box[path.stem] = len(cards)
    yaml.dump(box, box_file)


def _locale_file(out: Path, language: str, card_file: Path) -> Path:
    return out / "locales" / language / card_file.relative_to(out / "cards")


def _text_of(entry) -> str:
    if isinstance(entry, dict):
        return " ".join(_text_of(value) for key, value in entry.items() if key != "translated_from")
    return entry if isinstance(entry, str) else ""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--components", type=int, default=177)
    arguments = parser.parse_args()
    generate(arguments.out, arguments.components)
    print(f"{arguments.out}: {arguments.components} card faces per language")


if __name__ == "__main__":
    main()
