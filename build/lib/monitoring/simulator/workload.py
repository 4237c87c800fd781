"""What a training job writes to its log, per framework, copied from real runs.

Three styles are mixed across jobs because real clusters mix them and the detectors
must not be tuned to one: Megatron-LM (launched with ``srun --label``, so every line
carries a right-aligned ``rank: `` prefix), NeMo/Lightning (tqdm progress bars, no
label) and torchtitan (Python logging with ``[rank0]:[titan]``).
"""

from __future__ import annotations

from datetime import UTC, datetime

from monitoring.simulator.model import Job

FRAMEWORKS = ("megatron", "nemo", "titan")
H100_PEAK_TFLOPS = 989.5


def _dt(t: float) -> datetime:
    return datetime.fromtimestamp(t, tz=UTC)


def ts_log(t: float) -> str:
    """``2026-11-29 10:00:18`` as Megatron and NeMo print it."""
    return _dt(t).strftime("%Y-%m-%d %H:%M:%S")


def ts_titan(t: float) -> str:
    """``2026-11-26 16:51:40,651``: Python logging's asctime."""
    d = _dt(t)
    return d.strftime("%Y-%m-%d %H:%M:%S") + f",{d.microsecond // 1000:03d}"


def ts_kernel(t: float) -> str:
    """``[Sun Nov 29 10:08:07 2026]`` as ``dmesg -T`` prints it."""
    return _dt(t).strftime("[%a %b %d %H:%M:%S %Y]")


def ts_glog(t: float, level: str = "E") -> str:
    """``E1129 10:18:06.343573737``: c10's glog-style prefix with nanoseconds."""
    d = _dt(t)
    ns = int(round((t % 1) * 1e9)) % 1_000_000_000
    return f"{level}{d.strftime('%m%d %H:%M:%S')}.{ns:09d}"


def ts_iso(t: float) -> str:
    return _dt(t).strftime("%Y-%m-%dT%H:%M:%S")


def label(job: Job, rank: int) -> str:
    """``srun --label`` prefix: the rank right-aligned to the width of the last rank."""
    if job.framework != "megatron":
        return ""
    width = len(str(max(job.world - 1, 0)))
    return f"{rank:>{width}}: "


def titan(t: float, msg: str) -> str:
    return f"[rank0]:[titan] {ts_titan(t)} - root - INFO - {msg}"


def _tqdm_num(x: float) -> str:
    return f"{x:.3g}".replace("+0", "+").replace("-0", "-")


def _tqdm_interval(seconds: float) -> str:
    s = max(int(seconds), 0)
    h, rem = divmod(s, 3600)
    m, sec = divmod(rem, 60)
    return f"{h}:{m:02d}:{sec:02d}" if h else f"{m:02d}:{sec:02d}"


def progress_line(job: Job, t: float, step_s: float, grad_norm: float) -> str:
    """The periodic training-progress line, in the job's framework's own format."""
    it = job.iteration
    if job.framework == "megatron":
        body = (
            f" [{ts_log(t)}] iteration {it:8d}/{job.total_iters:8d} | consumed samples: {it * job.gbs:12d}"
            f" | elapsed time per iteration (ms): {step_s * 1000:.1f} | learning rate: {job.lr:.3E}"
            f" | global batch size: {job.gbs:5d} | lm loss: {job.loss:.6E} | loss scale: 1.0"
            f" | grad norm: {grad_norm:.3f} | number of skipped iterations: {0:3d}"
            f" | number of nan iterations: {0:3d} |"
        )
        return label(job, job.world - 1) + body
    if job.framework == "nemo":
        rate = f"{1 / step_s:.2f}it/s" if step_s < 1 else f"{step_s:.2f}s/it"
        return (
            f"Epoch 0: |          | {it}/? [{_tqdm_interval(t - job.run_start_t)}<00:00, {rate}, v_num=0,"
            f" reduced_train_loss={_tqdm_num(job.loss)}, global_step={_tqdm_num(float(it))},"
            f" consumed_samples={_tqdm_num(float(it * job.gbs))}, train_step_timing in s={step_s:.3g}]"
        )
    tps = int(round(2 * 4096 / step_s))  # tokens/s per GPU: local batch 2 × sequence 4096
    mfu = min(99.0, 45.0 * job.iter_s / step_s)
    return titan(
        t,
        f"step: {it:2d}  loss: {job.loss:7.4f}  memory: 60.60GiB(76.61%)  tps: {tps:,}"
        f"  tflops: {mfu * H100_PEAK_TFLOPS / 100:,.2f}  mfu: {mfu:.2f}%",
    )


def nemo_ckpt_path(job: Job, step: int, loss: float) -> str:
    return f"{job.ckpt_dir}/{job.name}--reduced_train_loss={loss:.4f}-epoch=0-step={step}.ckpt"


