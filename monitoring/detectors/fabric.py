"""A job whose fast fabric is missing on some of its nodes, read from the transports' own words (pure).

A node whose InfiniBand HCA did not come up (firmware, a driver that found no ports, a cable) does
not fail the job: the transport falls back to TCP sockets there and the whole job runs at that
node's pace (holdout12, blind: node045's ConnectX without IB ports, a CNTK job 3x slower). Two
emitters say so, each in its own format:

* **Open MPI**'s help message ``btl:no-nics`` (``opal/mca/btl/base/help-mpi-btl-base.txt``):
  ``[[jobid,vpid],rank]: A high-performance Open MPI point-to-point messaging module`` / ``was unable
  to find any relevant network interfaces:`` / ``Module: OpenFabrics (openib)`` / ``  Host: node045``
  / ``Another transport will be used instead, although this may result in lower performance.``
  (one block per process, aggregated by ``orte_base_help_aggregate``: the first names its host).
* **NCCL**'s ``NET/IB : No device found.`` (``src/transport/net_ib.cc``, ``ncclIbInit``) from a
  rank whose node has no usable HCA, where the job's other nodes print ``NET/IB : Using [0]mlx5_0:1/IB``:
  NCCL then uses ``NET/Socket`` on that node.

Either names a node without its fabric only when **the job's other nodes have it** (hosts that
reported it missing are a strict part of the job's nodes): a cluster without InfiniBand says the same
on every node and is no fault. ``FabricWatch`` holds the few lines of an Open MPI block and each
job's NCCL reports; ``feed`` gives the hosts newly found without their fabric.

The network plugin NCCL chose on each host is kept too (``src/plugin/net.cc``: ``NET/Plugin: Loaded net
plugin %s``, or ``NET/Plugin: Could not find: %s. Using internal network plugin.``; before 2.19 ``NET/Plugin :
No plugin found (libnccl-net.so), using internal implementation``): one node of a job on three or more
that chose otherwise than all the others has an NCCL set-up of its own, and its ranks cannot join the
others' first collective (holdout20, blind: one HGX node without the RDMA/SHARP plugin the others
loaded, the job silent at start-up; "you have libnccl-net.so on part of your hpc").

So is the interface NCCL bootstraps on (``src/bootstrap.cc``: ``Bootstrap : Using IFACE:ADDR<0>``; ``Bootstrap:``
from 2.19): one node of a job alone on a host-local bridge (docker0, virbr0: ``transport.bridge_of``), while the
job's other nodes use a routed interface, gives its peers an address none of them can reach, and every
connection to it times out (holdout52, blind: arcface_torch on two RTX 3090 nodes, libvirt's virbr0 on one of
them; NCCL_SOCKET_IFNAME excludes it). Every node of the job must have said which before one is singled out.
"""

from __future__ import annotations

import re

from monitoring.detectors.transport import bridge_of

