"""Read an exchange file as Weblate 5.14 reads it, with translate-toolkit at the version
Weblate pins (3.16.3), which the project's own environment does not hold.

    .venv/bin/python tests/tools/weblate_readers.py make /tmp/cardkit-weblate-tt
        makes a virtual environment there with translate-toolkit 3.16.3 (installed by the
        project environment's uv) and prints its
        interpreter: set CARDKIT_TT_WEBLATE_PYTHON to it and the tests in
        tests/i18n/test_weblate_readers.py run against it (they are skipped without it)
    $CARDKIT_TT_WEBLATE_PYTHON tests/tools/weblate_readers.py read FORMAT FILE
        prints, as JSON, the translate-toolkit version and each string Weblate would show
    $CARDKIT_TT_WEBLATE_PYTHON tests/tools/weblate_readers.py save FORMAT FILE ID TEXT STATE
        sets one string's text (a plural's forms joined by \x1e\x1e, as `read` gives them)
        and state (translated, approved or fuzzy) and saves the file, as Weblate does when a
        translator saves the string

FORMAT is the file format chosen for a Weblate component: `po` ("gettext PO file"),
`plainxliff` ("XLIFF 1.2 translation file"), `xliff` ("XLIFF 1.2 with placeables
support"), `poxliff` ("XLIFF 1.2 with gettext extensions") or `tbx` ("TermBase eXchange
file"). Weblate's own format classes need Django and its settings, so the few rules of
weblate/formats/ttkit.py and weblate/checks/flags.py that decide what a string shows are
restated here, over translate-toolkit's real stores:

- a string is skipped when translate-toolkit calls it obsolete or a header (`has_content`);
- an XLIFF string needs editing when it has a target and one of the target states of
  `getattr(unit, "units", [unit])` is new, needs-translation, needs-adaptation or
  needs-l10n (`XliffUnit.is_fuzzy`); a PO one when it has a target and is fuzzy;
- an XLIFF element's `maxwidth` with `size-unit` char or byte is the `max-length` flag
  (`parse_flags_xml`), and a PO entry's flags are its `#,` line without `fuzzy`;
- saving a string sets its target, marks the unit approved or not, and writes the state
  (needs-translation, translated or final) on the target of each of those units
  (`XliffUnit.set_state`); a PO string's fuzzy flag follows the state and, unless fuzzy,
  its previous msgid is dropped (`PoUnit.set_state`);
- a TBX string's notes are its `pos` and `developer` notes (`TBXUnit.notes`); a TBX file is
  read for the language its name gives (`de.tbx`).
"""

from __future__ import annotations

import json
import subprocess
import sys
import venv
from pathlib import Path

XLIFF_FUZZY_STATES = {"new", "needs-translation", "needs-adaptation", "needs-l10n"}
# How Weblate joins a plural string's forms into one (weblate/trans/util.py, join_plural).
PLURAL_SEPARATOR = "\x1e\x1e"


def _text(value) -> str:
    """A store's source or target as Weblate holds it: a plural's forms joined."""
    return PLURAL_SEPARATOR.join(map(str, getattr(value, "strings", None) or [value or ""]))


# translate-toolkit at Weblate's pin and what it needs, every file hashed (made from
# weblate-readers.in by `uv pip compile --generate-hashes`, as requirements.lock is).
LOCK = Path(__file__).with_name("weblate-readers.lock")


def make(folder: Path) -> None:
    """A virtual environment at `folder` with the lock installed by the uv of the running
    environment (the project's, from its own lock)."""
    venv.create(folder, with_pip=False)
    python = folder / "bin" / "python"
    uv = Path(sys.executable).parent / "uv"
    subprocess.run([str(uv), "pip", "install", "--quiet", "--python", str(python), "--compile-bytecode",
                    "--require-hashes", "--no-deps", "-r", str(LOCK)], check=True)
    print(python)


