import json, os
rows = {
"swift-moe-teardown-watchdog": ("https://github.com/modelscope/ms-swift/issues/7992 (+ fix PR #8385)", "software", "application (teardown of MoE process groups)", "notify owner; no requeue, no drain", "high", "scenario date/host names/job id; fault t = first heartbeat line − 480 s"),
"healthy-soft-lockup-during-final-save": ("https://github.com/hiyouga/LlamaFactory/issues/1355 ; progress lines https://github.com/deepspeedai/DeepSpeed/issues/4781", "none (healthy)", "none", "nothing", "high", "dmesg timestamps, repetition of the posted soft-lockup line, cadence spacing, COMPLETED event"),
"returnn-custom-progress-pcie-aer-fatal": ("https://github.com/rwth-i6/returnn/issues/1500 ; progress https://github.com/rwth-i6/returnn/issues/1485 ; same GPU symptom #1486", "gpu_hardware", "gpu: cn-233 GPU 0 (PCI 0000:03:00)", "drain cn-233 + requeue excluding it", "high", "progress steps 1-36 (same format), timestamps, node name, pci_bus_ids mapping"),
"jade-uncorrectable-ecc-repeat-node": ("https://github.com/jade-hpc-gpu/jade-hpc-gpu.github.io/issues/194", "gpu_hardware", "node dgk713 (GPU index not established)", "drain dgk713 + requeue excluding it", "high", "timestamps, FAILED event, 2 history entries for the earlier failed jobs"),
"burnin-aer-surprise-down-xid79": ("https://github.com/wilicc/gpu-burn/issues/1", "gpu_hardware", "gpu: tesla-01 GPU 1 (PCI 0000:02:00)", "drain tesla-01; no requeue (job not opted in)", "high", "wall clock, node name, pci_bus_ids, FAILED event"),
"gpu-fallen-off-bus-without-xid": ("https://github.com/NVIDIA/NVSentinel/issues/155", "gpu_hardware", "gpu: gpu-e-05 GPU 5 (PCI 0000:b3:00)", "drain gpu-e-05; leave bystander job alone", "high", "node name, pci_bus_ids, bystander job"),
"nccl-socket-ifname-nonexistent-at-init": ("https://github.com/NVIDIA/nccl/issues/1837", "software", "application config (NCCL_SOCKET_IFNAME)", "notify owner; no requeue, no drain", "high", "timestamps, job layout, FAILED event"),
"nfs-server-not-responding-hung-task": ("https://github.com/aws/aws-parallelcluster/issues/1150", "infrastructure", "shared NFS server (head node)", "escalate; no drain, no requeue", "medium-high", "year, job mapping; only one node's log posted"),
"hang-after-checkpoint-save-single-node": ("https://github.com/xuyuzhuang11/OneBit/issues/8", "hang", "node a100-02 (machine-specific, no HW evidence)", "requeue excluding a100-02; no drain", "medium", "HF progress lines before the save, timestamps, node name, FAILED event"),
"healthy-nccl-warnings-mentioning-hang": ("https://github.com/allenai/open-instruct/pull/1055 ; https://github.com/pytorch/pytorch/issues/126275", "none (healthy)", "none", "nothing", "high", "160 progress lines (lit-llama format), timestamps, COMPLETED event"),
"talos-xid62-nvswitch-sxid-vllm": ("https://github.com/NVIDIA/open-gpu-kernel-modules/issues/446 (comment 2026-04-22, → vllm#40652)", "gpu_hardware", "gpu: a100-07 GPU 2 (PCI 0000:48:00)", "drain a100-07 + requeue excluding it", "medium", "node IP → host name in prefixes, job framing, pci_bus_ids"),
"ib-port-error-one-node-litllama": ("https://github.com/Lightning-AI/lit-llama/issues/380 (+ maintainer reading in https://github.com/NVIDIA/nccl/issues/905)", "network", "link: node48", "drain node48 + requeue excluding it", "medium", "progress iter 83500-83591 (same format), timestamps, node49/50 names"),
"slurmd-tmp-execve-two-jobs-two-nodes": ("https://github.com/ArjunaCluster/ArjunaUsers/issues/21 ; https://github.com/ArjunaCluster/ArjunaUsers/issues/46", "infrastructure", "scheduler/node state across the GPU partition", "one incident, escalate; no drain, no requeue", "medium-high", "co-occurrence (reports were ~10 days apart), RUNNING/FAILED events"),
"hf-streaming-dataloader-stall-heartbeat": ("https://github.com/hiyouga/LlamaFactory/issues/8549", "software", "application (accelerate dispatch_batches + streaming)", "notify owner; no requeue, no drain", "medium", "timestamps, layout; fault t = heartbeat − 480 s"),
"edac-ue-mce-host-crash": ("https://github.com/ovro-lwa/lwa-issues/issues/117 ; https://github.com/ovro-lwa/lwa-issues/issues/118", "node_failure", "node lxdlwagpu09 (host DIMM)", "drain lxdlwagpu09 + requeue excluding it", "high", "DOWN+NOT_RESPONDING and NODE_FAIL events for the reported crash, Slurm framing"),
"two-faults-ecc-node-and-ifname-config": ("https://github.com/jade-hpc-gpu/jade-hpc-gpu.github.io/issues/194 + https://github.com/NVIDIA/nccl/issues/1837", "gpu_hardware + software", "dgk713 (gpu_hardware); config job (software)", "drain dgk713 + requeue job A excluding it; job B: notify only", "high (each part)", "co-occurrence of two real threads, timestamps, history"),
"mace-end-of-training-collective-mismatch": ("https://github.com/ACEsuit/mace/issues/1348 (+ ACEsuit/mace#677, molmod/psiflow#52)", "software", "application (MACE train loop after patience stop)", "notify owner; no requeue, no drain", "high", "epochs 60-97 (same format), 2.4 s gap, FAILED event"),
"grpo-colocate-oom-single-rank-report": ("https://github.com/modelscope/ms-swift/issues/5943", "software", "application config (model does not fit)", "notify owner; no requeue, no drain", "medium-high", "timestamps, FAILED event, node layout"),
"megatron-init-stall-fused-kernel-lock": ("https://github.com/NVIDIA/Megatron-LM/issues/1050 ; cause: https://github.com/modelscope/modelscope/issues/134 , https://github.com/EleutherAI/gpt-neox/issues/232", "software", "job environment (stale fused_kernels build lock)", "notify owner; no requeue, no drain", "medium", "start-up timestamps, layout"),
}
root = os.path.dirname(os.path.abspath(__file__))
names = sorted(os.listdir(os.path.join(root, "scenarios")))
assert set(names) == set(rows), set(names) ^ set(rows)
out = []
out.append("""# Blind holdout corpus: real public log lines from GPU-cluster training failures

Format: `recovery-scenario/1` exactly as `/work/shared/scenarios/FORMAT.md` prescribes; each scenario is a folder
`scenarios/<name>/` with `scenario.json`, `events.jsonl`, `truth.json` (same layout as `shared/scenarios/public/`).
Per-scenario provenance (source URL, the thread's conclusion, what is real, what is synthesised) is in
`notes/<name>.md` — kept **outside** the scenario folders so a replay never sees it; each `scenario.json`
`description` also carries the source URL(s).

- `build.py` regenerates everything (the real lines are string literals in it, each block marked `# REAL: <source>`;
  everything else is produced by clearly separated synthetic helpers, seeded, deterministic).
- `validate.py` checks the corpus against FORMAT.md (ordering, hostlists, job/node references, opt-in of every
  expected requeue, GPU indices inside `pci_bus_ids`). It does not use the tool.

How the corpus was made: every log line in a `joblog`/`kernel` event that is not listed as synthesised below was
copied verbatim from the public thread (GitHub issue/PR text as stored in the search corpus). Where the stored
excerpt of a thread ends in the middle of a line, the line is kept cut there (FORMAT allows truncated lines) rather
than completed. No GPU telemetry (`gpu` events) was added: none was posted, and FORMAT makes them optional.

## How the truth was decided
1. The thread's own conclusion (maintainer diagnosis, poster's confirmed cause, fix PR, or site-admin resolution)
   decides **what broke**: hardware of a GPU / host, a link, the application or its configuration, shared
   infrastructure, or nothing.
2. That is mapped onto FORMAT.md's categories and default actions (gpu_hardware/network/node_failure → drain +
   requeue opted-in jobs excluding the node; hang → requeue excluding, no drain without history; software and
   infrastructure → no drain, no requeue; healthy → nothing). Jobs that did not opt in are never in `requeue`.
3. The culprit node/GPU is named only where the thread establishes it; GPU indices come from the kernel line's PCI
   bus and a synthesised `pci_bus_ids` list (stated per scenario).
4. A *confidence* column marks where the thread's conclusion is a maintainer's suggestion not confirmed by the
   poster, or where the truth rests on a linked thread with the identical symptom (`medium`). Scorers may want to
   report those separately.

## Scenarios
| id | source URL(s) | category | culprit | right action | truth confidence | synthesised |
|---|---|---|---|---|---|---|""")
for n in names:
    src, cat, cul, act, conf, syn = rows[n]
    out.append(f"| `{n}` | {src} | {cat} | {cul} | {act} | {conf} | {syn} |")
