"""The heap frozen out of the garbage collector's rounds while a build renders."""

from __future__ import annotations

import gc

import pytest

from cardkit.render.heap import frozen_heap


@pytest.mark.slow
def test_what_is_held_is_frozen_until_the_outermost_block_ends():
    gc.unfreeze()  # what a workbench made earlier in this process froze (its loaded project)
    assert gc.get_freeze_count() == 0
    with frozen_heap():
        frozen = gc.get_freeze_count()
        assert frozen > 0
        with frozen_heap():  # as when WeasyPrint is loaded by the first render
            pass
        assert gc.get_freeze_count() >= frozen
    assert gc.get_freeze_count() == 0