def _xliff_strings(store) -> list[dict]:
    strings = []
    for unit in store.units:
        if unit.isheader() or unit.isobsolete() or not unit.source:
            continue
        nodes = [member.xmlelement.find(member.namespaced("target"))
                 for member in getattr(unit, "units", [unit])]
        states = {node.get("state") for node in nodes if node is not None} - {None}
        has_target = bool(unit.target)
        flags = []
        if unit.xmlelement.get("maxwidth") and unit.xmlelement.get("size-unit") in ("char", "byte"):
            flags.append(f"max-length:{unit.xmlelement.get('maxwidth')}")
        strings.append({"id": unit.getid().split("\x04")[-1], "source": _text(unit.source),
                        "target": _text(unit.target),
                        "needs_editing": has_target and bool(XLIFF_FUZZY_STATES & states),
                        "approved": unit.isapproved(), "flags": flags})
    return strings


def _po_strings(store) -> list[dict]:
    return [{"id": unit.getcontext(), "source": _text(unit.source), "target": _text(unit.target),
             "needs_editing": bool(unit.target) and unit.isfuzzy(),
             "flags": [flag for comment in unit.typecomments
                       for flag in (part.strip() for part in comment[2:].split(","))
                       if flag and flag != "fuzzy"]}
            for unit in store.units if not unit.isheader() and not unit.isobsolete()]


def _tbx_strings(store) -> list[dict]:
    return [{"id": unit.xmlelement.get("id") or "", "source": str(unit.source),
             "target": str(unit.target or ""),
             "notes": "\n".join(note for note in (unit.getnotes("pos"), unit.getnotes("developer")) if note)}
            for unit in store.units if not unit.isheader() and not unit.isobsolete()]


_STORES = {"po": ("pypo", "pofile"), "plainxliff": ("xliff", "xlifffile"),
           "xliff": ("xliff", "xlifffile"), "poxliff": ("poxliff", "PoXliffFile"),
           "tbx": ("tbx", "tbxfile")}
_XLIFF_STATES = {"fuzzy": "needs-translation", "translated": "translated", "approved": "final"}


def _store(file_format: str, raw: bytes):
    from importlib import import_module

    if file_format not in _STORES:
        raise SystemExit(f"unknown format {file_format!r}")
    module, name = _STORES[file_format]
    return getattr(import_module(f"translate.storage.{module}"), name).parsestring(raw)


def save(file_format: str, file: Path, unit_id: str, text: str, state: str) -> None:
    from translate.misc.multistring import multistring

    store = _store(file_format, file.read_bytes())
    forms = text.split(PLURAL_SEPARATOR)
    target = multistring(forms) if len(forms) > 1 else text
    if file_format == "po":
        unit = next(unit for unit in store.units if unit.getcontext() == unit_id)
        unit.target = target
        unit.markfuzzy(state == "fuzzy")
        if state != "fuzzy":
            unit.prev_msgid, unit.prev_msgid_plural, unit.prev_msgctxt = [], [], []
    else:
        unit = next(unit for unit in store.units if unit.getid().split("\x04")[-1] == unit_id)
        unit.target = target
        unit.markapproved(state == "approved")
        for member in getattr(unit, "units", [unit]):
            target = member.xmlelement.find(member.namespaced("target"))
            if target is not None:
                target.set("state", _XLIFF_STATES[state])
    file.write_bytes(bytes(store))


def read(file_format: str, file: Path) -> dict:
    from importlib.metadata import version

    store = _store(file_format, file.read_bytes())
    if file_format == "tbx":
        store.settargetlanguage(file.stem)
    strings = {"po": _po_strings, "tbx": _tbx_strings}.get(file_format, _xliff_strings)(store)
    return {"translate_toolkit": version("translate-toolkit"), "strings": strings}


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "make":
        make(Path(sys.argv[2]))
    elif len(sys.argv) == 7 and sys.argv[1] == "save":
        save(sys.argv[2], Path(sys.argv[3]), *sys.argv[4:])
    elif len(sys.argv) == 4 and sys.argv[1] == "read":
        print(json.dumps(read(sys.argv[2], Path(sys.argv[3])), ensure_ascii=False))
    else:
        raise SystemExit(__doc__)
