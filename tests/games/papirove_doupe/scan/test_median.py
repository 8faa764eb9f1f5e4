"""The reader's own median is NumPy's, to the last bit: the sign of a zero, ties, NaN."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from generator.games.papirove_doupe.scan import local

VALUES = st.one_of(
    st.sampled_from([0.0, -0.0, 0.5, -0.5, 1.0, math.nan]),  # ties and signed zeros
    st.floats(-1e3, 1e3, width=32),
)


def _same(a: float, b: float) -> bool:
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    return a == b and math.copysign(1.0, a) == math.copysign(1.0, b)


@settings(max_examples=400, deadline=None, derandomize=True)
@given(arrays(st.sampled_from([np.float32, np.float64]), st.integers(1, 300), elements=VALUES))
def test_the_median_is_numpys(values):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        expected = float(np.median(values))
    assert _same(local._median(values), expected)


def test_an_empty_median_is_nan():
    assert math.isnan(local._median(np.zeros(0)))


@pytest.mark.parametrize(
    ("values", "expected"), [([-0.0], 0.0), ([-0.0, -0.0], 0.0), ([3.0, 1.0, 2.0, 10.0], 2.5)]
)
def test_worked_medians(values, expected):
    """By hand: a lone -0 comes out +0, as NumPy's mean sums from +0; (2 + 3) / 2 = 2.5."""
    got = local._median(np.array(values))
    assert _same(got, expected)


def test_the_planted_defect_is_seen():
    """Planted defect: the middle value without the +0 keeps a -0, which the check above
    tells from NumPy's +0 (so the property test can fail)."""
    part = np.partition(np.array([-0.0]), 0)
    assert not _same(float(part[0]), float(np.median(np.array([-0.0]))))
