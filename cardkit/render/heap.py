"""The garbage collector, kept from walking what a build holds for its whole run.

By the time a build renders, its process holds the database, the compiled templates and
the parsed stylesheets: a few hundred thousand objects, none of which become garbage while
it renders. Importing WeasyPrint, parsing stylesheets and laying out allocate enough to
start many collections of the oldest generation, and each would walk all of them again
(some 0.05 s each). Frozen (`gc.freeze`), they are left out of those rounds, here and in
the worker processes forked meanwhile, which is also what Python's documentation advises
before forking; unfrozen afterwards, they are collected as ever once they are garbage.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def frozen_heap() -> Iterator[None]:
    """What this process holds on entry, left out of the garbage collector's rounds until the
    outermost such block ends (WeasyPrint is loaded inside the build's, for one)."""
    outermost = gc.get_freeze_count() == 0
    gc.freeze()
    try:
        yield
    finally:
        if outermost:
            gc.unfreeze()
