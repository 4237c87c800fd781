#!/usr/bin/env bash
# A second, small Slurm cluster for the REST tests that need a newer slurmrestd: Debian trixie's
# Slurm 24.11 (openapi/slurmctld with data_parser v0.0.40-0.0.42: node update, job update),
# which Debian bookworm (this host, Slurm 22.05, v0.0.38) does not have.
#
# Its daemons run inside a Debian trixie chroot built once with debootstrap from
# deb.debian.org and cached ($ROOT): munged, slurmctld, four slurmd (tnode[1-4], `slurmd -N`)
# and slurmrestd (as the chroot's unprivileged `slurm` user, JWT on 127.0.0.1:$RESTD_PORT).
# It never touches the bookworm test cluster of scripts/slurm_cluster.sh: its own munge key
# and socket (the chroot's /etc/munge and /run/munge), its own slurm.conf (the chroot's
# /etc/slurm), ports, cluster name (recovery-new), node names and state under $BASE.
#
# $BASE (host path) is bind-mounted at the same path inside the chroot, so a job's output file
# and a node's kernel log have one path on both sides. The host reaches the cluster over TCP on
# 127.0.0.1: HTTP to slurmrestd, and SSH/SFTP to a host sshd on $SSH_PORT that reads $BASE (job
# output, as a site that allows SFTP). Harness commands (sbatch, scontrol) run in the chroot:
# `scripts/slurm_restd_new.sh run scontrol ...`.
#
# Usage: scripts/slurm_restd_new.sh {up|down|status|env|run CMD...|kill-node NODE|revive-node NODE|
#                                     set-requeue 0|1|build}
#
# Environment (all optional):
#   RECOVERY_SLURM_NEW_BASE  state, logs, jobs, kernel logs      (default /tmp/recovery-slurm-new)
#   RECOVERY_TRIXIE_ROOT     the cached chroot                   (default /var/lib/recovery-slurm-trixie/root)
#   RECOVERY_DEBIAN_MIRROR   for debootstrap                     (default http://deb.debian.org/debian)
#   RECOVERY_NEW_CTLD_PORT   slurmctld                           (default 16917)
#   RECOVERY_NEW_NODE_PORT   first slurmd port (4 in a row)      (default 17101)
#   RECOVERY_NEW_RESTD_PORT  slurmrestd                          (default 6830)
#   RECOVERY_NEW_SSH_PORT    host sshd for SFTP                  (default 2232)
#
# `up` is idempotent: it builds the chroot only when it is missing (minutes, once), and starts
# only what is not running. Every daemon is remembered by a pid file under $BASE/run; `down`
# kills by those, never by name, and unmounts what `up` mounted.
set -euo pipefail

BASE="${RECOVERY_SLURM_NEW_BASE:-/tmp/recovery-slurm-new}"
ROOT="${RECOVERY_TRIXIE_ROOT:-/var/lib/recovery-slurm-trixie/root}"
MIRROR="${RECOVERY_DEBIAN_MIRROR:-http://deb.debian.org/debian}"
CTLD_PORT="${RECOVERY_NEW_CTLD_PORT:-16917}"
NODE_PORT_BASE="${RECOVERY_NEW_NODE_PORT:-17101}"
RESTD_PORT="${RECOVERY_NEW_RESTD_PORT:-6830}"
SSH_PORT="${RECOVERY_NEW_SSH_PORT:-2232}"
PACKAGES=(slurmctld slurmd slurmrestd slurm-wlm-jwt-plugin slurm-client munge)
NODES=(tnode1 tnode2 tnode3 tnode4)
HOST="$(hostname)"
CONF_DIR="$BASE/etc"
RUN="$BASE/run"
IN_PATH=/usr/sbin:/usr/bin:/sbin:/bin

log() { echo "slurm_restd_new: $*" >&2; }
die() { log "ERROR: $*"; exit 1; }

alive() { # alive PIDFILE -> 0 when the process in it runs (a zombie is not running)
    [[ -s "$1" ]] && kill -0 "$(cat "$1")" 2>/dev/null && [[ "$(ps -o stat= -p "$(cat "$1")" 2>/dev/null)" != Z* ]]
}

