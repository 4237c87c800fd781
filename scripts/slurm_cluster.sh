#!/usr/bin/env bash
# A real Slurm 22.05 cluster on this one host, for the integration tests and for trying
# the controller against something real: slurmctld + 4 slurmd (node[1-4], `slurmd -N`),
# 4 fake GPUs per node (character devices + gres.conf), and an sshd on 127.0.0.1 with
# its own host key, client key and known_hosts, so SSH mode is tested with real host-key
# verification. slurmrestd (Debian's package) answers the REST API with JWT on
# 127.0.0.1:$RESTD_PORT (openapi v0.0.36-0.0.38), run as the unprivileged `slurm` user (it
# refuses root); a second one on $RESTD_OLD_PORT offers only v0.0.36, for the "server without
# the needed version" tests. slurmctld accepts JWTs signed with $BASE/etc/jwt.key.
#
# Usage: scripts/slurm_cluster.sh {up|down|status|env|kill-node NODE|revive-node NODE|set-requeue 0|1|
#                                  set-health NODE pass|fail}
#
# `scontrol reboot` works: RebootProgram is $BASE/etc/reboot-node.sh, a stand-in that
# "reboots" one fake node by restarting its slurmd with `-b` (slurmd's own testing flag:
# "report node rebooted when daemon restarted"), so slurmctld sees a new BootTime and
# completes the reboot (nextstate=DRAIN honoured) exactly as after a real one.
# $BASE/etc/node-health.sh NODE is a site health check stand-in (NHC/dcgmi diag): it
# passes unless `set-health NODE fail` marked the node bad.
#
# Environment (all optional):
#   RECOVERY_SLURM_BASE   where all state lives           (default /tmp/recovery-slurm)
#   SLURM_JOB_REQUEUE     JobRequeue=0|1 in slurm.conf     (default 1)
#   SLURMD_TIMEOUT        SlurmdTimeout seconds (>=10)     (default 10)
#   RECOVERY_SSH_PORT     sshd port on 127.0.0.1           (default 2222)
#   RECOVERY_SLURMCTLD_PORT                                (default 16817)
#   RECOVERY_RESTD_PORT   slurmrestd (v0.0.36-38) port     (default 6820)
#   RECOVERY_RESTD_OLD_PORT slurmrestd (v0.0.36 only) port (default 6821)
#   RECOVERY_SLURMD_PORT_BASE  node1's slurmd port; node2-4 the next three  (default 17001)
#   RECOVERY_SLURM_CLUSTER  ClusterName                     (default recovery)
#
# More than one cluster can run on the host at once (the test suite runs one per test process):
# give each its own base, ports and name. Every command this script runs, and every daemon it
# starts, reads $BASE/etc/slurm.conf (SLURM_CONF); only the cluster at the default base links
# /etc/slurm/slurm.conf to its own, and each cluster's sshd sets SLURM_CONF for the commands it
# runs. munged is shared: `down` stops it only when it started it and no other slurmctld runs.
#
# Every daemon is started detached and remembered by a pid file under $BASE/run; `down`
# kills by those pid files (and the job processes tagged with RECOVERY_FAKE_NODE), never
# by process name. `up` is idempotent: it only starts what is not running.
set -euo pipefail

BASE="${RECOVERY_SLURM_BASE:-/tmp/recovery-slurm}"
JOB_REQUEUE="${SLURM_JOB_REQUEUE:-1}"
SLURMD_TIMEOUT="${SLURMD_TIMEOUT:-10}"
SSH_PORT="${RECOVERY_SSH_PORT:-2222}"
CTLD_PORT="${RECOVERY_SLURMCTLD_PORT:-16817}"
RESTD_PORT="${RECOVERY_RESTD_PORT:-6820}"
RESTD_OLD_PORT="${RECOVERY_RESTD_OLD_PORT:-6821}"
RESTD_USER=slurm
PLUGIN_DIR=/usr/lib/x86_64-linux-gnu/slurm-wlm
NODES=(node1 node2 node3 node4)
NODE_PORT_BASE="${RECOVERY_SLURMD_PORT_BASE:-17001}"
CLUSTER_NAME="${RECOVERY_SLURM_CLUSTER:-recovery}"
DEFAULT_BASE=/tmp/recovery-slurm
HOST="$(hostname)"
CONF_DIR="$BASE/etc"
RUN="$BASE/run"
# Every client command and daemon below (and the job steps and reboots the daemons start) reads this.
export SLURM_CONF="$CONF_DIR/slurm.conf"

