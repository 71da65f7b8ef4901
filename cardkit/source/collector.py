"""The cycle collector, kept out of the way of loading.

Reading a database's files, assembling its model and checking it make hundreds of
thousands of objects, none of them in a cycle, that live until the report is made. Left on,
the collector would walk them again and again as they are made (a third of `validate`'s
time on 10,000 cards), so it is off while they are made.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def uncollected() -> Iterator[None]:
    """The collector off while the block runs; nested, only the outermost block turns it on
    again."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()
