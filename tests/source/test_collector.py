"""Loading keeps the cycle collector off while it makes the database, then puts what it made
with the oldest objects: the next round of the youngest does not walk all of it, and the
collector still finds what becomes garbage."""

from __future__ import annotations

import gc

import pytest

from cardkit.source.collector import uncollected


def _in_generation(generation: int, thing: object) -> bool:
    return any(found is thing for found in gc.get_objects(generation=generation))


@pytest.fixture(autouse=True)
def nothing_frozen():
    gc.unfreeze()  # what a workbench made earlier in this process froze (its loaded project)
    assert gc.isenabled() and gc.get_freeze_count() == 0


def test_what_a_block_made_is_among_the_oldest_and_the_collector_is_on_again():
    with uncollected():
        assert not gc.isenabled()
        made = [[number] for number in range(1000)]
        assert _in_generation(0, made)

    assert gc.isenabled()
    assert (_in_generation(0, made), _in_generation(2, made)) == (False, True)
    assert gc.get_freeze_count() == 0


def test_a_nested_block_leaves_the_collector_to_the_outermost():
    with uncollected():
        with uncollected():
            made = []
        assert not gc.isenabled()
        assert _in_generation(0, made)
    assert gc.isenabled()


def test_what_someone_else_froze_stays_frozen():
    gc.freeze()
    frozen = gc.get_freeze_count()
    try:
        with uncollected():
            made = []
        assert gc.get_freeze_count() == frozen
        assert _in_generation(0, made)
    finally:
        gc.unfreeze()


def test_a_cycle_made_in_a_block_is_still_collected_once_it_is_garbage():
    with uncollected():
        cycle = []
        cycle.append(cycle)
    del cycle

    assert gc.collect() >= 1