log() { echo "slurm_cluster: $*" >&2; }
die() { log "ERROR: $*"; exit 1; }

alive() { # alive PIDFILE -> 0 when the process in it runs
    [[ -s "$1" ]] && kill -0 "$(cat "$1")" 2>/dev/null
}

install_packages() {
    local missing=()
    command -v slurmctld >/dev/null || missing+=(slurmctld)
    command -v slurmd >/dev/null || missing+=(slurmd)
    command -v sinfo >/dev/null || missing+=(slurm-client)
    command -v munged >/dev/null || [[ -x /usr/sbin/munged ]] || missing+=(munge)
    [[ -x /usr/sbin/sshd ]] || missing+=(openssh-server)
    command -v ssh-keygen >/dev/null || missing+=(openssh-client)
    [[ -x /usr/sbin/slurmrestd ]] || missing+=(slurmrestd)
    # Debian ships the JWT plugin (auth/jwt, rest_auth/jwt) as its own package.
    [[ -e "$PLUGIN_DIR/auth_jwt.so" ]] || missing+=(slurm-wlm-jwt-plugin)
    [[ ${#missing[@]} -eq 0 ]] && return 0
    log "installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    # Another test process may be running apt right now (the Slurm 25.05 chroot's script): wait for the lock.
    if ! apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}" >/dev/null 2>&1; then
        apt-get -o DPkg::Lock::Timeout=600 update -qq
        apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}"
    fi
}

write_conf() {
    mkdir -p "$CONF_DIR" "$BASE/state" "$BASE/log" "$RUN" "$BASE/fakedev" "$BASE/kernel" "$BASE/jobs"
    for n in "${NODES[@]}"; do mkdir -p "$BASE/spool/$n"; touch "$BASE/kernel/$n.log"; done
    chmod 1777 "$BASE/jobs"
    for i in 0 1 2 3; do
        [[ -c "$BASE/fakedev/nvidia$i" ]] || { rm -f "$BASE/fakedev/nvidia$i"; mknod "$BASE/fakedev/nvidia$i" c 1 3; }
    done
    local cpus; cpus="$(nproc)"
    # The site's JWT key: slurmctld verifies tokens with it, the tests sign their own with it.
    if [[ ! -s "$CONF_DIR/jwt.key" ]]; then
        (umask 077; head -c 32 /dev/urandom >"$CONF_DIR/jwt.key.new")
        mv "$CONF_DIR/jwt.key.new" "$CONF_DIR/jwt.key"
    fi
    chmod 600 "$CONF_DIR/jwt.key"
    cat >"$CONF_DIR/slurm.conf.new" <<EOF
# Generated by scripts/slurm_cluster.sh -- test cluster on one host
ClusterName=$CLUSTER_NAME
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
SlurmdTimeout=$SLURMD_TIMEOUT
SlurmctldTimeout=10
InactiveLimit=0
KillWait=5
MinJobAge=300
JobRequeue=$JOB_REQUEUE
RebootProgram=$CONF_DIR/reboot-node.sh
ResumeTimeout=60
SchedulerParameters=batch_sched_delay=0,sched_min_interval=100000,sched_interval=2,bf_interval=2
NodeName=node[1-4] NodeHostname=$HOST NodeAddr=127.0.0.1 Port=[$NODE_PORT_BASE-$((NODE_PORT_BASE + 3))] CPUs=$cpus Gres=gpu:4 State=UNKNOWN
PartitionName=batch Nodes=node[1-4] Default=YES MaxTime=INFINITE State=UP OverSubscribe=YES
EOF
    mv "$CONF_DIR/slurm.conf.new" "$CONF_DIR/slurm.conf"
    write_node_scripts
    cat >"$CONF_DIR/gres.conf" <<EOF
AutoDetect=off
NodeName=node[1-4] Name=gpu File=$BASE/fakedev/nvidia[0-3]
EOF
    # Commands run outside the suite's environment look in /etc/slurm: link the default cluster's in,
    # but never clobber a real site's configuration (a cluster at another base is found by SLURM_CONF).
    [[ "$BASE" == "$DEFAULT_BASE" ]] || return 0
    mkdir -p /etc/slurm
    for f in slurm.conf gres.conf; do
        if [[ -e /etc/slurm/$f && ! -L /etc/slurm/$f ]]; then
            die "/etc/slurm/$f exists and is not ours; refusing to replace it"
        fi
        ln -sfn "$CONF_DIR/$f" "/etc/slurm/$f"
    done
}

write_node_scripts() {
    mkdir -p "$BASE/health"
    # slurmd runs RebootProgram with system() and waits for it: the restart happens in a
    # detached child, after this script has returned. RECOVERY_FAKE_NODE is in slurmd's
    # environment (start_slurmd), which is how the one shared host knows which node to boot.
    cat >"$CONF_DIR/reboot-node.sh" <<EOF
#!/usr/bin/env bash
n="\${RECOVERY_FAKE_NODE:?RebootProgram needs RECOVERY_FAKE_NODE}"
echo "\$(date -u +%FT%TZ) reboot \$n" >>"$BASE/log/reboot.log"
setsid "$CONF_DIR/restart-slurmd.sh" "\$n" </dev/null >>"$BASE/log/reboot.log" 2>&1 &
exit 0
EOF
    cat >"$CONF_DIR/restart-slurmd.sh" <<EOF
#!/usr/bin/env bash
n="\$1"; pidf="$RUN/slurmd-\$n.pid"; pid=""
sleep 1
[[ -s "\$pidf" ]] && pid="\$(cat "\$pidf")"
if [[ -n "\$pid" ]]; then
    kill "\$pid" 2>/dev/null || true
    for i in \$(seq 1 50); do kill -0 "\$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "\$pid" 2>/dev/null || true
fi
# Down for a few seconds, as a host is while it reboots (minutes, really): the new BootTime must
# be beyond booted_again's slack even when the previous boot was a moment ago (back-to-back tests).
sleep 7
RECOVERY_FAKE_NODE="\$n" RECOVERY_FAKE_BASE="$BASE" slurmd -b -N "\$n"
echo "\$(date -u +%FT%TZ) booted \$n"
EOF
    cat >"$CONF_DIR/node-health.sh" <<EOF
#!/usr/bin/env bash
# A site health check stand-in: prints what it checked, exits 1 on a node marked bad.
n="\${1:?node}"
if [[ -e "$BASE/health/\$n.fail" ]]; then
    echo "ERROR: \$n: GPU 2 failed memory test (\$(cat "$BASE/health/\$n.fail"))"
    exit 1
fi
echo "OK: \$n: 4 GPUs passed"
EOF
    chmod 755 "$CONF_DIR/reboot-node.sh" "$CONF_DIR/restart-slurmd.sh" "$CONF_DIR/node-health.sh"
}

start_munge() {
    if [[ -S /run/munge/munge.socket.2 ]] && pgrep -F /run/munge/munged.pid >/dev/null 2>&1; then
        return 0
    fi
    install -d -o munge -g munge -m 0755 /run/munge
    [[ -s /etc/munge/munge.key ]] || { mungekey --create --force; chown munge:munge /etc/munge/munge.key; }
    runuser -u munge -- /usr/sbin/munged
    touch /run/munge/recovery.ours  # down stops munged only when one of our clusters started it
}

start_slurmctld() {
    alive "$RUN/slurmctld.pid" && return 0
    # -c: a fresh controller state each time the cluster comes up (no stale drains/jobs).
    slurmctld -c -i
}

ctld_has_jwt() { # the running slurmctld accepts JWTs (an older `up` started it without)
    local conf; conf="$(scontrol show config 2>/dev/null || true)"  # not piped into grep -q: pipefail + SIGPIPE
    grep -Eq '^AuthAltTypes +=.*auth/jwt' <<<"$conf"
}

restart_slurmctld_for_jwt() { # a slurmctld from before AuthAltTypes: restart it, keeping its state
    alive "$RUN/slurmctld.pid" || return 0
    ctld_has_jwt && return 0
    log "restarting slurmctld to load auth/jwt"
    local pid i; pid="$(cat "$RUN/slurmctld.pid")"
    kill "$pid" 2>/dev/null || true
    for i in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
    rm -f "$RUN/slurmctld.pid"
    slurmctld -i
}

start_slurmrestd() { # start_slurmrestd NAME PORT PLUGINS: as $RESTD_USER, never root
    local name="$1" port="$2" plugins="$3" pidf="$RUN/$1.pid" uid gid i
    alive "$pidf" && return 0
    id "$RESTD_USER" >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin "$RESTD_USER"
    uid="$(id -u "$RESTD_USER")"; gid="$(id -g "$RESTD_USER")"
    # No slurmdbd here: only the openapi/v0.0.3x plugins (the dbv0.0.3x ones are fatal without it).
    # SLURM_JWT=daemon: with rest_auth/jwt the daemon itself must not look for a token of its own.
    # It does not daemonize: start it detached, with every inherited descriptor but 0-2 closed
    # (a caller's `flock` on /tmp/recovery-slurm.lock would otherwise be held by it for good).
    (
        for fd in /proc/$BASHPID/fd/*; do
            fd="${fd##*/}"
            if ((fd > 2)); then eval "exec $fd>&-"; fi
        done
        SLURM_JWT=daemon SLURM_CONF="$CONF_DIR/slurm.conf" exec setsid setpriv --reuid="$uid" --regid="$gid" \
            --init-groups /usr/sbin/slurmrestd -a rest_auth/jwt -s "$plugins" "127.0.0.1:$port"
    ) </dev/null >>"$BASE/log/$name.log" 2>&1 &
    echo $! >"$pidf"
    for i in $(seq 1 50); do
        if ! alive "$pidf"; then
            tail -5 "$BASE/log/$name.log" >&2 || true
            die "$name did not start on 127.0.0.1:$port (see $BASE/log/$name.log)"
        fi
        (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && return 0
        sleep 0.1
    done
    die "$name is not listening on 127.0.0.1:$port"
}

start_slurmd() { # start_slurmd NODE
    local n="$1"
    alive "$RUN/slurmd-$n.pid" && return 0
    # The tag lets kill-node find this node's slurmstepd and job processes later: they
    # all share one host, so node identity is only visible in their environment.
    RECOVERY_FAKE_NODE="$n" RECOVERY_FAKE_BASE="$BASE" slurmd -N "$n"
}

node_state() { # node_state NODE -> sinfo's long state, e.g. idle, down*, drained
    sinfo -h -N -n "$1" -o %T 2>/dev/null | head -1
}

wait_nodes_up() { # wait until no node is down/unknown/not responding
    local deadline=$((SECONDS + ${1:-60})) states
    while ((SECONDS < deadline)); do
        states="$(sinfo -h -N -o '%N %T' 2>/dev/null || true)"
        if [[ -n "$states" ]] && ! grep -Eq 'down|unk|\*|not_resp|fail' <<<"$states"; then
            return 0
        fi
        sleep 0.3
    done
    log "nodes not up in time:"; sinfo -N 2>&1 >&2 || true
    return 1
}

start_sshd() {
    local d="$BASE/ssh"
    mkdir -p "$d" /run/sshd
    chmod 700 "$d"
    [[ -s "$d/ssh_host_ed25519_key" ]] || ssh-keygen -q -t ed25519 -N '' -f "$d/ssh_host_ed25519_key"
    [[ -s "$d/client_key" ]] || ssh-keygen -q -t ed25519 -N '' -f "$d/client_key" -C recovery-test
    cp "$d/client_key.pub" "$d/authorized_keys"
    echo "[127.0.0.1]:$SSH_PORT $(cut -d' ' -f1,2 "$d/ssh_host_ed25519_key.pub")" >"$d/known_hosts"
    # A key that is NOT the server's, for the "changed host key" tests.
    [[ -s "$d/wrong_host_key" ]] || ssh-keygen -q -t ed25519 -N '' -f "$d/wrong_host_key"
    echo "[127.0.0.1]:$SSH_PORT $(cut -d' ' -f1,2 "$d/wrong_host_key.pub")" >"$d/known_hosts.wrong"
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
MaxStartups 50:30:100
AllowTcpForwarding yes
SetEnv SLURM_CONF=$CONF_DIR/slurm.conf
EOF
    alive "$RUN/sshd.pid" && return 0
    /usr/sbin/sshd -f "$d/sshd_config"
    # sshd exits 0 before it binds: a port in use only shows as a missing daemon.
    local i
    for i in $(seq 1 25); do
        alive "$RUN/sshd.pid" && return 0
        sleep 0.2
    done
    die "sshd did not start on 127.0.0.1:$SSH_PORT (port in use?)"
}

cmd_up() {
    install_packages
    write_conf
    start_munge
    local fresh=0
    alive "$RUN/slurmctld.pid" || fresh=1
    start_slurmctld
    for n in "${NODES[@]}"; do start_slurmd "$n"; done
    start_sshd
    ((fresh)) || scontrol reconfigure >/dev/null 2>&1 || true
    ((fresh)) || restart_slurmctld_for_jwt
    wait_nodes_up 60
    start_slurmrestd slurmrestd "$RESTD_PORT" openapi/v0.0.38,openapi/v0.0.37,openapi/v0.0.36
    start_slurmrestd slurmrestd-old "$RESTD_OLD_PORT" openapi/v0.0.36
    log "up: base=$BASE JobRequeue=$JOB_REQUEUE SlurmdTimeout=$SLURMD_TIMEOUT ssh=127.0.0.1:$SSH_PORT rest=127.0.0.1:$RESTD_PORT"
}

kill_node_procs() { # kill_node_procs NODE...: slurmstepd + job processes of fake node(s)
    # Tasks carry SLURMD_NODENAME in their environment. slurmstepd overwrites its own
    # environ (process title), so it is recognised by the node's slurmd log it holds open.
    local re d pid n hit envs
    re="$(IFS='|'; echo "$*")"
    for d in /proc/[0-9]*; do
        pid="${d#/proc/}"
        [[ "$pid" == "$$" ]] && continue
        hit=0
        # Another cluster on the host has nodes of the same names: its daemons carry another
        # RECOVERY_FAKE_BASE, its tasks another SLURM_CLUSTER_NAME.
        envs="$({ tr '\0' '\n' <"$d/environ"; } 2>/dev/null || true)"
        if grep -qxE "RECOVERY_FAKE_NODE=($re)" <<<"$envs" && grep -qxF "RECOVERY_FAKE_BASE=$BASE" <<<"$envs"; then
            hit=1
        elif grep -qxE "SLURMD_NODENAME=($re)" <<<"$envs" && grep -qxF "SLURM_CLUSTER_NAME=$CLUSTER_NAME" <<<"$envs"; then
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

cmd_kill_node() {
    local n="${1:?node name}"
    if [[ -s "$RUN/slurmd-$n.pid" ]]; then kill -9 "$(cat "$RUN/slurmd-$n.pid")" 2>/dev/null || true; fi
    rm -f "$RUN/slurmd-$n.pid"
    kill_node_procs "$n"
    log "killed $n (slurmd and its job processes)"
}

cmd_revive_node() {
    local n="${1:?node name}"
    start_slurmd "$n"
    log "revived $n"
}

cmd_set_requeue() {
    local v="${1:?0 or 1}"
    [[ "$v" == 0 || "$v" == 1 ]] || die "set-requeue takes 0 or 1"
    sed -i "s/^JobRequeue=.*/JobRequeue=$v/" "$CONF_DIR/slurm.conf"
    scontrol reconfigure
    log "JobRequeue=$v"
}

cmd_set_health() {
    local n="${1:?node name}" v="${2:?pass or fail}"
    mkdir -p "$BASE/health"
    case "$v" in
        pass) rm -f "$BASE/health/$n.fail" ;;
        fail) echo "${3:-marked bad by the test}" >"$BASE/health/$n.fail" ;;
        *) die "set-health takes pass or fail" ;;
    esac
    log "health $n: $v"
}

