"""GPU telemetry: NVML, nvidia-smi and dcgm-exporter inputs mapped to `gpu` events; bounded Redis windows."""
