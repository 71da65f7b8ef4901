"""WeasyPrint, imported with its native libraries found without running a compiler.

WeasyPrint loads Pango, HarfBuzz, fontconfig and GObject through cffi, trying several names
for each; the first names never load on Linux ('libgobject-2.0-0'), and for each such name
cffi asks `ctypes.util.find_library`, which runs `ldconfig -p`, then gcc and ld (about 0.2 s
in all), before a later name in the list, the soname, loads directly. While WeasyPrint is
imported here, `find_library` answers from one reading of `ldconfig -p` (CPython's own first
step) and never runs gcc or ld. It returns sonames, as CPython's ldconfig step does, so the
dynamic linker still chooses the file (LD_LIBRARY_PATH included): the same libraries load.
"""

from __future__ import annotations

import ctypes.util
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType


def load_weasyprint() -> ModuleType:
    """The `weasyprint` module, imported on first use."""
    if "weasyprint" not in sys.modules:
        with _find_library_from_ldconfig():
            import weasyprint  # noqa: F401
    return sys.modules["weasyprint"]


@contextmanager
def _find_library_from_ldconfig() -> Iterator[None]:
    sonames = _ldconfig_sonames() if sys.platform.startswith("linux") else None
    if sonames is None:  # not Linux, or no ldconfig: CPython's search, unchanged
        yield
        return

    def find_library(name: str) -> str | None:
        prefix = f"lib{name}."
        return next((soname for soname in sonames if soname.startswith(prefix)), None)

    original = ctypes.util.find_library
    ctypes.util.find_library = find_library
    try:
        yield
    finally:
        ctypes.util.find_library = original


def _ldconfig_sonames() -> list[str] | None:
    """The library names the dynamic linker's cache lists, in its order; None without ldconfig."""
    try:
        listing = subprocess.run(["/sbin/ldconfig", "-p"], capture_output=True, check=True,
                                 env={"LC_ALL": "C", "LANG": "C"}).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    # Lines read "\tlibgobject-2.0.so.0 (libc6,x86-64) => /usr/lib/.../libgobject-2.0.so.0".
    return [line.split()[0].decode() for line in listing.splitlines()[1:] if line.strip()]