cmd_down() {
    local pids=() f p i
    if alive "$RUN/slurmctld.pid"; then scancel --full --quiet --user=root 2>/dev/null || true; fi
    # Remember the pids first: slurmctld removes its pid file as soon as it starts to stop.
    for f in "$RUN"/slurmd-*.pid "$RUN/slurmctld.pid" "$RUN/sshd.pid" "$RUN/slurmrestd.pid" "$RUN/slurmrestd-old.pid"; do
        [[ -s "$f" ]] && pids+=("$(cat "$f")")
    done
    for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
    for i in $(seq 1 10); do  # 2 s of grace: state is not kept (up starts with -c)
        local left=0
        for p in "${pids[@]}"; do
            # a zombie (no init reaping in containers) counts as gone
            if kill -0 "$p" 2>/dev/null && [[ "$(ps -o stat= -p "$p" 2>/dev/null)" != Z* ]]; then left=1; fi
        done
        ((left)) || break
        sleep 0.2
    done
    for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null || true; done
    rm -f "$RUN"/slurmd-*.pid "$RUN/slurmctld.pid" "$RUN/sshd.pid" "$RUN/slurmrestd.pid" "$RUN/slurmrestd-old.pid"
    kill_node_procs "${NODES[@]}"
    # munged serves every cluster on the host: stop it only when no other slurmctld still needs it.
    if [[ -e /run/munge/recovery.ours && -s /run/munge/munged.pid ]] && ! pgrep -x slurmctld >/dev/null; then
        kill "$(cat /run/munge/munged.pid)" 2>/dev/null || true
        rm -f /run/munge/recovery.ours
    fi
    log "down"
}

