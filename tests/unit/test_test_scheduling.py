"""The suite's own scheduling: tests that share one real component run on one xdist worker."""

from __future__ import annotations

from tests.conftest import group_of


def test_tests_of_a_shared_component_are_one_work_unit_and_the_rest_are_each_their_own() -> None:
    assert group_of("tests/slurm/test_transport_live.py::test_x[ssh]") == "slurm"
    assert group_of("tests/slurm/test_controller_live.py::test_y[local-0]") == "slurm"
    assert group_of("tests/chaos/test_chaos.py::test_z") == "chaos"
    assert group_of("tests/integration/test_whatif.py::test_a") == "whatif-stretch"
    assert group_of("tests/integration/test_whatif_no_record.py::test_b") == (
        "tests/integration/test_whatif_no_record.py::test_b"
    )
    assert group_of("tests/unit/test_slurm_parse.py::test_c") == "tests/unit/test_slurm_parse.py::test_c"
