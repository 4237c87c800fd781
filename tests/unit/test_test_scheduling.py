"""The suite's own scheduling: tests that share one real component run on one xdist worker."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import group_of


def _slow_tests_script():  # type: ignore[no-untyped-def]
    """scripts/slow_tests.py, loaded as a module (scripts/ is not a package)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "slow_tests", Path(__file__).parents[2] / "scripts" / "slow_tests.py"
    )
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_tests_of_a_shared_component_are_one_work_unit_and_the_rest_are_each_their_own() -> None:
    # the local Slurm cluster is one per worker (cluster_settings): its tests spread like the rest
    assert (
        group_of("tests/slurm/test_transport_live.py::test_x[ssh]")
        == "tests/slurm/test_transport_live.py::test_x[ssh]"
    )
    assert group_of("tests/chaos/test_chaos.py::test_z") == "chaos"
    # the Slurm 24.11 cluster has its own daemons and lock: a unit of its own, beside the local one
    assert group_of("tests/slurm/test_restd_new_live.py::test_v") == "slurm-24.11"
    assert group_of("tests/integration/test_whatif.py::test_a") == "whatif-stretch"
    assert group_of("tests/integration/test_whatif_no_record.py::test_b") == (
        "tests/integration/test_whatif_no_record.py::test_b"
    )
    assert group_of("tests/unit/test_slurm_parse.py::test_c") == "tests/unit/test_slurm_parse.py::test_c"


def test_the_slow_list_names_test_files_that_exist_and_parses_comments_away(tmp_path: Path) -> None:
    from tests.conftest import SLOW_LIST, slow_test_ids

    ids = slow_test_ids()
    assert ids, "tests/slow_tests.txt names no test"
    root = Path(SLOW_LIST).parent.parent
    missing = sorted({i.split("::", 1)[0] for i in ids if not (root / i.split("::", 1)[0]).is_file()})
    assert not missing, (
        f"tests/slow_tests.txt names files that are gone (run scripts/slow_tests.py): {missing}"
    )
    listed = tmp_path / "slow.txt"
    listed.write_text("# a header\n\ntests/unit/test_x.py::test_a[1]  # 4.2 s\n")
    assert slow_test_ids(str(listed)) == {"tests/unit/test_x.py::test_a[1]"}


def test_slow_tests_maps_junit_class_names_to_node_ids() -> None:
    mod = _slow_tests_script()
    assert (
        mod.nodeid("tests.unit.test_test_scheduling", "test_x[a]")
        == "tests/unit/test_test_scheduling.py::test_x[a]"
    )
    assert (
        mod.nodeid("tests.unit.test_test_scheduling.TestK", "test_y")
        == "tests/unit/test_test_scheduling.py::TestK::test_y"
    )


def test_slow_tests_merge_keeps_listed_tests_and_drops_those_whose_function_is_gone(tmp_path: Path) -> None:
    mod = _slow_tests_script()
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_m.py").write_text("def test_kept(x):\n    pass\n")
    listed = tmp_path / "slow.txt"
    listed.write_text(
        "# header\ntests/test_m.py::test_kept[a]  # 4.0 s\ntests/test_m.py::test_gone  # 9.0 s\n"
        "tests/test_x.py::test_a  # 5.0 s\n"
    )
    assert mod.listed(listed, tmp_path) == {"tests/test_m.py::test_kept[a]": 4.0}


