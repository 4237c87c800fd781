"""Write the ``scenarios/unseen`` set: trainers whose progress format no parser knows.

Each job prints its progress the way its emitter does (read from the emitters'
source: Hugging Face Trainer's ``log()`` dict, DeepSpeed PipelineEngine's
``steps: N loss: ... iter time (s): ...``, a custom ``print``), and no regex
of ``monitoring.detectors.progress`` matches it: the stall must come from the
job's own cadence. Run ``python scenarios/make_unseen_formats.py`` to rewrite.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parent / "unseen"
START = "2026-12-01T09:00:00Z"
CLUSTER = {"name": "sim-u", "partition": "batch", "nodes": "gpu-u-[001-008]", "gpus_per_node": 8}


def _job(jid: str, name: str, nodes: str, requeues: int = 3) -> dict[str, Any]:
    return {
        "id": jid,
        "name": name,
        "user": "dana",
        "nodes": nodes,
        "tasks_per_node": 8,
        "started": START,  # the launch is in the window: phases start at "launching"
        "comment": json.dumps({"recovery": {"max_requeues": requeues}}),
    }


def _line(t: float, job: str, line: str) -> dict[str, Any]:
    return {"t": round(t, 3), "source": "joblog", "job": job, "line": line}


def _init(job: str, t: float) -> list[dict[str, Any]]:
    return [
        _line(t, job, "Loading checkpoint shards: done"),
        _line(t + 2.0, job, "[rank0]: world size 16, data parallel 16"),
        _line(t + 5.0, job, "***** Running training *****"),
    ]


def _watchdog(job: str, t: float, ranks: range, seq: int) -> list[dict[str, Any]]:
    """PyTorch's watchdog on the ranks that reached the collective; the others never did."""
    out = []
    for r in ranks:
        out.append(
            _line(
                t + r * 0.01,
                job,
                f"[rank{r}]:[E1201 09:40:00.000000000 ProcessGroupNCCL.cpp:632] [Rank {r}] Watchdog caught "
                f"collective operation timeout: WorkNCCL(SeqNum={seq}, OpType=ALLREDUCE, NumelIn=1048576, "
                "NumelOut=1048576, Timeout(ms)=600000) ran for 600042 milliseconds before timing out.",
            )
        )
        out.append(
            _line(
                t + r * 0.01 + 0.001,
                job,
                f"[rank{r}]:[E1201 09:40:00.000100000 ProcessGroupNCCL.cpp:1515] [PG ID 0 PG GUID 0(default_pg) "
                f"Rank {r}] Exception (either an error or timeout) detected by watchdog at work: {seq}, last "
                f"enqueued NCCL work: {seq}, last completed NCCL work: {seq - 1}.",
            )
        )
    return out


def _end(job: str, t: float, state: str, code: str, reason: str) -> dict[str, Any]:
    return {"t": round(t, 3), "source": "slurm", "kind": "job_state", "job": job, "state": state,
            "exit_code": code, "reason": reason}  # fmt: skip


def hf_dict_hang(rng: random.Random) -> tuple[list[dict[str, Any]], dict[str, Any], dict[str, Any]]:
    """HF Trainer with disable_tqdm: only its ``{'loss': ...}`` dicts; gpu-u-002's ranks stop joining."""
    job, events, t = "5201", _init("5201", 3.0), 60.0
    step = 0
    while t < 1500.0:
        step += 10
        lr = 5e-5 * (1 - step / 20000)
        events.append(
            _line(t, job, f"{{'loss': {2.5 - step / 4000 + rng.uniform(-0.05, 0.05):.4f}, 'grad_norm': "
                  f"{rng.uniform(0.4, 1.6):.4f}, 'learning_rate': {lr:.4e}, 'epoch': {step / 2000:.3f}}}")
        )  # fmt: skip
        t += 15.0 + rng.uniform(-2.0, 2.0)
    fault = events[-1]["t"]
    events += _watchdog(job, fault + 600.0, range(0, 8), 88211)
    events.append(_line(fault + 603.0, job, "srun: error: gpu-u-001: tasks 0-7: Aborted (core dumped)"))
    events.append(_line(fault + 605.0, job, "srun: error: gpu-u-002: tasks 8-15: Killed"))
    events.append(_end(job, fault + 606.0, "FAILED", "134:0", "NonZeroExitCode"))
    scn = {"jobs": [_job(job, "hf-sft-13b", "gpu-u-[001-002]")],
           "description": "HF Trainer dict logs only (no step field); one node's ranks stop joining collectives; "
                          "the NCCL watchdog (600 s) names it."}  # fmt: skip
    truth = {"fault": {"t": fault, "category": "hang", "node": "gpu-u-002"},
             "expected": {"drain": [], "requeue": {job: {"exclude": ["gpu-u-002"]}}, "no_requeue": [],
                          "no_drain": ["gpu-u-001", "gpu-u-002"]}}  # fmt: skip
    return events, scn, truth