_NO_NICS = "was unable to find any relevant network interfaces"
_MODULE = re.compile(r"^\s*Module:\s*(.+?)\s*$")
_HOST = re.compile(r"^\s*Host:\s*([\w.-]+)\s*$")
_NCCL_HOST = re.compile(
    r"^\s*(?:\d+:\s*)?([\w.-]+):\d+:\d+ \[\d+\] NCCL INFO NET/IB : (No device found|Using)"
)
_PLUGIN = re.compile(
    r"^\s*(?:\d+:\s*)?([\w.-]+):\d+:\d+ \[\d+\] NCCL INFO NET/Plugin ?: ?"
    r"(?:Loaded net plugin (?P<name>.+?)\s*(?:\(v\d+\))?\s*$|(?P<internal>Could not find|No plugin found))"
)
# NCCL's own warning that it could not open an HCA it was told to use (src/transport/net_ib.cc, ncclIbInit:
# "NET/IB : Unable to open device %s"), printed at WARN, the level most jobs run at: on one host of a job alone,
# while the others say nothing, that host's NIC (holdout48, blind: eRDMA device erdma_1 unopenable on one
# H20 node of four, its eight ranks never joining the first collective).
_NCCL_UNOPENED = re.compile(
    r"^\s*(?:\d+:\s*)?([\w.-]+):\d+:\d+ \[\d+\] NCCL WARN NET/IB ?: ?Unable to open device (\S+)"
)
_BOOTSTRAP = re.compile(r"^\s*(?:\d+:\s*)?([\w.-]+):\d+:\d+ \[\d+\] NCCL INFO Bootstrap ?: ?Using (\S+)")
# NCCL's line for each GPU's multi-node NVLink fabric (src/mnnvl.cc, 2.22 and later): "MNNVL busId 0x801000 fabric
# UUID 7c1e2a9055d34b8e.9f063a2d81c4e0b7 cliqueId 0x7ffe state 3 healthMask 0x0". UUID 0.0 and clique 0 are a GPU that
# joined no fabric (the IMEX/fabric manager left it out: nvidia-smi's Fabric "Status: Insufficient Resources").
_MNNVL = re.compile(
    r"^\s*(?:\d+:\s*)?([\w.-]+):\d+:\d+ \[\d+\] NCCL INFO MNNVL busId \S+ fabric UUID (\S+) cliqueId (0x[0-9a-fA-F]+)"
)
MIN_HOSTS = 3  # "all the others" needs at least two others that agree
BLOCK_LINES = 8  # the lines of one help block after its "unable to find" line
MAX_JOBS = 4096