def ckpt_start_lines(job: Job, t: float) -> list[str]:
    """Lines written when a checkpoint save begins."""
    it = job.iteration
    if job.framework == "megatron":
        return [label(job, 0) + f"saving checkpoint at iteration {it:7d} to {job.ckpt_dir}"]
    if job.framework == "nemo":
        return [
            f"Epoch 0, global step {it}: 'reduced_train_loss' reached {job.loss:.5f}"
            f" (best {job.loss + 0.01:.5f}), saving model to '{nemo_ckpt_path(job, it, job.loss)}' as top 3"
        ]
    return [titan(t, "Saving the checkpoint (or staging if async is enabled).")]


def ckpt_done_lines(job: Job, t: float, step: int, save_s: float) -> list[str]:
    """Lines written when the save finished (the checkpoint now counts)."""
    if job.framework == "megatron":
        return [
            label(job, 0)
            + f"  successfully saved checkpoint from iteration {step:7d} to {job.ckpt_dir} [ t 1/8, p 1/1 ]"
        ]
    if job.framework == "nemo":
        return []
    return [
        titan(t, "[GC] Performing periodical GC collection. 0.06 seconds."),
        titan(t, f"Finished saving the checkpoint (or staging if async is enabled)in {save_s:.2f} seconds."),
    ]


def preamble_lines(job: Job, t: float) -> list[str]:
    """What rank 0 prints before NCCL comes up."""
    w = job.world
    if job.framework == "megatron":
        lab = label(job, 0)
        return [
            lab + f"using world size: {w}, data-parallel size: {max(w // 8, 1)}, context-parallel size: 1,"
            " tensor-model-parallel size: 8, pipeline-model-parallel size: 1",
            lab + "> building HuggingFaceTokenizer tokenizer ...",
            lab + "> initializing torch distributed ...",
        ]
    if job.framework == "nemo":
        bar = "-" * 100
        return [
            f"Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/{w}",
            bar,
            "distributed_backend=nccl",
            f"All distributed processes registered. Starting with {w} processes",
            bar,
        ]
    return [
        titan(t, f"Starting job: {job.model} training"),
        titan(t, f"Building 1-D device mesh with ['dp_shard'], [{w}]"),
    ]


def load_start_lines(job: Job, t: float) -> list[str]:
    """The 'loading checkpoint … iteration N' line (or the fresh-start warning)."""
    step = job.last_ckpt
    if job.framework == "megatron":
        lab = label(job, 0)
        if step <= 0:
            return [
                lab
                + f"WARNING: could not find the metadata file {job.ckpt_dir}/latest_checkpointed_iteration.txt",
                lab + "    will not load any checkpoints and will start from random",
            ]
        return [lab + f" loading checkpoint from {job.ckpt_dir} at iteration {step}"]
    if job.framework == "nemo":
        if step <= 0:
            return []
        return [f"Restoring states from the checkpoint path at {nemo_ckpt_path(job, step, job.loss)}"]
    if step <= 0:
        return [titan(t, "No checkpoint found, starting from scratch.")]
    return [titan(t, f"Loading the checkpoint at step {step}.")]


def load_done_lines(job: Job, t: float, load_s: float) -> list[str]:
    step = job.last_ckpt
    if job.framework == "megatron":
        lab = label(job, 0)
        out = []
        if step > 0:
            out.append(
                lab
                + f"  successfully loaded checkpoint from {job.ckpt_dir} [ t 0/8, p 0/1 ] at iteration {step}"
            )
        return out + [
            lab + f"[after model, optimizer, and learning rate scheduler are built] datetime: {ts_log(t)} ",
            lab + f"[after dataloaders are built] datetime: {ts_log(t)} ",
            lab + "done with setup ...",
            lab + "training ...",
        ]
    if job.framework == "nemo":
        return (
            [f"Restored all states from the checkpoint at {nemo_ckpt_path(job, step, job.loss)}"]
            if step
            else []
        )
    out = [titan(t, f"Finished loading the checkpoint in {load_s:.2f} seconds.")] if step else []
    return out + [
        titan(
            t,
            f"Training starts at step {step + 1}, with local batch size 2, global batch size {job.gbs},"
            f" sequence length 4096, total steps {job.total_iters} (warmup 200)",
        )
    ]


def completion_lines(job: Job, t: float) -> list[str]:
    if job.framework == "megatron":
        return [label(job, 0) + f"[after training is done] datetime: {ts_log(t)} "]
    if job.framework == "nemo":
        return [f"`Trainer.fit` stopped: `max_steps={job.end_iter}` reached."]
    return [
        titan(t, "Sleeping 2 seconds for other ranks to complete"),
        titan(t, "Training completed"),
        titan(t, "Process group destroyed."),
    ]


