"""XLIFF 1.2 files: writing a catalogue, and reading one back with the line of each unit.

XLIFF 1.2 rather than 2.x because CAT tools, Poedit and Weblate all read it. States are
written as translate-toolkit and Weblate read them: a translated text is `approved="yes"`
with `state="translated"`, a stale one `approved="no"` with `state="needs-translation"`
(one of the states Weblate counts as "needs editing"; it does not count
`needs-review-translation`), a missing one `state="new"`. Only an approved unit in a
translated state (translated, signed-off, final) or with no state (as earlier Weblate versions
wrote a reviewed string; Weblate 5.14 writes `approved="yes"` with `final`) confirms its text;
any other state, or `approved` other than "yes", leaves it unconfirmed. The `original` attribute of
`<file>` records the games and language the file was exported for
(`cardkit:classic,cosmic,duel:de`, or one game: `cardkit:classic:de`). Each text is a
trans-unit whose id is the unit's key. The translator's note is a
`<note from="translator">`; cardkit's information for the translator is in
`<note from="developer">`, which import ignores. A card text with a fit budget carries it as
`maxwidth="N" size-unit="char"`, an estimate for the tools' length checks (the fit check
decides). A stale text carries the English its translation was made from, where the
project's history holds it, as an `<alt-trans alttranstype="previous-version">` pairing that
English with the translation, which CAT tools show beside the unit. Effect phrases with a count are
`<group restype="x-gettext-plurals">` holding one trans-unit per plural form (`key[0]`,
`key[1]`, ...), numbered as in PO files, as Translate Toolkit and Weblate do.

Weblate's "XLIFF 1.2 with gettext extensions" format reads states only from the forms of a
plural group, so it shows a stale single text as translated; a file it saved is refused,
saying which format to pick, recognised by the `approved` it writes on a plural group
(XLIFF 1.2 has it on trans-units only; docs/translating.md).

Reading uses expat directly (for the line of each element) and refuses any DTD, so no
entity can be declared, expanded or fetched. Elements nested deeper than MAX_DEPTH are
refused at their line as they are read, and the tree is walked without recursion, so no
nesting exhausts the stack.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from xml.parsers import expat

from cardkit.i18n.catalogue import (Fault, ImportRefused, IncomingCatalogue, IncomingUnit, OutgoingCatalogue,
                                    OutgoingUnit)
from cardkit.messages import Message
from cardkit.problems import Position
from cardkit.source.layout import SOURCE_LANGUAGE

NAMESPACE = "urn:oasis:names:tc:xliff:document:1.2"
NAMESPACE_1_1 = "urn:oasis:names:tc:xliff:document:1.1"
XML_NAMESPACE = "http://www.w3.org/XML/1998/namespace"
PLURAL_GROUP = "x-gettext-plurals"
NEEDS_EDIT = "needs-translation"
# Target states that confirm an approved translation (None: no state, as Weblate writes a
# reviewed string); any other state (new, needs-review-*, needs-translation, ...) leaves it
# unconfirmed.
CONFIRMED_STATES = ("translated", "final", "signed-off", None)
ORIGINAL_PREFIX = "cardkit"
# What the import says of a file Weblate saved in its gettext-extensions XLIFF format, which
# reads and writes no state of a single text (only of a plural group's forms).
_GETTEXT_EXTENSIONS = Message('this is how Weblate\'s "XLIFF 1.2 with gettext extensions" format saves '
                       "a file, and that format never shows a stale single text as needing "
                       'editing; set the component\'s file format to "XLIFF 1.2 translation '
                       'file" (or translate the PO export), review the stale texts there, and '
                       'import again (docs/translating.md, "With Weblate")')
# Characters XML 1.0 cannot carry, not even as character references.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
# cardkit's files nest seven levels (xliff, file, body, group, trans-unit, target); a CAT
# tool's groups may add a few.
MAX_DEPTH = 32


class XliffUnwritable(Exception):
    """A text holds a character XML cannot carry."""


def write_xliff(catalogue: OutgoingCatalogue) -> str:
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             f'<xliff version="1.2" xmlns="{NAMESPACE}">',
             f'  <file original="{_attribute(_original(catalogue.database, catalogue.language))}" '
             f'datatype="plaintext" source-language="{SOURCE_LANGUAGE}" '
             f'target-language="{_attribute(catalogue.language)}">',
             "    <body>"]
    for unit in catalogue.units:
        if unit.plural:
            lines.append(f'      <group id="{_attribute(unit.key)}" restype="{PLURAL_GROUP}">')
            for index, target in enumerate(unit.targets):
                source = unit.sources[min(index, 1)]
                form = f"plural form {catalogue.plural_forms.describe(index)}"
                note = unit.note if index == 0 else None  # one note for the whole group
                lines += _trans_unit(unit, f"{unit.key}[{index}]", source, target, note,
                                     "        ", form)
            lines.append("      </group>")
        else:
            lines += _trans_unit(unit, unit.key, unit.sources[0], unit.targets[0], unit.note, "      ")
    lines += ["    </body>", "  </file>", "</xliff>"]
    return "\n".join(lines) + "\n"


def _trans_unit(unit: OutgoingUnit, unit_id: str, source: str, target: str, note: str | None,
                indent: str, *form: str) -> list[str]:
    state = "new" if not target else NEEDS_EDIT if unit.needs_review else "translated"
    approved = "" if not target else ' approved="no"' if unit.needs_review else ' approved="yes"'
    width = (f' maxwidth="{unit.max_length}" size-unit="char"' if unit.max_length is not None
             else "")
    lines = [f'{indent}<trans-unit id="{_attribute(unit_id)}"{approved}{width} xml:space="preserve">',
             f"{indent}  <source>{_text(unit_id, source)}</source>",
             f'{indent}  <target state="{state}">{_text(unit_id, target)}</target>'
             if target else f'{indent}  <target state="{state}"/>']
    remarks = unit.remarks + form + ((f"in {unit.reference}",) if unit.reference else ())
    lines += [f'{indent}  <note from="developer">{_text(unit_id, remark)}</note>'
              for remark in remarks]
    if note is not None:
        lines.append(f'{indent}  <note from="translator">{_text(unit_id, note)}</note>')
    if unit.previous is not None and target:
        lines += [f'{indent}  <alt-trans alttranstype="previous-version">',
                  f"{indent}    <source>{_text(unit_id, unit.previous)}</source>",
                  f"{indent}    <target>{_text(unit_id, target)}</target>",
                  f"{indent}  </alt-trans>"]
    lines.append(f"{indent}</trans-unit>")
    return lines


def _original(database: str, language: str) -> str:
    return f"{ORIGINAL_PREFIX}:{database}:{language}"


def _text(unit_id: str, text: str) -> str:
    bad = _NOT_XML.search(text)
    if bad:
        raise XliffUnwritable(Message("{unit}: the character {character} cannot be written in XML; "
                                      "export as PO", unit=unit_id, character=f"U+{ord(bad.group()):04X}"))
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace("\r", "&#13;"))


def _attribute(text: str) -> str:
    return _text(text, text).replace('"', "&quot;").replace("\n", "&#10;").replace("\t", "&#9;")


@dataclass
class _Element:
    name: str  # local name in the XLIFF namespace, or "{namespace}name" for another
    attributes: dict[str, str]
    line: int
    children: list["_Element"] = field(default_factory=list)
    text: list[str] = field(default_factory=list)

    def all(self, name: str) -> list["_Element"]:
        return [child for child in self.children if child.name == name]


DECLARED_ENCODING = re.compile(rb"""<\?xml[^>]*?encoding\s*=\s*["']([^"']*)["']""")


class _Malformed(Exception):
    def __init__(self, line: int, message: Message):
        self.line = line
        super().__init__(message)


class _DoctypeRefused(Exception):
    pass


def read_xliff(raw: bytes, shown: Path) -> IncomingCatalogue:
    """The units of an XLIFF 1.2 file; ImportRefused names the first fault and its line."""
    try:
        return _catalogue(_parse(raw), shown)
    except _Malformed as exc:
        raise ImportRefused([Fault(Position(shown, exc.line), exc.args[0])]) from None


def _parse(raw: bytes) -> _Element:
    parser = expat.ParserCreate(namespace_separator=" ")
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    stack: list[_Element] = []
    roots: list[_Element] = []

    def start(name: str, attributes: dict[str, str]) -> None:
        if len(stack) >= MAX_DEPTH:
            raise _Malformed(parser.CurrentLineNumber,
                             Message("elements are nested deeper than {depth} levels", depth=MAX_DEPTH))
        element = _Element(_element_name(name),
                           {_local(key): value for key, value in attributes.items()},
                           parser.CurrentLineNumber)
        (stack[-1].children if stack else roots).append(element)
        stack.append(element)

    def end(name: str) -> None:
        stack.pop()

    def characters(data: str) -> None:
        if stack:
            stack[-1].text.append(data)

    def doctype(*arguments) -> None:
        raise _DoctypeRefused()

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = characters
    parser.StartDoctypeDeclHandler = doctype
    try:
        parser.Parse(raw, True)
    except _DoctypeRefused:
        raise _Malformed(parser.CurrentLineNumber,
                         Message("a DOCTYPE is not allowed in an XLIFF file cardkit reads")) from None
    except expat.ExpatError as exc:
        raise _Malformed(exc.lineno, Message("not well-formed XML: {reason} (column {column})",
                                             reason=expat.ErrorString(exc.code),
                                             column=exc.offset + 1)) from None
    except LookupError:      # the XML declaration names an encoding Python does not know
        declared = DECLARED_ENCODING.search(raw, 0, 200)
        raise _Malformed(parser.CurrentLineNumber, Message(
            "the XML declaration names the encoding {encoding}, which cardkit cannot read; an "
            "XLIFF file is UTF-8",
            encoding=repr(declared.group(1).decode("ascii", "replace")) if declared else "?"
        )) from None
    return roots[0]


def _local(name: str) -> str:
    namespace, _, local = name.rpartition(" ")
    if namespace == NAMESPACE:
        return local
    if namespace == XML_NAMESPACE:
        return f"xml:{local}"
    return f"{{{namespace}}}{local}" if namespace else local


def _element_name(name: str) -> str:
    """An element's name as `_local` gives it; one in no namespace is marked `{}name`."""
    return _local(name) if " " in name else f"{{}}{name}"