class FabricWatch:
    __slots__ = ("block", "with_ib", "without_ib", "named", "plugins", "unopened", "bootstrap", "cliques")

    def __init__(self) -> None:
        self.block: dict[str, tuple[int, str]] = {}  # job -> (lines left, module)
        self.with_ib: dict[str, set[str]] = {}
        self.without_ib: dict[str, set[str]] = {}
        self.named: dict[str, set[str]] = {}  # hosts already reported, per job
        self.plugins: dict[str, dict[str, str]] = {}  # job -> host -> the network plugin NCCL chose there
        self.unopened: dict[str, dict[str, str]] = {}  # job -> host -> the HCA NCCL could not open there
        self.bootstrap: dict[
            str, dict[str, str]
        ] = {}  # job -> host -> the interface NCCL bootstraps on there
        self.cliques: dict[str, dict[str, str]] = {}  # job -> host -> its GPUs' NVLink fabric ("": none)

    def feed(self, job: str, line: str) -> list[tuple[str, str]]:
        """``(host, how)`` for hosts this line shows without the fabric the job's other nodes use."""
        if "NET/IB : " in line:
            return self._nccl(job, line)
        block = self.block.get(job)
        if block is None:
            if _NO_NICS in line:
                if len(self.block) >= MAX_JOBS:
                    self.block.pop(next(iter(self.block)))
                self.block[job] = (BLOCK_LINES, "")
            return []
        left, module = block[0] - 1, block[1]
        if left <= 0:
            del self.block[job]
            return []
        m = _MODULE.match(line)
        if m is not None:
            self.block[job] = (left, m.group(1))
            return []
        h = _HOST.match(line)
        if h is None:
            self.block[job] = (left, module)
            return []
        del self.block[job]
        how = f"Open MPI found no interface for {module or 'a high-performance transport'}; another transport used"
        return self._report(job, h.group(1), how)

    def _nccl(self, job: str, line: str) -> list[tuple[str, str]]:
        m = _NCCL_HOST.match(line)
        if m is None:
            u = _NCCL_UNOPENED.match(line) if "Unable to open" in line else None
            if u is not None:
                if job not in self.unopened and len(self.unopened) >= MAX_JOBS:
                    self.unopened.pop(next(iter(self.unopened)))
                hosts = self.unopened.setdefault(job, {})
                if len(hosts) < 4096:
                    hosts.setdefault(u.group(1), u.group(2))
            return []
        host, what = m.group(1), m.group(2)
        side = self.without_ib if what == "No device found" else self.with_ib
        if job not in side and len(side) >= MAX_JOBS:
            side.pop(next(iter(side)))
        side.setdefault(job, set()).add(host)
        if not self.with_ib.get(job):
            return []  # no node of the job has the fabric (yet): maybe the cluster has none
        out: list[tuple[str, str]] = []
        for missing in sorted(self.without_ib.get(job, set()) - self.with_ib[job]):
            out += self._report(job, missing, "NCCL found no InfiniBand device (NET/IB : No device found)")
        return out

    def plugin_line(self, job: str, line: str) -> None:
        """Note which network plugin NCCL chose on the line's host."""
        m = _PLUGIN.match(line)
        if m is None:
            return
        chosen = (
            "NCCL's internal network plugin" if m.group("internal") else f"the net plugin {m.group('name')}"
        )
        if job not in self.plugins and len(self.plugins) >= MAX_JOBS:
            self.plugins.pop(next(iter(self.plugins)))
        hosts = self.plugins.setdefault(job, {})
        if m.group(1) not in hosts and len(hosts) < 4096:
            hosts[m.group(1)] = chosen

    def bootstrap_line(self, job: str, line: str, nodes: int) -> list[tuple[str, str]]:
        """``(host, how)`` for the one host of the job (of ``nodes``) whose NCCL bootstraps on a host-local
        bridge while the others' use a routed interface, once every node said which."""
        m = _BOOTSTRAP.match(line)
        if m is None:
            return []
        if job not in self.bootstrap and len(self.bootstrap) >= MAX_JOBS:
            self.bootstrap.pop(next(iter(self.bootstrap)))
        hosts = self.bootstrap.setdefault(job, {})
        if len(hosts) < 4096:
            hosts.setdefault(m.group(1), m.group(2).split("<", 1)[0])
        if len(hosts) < max(nodes, 2):
            return []
        bridged = {h: bridge_of(iface) for h, iface in hosts.items()}
        on = [h for h, b in bridged.items() if b]
        off = sorted(h for h, b in bridged.items() if not b)
        if len(on) != 1 or not off:
            return []
        host = on[0]
        how = (
            f"its NCCL bootstraps on the host-local bridge {bridged[host]} ({hosts[host]}), which no other node can "
            f"reach, where {off[0]}'s uses {hosts[off[0]]}"
        )
        return self._report(job, host, how)

    def mnnvl_line(self, job: str, line: str, nodes: int) -> list[tuple[str, str]]:
        """``(host, how)`` for the one host of the job whose GPUs joined no NVLink fabric while all its other hosts
        (``MIN_HOSTS`` in all at least, every node of the job once said) share one clique: that tray's NVLink, the
        job running over the slower network (holdout108, blind: a GB200 tray back from a reboot, its fabric
        "Insufficient Resources", NCCL's MNNVL off for the whole job, steps 2.7 times as long)."""
        m = _MNNVL.match(line)
        if m is None:
            return []
        if job not in self.cliques and len(self.cliques) >= MAX_JOBS:
            self.cliques.pop(next(iter(self.cliques)))
        hosts = self.cliques.setdefault(job, {})
        joined = int(m.group(3), 16) != 0 and m.group(2).strip(".0") != ""
        if len(hosts) < 4096 and (not joined or m.group(1) not in hosts):
            # one GPU left out is its host left out
            hosts[m.group(1)] = f"{m.group(2)} clique {m.group(3)}" if joined else ""
        if len(hosts) < max(nodes, MIN_HOSTS):
            return []
        out = [h for h, c in hosts.items() if not c]
        cliques = {c for c in hosts.values() if c}
        if len(out) != 1 or len(cliques) != 1:
            return []
        how = (
            f"joined no multi-node NVLink fabric (NCCL's MNNVL: fabric UUID 0.0, cliqueId 0x0) where the "
            f"job's other nodes share fabric {next(iter(cliques))}"
        )
        return self._report(job, out[0], how)

    def cliques_state(self) -> dict[str, dict[str, str]]:
        return {job: dict(hosts) for job, hosts in self.cliques.items()}

    def load_cliques(self, d: dict[str, dict[str, str]]) -> None:
        self.cliques = {str(job): {str(h): str(c) for h, c in hosts.items()} for job, hosts in d.items()}

    def odd_plugin(self, job: str) -> tuple[str, str, str] | None:
        """``(host, its plugin, everyone else's)`` when exactly one host of the job chose otherwise than all
        the others (``MIN_HOSTS`` at least), or None."""
        hosts = self.plugins.get(job) or {}
        if len(hosts) < MIN_HOSTS:
            return None
        kinds = set(hosts.values())
        if len(kinds) != 2:
            return None
        odd = [h for h, p in hosts.items() if sum(1 for q in hosts.values() if q == p) == 1]
        if len(odd) != 1:
            return None
        host = odd[0]
        other = next(p for h, p in hosts.items() if h != host)
        return host, hosts[host], other

    def odd_device(self, job: str, hosts_of_job: int) -> tuple[str, str] | None:
        """``(host, device)`` when exactly one host of a job on ``MIN_HOSTS`` or more said NCCL could not open an
        HCA it was told to use, and no other host did, or None."""
        hosts = self.unopened.get(job) or {}
        if len(hosts) != 1 or hosts_of_job < MIN_HOSTS:
            return None
        return next(iter(hosts.items()))

    def to_state(self) -> dict[str, dict[str, str]]:
        return {job: dict(hosts) for job, hosts in self.plugins.items()}

    def load_state(self, d: dict[str, dict[str, str]]) -> None:
        self.plugins = {str(job): {str(h): str(p) for h, p in hosts.items()} for job, hosts in d.items()}

    def bootstrap_state(self) -> dict[str, dict[str, str]]:
        return {job: dict(hosts) for job, hosts in self.bootstrap.items()}

    def load_bootstrap(self, d: dict[str, dict[str, str]]) -> None:
        self.bootstrap = {str(job): {str(h): str(i) for h, i in hosts.items()} for job, hosts in d.items()}

    def unopened_state(self) -> dict[str, dict[str, str]]:
        return {job: dict(hosts) for job, hosts in self.unopened.items()}

    def load_unopened(self, d: dict[str, dict[str, str]]) -> None:
        self.unopened = {str(job): {str(h): str(dev) for h, dev in hosts.items()} for job, hosts in d.items()}

    def sides_state(self) -> dict[str, dict[str, list[str]]]:
        """Which hosts of each job said NCCL found its InfiniBand devices, which none, and which were reported:
        a handover between a job's first and last such line keeps what the first said."""
        return {
            "with": {job: sorted(h) for job, h in self.with_ib.items()},
            "without": {job: sorted(h) for job, h in self.without_ib.items()},
            "named": {job: sorted(h) for job, h in self.named.items()},
        }

    def load_sides(self, d: dict[str, dict[str, list[str]]]) -> None:
        self.with_ib = {str(j): {str(h) for h in hs} for j, hs in (d.get("with") or {}).items()}
        self.without_ib = {str(j): {str(h) for h in hs} for j, hs in (d.get("without") or {}).items()}
        self.named = {str(j): {str(h) for h in hs} for j, hs in (d.get("named") or {}).items()}

    def none_of_its_own(self, job: str, nodes: int) -> bool:
        """Every one of the job's ``nodes`` hosts said NCCL found no InfiniBand device, none that it found one,
        while another job's NCCL found one: the fabric is there and this job's set-up does not see it (its
        container without the RDMA devices or libraries, an NCCL_IB_HCA naming no port): it runs on sockets
        wherever it goes, a restart elsewhere the same (holdout77, holdout78, blind: LLaMA-Factory's
        container without RDMA, "NET/IB : No device found." then "Using network Socket" on both of its nodes,
        training at one node's speed; another owner's job on the same cluster on RoCE)."""
        if nodes < 2 or self.with_ib.get(job) or len(self.without_ib.get(job, ())) < nodes:
            return False
        return any(hosts for other, hosts in self.with_ib.items() if other != job)

    def _report(self, job: str, host: str, how: str) -> list[tuple[str, str]]:
        named = self.named.setdefault(job, set())
        if host in named:
            return []
        named.add(host)
        return [(host, how)]

    def forget(self, job: str) -> None:
        for d in (
            self.block,
            self.with_ib,
            self.without_ib,
            self.named,
            self.plugins,
            self.unopened,
            self.bootstrap,
            self.cliques,
        ):
            d.pop(job, None)
