"""Which characters a text may hold, and which texts show nothing: one definition for every
reader of texts (the YAML loader, the models, the exchange import, the template catalogues).

Refused in a text, as control characters (other than newline and tab) are:
- bidirectional controls (U+202A-U+202E embeddings and overrides, U+2066-U+2069 isolates),
  which make a text display in another order than it is written;
- the line and paragraph separators U+2028 and U+2029, which some readers take as line
  breaks and others do not;
- non-characters (U+FDD0-U+FDEF and the last two code points of every plane, U+FFFE,
  U+FFFF ... U+10FFFF), which Unicode keeps for programs' own use, never for text;
- the byte-order mark U+FEFF, which may only open a file;
- surrogates (U+D800-U+DFFF), halves of a UTF-16 pair that only an escape can produce.

A text is blank when it holds nothing but whitespace and characters that show nothing:
Unicode's default-ignorable code points, such as the zero-width space U+200B, the joiners
and the soft hyphen.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

from cardkit.messages import Message

# Control characters other than tab and newline (C0, DEL, C1).
CONTROL_CHARACTERS = "\x00-\x08\x0b-\x1f\x7f-\x9f"
BIDIRECTIONAL_CONTROLS = "\u202a-\u202e\u2066-\u2069"
SEPARATORS = "\u2028\u2029"
NON_CHARACTERS = "\ufdd0-\ufdef\ufffe\uffff"  # those of the first plane
BYTE_ORDER_MARK = "\ufeff"
SURROGATES = "\ud800-\udfff"
# The unsafe characters of the first plane (Basic Multilingual Plane).
UNSAFE_CHARACTERS = BIDIRECTIONAL_CONTROLS + SEPARATORS + NON_CHARACTERS + BYTE_ORDER_MARK + SURROGATES
# The non-characters of the other planes. A character class holding them makes every search
# several times slower, so they are searched for apart, only in a text beyond the first plane.
_ASTRAL_NON_CHARACTERS = "".join(chr(plane * 0x10000 + 0xFFFE) + chr(plane * 0x10000 + 0xFFFF)
                                 for plane in range(1, 17))
_ASTRAL_NON_CHARACTER = re.compile(f"[{_ASTRAL_NON_CHARACTERS}]")
_ASTRAL = re.compile("[\U00010000-\U0010ffff]")

# What a text may not hold (with the astral non-characters, see `forbidden_characters`):
# a control character or a character that changes how it reads.
FORBIDDEN_IN_TEXT = re.compile(f"[{CONTROL_CHARACTERS}{UNSAFE_CHARACTERS}]")
# Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt), which show nothing.
_IGNORABLE = ("\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e"
              "\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8\U0001bca0-\U0001bca3"
              "\U0001d173-\U0001d17a\U000e0000-\U000e0fff")
_SHOWS_NOTHING = re.compile(f"[\\s{_IGNORABLE}]*")
_INVISIBLE = re.compile(f"[{_IGNORABLE}]")

_KINDS = [
    (re.compile(f"[{BIDIRECTIONAL_CONTROLS}]"), Message("bidirectional control"),
     Message("it makes the text display in another order than it is written")),
    (re.compile(f"[{SEPARATORS}]"), Message("line or paragraph separator"),
     Message("only a newline breaks a line")),
    (re.compile(f"[{NON_CHARACTERS}{_ASTRAL_NON_CHARACTERS}]"), Message("non-character"),
     Message("Unicode keeps it out of text")),
    (re.compile(BYTE_ORDER_MARK), Message("byte-order mark"),
     Message("it may only stand at the very start of a file")),
    (re.compile(f"[{SURROGATES}]"), Message("surrogate"),
     Message("it is half of a UTF-16 pair, not a character; write the character itself")),
]


def forbidden_characters(text: str, pattern: re.Pattern = FORBIDDEN_IN_TEXT) -> Iterator[re.Match]:
    """In order, the matches in `text` of `pattern` (a class of first-plane characters, by
    default FORBIDDEN_IN_TEXT) and of the non-characters of the other planes."""
    matches = pattern.finditer(text)
    if _ASTRAL.search(text) is None:
        return matches
    return iter(sorted([*matches, *_ASTRAL_NON_CHARACTER.finditer(text)], key=re.Match.start))


def first_forbidden(text: str) -> re.Match | None:
    """The first character a text may not hold, or None."""
    found = FORBIDDEN_IN_TEXT.search(text)
    if _ASTRAL.search(text) is None:
        return found
    astral = _ASTRAL_NON_CHARACTER.search(text)
    return min((match for match in (found, astral) if match), key=re.Match.start, default=None)


def is_control(character: str) -> bool:
    return re.fullmatch(f"[{CONTROL_CHARACTERS}]", character) is not None


def character_name(character: str) -> str:
    """`U+202E (RIGHT-TO-LEFT OVERRIDE)`, or `U+FFFF` for a character without a name."""
    name = unicodedata.name(character, "")
    return f"U+{ord(character):04X}" + (f" ({name})" if name else "")


def character_message(character: str) -> Message:
    """Why a text may not hold `character` (one `first_forbidden` finds), as the YAML loader
    and the models say it."""
    if is_control(character):
        return Message("control character U+{code} in the text; only newline and tab may appear",
                       code=f"{ord(character):04X}")
    kind, why = _unsafe_kind(character)
    return Message("{kind} {character} in the text; {why}", kind=kind,
                   character=character_name(character), why=why)


def unsafe_description(character: str, where: Message | str = "") -> Message:
    """`the bidirectional control U+202E (RIGHT-TO-LEFT OVERRIDE)<where>; it makes ...`,
    for a character that is forbidden and not a control character."""
    kind, why = _unsafe_kind(character)
    return Message("the {kind} {character}{where}; {why}", kind=kind,
                   character=character_name(character), where=where, why=why)


def _unsafe_kind(character: str) -> tuple[Message, Message]:
    return next((kind, why) for pattern, kind, why in _KINDS if pattern.fullmatch(character))


def blank_description(text: str) -> Message | None:
    """What a blank text holds, to complete "a text of only ...": `whitespace`, or
    `invisible characters such as U+200B (ZERO WIDTH SPACE)`; None for an empty text or one
    that shows something."""
    if not text or _SHOWS_NOTHING.fullmatch(text) is None:
        return None
    invisible = _INVISIBLE.search(text)
    if invisible is None:
        return Message("whitespace")
    return Message("invisible characters such as {character}",
                   character=character_name(invisible.group()))


# The characters that make a spreadsheet program read a cell as a formula when a cell
# starts with one (OWASP, "CSV Injection"): a text starting so is warned of (`formula-start`)
# and written to a CSV file neutralised (`intake/grid.py`).
FORMULA_CHARACTERS = "=+-@\t\r"
