"""How Babel extracts the templates' strings into templates/cardkit.pot (templates/babel.cfg):
Jinja's own extraction, with each string given the translator comment of its group.

A comment `{# Translators: ... #}` (the tag given to `pybabel extract --add-comments`) says
where the strings after it print and how much room they have; it holds for every string
below it up to the next such comment, so a row of labels or a reference card's steps share
one. (Jinja's own extraction gives a comment to the one string after it only, and to none
of several on one line.) The comment becomes the string's `#.` line in the catalogue; a
string used in several places gets the comment of each.
"""

from __future__ import annotations

import re
from io import BytesIO

from jinja2.ext import babel_extract


def extract_templates(fileobj, keywords, comment_tags, options):
    """A Babel extraction method: (line, function, message, comments) per string."""
    source = fileobj.read()
    text = source.decode(options.get("encoding", "utf-8"))
    tagged = re.compile(r"\{#-?\s*((?:" + "|".join(map(re.escape, comment_tags)) + r").*?)\s*-?#\}", re.S)
    groups = ([(text.count("\n", 0, match.end()) + 1, " ".join(match.group(1).split()))
               for match in tagged.finditer(text)] if comment_tags else [])
    for lineno, function, message, _ in babel_extract(BytesIO(source), keywords, [], options):
        above = [comment for line, comment in groups if line <= lineno]
        yield lineno, function, message, above[-1:]
