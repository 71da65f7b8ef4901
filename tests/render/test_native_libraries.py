"""WeasyPrint imported through `load_weasyprint` loads the same native libraries as a plain
import, and runs no compiler or linker to find them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not Path("/proc/self/maps").exists() or not Path("/sbin/ldconfig").exists(),
                                reason="needs Linux's /proc/self/maps and ldconfig")

# Prints every shared object the process has mapped, once WeasyPrint is imported; fails if
# cardkit's import leaves its `find_library` in place.
PROBE = """
import ctypes.util
import sys
if sys.argv[1] == "cardkit":
    from cardkit.render.native_libraries import load_weasyprint
    original = ctypes.util.find_library
    load_weasyprint()
    assert ctypes.util.find_library is original
else:
    import weasyprint
mapped = {line.split()[-1] for line in open("/proc/self/maps") if ".so" in line.split()[-1]}
print("\\n".join(sorted(mapped)))
"""


def _import_weasyprint(how: str, tools: Path) -> tuple[list[str], list[str]]:
    """The files mapped after importing WeasyPrint `how`, and the tools run meanwhile."""
    calls = tools / "calls"
    calls.unlink(missing_ok=True)
    env = {**os.environ, "PATH": f"{tools}{os.pathsep}{os.environ['PATH']}"}
    mapped = subprocess.run([sys.executable, "-c", PROBE, how], env=env, capture_output=True,
                            text=True, check=True).stdout.split()
    return mapped, calls.read_text().split() if calls.exists() else []


@pytest.fixture
def recording_tools(tmp_path) -> Path:
    """A folder of gcc, cc, ld and objdump that record being run, and fail."""
    for tool in ("gcc", "cc", "ld", "objdump"):
        script = tmp_path / tool
        script.write_text(f"#!/bin/sh\necho {tool} >> '{tmp_path / 'calls'}'\nexit 1\n")
        script.chmod(0o755)
    return tmp_path


@pytest.mark.slow
def test_the_same_libraries_load_no_compiler_or_linker_runs_and_find_library_is_restored(recording_tools):
    plain_mapped, plain_calls = _import_weasyprint("plain", recording_tools)
    mapped, calls = _import_weasyprint("cardkit", recording_tools)

    assert {"gcc", "ld"} <= set(plain_calls)  # what a plain import runs, so the recording works
    assert calls == []
    assert any("libpango-1.0.so" in path for path in mapped)
    assert mapped == plain_mapped