def _catalogue(root: _Element, shown: Path) -> IncomingCatalogue:
    if root.name == "{}xliff":
        raise _Malformed(root.line, Message('the <xliff> element is in no namespace; XLIFF 1.2 is '
                                            'xmlns="{namespace}", and cardkit reads no other',
                                            namespace=NAMESPACE))
    if root.name == f"{{{NAMESPACE_1_1}}}xliff":
        raise _Malformed(root.line, Message("this is XLIFF 1.1, as translate-toolkit's po2xliff "
                                            "writes it: its trans-unit ids are numbers, so cardkit's "
                                            "keys (the PO msgctxt) are lost; import the PO file "
                                            "itself, or export XLIFF with `cardkit i18n export "
                                            "--format xliff`"))
    if root.name != "xliff" or root.attributes.get("version") != "1.2":
        raise _Malformed(root.line, Message('not an XLIFF 1.2 file: expected <xliff version="1.2" '
                                            'xmlns="{namespace}">', namespace=NAMESPACE))
    files = root.all("file")
    if len(files) != 1:
        raise _Malformed(files[1].line if files else root.line,
                         Message("expected one <file> element, found {count}", count=len(files)))
    file = files[0]
    source_language = file.attributes.get("source-language")
    if source_language != SOURCE_LANGUAGE:
        raise _Malformed(file.line, Message("the source language is {language}; cardkit "
                                            "translates from {source}", language=repr(source_language),
                                            source=repr(SOURCE_LANGUAGE)))
    language = file.attributes.get("target-language")
    if not language:
        raise _Malformed(file.line, Message("the <file> element names no target-language"))
    bodies = file.all("body")
    if len(bodies) != 1:
        raise _Malformed(file.line, Message("expected one <body> element in <file>"))
    database, exported_for = _record(file.attributes.get("original", ""))
    return IncomingCatalogue(shown, language, file.line, list(_units(bodies[0])),
                             exported_for=exported_for, database=database)


