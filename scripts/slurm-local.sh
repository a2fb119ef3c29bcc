#!/usr/bin/env bash
# A single-node Slurm on this machine, for the Slurm e2e test (tests/e2e/test_cli_slurm.cpp) and for trying
# `bcssim sweep --emit-jobs --format slurm` without a cluster. Debian 12's slurm-wlm and munge (scripts/install-deps.sh
# installs them); run as root. Everything lives in one folder (default /tmp/bcssim-slurm): its slurm.conf, state, logs
# and pid files; nothing under /etc is changed.
#   scripts/slurm-local.sh start   # start munged, slurmctld and slurmd; wait until the node takes jobs
#   scripts/slurm-local.sh env     # print the export that points sbatch/squeue/sinfo at it
#   scripts/slurm-local.sh stop
set -euo pipefail

DIR=${BCSSIM_SLURM_DIR:-/tmp/bcssim-slurm}
CONF=$DIR/slurm.conf
action=${1:-}

stop() {
  for pidfile in "$DIR"/slurmd.pid "$DIR"/slurmctld.pid "$DIR"/munged.pid; do
    if [ -f "$pidfile" ]; then
      kill "$(cat "$pidfile")" 2>/dev/null || true
      rm -f "$pidfile"
    fi
  done
}

case "$action" in
start)
  if [ "$(id -u)" -ne 0 ]; then
    echo "slurm-local: run as root (slurmd and munged need it)" >&2
    exit 1
  fi
  for tool in munged slurmctld slurmd sbatch sinfo; do
    command -v "$tool" >/dev/null || { echo "slurm-local: $tool not found (apt-get install slurm-wlm munge)" >&2; exit 1; }
  done
  stop
  mkdir -p "$DIR/state" "$DIR/spool" "$DIR/munge"
  chmod 700 "$DIR/munge"
  if [ ! -f /etc/munge/munge.key ]; then
    echo "slurm-local: /etc/munge/munge.key missing (the munge package creates it)" >&2
    exit 1
  fi
  munged --force --socket="$DIR/munge/munge.socket" --pid-file="$DIR/munged.pid" --log-file="$DIR/munged.log" \
    --seed-file="$DIR/munge/seed"
  cpus=$(nproc)
  cat > "$CONF" <<CONF
ClusterName=bcssim
SlurmctldHost=localhost
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$DIR/munge/munge.socket
CredType=cred/munge
StateSaveLocation=$DIR/state
SlurmdSpoolDir=$DIR/spool
SlurmctldPidFile=$DIR/slurmctld.pid
SlurmdPidFile=$DIR/slurmd.pid
SlurmctldLogFile=$DIR/slurmctld.log
SlurmdLogFile=$DIR/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
SwitchType=switch/none
MpiDefault=none
ReturnToService=2
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
NodeName=localhost CPUs=$cpus State=UNKNOWN
PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP
CONF
  export SLURM_CONF=$CONF
  slurmctld -f "$CONF"
  slurmd -f "$CONF"
  up=0
  for _ in $(seq 1 60); do
    if sinfo -h -o '%T' 2>/dev/null | grep -qE '^(idle|mixed|allocated)'; then up=1; break; fi
    sleep 1
  done
  # Up means a job runs to its end: a node can be idle yet unable to start jobs (no way to track processes here).
  if [ "$up" = 1 ]; then
    rm -f "$DIR/smoke.out"
    sbatch --quiet --output="$DIR/smoke.out" --wrap='echo ran' >/dev/null 2>&1 || up=0
    for _ in $(seq 1 30); do
      grep -qx ran "$DIR/smoke.out" 2>/dev/null && break
      sleep 1
    done
    grep -qx ran "$DIR/smoke.out" 2>/dev/null || up=0
  fi
  if [ "$up" = 1 ]; then
    echo "slurm-local: up, a job ran ($DIR); export SLURM_CONF=$CONF"
    exit 0
  fi
  echo "slurm-local: no job ran within 90 s; logs in $DIR" >&2
  tail -n 20 "$DIR"/slurmctld.log "$DIR"/slurmd.log >&2 || true
  stop
  exit 1
  ;;
env)
  echo "export SLURM_CONF=$CONF"
  ;;
stop)
  stop
  ;;
*)
  echo "usage: $0 start|env|stop" >&2
  exit 2
  ;;
esac
