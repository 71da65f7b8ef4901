"""The same English text translated two different ways across cards.

Both Duel rulebooks name one prize two ways; a glossary of card names would not catch
that, comparing every translation of one English text does.
"""

from __future__ import annotations

from cardkit.messages import Message
from cardkit.model.database import Database
from cardkit.model.texts import field_location, field_value, translatable_fields
from cardkit.problems import Problem, warning
from cardkit.source.layout import SOURCE_LANGUAGE


def check_consistency(database: Database) -> list[Problem]:
    return [problem for language in database.translations
            for problem in check_consistency_of(database, language)]


def check_consistency_of(database: Database, language: str) -> list[Problem]:
    """The translations in `language` of each English text compared across cards."""
    problems = []
    if language in database.translations:
        first_seen: dict[str, tuple[str, object, str]] = {}
        for card_id, card in database.cards.items():
            source_entry = database.text(SOURCE_LANGUAGE, card_id)
            entry = database.text(language, card_id)
            if source_entry is None or entry is None:
                continue
            origin = database.text_origins[(language, card_id)]
            for path in translatable_fields(card):
                source, translation = field_value(source_entry, path), field_value(entry, path)
                if source is None or translation is None:
                    continue
                key = " ".join(source.split())
                if key not in first_seen:
                    first_seen[key] = (" ".join(translation.split()), origin, path)
                    continue
                earlier, earlier_origin, earlier_path = first_seen[key]
                if " ".join(translation.split()) != earlier:
                    earlier_position = earlier_origin.position(field_location(earlier_path))
                    problems.append(warning(
                        origin.position(field_location(path)), "inconsistent-translation",
                        Message("{field}: {english} is translated {here} here but {earlier} at "
                                "{position}", field=path, english=repr(source),
                                here=repr(translation), earlier=repr(earlier),
                                position=earlier_position), suggestion=earlier, card_id=card_id,
                        related=(earlier_position,), field=path))
    return problems
