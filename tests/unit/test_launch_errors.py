"""Steps slurmstepd could not start: whose fault, from what its own messages say.

Lines follow slurmstepd's format strings (``execve(): %s: %m``, ``execve(): bad interpreter(%s): %m``,
``couldn't chdir to `%s': %m: going to /tmp instead``); ``%m`` is strerror's wording.
"""

from __future__ import annotations

from monitoring.detectors.logs import parse_joblog
from monitoring.detectors.schema import Kind
from tests.unit.pipehelpers import job, log, pipeline, run, slurm


def test_slurmds_own_copy_of_the_script_failing_to_exec_is_the_sites() -> None:
    info = parse_joblog(
        "slurmstepd: error: execve(): /var/spool/slurmd/job01234/slurm_script: Permission denied"
    )
    assert info is not None and info.kind == Kind.LAUNCH_ERROR and info.data["site"] is True


def test_a_script_without_an_interpreter_line_or_a_users_own_binary_is_the_users() -> None:
    no_shebang = parse_joblog(
        "slurmstepd: error: execve(): /var/spool/slurmd/job7/slurm_script: Exec format error"
    )
    bad = parse_joblog(
        "slurmstepd: error: execve(): bad interpreter(/usr/bin/pythn): No such file or directory"
    )
    own = parse_joblog("slurmstepd-gpu-a-001: error: execve(): ./train.sh: Permission denied")
    assert [i.data["site"] for i in (no_shebang, bad, own) if i is not None] == [False, False, False]


def test_two_jobs_on_two_nodes_whose_steps_could_not_start_are_one_site_incident() -> None:
    p = pipeline(job("1", "gpu-a-001", tpn=1), job("2", "gpu-a-009", tpn=1))
    line = "slurmstepd: error: execve(): /tmp/slurmd/job{0}/slurm_script: No such file or directory"
    run(
        p,
        [
            log(10, "1", line.format(1)),
            slurm(11, kind="job_state", job="1", state="FAILED", exit_code="1:0"),
            log(70, "2", line.format(2)),
            slurm(71, kind="job_state", job="2", state="FAILED", exit_code="1:0"),
        ],
    )
    [inc] = p.incidents()
    assert (inc.category, inc.culprit_node, sorted(inc.jobs)) == ("infrastructure", None, ["1", "2"])
    assert [r.to_dict()["action"] for r in inc.recommendations] == ["escalate"]


def test_a_users_launch_error_is_told_to_the_owner() -> None:
    p = pipeline(job("1", "gpu-a-001", tpn=1))
    run(p, [log(10, "1", "slurmstepd: error: execve(): ./train.sh: Permission denied")])
    [inc] = p.incidents()
    assert inc.category == "software"
    assert [r.to_dict()["action"] for r in inc.recommendations] == ["notify"]
