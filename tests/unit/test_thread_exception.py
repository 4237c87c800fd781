"""An exception a background thread died of (issue 24, holdout13 blind: wandb's file-stream thread raised
requests' "500 Server Error" and died while training went on; read as the job's service error, escalated).

Python's default ``threading.excepthook`` prints ``Exception in thread NAME:`` before the thread's traceback
(``Lib/threading.py``); the exception that ends that traceback is the thread's: the program goes on, so it is
kept as evidence for the job, never raised alone. The same exception in the main thread is raised as before.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.unit.pipehelpers import job, log, megatron, pipeline, run

TB = [
    "Traceback (most recent call last):",
    '  File "/usr/lib/python3.10/threading.py", line 1016, in _bootstrap_inner',
    "    self.run()",
    '  File "/opt/conda/lib/python3.10/site-packages/requests/models.py", line 1021, in raise_for_status',
    "    raise HTTPError(http_error_msg, response=self)",
    "requests.exceptions.HTTPError: 500 Server Error: Internal Server Error for url: https://api.wandb.ai/files/x",
]


@settings(max_examples=30, deadline=None)
@given(
    in_thread=st.booleans(),
    name=st.sampled_from(["Thread-5", "FileStreamThread", "Thread-16 (_worker)"]),
    trailer=st.sampled_from(["", "      | loss = 0.000     | ll = -0.086"]),
)
def test_a_background_threads_exception_is_evidence_the_main_threads_an_alarm(
    in_thread: bool, name: str, trailer: str
) -> None:
    p = pipeline(job("1", "gpu-a-[001-002]"))
    steps = [log(10.0 * i, "1", megatron(100 + i)) for i in range(1, 30)]
    head = [log(150.0, "1", f"Exception in thread {name}:{trailer}")] if in_thread else []
    tb = [log(150.001 + 0.001 * i, "1", line) for i, line in enumerate(TB)]
    run(p, [*steps, *head, *tb], until=290)
    assert (p.incidents() == []) == in_thread