out.append("""
Classes covered: unusual progress formats (RETURNN per-rank prints, MACE `INFO: Epoch`, lit-llama `iter N:`, HF
Trainer dicts, ms-swift/tqdm `Evaluate:` with the poster's own time prefix, Megatron start-up banner); stalls during
checkpoint save, during evaluation/teardown after training finished, in the data loader (streaming), and before the
first step (fused-kernel lock); failures before the first step that a restart repeats (NCCL_SOCKET_IFNAME, slurmd
execve, fused-kernel lock); PyTorch heartbeat-monitor wording ("watchdog got stuck for 480 seconds") and NCCL
watchdog timeouts with real SeqNum/ranks; kernel records: Xid 79 after PCIe Surprise Down, fallen-off-the-bus
*without* an Xid (multi-line NVRM record), fatal PCIe AER in `dmesg -e` relative-time format, Xid 62/45 + NVSwitch
SXid in Talos `host: kern: level: [ISO]:` format, hung task with call trace, soft lockup, EDAC UE + APEI/MCE
multi-line record; InfiniBand port errors / completion error 12; shared NFS failure; two jobs hit by the same
scheduler-side fault; two healthy-but-noisy runs (warnings that mention "hang" / "soft lockup"); two independent
faults at once; application-only evidence of a hardware fault (uncorrectable ECC from PyTorch, node history); a CUDA OOM reported by a single rank of a multi-node job.

## What FORMAT.md asks that could not be satisfied (or only partly)
- No `gpu` telemetry events anywhere (nothing real was posted; synthesising DCGM samples would be invented data).
- `infrastructure` scenarios cannot show "several jobs on disjoint nodes failing together" from one thread: the NFS
  one has a single node's log; the slurmd one combines two real reports of the same cluster-wide fault that were
  ~10 days apart.
- No Lustre/GPFS eviction, no Xid 48/63/64/94/95/119/120/74 line with a thread conclusion, no NCCL
  "transport retry counter exceeded" on a named node, and no
  general-protection-fault/oops inside nvidia modules with a conclusion were found in the time available, so those
  classes are absent rather than invented.
- Slurm events (`job_state`, `node_state`) are synthesised everywhere (threads post job output, not scheduler
  state); each note says which.
- Several real threads were not Slurm jobs (Kubernetes, Talos, SGE-era ParallelCluster, a radio-telescope
  pipeline); they are framed as Slurm jobs with synthesised ids and node names.
""")
open(os.path.join(root, "README.md"), "w").write("\n".join(out) + "\n")
print("README written")
extra = """
## Category balance
gpu_hardware 6 (incl. the two-fault one), software 6 (+1 as the two-fault scenario's other_faults), infrastructure 2, network 1, node_failure 1, hang 1, healthy 2
(19 scenarios; one scenario carries a second, software fault in `other_faults`).

## Threads read but not used (no conclusion in the thread, or lines not verbatim)
NVIDIA/nccl#905 and #733 (IB error 12 / port error; culprit node never established), NVIDIA/nccl#230 (local
catastrophic error; no diagnosis posted), pytorch/pytorch#81628 (RoCE GID fix came from a third party, failing line
only in the title), deepspeedai/DeepSpeed#5394 and #7533 (evaluation / save hangs, no root cause), hiyouga/LlamaFactory#7396,
pytorch/pytorch#118369, NVIDIA/Megatron-LM#1207 and #1111 (watchdog timeouts, no conclusion), NVIDIA/gpu-operator#1146
(Xid 48 line, no conclusion in the excerpt), akash-network/support#244 (Xid 94 handling contradicts the catalog, no
root cause), jade-hpc-gpu#14 (Lustre/LNet noise, no conclusion), sgl-project/sglang#29127 (faulty RDMA NIC, but the
posted lines are paraphrased with `...`/`N`), open-gpu-kernel-modules#1150 (Xid 149, "problem is currently unidentified").
"""
open(os.path.join(root, "README.md"), "a").write(extra)