def _record(original: str) -> tuple[str | None, str | None]:
    """The database and language an `original` attribute records, where it is cardkit's."""
    parts = original.split(":")
    if len(parts) != 3 or parts[0] != ORIGINAL_PREFIX or not all(parts[1:]):
        return None, None
    return parts[1], parts[2]


def _units(container: _Element):
    """The units under `container` in document order, groups opened without recursion."""
    pending = [iter(container.children)]
    while pending:
        element = next(pending[-1], None)
        if element is None:
            pending.pop()
        elif element.name == "trans-unit":
            yield _single(element)
        elif element.name == "group" and element.attributes.get("restype") == PLURAL_GROUP:
            yield _plural(element)
        elif element.name == "group":
            pending.append(iter(element.children))


@dataclass(frozen=True)
class _Form:
    source: str
    target: str
    needs_review: bool
    notes: list[str]


def _form(unit: _Element) -> _Form:
    sources, targets = unit.all("source"), unit.all("target")
    if len(sources) != 1:
        raise _Malformed(unit.line, Message("a trans-unit has one <source>, this one {count}",
                                            count=len(sources)))
    if len(targets) > 1:
        raise _Malformed(targets[1].line, Message("a trans-unit has at most one <target>"))
    target = targets[0] if targets else None
    state = target.attributes.get("state") if target is not None else None
    text = _plain(target) if target is not None else ""
    notes = [_plain(note) for note in unit.all("note")
             if note.attributes.get("from") != "developer"]
    confirmed = state in CONFIRMED_STATES and unit.attributes.get("approved") == "yes"
    return _Form(_plain(sources[0]), text, bool(text) and not confirmed, notes)