def deepspeed_pipe_hang(rng: random.Random) -> tuple[list[dict[str, Any]], dict[str, Any], dict[str, Any]]:
    """DeepSpeed PipelineEngine's ``steps: N loss: ...`` (srun --label) on the last stage of each node."""
    job, events, t = "5202", _init("5202", 2.0), 90.0
    step = 0
    while t < 1400.0:
        step += 1
        it = 11.8 + rng.uniform(-0.6, 0.6)
        for rank in (7, 15):
            events.append(
                _line(t + rank * 0.002, job,
                      f"{rank}: steps: {step * 10} loss: {3.1 - step / 900 + rng.uniform(-0.04, 0.04):.4f} "
                      f"iter time (s): {it:.3f} samples/sec: {512 / it:.3f}")
            )  # fmt: skip
        t += it
    fault = events[-1]["t"]
    events += _watchdog(job, fault + 1800.0, range(8, 16), 40412)
    events.append(_line(fault + 1803.0, job, "srun: error: gpu-u-004: tasks 8-15: Aborted (core dumped)"))
    events.append(_line(fault + 1804.0, job, "srun: error: gpu-u-003: tasks 0-7: Killed"))
    events.append(_end(job, fault + 1805.0, "FAILED", "134:0", "NonZeroExitCode"))
    scn = {"jobs": [_job(job, "gpt-neox-pipe", "gpu-u-[003-004]")],
           "description": "DeepSpeed pipeline 'steps: N loss:' lines from two stages; a hang that the NCCL "
                          "watchdog (1800 s) attributes to gpu-u-003."}  # fmt: skip
    truth = {"fault": {"t": fault, "category": "hang", "node": "gpu-u-003"},
             "expected": {"drain": [], "requeue": {job: {"exclude": ["gpu-u-003"]}}, "no_requeue": [],
                          "no_drain": ["gpu-u-003", "gpu-u-004"]}}  # fmt: skip
    return events, scn, truth


def custom_finished_stall(rng: random.Random) -> tuple[list[dict[str, Any]], dict[str, Any], dict[str, Any]]:
    """A custom print reaches its last iteration, writes its final weights, then hangs in teardown."""
    job, events, t = "5203", _init("5203", 1.0), 40.0
    total = 60
    for it in range(1, total + 1):
        events.append(
            _line(t, job, f"[trainer] ep 1 it {it}/{total} loss {2.2 - it / 80 + rng.uniform(-0.03, 0.03):.3f} "
                  f"({rng.uniform(0.9, 1.1) * 20:.1f} s/it)")
        )  # fmt: skip
        t += 20.0 + rng.uniform(-1.5, 1.5)
    fault = events[-1]["t"]
    events.append(
        _line(fault + 4.0, job, "[trainer] writing final weights to /lustre/dana/run7/final.safetensors")
    )
    events.append(_line(fault + 31.0, job, "[trainer] wrote /lustre/dana/run7/final.safetensors (26.1 GB)"))
    events.append(_end(job, fault + 3600.0, "TIMEOUT", "0:0", "TimeLimit"))
    scn = {"jobs": [_job(job, "custom-dpo", "gpu-u-[005-006]")],
           "description": "Custom progress prints reach it 60/60 and the final weights are written; the "
                          "processes then hang in teardown until the time limit."}  # fmt: skip
    truth = {"fault": {"t": fault, "category": "software"},
             "expected": {"drain": [], "requeue": {}, "no_requeue": [job],
                          "no_drain": ["gpu-u-005", "gpu-u-006"]}}  # fmt: skip
    return events, scn, truth


def custom_healthy_pauses(rng: random.Random) -> tuple[list[dict[str, Any]], dict[str, Any], dict[str, Any]]:
    """Healthy: a 7-minute silent start, a 10 s beat, a 4-minute checkpoint save, evaluation, a clean end."""
    job, events = "5204", _init("5204", 1.0)
    t, b = 430.0, 0
    while t < 2400.0:
        b += 1
        events.append(_line(t, job, f"e=0 b={b * 50} loss={1.9 - b / 900 + rng.uniform(-0.02, 0.02):.4f} "
                                    f"{rng.uniform(380, 420):.1f} samples/s"))  # fmt: skip
        t += 10.0 + rng.uniform(-1.0, 1.0)
        if b == 80:
            events.append(_line(t, job, f"Saving checkpoint to /ckpt/run9/b{b * 50}"))
            t += 240.0
            events.append(_line(t, job, f"Checkpoint saved to /ckpt/run9/b{b * 50}"))
            t += 3.0
        if b == 120:
            for k in range(6):
                events.append(_line(t, job, f"Evaluating: batch {k + 1} of 6"))
                t += 15.0
    events.append(_line(t, job, "Training finished."))
    events.append(_end(job, t + 20.0, "COMPLETED", "0:0", "None"))
    scn = {
        "jobs": [_job(job, "custom-vit", "gpu-u-[007-008]")],
        "description": "Healthy custom-format job: slow start, checkpoint save and evaluation pauses, clean end.",
    }
    return (
        events,
        scn,
        {"fault": None, "expected": {"drain": [], "requeue": {}, "no_requeue": [], "no_drain": []}},
    )


BUILDERS = {
    "unseen-hf-dict-hang": hf_dict_hang,
    "unseen-deepspeed-pipe-hang": deepspeed_pipe_hang,
    "unseen-custom-finished-stall": custom_finished_stall,
    "unseen-custom-healthy-pauses": custom_healthy_pauses,
}


def main() -> None:
    for i, (name, build) in enumerate(BUILDERS.items()):
        events, extra, truth = build(random.Random(240 + i))
        folder = OUT / name
        folder.mkdir(parents=True, exist_ok=True)
        scn = {"format": "recovery-scenario/1", "name": name, "description": extra["description"],
               "start": START, "cluster": CLUSTER, "jobs": extra["jobs"]}  # fmt: skip
        (folder / "scenario.json").write_text(json.dumps(scn, indent=2) + "\n")
        (folder / "truth.json").write_text(json.dumps(truth, indent=2) + "\n")
        events.sort(key=lambda e: e["t"])
        (folder / "events.jsonl").write_text("".join(json.dumps(e) + "\n" for e in events))


if __name__ == "__main__":
    main()