cmd_status() {
    local rc=0 f
    for f in slurmctld sshd slurmrestd slurmrestd-old "${NODES[@]/#/slurmd-}"; do
        if alive "$RUN/$f.pid"; then echo "$f: running (pid $(cat "$RUN/$f.pid"))"; else echo "$f: stopped"; rc=1; fi
    done
    alive "$RUN/slurmctld.pid" && sinfo -N -o '%N %T %E' 2>/dev/null
    return $rc
}

cmd_env() {
    cat <<EOF
export RECOVERY_SLURM_BASE=$BASE
export SLURM_CONF=$CONF_DIR/slurm.conf
export RECOVERY_SSH_HOST=127.0.0.1
export RECOVERY_SSH_PORT=$SSH_PORT
export RECOVERY_SSH_USER=root
export RECOVERY_SSH_KEY=$BASE/ssh/client_key
export RECOVERY_SSH_KNOWN_HOSTS=$BASE/ssh/known_hosts
export RECOVERY_KERNEL_LOG_DIR=$BASE/kernel
export RECOVERY_JOB_DIR=$BASE/jobs
export RECOVERY_HEALTH_CHECK=$CONF_DIR/node-health.sh
export RECOVERY_RESTD_URL=http://127.0.0.1:$RESTD_PORT
export RECOVERY_RESTD_OLD_URL=http://127.0.0.1:$RESTD_OLD_PORT
export RECOVERY_RESTD_USER=root
export RECOVERY_JWT_KEY=$CONF_DIR/jwt.key
EOF
}

case "${1:-}" in
    up) cmd_up ;;
    down) cmd_down ;;
    status) cmd_status ;;
    env) cmd_env ;;
    kill-node) cmd_kill_node "${2:-}" ;;
    revive-node) cmd_revive_node "${2:-}" ;;
    set-requeue) cmd_set_requeue "${2:-}" ;;
    set-health) cmd_set_health "${2:-}" "${3:-}" "${4:-}" ;;
    *) echo "usage: $0 {up|down|status|env|kill-node NODE|revive-node NODE|set-requeue 0|1|set-health NODE pass|fail}" >&2; exit 2 ;;
esac