in_root() { # in_root CMD...: CMD inside the chroot, as root, with a clean environment
    chroot "$ROOT" /usr/bin/env -i PATH="$IN_PATH" HOME=/root LANG=C.UTF-8 "$@"
}

# --- the host's part: sshd and ssh-keygen for the SFTP side ---------------------------------
host_packages() {
    # A fresh machine may lack them, and the local cluster's script (which also installs them) may be
    # running apt in another test process right now: wait for dpkg's lock rather than fail.
    local missing=()
    [[ -x /usr/sbin/sshd ]] || missing+=(openssh-server)
    command -v ssh-keygen >/dev/null || missing+=(openssh-client)
    [[ ${#missing[@]} -eq 0 ]] && return 0
    log "installing ${missing[*]}"
    local apt=(apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends)
    DEBIAN_FRONTEND=noninteractive "${apt[@]}" "${missing[@]}" >/dev/null 2>&1 \
        || { apt-get -o DPkg::Lock::Timeout=600 update -qq && DEBIAN_FRONTEND=noninteractive "${apt[@]}" "${missing[@]}"; }
    [[ -x /usr/sbin/sshd ]] || die "openssh-server did not install"
}

# --- the chroot: built once, cached ---------------------------------------------------------
build_root() {
    [[ -e "$ROOT/.recovery-ready" ]] && return 0
    local tmp="$ROOT.tmp"
    command -v debootstrap >/dev/null || {
        log "installing debootstrap"
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null 2>&1 \
            || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap; }
    }
    if [[ ! -x "$tmp/usr/bin/apt-get" ]]; then
        rm -rf "$tmp"
        mkdir -p "$(dirname "$ROOT")"
        log "debootstrap trixie into $tmp (once; a few minutes)"
        debootstrap --variant=minbase trixie "$tmp" "$MIRROR" >"$(dirname "$ROOT")/debootstrap.log" 2>&1 \
            || { tail -20 "$(dirname "$ROOT")/debootstrap.log" >&2; die "debootstrap trixie failed"; }
    fi
    # Packages' postinst scripts must not start services (there is no init in here).
    printf '#!/bin/sh\nexit 101\n' >"$tmp/usr/sbin/policy-rc.d"
    chmod 755 "$tmp/usr/sbin/policy-rc.d"
    mountpoint -q "$tmp/proc" || mount -t proc proc "$tmp/proc"
    log "installing ${PACKAGES[*]} in the chroot"
    local rc=0
    chroot "$tmp" /usr/bin/env -i PATH="$IN_PATH" DEBIAN_FRONTEND=noninteractive sh -c \
        "apt-get update -qq && apt-get install -y -qq --no-install-recommends ${PACKAGES[*]}" >&2 || rc=$?
    umount "$tmp/proc"
    ((rc == 0)) || die "apt-get install in the trixie chroot failed (rc $rc)"
    touch "$tmp/.recovery-ready"
    mv "$tmp" "$ROOT"
}

mount_root() { # /proc, /dev, /sys and $BASE (same path inside) in the chroot
    mkdir -p "$ROOT$BASE"
    mountpoint -q "$ROOT/proc" || mount -t proc proc "$ROOT/proc"
    mountpoint -q "$ROOT/dev" || mount --bind /dev "$ROOT/dev"
    mountpoint -q "$ROOT/sys" || mount --bind /sys "$ROOT/sys"
    mountpoint -q "$ROOT$BASE" || mount --bind "$BASE" "$ROOT$BASE"
}

umount_root() {
    local m
    for m in "$ROOT$BASE" "$ROOT/sys" "$ROOT/dev" "$ROOT/proc"; do
        if mountpoint -q "$m"; then umount "$m" 2>/dev/null || umount -l "$m"; fi
    done
}

# --- configuration --------------------------------------------------------------------------
write_conf() {
    mkdir -p "$CONF_DIR" "$BASE/state" "$BASE/log" "$RUN" "$BASE/fakedev" "$BASE/kernel" "$BASE/jobs"
    local n i
    for n in "${NODES[@]}"; do mkdir -p "$BASE/spool/$n"; touch "$BASE/kernel/$n.log"; done
    chmod 1777 "$BASE/jobs"
    for i in 0 1 2 3; do
        [[ -c "$BASE/fakedev/nvidia$i" ]] || { rm -f "$BASE/fakedev/nvidia$i"; mknod "$BASE/fakedev/nvidia$i" c 1 3; }
    done
    if [[ ! -s "$CONF_DIR/jwt.key" ]]; then
        (umask 077; head -c 32 /dev/urandom >"$CONF_DIR/jwt.key.new")
        mv "$CONF_DIR/jwt.key.new" "$CONF_DIR/jwt.key"
    fi
    chmod 600 "$CONF_DIR/jwt.key"
    local last=$((NODE_PORT_BASE + ${#NODES[@]} - 1))
    cat >"$ROOT/etc/slurm/slurm.conf.new" <<EOF
# Generated by scripts/slurm_restd_new.sh -- Slurm 24.11 test cluster in a trixie chroot
ClusterName=recovery-new
SlurmctldHost=$HOST(127.0.0.1)
SlurmctldPort=$CTLD_PORT
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=cred_expire=10
AuthAltTypes=auth/jwt
AuthAltParameters=jwt_key=$CONF_DIR/jwt.key
StateSaveLocation=$BASE/state
SlurmdSpoolDir=$BASE/spool/%n
SlurmctldPidFile=$RUN/slurmctld.pid
SlurmdPidFile=$RUN/slurmd-%n.pid
SlurmctldLogFile=$BASE/log/slurmctld.log
SlurmdLogFile=$BASE/log/slurmd-%n.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
JobAcctGatherType=jobacct_gather/none
MailProg=/bin/true
GresTypes=gpu
ReturnToService=2
SlurmdTimeout=10
SlurmctldTimeout=10
InactiveLimit=0
KillWait=5
MinJobAge=300
JobRequeue=1
SchedulerParameters=batch_sched_delay=0,sched_min_interval=100000,sched_interval=2,bf_interval=2
NodeName=tnode[1-4] NodeHostname=$HOST NodeAddr=127.0.0.1 Port=[$NODE_PORT_BASE-$last] CPUs=$(nproc) Gres=gpu:4 State=UNKNOWN
PartitionName=batch Nodes=tnode[1-4] Default=YES MaxTime=INFINITE State=UP OverSubscribe=YES
EOF
    mv "$ROOT/etc/slurm/slurm.conf.new" "$ROOT/etc/slurm/slurm.conf"
    # 24.11's slurmd loads a cgroup plugin even with proctrack/linuxproc; it must not touch the
    # host's cgroups (and the chroot mounts none): disabled.
    echo "CgroupPlugin=disabled" >"$ROOT/etc/slurm/cgroup.conf"
    cat >"$ROOT/etc/slurm/gres.conf" <<EOF
AutoDetect=off
NodeName=tnode[1-4] Name=gpu File=$BASE/fakedev/nvidia[0-3]
EOF
    mkdir -p "$BASE/health"
    cat >"$CONF_DIR/node-health.sh" <<EOF
#!/usr/bin/env bash
n="\${1:?node}"
if [[ -e "$BASE/health/\$n.fail" ]]; then echo "ERROR: \$n: \$(cat "$BASE/health/\$n.fail")"; exit 1; fi
echo "OK: \$n: 4 GPUs passed"
EOF
    chmod 755 "$CONF_DIR/node-health.sh"
}

# --- daemons --------------------------------------------------------------------------------
start_munge() {
    alive "$ROOT/run/munge/munged.pid" && [[ -S "$ROOT/run/munge/munge.socket.2" ]] && return 0
    in_root install -d -o munge -g munge -m 0755 /run/munge
    in_root runuser -u munge -- /usr/sbin/munged
}

start_slurmctld() {
    alive "$RUN/slurmctld.pid" && return 0
    in_root slurmctld -c -i  # a fresh controller state each time it starts
}

start_slurmd() { # start_slurmd NODE (tagged, so kill-node finds its job processes)
    alive "$RUN/slurmd-$1.pid" && return 0
    in_root RECOVERY_NEW_NODE="$1" slurmd -N "$1"
}

start_slurmrestd() { # as the chroot's `slurm` user (slurmrestd refuses root), detached
    local pidf="$RUN/slurmrestd.pid" i
    alive "$pidf" && return 0
    # Close every inherited descriptor but 0-2: a caller's flock on the lock file must not be
    # held by a daemon for good. No slurmdbd: only openapi/slurmctld (all its data parsers).
    (
        for fd in /proc/$BASHPID/fd/*; do
            fd="${fd##*/}"
            if ((fd > 2)); then eval "exec $fd>&-"; fi
        done
        exec setsid chroot --userspec=slurm:slurm "$ROOT" /usr/bin/env -i PATH="$IN_PATH" SLURM_JWT=daemon \
            /usr/sbin/slurmrestd -a rest_auth/jwt -s openapi/slurmctld "127.0.0.1:$RESTD_PORT"
    ) </dev/null >>"$BASE/log/slurmrestd.log" 2>&1 &
    echo $! >"$pidf"
    for i in $(seq 1 100); do
        if ! alive "$pidf"; then
            tail -5 "$BASE/log/slurmrestd.log" >&2 || true
            die "slurmrestd did not start on 127.0.0.1:$RESTD_PORT (see $BASE/log/slurmrestd.log)"
        fi
        (exec 3<>"/dev/tcp/127.0.0.1/$RESTD_PORT") 2>/dev/null && return 0
        sleep 0.1
    done
    die "slurmrestd is not listening on 127.0.0.1:$RESTD_PORT"
}

start_sshd() { # on the host: SFTP to $BASE for job output, as a site that allows it
    local d="$BASE/ssh" i
    mkdir -p "$d" /run/sshd
    chmod 700 "$d"
    [[ -s "$d/ssh_host_ed25519_key" ]] || ssh-keygen -q -t ed25519 -N '' -f "$d/ssh_host_ed25519_key"
    [[ -s "$d/client_key" ]] || ssh-keygen -q -t ed25519 -N '' -f "$d/client_key" -C recovery-test-new
    cp "$d/client_key.pub" "$d/authorized_keys"
    echo "[127.0.0.1]:$SSH_PORT $(cut -d' ' -f1,2 "$d/ssh_host_ed25519_key.pub")" >"$d/known_hosts"
    cat >"$d/sshd_config" <<EOF
Port $SSH_PORT
ListenAddress 127.0.0.1
HostKey $d/ssh_host_ed25519_key
PidFile $RUN/sshd.pid
AuthorizedKeysFile $d/authorized_keys
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
MaxSessions 50
Subsystem sftp internal-sftp
EOF
    alive "$RUN/sshd.pid" && return 0
    /usr/sbin/sshd -f "$d/sshd_config"
    for i in $(seq 1 25); do
        alive "$RUN/sshd.pid" && return 0
        sleep 0.2
    done
    die "sshd did not start on 127.0.0.1:$SSH_PORT (port in use?)"
}

wait_nodes_up() {
    local deadline=$((SECONDS + ${1:-60})) states
    while ((SECONDS < deadline)); do
        states="$(in_root sinfo -h -N -o '%N %T' 2>/dev/null || true)"
        if [[ -n "$states" ]] && ! grep -Eq 'down|unk|\*|not_resp|fail' <<<"$states"; then
            return 0
        fi
        sleep 0.3
    done
    log "nodes not up in time:"; in_root sinfo -N >&2 || true
    return 1
}

cmd_up() {
    [[ $EUID -eq 0 ]] || die "needs root (debootstrap, chroot, mount)"
    host_packages
    build_root
    mkdir -p "$BASE"
    mount_root
    write_conf
    start_munge
    start_slurmctld
    local n
    for n in "${NODES[@]}"; do start_slurmd "$n"; done
    start_sshd
    wait_nodes_up 90
    start_slurmrestd
    log "up: root=$ROOT base=$BASE slurm $(in_root slurmctld -V | cut -d' ' -f2) rest=127.0.0.1:$RESTD_PORT ssh=127.0.0.1:$SSH_PORT"
}

kill_node_procs() { # kill_node_procs NODE...: slurmstepd + job processes of fake node(s)
    local re d pid n hit
    re="$(IFS='|'; echo "$*")"
    for d in /proc/[0-9]*; do
        pid="${d#/proc/}"
        [[ "$pid" == "$$" ]] && continue
        hit=0
        if { tr '\0' '\n' <"$d/environ" | grep -qxE "(RECOVERY_NEW_NODE|SLURMD_NODENAME)=($re)"; } 2>/dev/null; then
            hit=1
        else
            for n in "$@"; do
                if [[ -n "$(find "$d/fd" -maxdepth 1 -lname "$BASE/log/slurmd-$n.log" 2>/dev/null | head -1)" ]]; then
                    hit=1; break
                fi
            done
        fi
        if ((hit)); then kill -9 "$pid" 2>/dev/null || true; fi
    done
}

cmd_down() {
    local pids=() f p i left
    if alive "$RUN/slurmctld.pid"; then in_root scancel --full --quiet --user=root 2>/dev/null || true; fi
    for f in "$RUN"/slurmd-*.pid "$RUN/slurmctld.pid" "$RUN/sshd.pid" "$RUN/slurmrestd.pid" "$ROOT/run/munge/munged.pid"; do
        [[ -s "$f" ]] && pids+=("$(cat "$f")")
    done
    for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
    for i in $(seq 1 10); do
        left=0
        for p in "${pids[@]}"; do
            if kill -0 "$p" 2>/dev/null && [[ "$(ps -o stat= -p "$p" 2>/dev/null)" != Z* ]]; then left=1; fi
        done
        ((left)) || break
        sleep 0.2
    done
    for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null || true; done
    rm -f "$RUN"/slurmd-*.pid "$RUN/slurmctld.pid" "$RUN/sshd.pid" "$RUN/slurmrestd.pid" "$ROOT/run/munge/munged.pid"
    kill_node_procs "${NODES[@]}"
    umount_root
    log "down"
}

cmd_status() {
    local rc=0 f
    for f in slurmctld sshd slurmrestd "${NODES[@]/#/slurmd-}"; do
        if alive "$RUN/$f.pid"; then echo "$f: running (pid $(cat "$RUN/$f.pid"))"; else echo "$f: stopped"; rc=1; fi
    done
    mountpoint -q "$ROOT$BASE" || { echo "$ROOT$BASE: not mounted"; rc=1; }
    ((rc == 0)) && in_root sinfo -N -o '%N %T %E' 2>/dev/null
    return $rc
}

cmd_env() {
    cat <<EOF
export RECOVERY_SLURM_NEW_BASE=$BASE
export RECOVERY_TRIXIE_ROOT=$ROOT
export RECOVERY_SSH_HOST=127.0.0.1
export RECOVERY_SSH_PORT=$SSH_PORT
export RECOVERY_SSH_USER=root
export RECOVERY_SSH_KEY=$BASE/ssh/client_key
export RECOVERY_SSH_KNOWN_HOSTS=$BASE/ssh/known_hosts
export RECOVERY_KERNEL_LOG_DIR=$BASE/kernel
export RECOVERY_JOB_DIR=$BASE/jobs
export RECOVERY_HEALTH_CHECK=$CONF_DIR/node-health.sh
export RECOVERY_RESTD_URL=http://127.0.0.1:$RESTD_PORT
export RECOVERY_RESTD_USER=root
export RECOVERY_JWT_KEY=$CONF_DIR/jwt.key
EOF
}

cmd_set_requeue() {
    local v="${1:?0 or 1}"
    [[ "$v" == 0 || "$v" == 1 ]] || die "set-requeue takes 0 or 1"
    sed -i "s/^JobRequeue=.*/JobRequeue=$v/" "$ROOT/etc/slurm/slurm.conf"
    in_root scontrol reconfigure
}

case "${1:-}" in
    build) build_root ;;
    up) cmd_up ;;
    down) cmd_down ;;
    status) cmd_status ;;
    env) cmd_env ;;
    run) shift; in_root "$@" ;;
    kill-node)
        n="${2:?node name}"
        [[ -s "$RUN/slurmd-$n.pid" ]] && kill -9 "$(cat "$RUN/slurmd-$n.pid")" 2>/dev/null || true
        rm -f "$RUN/slurmd-$n.pid"; kill_node_procs "$n" ;;
    revive-node) start_slurmd "${2:?node name}" ;;
    set-requeue) cmd_set_requeue "${2:-}" ;;
    *) echo "usage: $0 {up|down|status|env|run CMD...|kill-node NODE|revive-node NODE|set-requeue 0|1|build}" >&2; exit 2 ;;
esac
