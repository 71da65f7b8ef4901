"""A laid-out WeasyPrint document to PDF bytes that are the same on every run."""

from __future__ import annotations

import os
from contextlib import contextmanager

POINTS_PER_MM = 72 / 25.4


def write_pdf(rendered) -> bytes:
    """The PDF bytes of a rendered document, with no date and fixed font subset stamps."""
    with _fixed_font_timestamps():
        return rendered.write_pdf()


@contextmanager
def _fixed_font_timestamps():
    """fontTools stamps each embedded font subset with the time it was made, unless
    SOURCE_DATE_EPOCH (reproducible-builds.org) says which time to use."""
    previous = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = previous or "0"
    try:
        yield
    finally:
        if previous is None:
            del os.environ["SOURCE_DATE_EPOCH"]