_MEGATRON_STACK = [
    "Traceback (most recent call last):",
    '  File "/workspace/Megatron-LM/pretrain_gpt.py", line 262, in <module>',
    "    pretrain(",
    '  File "/workspace/Megatron-LM/megatron/training/training.py", line 386, in pretrain',
    "    iteration, num_floating_point_operations_so_far = train(",
    '  File "/workspace/Megatron-LM/megatron/training/training.py", line 1434, in train',
    "    train_step(forward_step_func,",
    '  File "/workspace/Megatron-LM/megatron/training/training.py", line 764, in train_step',
    "    losses_reduced = forward_backward_func(",
]
_MEGATRON_FWD = [
    '  File "/workspace/Megatron-LM/megatron/core/pipeline_parallel/schedules.py", line 471,'
    " in forward_backward_no_pipelining",
    "    output_tensor, num_tokens = forward_step(",
    '  File "/workspace/Megatron-LM/megatron/core/pipeline_parallel/schedules.py", line 275, in forward_step',
    "    output_tensor, loss_func = forward_step_func(data_iterator, model)",
]
_NEMO_STACK = [
    "Traceback (most recent call last):",
    '  File "/opt/NeMo/examples/nlp/language_modeling/megatron_gpt_pretraining.py", line 47, in main',
    "    trainer.fit(model)",
    '  File "/usr/local/lib/python3.10/dist-packages/lightning/pytorch/trainer/trainer.py", line 538, in fit',
    "    call._call_and_handle_interrupt(",
    '  File "/usr/local/lib/python3.10/dist-packages/lightning/pytorch/loops/fit_loop.py", line 205, in run',
    "    self.advance()",
    '  File "/usr/local/lib/python3.10/dist-packages/lightning/pytorch/loops/training_epoch_loop.py",'
    " line 250, in advance",
    "    batch_output = self.automatic_optimization.run(trainer.optimizers[0], batch_idx, kwargs)",
    '  File "/opt/NeMo/nemo/collections/nlp/models/language_modeling/megatron_gpt_model.py", line 796,'
    " in training_step",
    "    loss_mean = self.fwd_bwd_step(dataloader_iter, False)",
]
_TITAN_STACK = [
    "Traceback (most recent call last):",
    '  File "/opt/torchtitan/torchtitan/train.py", line 468, in <module>',
    "    trainer.train()",
    '  File "/opt/torchtitan/torchtitan/train.py", line 398, in train',
    "    self.train_step(inputs, labels)",
    '  File "/opt/torchtitan/torchtitan/train.py", line 341, in train_step',
    "    loss = self.forward_backward_step(input_dict, labels)",
]
_CUDA_TAIL = [
    "CUDA kernel errors might be asynchronously reported at some other API call,"
    " so the stacktrace below might be incorrect.",
    "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
    "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
]
_ALLREDUCE = [
    '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py", line 2501,'
    " in all_reduce",
    "    work = group.allreduce([tensor], opts)",
]


def stack(job: Job) -> list[str]:
    return {"megatron": _MEGATRON_STACK, "nemo": _NEMO_STACK}.get(job.framework, _TITAN_STACK)


def traceback_lines(job: Job, kind: str, local_gpu: int = 0, detail: str = "") -> list[str]:
    """A Python traceback as one rank prints it, ending in the exception for ``kind``.

    ``kind``: ``ecc`` (uncorrectable ECC), ``nccl_cuda`` (NCCL saw a CUDA failure),
    ``oom``, ``exception`` (``detail`` is the exception line), ``io`` / ``stale``
    (shared filesystem; ``detail`` is the path).
    """
    base = stack(job)
    if kind == "ecc":
        return (
            base + _ALLREDUCE + ["RuntimeError: CUDA error: uncorrectable ECC error encountered"] + _CUDA_TAIL
        )
    if kind == "nccl_cuda":
        return (
            base
            + _ALLREDUCE
            + [
                "torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/NCCLUtils.hpp:317,"
                " unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5",
                "ncclUnhandledCudaError: Call to CUDA function failed.",
                "Last error:",
                "Cuda failure 'unspecified launch failure'",
            ]
        )
    if kind == "oom":
        fwd = _MEGATRON_FWD if job.framework == "megatron" else []
        return (
            base
            + fwd
            + [
                '  File "/usr/local/lib/python3.10/dist-packages/transformer_engine/pytorch/attention.py",'
                " line 7632, in forward",
                "    return super().forward(query_layer, key_layer, value_layer, attention_mask, attn_mask_type)",
                f"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 4.00 GiB. GPU {local_gpu} has a total"
                " capacity of 79.11 GiB of which 0.96 GiB is free. Including non-PyTorch memory, this process has"
                " 78.15 GiB memory in use. Of the allocated memory 75.05 GiB is allocated by PyTorch, and 2.67 GiB"
                " is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting"
                " PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for"
                " Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)",
            ]
        )
    if kind == "io":
        return base + [
            '  File "/workspace/Megatron-LM/megatron/core/datasets/indexed_dataset.py", line 474, in read',
            "    self._bin_buffer = open(self._bin_path, mode='rb', buffering=0)",
            f"OSError: [Errno 5] Input/output error: '{detail}'",
        ]
    if kind == "stale":
        return base + [
            '  File "/usr/local/lib/python3.10/dist-packages/torch/serialization.py", line 850, in save',
            "    with _open_zipfile_writer(f) as opened_zipfile:",
            f"OSError: [Errno 116] Stale file handle: '{detail}'",
        ]
    return base + [
        '  File "/opt/data/collate.py", line 88, in collate_fn',
        "    attention_mask=batch['attention_mask'],",
        detail or "KeyError: 'attention_mask'",
    ]
