"""Gettext PO files: writing a catalogue, and reading one back with the line of each entry.

Each text is one entry: msgctxt is the unit's key, msgid the English text, msgstr the
translation. A stale translation carries the `fuzzy` flag; the translator's note is a
translator comment (`# `); what cardkit tells the translator are extracted comments (`#.`)
and the reference (`#:`) says where the text lives in the YAML. Effect phrases with a
count are plural entries (msgid_plural, msgstr[n]) numbered by the language's
Plural-Forms. An entry whose English text has placeholders carries the
`python-brace-format` flag, so `msgfmt -c` and translators' tools check them too. A card
text with a fit budget carries it as a `max-length:N` flag, an estimate for the tools'
length checks (the fit check decides). The
header records the language and the games the file was exported for (`X-Cardkit-Language`,
`X-Cardkit-Database`), fields gettext tools keep, and has the fields `msgfmt -c` asks for
(PO-Revision-Date, the time of the export; Last-Translator and Language-Team, which the
translator's tool fills in).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from cardkit.i18n.catalogue import (Fault, ImportRefused, IncomingCatalogue, IncomingUnit, OutgoingCatalogue,
                                    OutgoingUnit, recorded_games)
from cardkit.messages import Message
from cardkit.model.games import games_title
from cardkit.model.plurals import (PluralForms, PluralMismatch, accepted_plural_forms,
                                   declared_plural_forms)
from cardkit.placeholders import tokens
from cardkit.problems import Position

_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t", "\r": "\\r", "\a": "\\a",
            "\b": "\\b", "\f": "\\f", "\v": "\\v"}
_UNESCAPES = {"\\": "\\", '"': '"', "n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b",
              "f": "\f", "v": "\v"}
_ESCAPE_SEQUENCE = re.compile(r"\\(?:([0-7]{1,3})|x([0-9a-fA-F]+)|(.))")
_KEYWORD = re.compile(r"(msgctxt|msgid_plural|msgid|msgstr)(?:\[(\d+)\])?(?=\s|\"|$)\s*(.*)$")
_QUOTED = re.compile(r'"((?:[^"\\]|\\.)*)"\s*$')
LANGUAGE_RECORD = "X-Cardkit-Language"
# The Last-Translator of a file no one has edited yet; a PO tool writes the translator's.
EXPORTER = "cardkit i18n export"
DATABASE_RECORD = "X-Cardkit-Database"
BRACE_FORMAT = "python-brace-format"
# Weblate's length check reads it (its `max-length` flag); so do tools that follow Weblate.
MAX_LENGTH = "max-length"
# The longest \x escape read: eight hex digits name any character; more name none.
_MAX_HEX_DIGITS = 8


def write_po(catalogue: OutgoingCatalogue, revised: datetime | None = None) -> str:
    """The catalogue as a PO file; `revised` (by default now, or SOURCE_DATE_EPOCH's time) is
    its PO-Revision-Date."""
    revised = (revised or _export_time()).astimezone(timezone.utc)
    header = [
        "Project-Id-Version: cardkit",
        f"PO-Revision-Date: {revised:%Y-%m-%d %H:%M}+0000",
        f"Last-Translator: {EXPORTER}",
        "Language-Team: none",
        f"Language: {catalogue.language}",
        "MIME-Version: 1.0",
        "Content-Type: text/plain; charset=UTF-8",
        "Content-Transfer-Encoding: 8bit",
        f"Plural-Forms: {catalogue.plural_forms.header}",
        f"{LANGUAGE_RECORD}: {catalogue.language}",
        f"{DATABASE_RECORD}: {catalogue.database}",
    ]
    lines = [f"# {games_title(recorded_games(catalogue.database))} card texts in {catalogue.language}, "
             "exported by cardkit.",
             "# Import with `cardkit i18n import FILE`; see docs/translating.md.",
             'msgid ""']
    lines += _string("msgstr", "".join(f"{field}\n" for field in header), split=True)
    for unit in catalogue.units:
        lines.append("")
        lines += _entry(unit, catalogue.plural_forms)
    return "\n".join(lines) + "\n"


def _export_time() -> datetime:
    """Now, unless SOURCE_DATE_EPOCH (reproducible-builds.org) names the time, so that the
    same database exports to the same bytes; a value that is no whole number is ignored."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "")
    return datetime.fromtimestamp(int(epoch), timezone.utc) if epoch.isdigit() else datetime.now(timezone.utc)


def _entry(unit: OutgoingUnit, forms: PluralForms) -> list[str]:
    lines = []
    if unit.note is not None:
        lines += [f"# {line}" if line else "#" for line in unit.note.split("\n")]
    remarks = unit.remarks
    if unit.plural:
        remarks += ("plural forms: " + ", ".join(map(forms.describe, range(forms.count))),)
    for remark in remarks:
        lines += [f"#. {line}" if line else "#." for line in remark.split("\n")]
    if unit.reference:
        lines.append(f"#: {unit.reference}")
    flags = ["fuzzy"] if unit.needs_review else []
    if any(token.name for source in unit.sources for token in tokens(source)):
        flags.append(BRACE_FORMAT)
    if unit.max_length is not None:
        flags.append(f"{MAX_LENGTH}:{unit.max_length}")
    if flags:
        lines.append("#, " + ", ".join(flags))
    if unit.previous is not None:  # as `msgmerge --previous` writes the earlier msgid
        lines += [f"#| {line}" for line in _string("msgctxt", unit.key) + _string("msgid", unit.previous)]
    lines += _string("msgctxt", unit.key)
    lines += _string("msgid", unit.sources[0])
    if unit.plural:
        lines += _string("msgid_plural", unit.sources[1])
        for index, target in enumerate(unit.targets):
            lines += _string(f"msgstr[{index}]", target)
    else:
        lines += _string("msgstr", unit.targets[0])
    return lines


def _string(keyword: str, text: str, split: bool = False) -> list[str]:
    """A keyword and its string; a text with line breaks is written one line per line."""
    pieces = re.findall(r"[^\n]*\n|[^\n]+$", text)
    if not split and len(pieces) <= 1:
        return [f'{keyword} "{_escape(text)}"']
    return [f'{keyword} ""'] + [f'"{_escape(piece)}"' for piece in pieces]


def _escape(text: str) -> str:
    return "".join(_ESCAPES.get(char) or (f"\\{ord(char):03o}" if ord(char) < 0x20 or char == "\x7f"
                                          else char)
                   for char in text)


class _Malformed(Exception):
    def __init__(self, line: int, message: Message):
        self.line = line
        super().__init__(message)


@dataclass
class _Entry:
    line: int = 0
    note_lines: list[str] = field(default_factory=list)
    flags: set[str] = field(default_factory=set)
    strings: dict[str, str] = field(default_factory=dict)  # keyword (msgstr[1]) -> text
    lines: dict[str, int] = field(default_factory=dict)

    @property
    def started(self) -> bool:
        return bool(self.strings)

    def has_translation(self) -> bool:
        return any(keyword.startswith("msgstr") for keyword in self.strings)


def read_po(raw: bytes, shown: Path) -> IncomingCatalogue:
    """The units of a PO file; ImportRefused names the first fault and its line."""
    try:
        entries = _parse(_decode(raw))
        return _catalogue(entries, shown)
    except _Malformed as exc:
        raise ImportRefused([Fault(Position(shown, exc.line), exc.args[0])]) from None


def _decode(raw: bytes) -> list[str]:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        raise _Malformed(line, Message("not UTF-8 text (byte {byte}); cardkit reads and writes PO "
                                       "files in UTF-8", byte=f"0x{raw[exc.start]:02x}")) from None
    # Only \n ends a line: other line separators (U+2028, U+0085) may stand inside strings.
    return [line.removesuffix("\r") for line in text.removeprefix("\ufeff").split("\n")]


def _parse(lines: list[str]) -> list[_Entry]:
    entries: list[_Entry] = []
    entry = _Entry()
    current: str | None = None  # the keyword continuation strings add to

    def finish() -> _Entry:
        if entry.started:
            _check_complete(entry)
            entries.append(entry)
            return _Entry()
        return entry

    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        if not stripped:
            entry, current = finish(), None
        elif stripped.startswith("#"):
            if entry.started:
                entry, current = finish(), None
            if stripped.startswith("#,"):
                entry.flags.update(flag.strip() for flag in stripped[2:].split(","))
            elif not stripped.startswith(("#.", "#:", "#|", "#~")):
                entry.note_lines.append(line[2:] if line.startswith("# ") else line.lstrip()[1:])
        elif stripped.startswith('"'):
            if current is None:
                raise _Malformed(number, Message("a string that continues no msgid, msgstr or msgctxt"))
            entry.strings[current] += _unquote(stripped, number)
        else:
            match = _KEYWORD.match(stripped)
            if match is None:
                word = stripped.split()[0]
                raise _Malformed(number, Message("unknown keyword {word}: expected msgctxt, msgid, "
                                                 "msgid_plural or msgstr", word=repr(word)))
            name, index, rest = match.groups()
            keyword = f"{name}[{index}]" if index is not None else name
            if name in ("msgctxt", "msgid") and entry.has_translation():
                entry = finish()
            if keyword in entry.strings:
                raise _Malformed(number, Message("{keyword} appears twice in one entry", keyword=keyword))
            if not entry.started:
                entry.line = number
            entry.strings[keyword] = _unquote(rest, number)
            entry.lines[keyword] = number
            current = keyword
    finish()
    return entries


def _unquote(text: str, line: int) -> str:
    match = _QUOTED.fullmatch(text)
    if match is None:
        raise _Malformed(line, Message("expected one string in double quotes, with \\\" for a quote in it"))

    def unescape(escape: re.Match) -> str:
        octal, hexadecimal, other = escape.groups()
        if octal:
            if int(octal, 8) > 0o177:  # gettext reads it as one byte of the encoded text
                raise _Malformed(line, Message("the escape \\{octal} is not a character: an octal escape "
                                               "names one byte, and only \\0 to \\177 (ASCII) stand "
                                               "for a character alone; write the character itself",
                                               octal=octal))
            return chr(int(octal, 8))
        if hexadecimal:
            value = int(hexadecimal, 16) if len(hexadecimal) <= _MAX_HEX_DIGITS else None
            if value is None or value > 0x10FFFF or 0xD800 <= value <= 0xDFFF:
                shown = hexadecimal if len(hexadecimal) <= 10 else hexadecimal[:9] + "…"
                raise _Malformed(line, Message("the escape \\x{shown} names no Unicode character", shown=shown))
            return chr(value)
        if other not in _UNESCAPES:
            raise _Malformed(line, Message("unknown escape \\{other} in a string", other=other))
        return _UNESCAPES[other]

    return _ESCAPE_SEQUENCE.sub(unescape, match.group(1))


def _check_complete(entry: _Entry) -> None:
    keywords = entry.strings
    if "msgid" not in keywords:
        raise _Malformed(entry.line, Message("an entry without msgid"))
    plural_keys = sorted(int(key[7:-1]) for key in keywords if key.startswith("msgstr["))
    if "msgid_plural" in keywords:
        if "msgstr" in keywords:
            raise _Malformed(entry.lines["msgstr"], Message("a plural entry (msgid_plural) takes "
                                                            "msgstr[0], msgstr[1], ..., not msgstr"))
        if plural_keys != list(range(len(plural_keys))) or not plural_keys:
            raise _Malformed(entry.lines["msgid_plural"],
                             Message("the forms of a plural entry are msgstr[0], msgstr[1], ... in order"))
    elif plural_keys:
        raise _Malformed(entry.lines[f"msgstr[{plural_keys[0]}]"],
                         Message("msgstr[n] belongs to a plural entry, which needs msgid_plural"))
    elif "msgstr" not in keywords:
        raise _Malformed(entry.lines["msgid"], Message("an entry without msgstr"))


def _catalogue(entries: list[_Entry], shown: Path) -> IncomingCatalogue:
    if not entries or entries[0].strings["msgid"] or "msgctxt" in entries[0].strings:
        raise _Malformed(entries[0].line if entries else 1,
                         Message('the file does not start with the header entry (msgid "")'))
    header = entries[0]
    fields = _header_fields(header.strings.get("msgstr", ""))
    header_line = header.lines.get("msgstr", header.line)
    language = fields.get("language")
    if not language and "translate toolkit" in fields.get("x-generator", "").lower():
        raise _Malformed(header_line, Message("this PO file was made by translate-toolkit's xliff2po, "
                                              "which drops cardkit's keys (the XLIFF trans-unit ids) "
                                              "and the Language; import the XLIFF file itself, or "
                                              "export PO with `cardkit i18n export --format po`"))
    if not language:
        raise _Malformed(header_line, Message("the header names no Language"))
    charset = re.search(r"charset=([\w-]+)", fields.get("content-type", ""))
    if charset and charset.group(1).lower().replace("_", "-") not in ("utf-8", "utf8"):
        raise _Malformed(header_line, Message("the file declares charset {charset}; cardkit reads "
                                              "PO files in UTF-8", charset=charset.group(1)))
    units = [_unit(entry) for entry in entries[1:]]
    forms = (_declared_plural_forms(language, fields.get("plural-forms"), header_line)
             if any(unit.plural for unit in units) else None)
    return IncomingCatalogue(shown, language, header_line, units,
                             exported_for=fields.get(LANGUAGE_RECORD.lower()),
                             database=fields.get(DATABASE_RECORD.lower()), plural_forms=forms)


def _header_fields(text: str) -> dict[str, str]:
    fields = {}
    for line in text.split("\n"):
        name, colon, value = line.partition(":")
        if colon:
            fields[name.strip().lower()] = value.strip()
    return fields


def _declared_plural_forms(language: str, declared: str | None, line: int) -> PluralForms | None:
    """The numbering the header's Plural-Forms declares: gettext's or Babel's CLDR formula
    for the language (docs/translating.md, "Plural forms"); any other is refused."""
    try:
        accepted = accepted_plural_forms(language)
    except PluralMismatch:
        return None  # an unknown language is refused with its line when the catalogue is imported
    match = re.fullmatch(r"\s*nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*(.+?)\s*;?\s*", declared or "")
    forms = match and declared_plural_forms(language, int(match.group(1)), match.group(2))
    if not forms:
        raise _Malformed(line, Message("the header's Plural-Forms {declared} number the forms "
                                       "differently from {language}'s: {accepted}",
                                       declared=repr(declared), language=language,
                                       accepted=accepted[0].header))
    return forms


def _unit(entry: _Entry) -> IncomingUnit:
    strings = entry.strings
    plural = "msgid_plural" in strings
    if plural:
        sources = (strings["msgid"], strings["msgid_plural"])
        targets = tuple(strings[f"msgstr[{index}]"]
                        for index in range(sum(key.startswith("msgstr[") for key in strings)))
    else:
        sources, targets = (strings["msgid"],), (strings["msgstr"],)
    note = "\n".join(entry.note_lines) if entry.note_lines else None
    return IncomingUnit(strings.get("msgctxt"), sources, plural, targets, "fuzzy" in entry.flags,
                        note, entry.line)
