"""The glossary as TBX, the termbase exchange format CAT tools and Weblate import.

TBX-Basic in its 2008 form (ISO 30042, root `<martif>`), which translate-toolkit and so
Weblate read: one `<termEntry>` per glossary term, holding an English and a target
`<langSet>`. Each form is a `<tig>` whose administrative status says how to use it: the
approved term is preferred, its further forms are admitted. A definition is a
`<descrip type="definition">` of its language, and a reading (where a term of our own
wording comes from) a `<note>`. A German separable verb keeps its gap as written in the
glossary (`sendet ... aus`).

Forbidden variants stand in an entry of their own, `<term id>.forbidden` (glossary ids
hold no dot), whose target terms are deprecated: translate-toolkit before 3.20 reads a
whole entry holding a deprecated term as obsolete, and Weblate skips obsolete entries, so
a deprecated term beside the approved one would drop the approved one too. The approved
term also names them in a `<termNote type="usageNote">`, which Weblate shows with the term.
"""

from __future__ import annotations

from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

from cardkit.model.database import Database
from cardkit.model.games import games_title
from cardkit.model.glossary import GlossaryTerm
from cardkit.source.layout import SOURCE_LANGUAGE, translatable_language

PREFERRED = "preferredTerm-admn-sts"
ADMITTED = "admittedTerm-admn-sts"
DEPRECATED = "deprecatedTerm-admn-sts"
FORBIDDEN_SUFFIX = ".forbidden"


@dataclass(frozen=True)
class _Term:
    text: str
    status: str
    usage: str | None = None  # a usage note: the forbidden variants of an approved term


def write_tbx(database: Database, language: str) -> str:
    """The English glossary and `language`'s, term by term; a term the language's
    glossary lacks has only its English side."""
    translatable_language(language, database.languages)
    english = database.glossaries.get(SOURCE_LANGUAGE, {})
    translated = database.glossaries.get(language, {})
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             f'<martif type="TBX-Basic" xml:lang="{SOURCE_LANGUAGE}">',
             "  <martifHeader>",
             "    <fileDesc>",
             f"      <sourceDesc><p>{escape(games_title(database.games))} glossary, English and "
             f"{escape(language)}, "
             "exported by cardkit</p></sourceDesc>",
             "    </fileDesc>",
             "  </martifHeader>",
             "  <text>",
             "    <body>"]
    for term_id, term in english.items():
        target = translated.get(term_id)
        sides = {SOURCE_LANGUAGE: term} | ({language: target} if target else {})
        lines += _entry(term_id, term, {lang: _described(side) + _approved(side, usage=True)
                                        for lang, side in sides.items()})
        if any(side.forbidden for side in sides.values()):
            forbidden = {lang: [_Term(form, DEPRECATED) for form in side.forbidden]
                         for lang, side in sides.items()}
            # The English approved forms, so a tool finds the entry by the English text.
            forbidden[SOURCE_LANGUAGE] = _approved(term, usage=False) + forbidden[SOURCE_LANGUAGE]
            lines += _entry(term_id + FORBIDDEN_SUFFIX, term,
                            {lang: terms for lang, terms in forbidden.items() if terms})
    lines += ["    </body>", "  </text>", "</martif>"]
    return "\n".join(lines) + "\n"


def _entry(entry_id: str, english: GlossaryTerm, lang_sets: dict[str, list[str | _Term]]) -> list[str]:
    lines = [f"      <termEntry id={quoteattr(entry_id)}>"]
    # The games the term belongs to (none: every game).
    lines += [f'        <descrip type="subjectField">{escape(game)}</descrip>' for game in english.games]
    for language, content in lang_sets.items():
        lines.append(f"        <langSet xml:lang={quoteattr(language)}>")
        for item in content:
            lines += [f"          {item}"] if isinstance(item, str) else _tig(item)
        lines.append("        </langSet>")
    lines.append("      </termEntry>")
    return lines


def _described(term: GlossaryTerm) -> list[str | _Term]:
    """A language's definition and reading, as XML lines."""
    lines: list[str | _Term] = []
    if term.definition:
        lines.append(f'<descrip type="definition">{escape(term.definition)}</descrip>')
    if term.reading:
        lines.append(f"<note>{escape(term.reading)}</note>")
    return lines


def _approved(term: GlossaryTerm, usage: bool) -> list[str | _Term]:
    """The approved term and its further forms; with `usage`, the approved term's usage
    note names the forbidden variants."""
    avoid = f"forbidden variants: {', '.join(term.forbidden)}" if usage and term.forbidden else None
    return [_Term(term.term, PREFERRED, avoid)] + [_Term(form, ADMITTED) for form in term.forms]


def _tig(term: _Term) -> list[str]:
    indent = "          "
    lines = [f"{indent}<tig>",
             f"{indent}  <term>{escape(term.text)}</term>",
             f'{indent}  <termNote type="administrativeStatus">{term.status}</termNote>']
    if term.usage:
        lines.append(f'{indent}  <termNote type="usageNote">{escape(term.usage)}</termNote>')
    return lines + [f"{indent}</tig>"]
