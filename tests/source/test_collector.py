"""The cycle collector is off while loading makes its objects, and only the outermost block
turns it on again."""

from __future__ import annotations

import gc

import pytest

from cardkit.source.collector import uncollected


@pytest.fixture(autouse=True)
def _collector_as_it_was():
    collecting = gc.isenabled()
    yield
    (gc.enable if collecting else gc.disable)()


def test_the_collector_is_off_in_the_block_and_on_again_after_it():
    gc.enable()
    with uncollected():
        assert not gc.isenabled()
        with uncollected():
            assert not gc.isenabled()
        assert not gc.isenabled()   # the inner block leaves it to the outer one
    assert gc.isenabled()


def test_a_collector_that_was_off_stays_off_even_when_the_block_fails():
    gc.disable()
    with pytest.raises(ValueError), uncollected():
        raise ValueError("a fault while loading")
    assert not gc.isenabled()
    gc.enable()
    with pytest.raises(ValueError), uncollected():
        raise ValueError("a fault while loading")
    assert gc.isenabled()
