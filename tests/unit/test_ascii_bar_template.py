"""An ascii progress bar's fill is a value, not a shape (holdout10, blind: Keras prints
``  81/10000 [>.............................] - ETA: 2:02:40 - loss: ...`` every minute; the template
learned near the end of epoch 1, ``[===========================>..]``, matched nothing of epoch 2's, so
the job's own cadence "stopped" and a healthy run was called a hang).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from monitoring.detectors.cadence import template_of


def keras(done: int, total: int = 10000, width: int = 30) -> str:
    filled = width * done // total
    bar = "=" * filled + (">" if filled < width else "") + "." * max(0, width - filled - 1)
    return f"{done:5d}/{total} [{bar[:width]}] - ETA: 1:02:40 - loss: 1.2559 - regression_loss: 0.6070"


@settings(max_examples=50, deadline=None)
@given(a=st.integers(1, 10000), b=st.integers(1, 10000))
def test_a_keras_bar_has_one_shape_whatever_its_fill(a: int, b: int) -> None:
    assert template_of(keras(a))[0] == template_of(keras(b))[0]


def test_brackets_that_are_no_bar_keep_their_shape() -> None:
    assert template_of("[rank0] step [12] loss 0.3")[0] == "[rank<n>] step [<n>] loss <n>"
    assert template_of("[INFO] saved")[0] == "[INFO] saved"
