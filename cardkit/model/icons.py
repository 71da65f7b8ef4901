"""The icon registry: every icon token a card text may hold, such as `[blast]`.

Icons are language-neutral: a translation carries exactly the icons of its source text.
Each name has an SVG file of the same name under `templates/icons/`.
"""

from __future__ import annotations

import re

TACTIC_ICONS = ("blast", "shield", "recover")
FATE_DECK_ICONS = ("discovery", "event", "maintenance")
EMISSARY_DECK_ICONS = ("skull", "heart", "earth")

ICON_NAMES = TACTIC_ICONS + FATE_DECK_ICONS + EMISSARY_DECK_ICONS

# Anything bracketed without spaces counts as a token, so a misspelt `[blsat]` or
# `[Blast]` is caught rather than printed as text.
ICON_TOKEN = re.compile(r"\[([^\[\]\s]{1,24})\]")


def icon_tokens(text: str) -> list[str]:
    """The icon names a text refers to, in order, known or not."""
    return ICON_TOKEN.findall(text) if "[" in text else []