def _single(unit: _Element) -> IncomingUnit:
    identifier = _identifier(unit)
    form = _form(unit)
    return IncomingUnit(identifier, (form.source,), False, (form.target,), form.needs_review,
                        "\n".join(form.notes) if form.notes else None, unit.line)


def _plural(group: _Element) -> IncomingUnit:
    identifier = _identifier(group)
    if "approved" in group.attributes:
        raise _Malformed(group.line, Message("the plural group {group} carries approved, which XLIFF "
                                             "1.2 puts on trans-units only: {weblate}",
                                             group=repr(identifier), weblate=_GETTEXT_EXTENSIONS))
    members = group.all("trans-unit")
    if not members:
        raise _Malformed(group.line, Message("the plural group {group} holds no trans-unit",
                                             group=repr(identifier)))
    for index, member in enumerate(members):
        if member.attributes.get("id") != f"{identifier}[{index}]":
            raise _Malformed(member.line, Message("the forms of plural group {group} are {first}, "
                                                  "{second}, ... in order", group=repr(identifier),
                                                  first=f"{identifier}[0]", second=f"{identifier}[1]"))
    forms = [_form(member) for member in members]
    notes = [note for form in forms for note in form.notes]
    return IncomingUnit(identifier, tuple(form.source for form in forms), True,
                        tuple(form.target for form in forms),
                        any(form.needs_review for form in forms),
                        "\n".join(notes) if notes else None, group.line)


def _identifier(element: _Element) -> str:
    identifier = element.attributes.get("id")
    if not identifier:
        raise _Malformed(element.line, Message("a <{element}> without id", element=element.name))
    return identifier


def _plain(element: _Element) -> str:
    if element.children:
        inline = element.children[0]
        raise _Malformed(inline.line, Message("<{inline}> inside <{element}>: cardkit texts are "
                                              "plain text (markup such as ** and icons such as "
                                              "[blast] are written as text)", inline=inline.name,
                                              element=element.name))
    return "".join(element.text)
