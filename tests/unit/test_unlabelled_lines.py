"""Lines that name no rank and no host still name a node when the job or the emitter's format does.

NCCL's WARN prefix is ``"%s:%d:%d [%d] %s:%d NCCL WARN "`` (host, pid, tid, cudaDev, source file,
line; src/debug.cc), often behind a launcher's or a logger's own prefix; a CUDA error printed
by a rank without ``srun --label`` names nothing; a NET/IB completion error names its peer,
never its reporter.
"""

from __future__ import annotations

from monitoring.detectors.logs import nccl_prefix
from tests.unit.pipehelpers import job, log, pipeline, run


def test_the_nccl_warn_prefix_with_its_source_file_is_found_behind_another_prefix() -> None:
    body = (
        "2026-11-29 10:00:01 [1,3]<stderr>: gpu-a-007:81:99 [3] transport/net_ib.cc:93 NCCL WARN NET/IB : x"
    )
    assert nccl_prefix(body) == ("gpu-a-007", 3)
    newer = "[I 10:00] gpu-a-007:81:99 [5] net_ib.cc:1214 (ncclIbAsync) NCCL WARN NET/IB : x"
    assert nccl_prefix(newer) == ("gpu-a-007", 5)
    assert nccl_prefix("epoch 3:14:15 [2] loss 0.1") == (None, None)  # no NCCL after it


def test_an_unlabelled_cuda_ecc_error_of_a_one_node_job_blames_that_node() -> None:
    p = pipeline(job("1", "gpu-a-003", tpn=8))
    run(p, [log(10, "1", "RuntimeError: CUDA error: uncorrectable ECC error encountered")])
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node) == ("gpu_hardware", "gpu-a-003")
    assert [r.to_dict()["action"] for r in inc.recommendations] == ["drain_node", "requeue_job"]


def test_an_unlabelled_cuda_ecc_error_of_a_multi_node_job_guesses_no_node() -> None:
    p = pipeline(job("1", "gpu-a-[003-004]", tpn=8))
    run(p, [log(10, "1", "RuntimeError: CUDA error: uncorrectable ECC error encountered")])
    [inc] = p.incidents()
    assert inc.culprit_node is None


def test_a_completion_error_whose_reporter_is_unnamed_still_blames_the_peer_it_names() -> None:
    p = pipeline(job("1", "gpu-a-[001-004]", tpn=8))
    line = (
        "NCCL WARN NET/IB : Got completion from peer gpu-a-003<45678> with status=12 opcode=1 len=0 "
        "vendor err 129 (Recv) localGid ::ffff:10.0.0.1 remoteGidsfe80::1"
    )
    run(p, [log(10, "1", line)])
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node) == ("network", "gpu-a-003")
