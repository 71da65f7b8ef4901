"""An SVG picture read once before it is printed: well-formed XML with no DOCTYPE, a bounded
number of elements once its `<use>` references are expanded, and no reference to anything
outside itself (the renderer serves the picture from memory, so any such reference would be
refused while printing and leave a blank or partial frame)."""

from __future__ import annotations

import re

from lxml import etree

from cardkit.messages import Message

# Far above any card illustration; a `<use>` bomb of a few KB expands to millions.
ELEMENT_LIMIT = 10_000
_HREFS = ("href", "{http://www.w3.org/1999/xlink}href")
_CSS_URL = re.compile(rb"url\(\s*['\"]?\s*([^'\")\s]*)", re.IGNORECASE)


class SvgRefused(Exception):
    """Why an SVG will not print, as a Message."""


def check_svg(shown: str, content: bytes) -> None:
    """Raise SvgRefused naming `shown` (and the line) when the SVG would not render whole."""
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False,
                             huge_tree=False, remove_comments=True)
    try:
        root = etree.fromstring(content, parser)
    except etree.XMLSyntaxError as exc:
        line = exc.position[0] if exc.position else 0
        raise SvgRefused(Message("{shown} line {line}: not well-formed XML, so it cannot be drawn ({reason})",
                                 shown=shown, line=line, reason=exc.msg)) from None
    tree = root.getroottree()
    if tree.docinfo.doctype or tree.docinfo.internalDTD is not None:
        raise SvgRefused(Message("{shown}: an SVG picture with a DOCTYPE or entity declarations is "
                                 "not printed; remove the <!DOCTYPE ...> line", shown=shown))
    elements = [element for element in root.iter() if isinstance(element.tag, str)]
    if len(elements) > ELEMENT_LIMIT:
        raise SvgRefused(Message("{shown}: more than {limit} elements, more than cardkit draws in a "
                                 "picture", shown=shown, limit=f"{ELEMENT_LIMIT:,}"))
    by_id = {element.get("id"): element for element in elements if element.get("id")}
    for element in elements:
        for reference in _references(element):
            if not (reference.startswith("#") or reference.startswith("data:")):
                raise SvgRefused(Message("{shown} line {line}: the reference {reference} is to "
                                         "something outside the picture, which is not printed",
                                         shown=shown, line=element.sourceline, reference=reference))
    if _drawn(root, by_id, {}, ()) > ELEMENT_LIMIT:
        raise SvgRefused(Message("{shown}: its <use> references expand to more than {limit} "
                                 "elements, more than cardkit draws in a picture",
                                 shown=shown, limit=f"{ELEMENT_LIMIT:,}"))


def _references(element) -> list[str]:
    found = [element.get(name).strip() for name in _HREFS if element.get(name)]
    text = (element.get("style") or "").encode()
    if _local(element.tag) == "style":
        text += (element.text or "").encode()
    for name, value in element.attrib.items():
        if name != "style" and "url(" in value:
            text += value.encode()
    found += [match.decode(errors="replace") for match in _CSS_URL.findall(text) if match]
    return found


def _local(tag: str) -> str:
    return tag.rpartition("}")[2]


def _drawn(element, by_id: dict, sizes: dict, using: tuple) -> int:
    """How many elements `element` draws with every `<use>` expanded; a cycle counts as
    over the limit. Stops counting once above it."""
    key = element  # lxml keeps one proxy per node while it is referenced, as here
    if key in sizes:
        return sizes[key]
    if any(key is other for other in using):
        return ELEMENT_LIMIT + 1
    total = 1
    if _local(element.tag) == "use":
        reference = next((element.get(name) for name in _HREFS if element.get(name)), "")
        target = by_id.get(reference.strip()[1:]) if reference.strip().startswith("#") else None
        if target is not None:
            total += _drawn(target, by_id, sizes, using + (key,))
    for child in element:
        if isinstance(child.tag, str):
            total += _drawn(child, by_id, sizes, using + (key,))
            if total > ELEMENT_LIMIT:
                break
    sizes[key] = min(total, ELEMENT_LIMIT + 1)
    return sizes[key]
