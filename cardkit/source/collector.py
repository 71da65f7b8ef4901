"""The cycle collector, kept out of the way of loading.

Loading a database (reading its files, assembling its model, checking it) makes hundreds of
thousands of objects, none of them in a cycle, that live as long as the database. Left on,
the collector would walk them again and again as they are made (a third of `validate`'s time
on 10,000 cards), so it is off while they are made. Turned on again with all of them among
the youngest objects, its first round would walk every one of them (a third of the time of
reading a 500-card file): so they are put with the oldest objects at once, which only a full
collection walks, as it walks everything else. Nothing is kept from the collector: whatever
of them becomes garbage is found as ever.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def uncollected() -> Iterator[None]:
    """The collector off while the block runs, and what the block made among the oldest
    objects when it ends; nested, only the outermost block turns it on again."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            # Freezing and unfreezing moves every object into the oldest generation. Where
            # something is frozen already (a build's heap, the workbench's project), this
            # would unfreeze it too: the block's objects are then left where they are.
            if gc.get_freeze_count() == 0:
                gc.freeze()
                gc.unfreeze()
            gc.enable()
