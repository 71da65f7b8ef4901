"""axe-core, as ./dev installs it from npm (see docs/libraries.md), run on the page a
Selenium browser shows: the browser tests of the workbench and of the site share it."""

from __future__ import annotations

import pytest

from tests.conftest import PROJECT_ROOT

AXE = PROJECT_ROOT / ".venv/npm/node_modules/axe-core/axe.min.js"
needs_axe = pytest.mark.skipif(not AXE.is_file(), reason="axe-core is not installed: ./dev installs "
                                                        "it from npm when npm is here")


def serious_violations(browser) -> list:
    """axe-core 4's serious and critical violations on the page, each with its first nodes."""
    browser.execute_script(AXE.read_text(encoding="utf-8"))
    browser.set_script_timeout(60)
    results = browser.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']}).then(done, e => done({error: String(e)}));")
    assert "error" not in results, results
    assert results["testEngine"]["version"].startswith("4.")
    return [(violation["id"], violation["impact"], [node["target"] for node in violation["nodes"]][:3])
            for violation in results["violations"] if violation["impact"] in ("serious", "critical")]
