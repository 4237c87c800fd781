"""Hostlist expansion and the block rank layout attribution relies on."""

from __future__ import annotations

import pytest

from monitoring.detectors.hostlist import HostlistError, compress, expand
from monitoring.detectors.schema import JobSpec


def test_it_expands_ranges_keeping_zero_padding() -> None:
    assert expand("gpu-a-[001-003,009]") == ["gpu-a-001", "gpu-a-002", "gpu-a-003", "gpu-a-009"]


def test_it_expands_unpadded_and_several_brackets() -> None:
    assert expand("node[1-2]") == ["node1", "node2"]
    assert expand("rack[1-2]-n[01-02]") == ["rack1-n01", "rack1-n02", "rack2-n01", "rack2-n02"]


def test_it_expands_comma_lists_of_plain_names() -> None:
    assert expand("dgx-b200-07,dgx-b200-[09-10]") == ["dgx-b200-07", "dgx-b200-09", "dgx-b200-10"]


def test_it_rejects_bad_syntax() -> None:
    with pytest.raises(HostlistError):
        expand("gpu-[001-")


def test_compress_is_the_inverse_of_expand() -> None:
    names = expand("node[01-04,07]")
    assert expand(compress(names)) == names


def test_rank_maps_to_node_in_block_order() -> None:
    job = JobSpec("1", nodes=tuple(expand("gpu-a-[001-004]")), tasks_per_node=8)
    assert job.node_of_rank(0) == "gpu-a-001"
    assert job.node_of_rank(19) == "gpu-a-003"
    assert job.node_of_rank(31) == "gpu-a-004"


def test_rank_outside_the_job_maps_to_nothing() -> None:
    job = JobSpec("1", nodes=("a", "b"), tasks_per_node=8)
    assert job.node_of_rank(16) is None
    assert job.node_of_rank(-1) is None