def test_each_worker_has_a_local_slurm_cluster_of_its_own_on_ports_nothing_else_uses() -> None:
    from tests.slurm.conftest import cluster_settings

    first = cluster_settings("")
    assert cluster_settings("gw0") == first and set(first) == {"RECOVERY_SLURM_BASE"}
    # the defaults of scripts/slurm_cluster.sh, and the 24.11 cluster's (scripts/slurm_restd_new.sh)
    taken = {2222, 16817, 6820, 6821, *range(17001, 17005), 16917, *range(17101, 17105), 6830, 2232}
    bases, names = {first["RECOVERY_SLURM_BASE"]}, set()
    for n in (1, 2, 3):
        s = cluster_settings(f"gw{n}")
        ports = [
            int(s[k])
            for k in (
                "RECOVERY_SSH_PORT",
                "RECOVERY_SLURMCTLD_PORT",
                "RECOVERY_RESTD_PORT",
                "RECOVERY_RESTD_OLD_PORT",
            )
        ]
        first_node = int(s["RECOVERY_SLURMD_PORT_BASE"])
        ports += range(first_node, first_node + 4)
        assert not taken & set(ports), (n, sorted(taken & set(ports)))
        taken |= set(ports)
        bases.add(s["RECOVERY_SLURM_BASE"])
        names.add(s["RECOVERY_SLURM_CLUSTER"])
    assert len(bases) == 4 and len(names) == 3 and "recovery" not in names


def test_units_are_handed_out_longest_first_by_what_their_tests_took() -> None:
    from tests.conftest import UNTIMED_S, longest_first

    units = {
        "tests/unit/test_a.py::test_quick": ["tests/unit/test_a.py::test_quick"],
        "chaos": ["tests/chaos/test_c.py::test_1", "tests/chaos/test_c.py::test_2"],
        "tests/integration/test_d.py::test_demo": ["tests/integration/test_d.py::test_demo"],
        "tests/unit/test_b.py::test_also_quick": ["tests/unit/test_b.py::test_also_quick"],
        "whatif": [f"tests/integration/test_w.py::test_{i}" for i in range(12)],
    }
    took = {
        "tests/chaos/test_c.py::test_1": 130.0,
        "tests/chaos/test_c.py::test_2": 60.0,
        "tests/integration/test_d.py::test_demo": 230.0,
        **{f"tests/integration/test_w.py::test_{i}": 4.0 for i in range(12)},
    }
    # the single 230-s test before the 2-test 190-s unit and the 12-test 48-s one (xdist's own order
    # is by number of tests: it would hand the 230-s test out last of the three)
    order = longest_first(units, took)
    assert order == [
        "tests/integration/test_d.py::test_demo",
        "chaos",
        "whatif",
        "tests/unit/test_a.py::test_quick",  # untimed, in collection order
        "tests/unit/test_b.py::test_also_quick",
    ]
    # a test the timed run never saw counts as a short one, not as nothing and not as the longest
    units["tests/unit/test_new.py::test_added"] = ["tests/unit/test_new.py::test_added"] * 2
    assert longest_first(units, took)[3] == "tests/unit/test_new.py::test_added"  # 2 x UNTIMED_S
    assert 2 * UNTIMED_S < 12 * 4.0


def test_the_list_gives_each_test_the_most_it_took(tmp_path: Path) -> None:
    from tests.conftest import listed_times

    listed = tmp_path / "slow.txt"
    listed.write_text("# header\ntests/unit/test_x.py::test_a[1]  # 4.2 s\ntests/unit/test_x.py::test_b\n")
    assert listed_times(str(listed)) == {
        "tests/unit/test_x.py::test_a[1]": 4.2,
        "tests/unit/test_x.py::test_b": 0.0,
    }


def test_slow_tests_under_takes_only_the_named_folders_from_a_run_of_everything(tmp_path: Path) -> None:
    mod = _slow_tests_script()
    run = tmp_path / "run.xml"
    run.write_text(
        '<testsuites><testsuite name="pytest">'
        '<testcase classname="tests.unit.test_test_scheduling" name="test_x" time="7.2"/>'
        '<testcase classname="tests.chaos.test_chaos" name="test_kill[a]" time="28.9"/>'
        '<testcase classname="tests.chaos.test_chaos" name="test_quick" time="0.4"/>'
        "</testsuite></testsuites>"
    )
    assert mod.slow_ids([str(run)], 3.0, ("tests/chaos",)) == [
        (28.9, "tests/chaos/test_chaos.py::test_kill[a]")
    ]
    assert len(mod.slow_ids([str(run)], 3.0)) == 2
