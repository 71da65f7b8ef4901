"""The glossary as TBX, the termbase exchange format CAT tools and Weblate import.

TBX-Basic in its 2008 form (ISO 30042, root `<martif>`), which translate-toolkit and so
Weblate read: one `<termEntry>` per glossary term, holding an English and a target
`<langSet>`. Each form is a `<tig>` whose administrative status says how to use it: the
approved term is preferred, its further forms are admitted, forbidden variants are
deprecated. A definition is a `<descrip type="definition">` of its language, and a reading
(where a term of our own wording comes from) a `<note>`. A German separable verb keeps its
gap as written in the glossary (`sendet ... aus`).
"""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from cardkit.model.database import Database
from cardkit.model.games import games_title
from cardkit.model.glossary import GlossaryTerm
from cardkit.source.layout import SOURCE_LANGUAGE, translatable_language

PREFERRED = "preferredTerm-admn-sts"
ADMITTED = "admittedTerm-admn-sts"
DEPRECATED = "deprecatedTerm-admn-sts"


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
        lines.append(f"      <termEntry id={quoteattr(term_id)}>")
        # The games the term belongs to (none: every game).
        lines += [f'        <descrip type="subjectField">{escape(game)}</descrip>' for game in term.games]
        lines += _lang_set(SOURCE_LANGUAGE, term)
        if term_id in translated:
            lines += _lang_set(language, translated[term_id])
        lines.append("      </termEntry>")
    lines += ["    </body>", "  </text>", "</martif>"]
    return "\n".join(lines) + "\n"


def _lang_set(language: str, term: GlossaryTerm) -> list[str]:
    lines = [f"        <langSet xml:lang={quoteattr(language)}>"]
    if term.definition:
        lines.append(f'          <descrip type="definition">{escape(term.definition)}</descrip>')
    if term.reading:
        lines.append(f"          <note>{escape(term.reading)}</note>")
    forms = [(term.term, PREFERRED)] + [(form, ADMITTED) for form in term.forms]
    forms += [(form, DEPRECATED) for form in term.forbidden]
    for form, status in forms:
        lines += ["          <tig>",
                  f"            <term>{escape(form)}</term>",
                  f'            <termNote type="administrativeStatus">{status}</termNote>',
                  "          </tig>"]
    lines.append("        </langSet>")
    return lines
