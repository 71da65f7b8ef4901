"""The render layer's error, in a module that imports nothing heavy, so that commands can
catch it without loading WeasyPrint."""

from __future__ import annotations


class RenderError(Exception):
    """A document could not be rendered; the message says why."""
