#!/usr/bin/env bash
# A distributed packet-level run on a Slurm allocation (docs/DISTRIBUTED.md, "On a batch-scheduled cluster"):
# one fabricsim node per task, the first task's host as the seed, the driver in the same allocation (on the
# batch host, beside the first node), TLS between all of them with the keys in $FABRICSIM_KEYS.
#
#   sbatch --nodes=4 --ntasks-per-node=1 --cpus-per-task=8 conf/cluster/slurm-job.sh EXPERIMENT.conf OUT [--set K=V]...
#
# Environment: FABRICSIM_ROOT (the checkout, default: the submit directory), FABRICSIM_KEYS (a directory from
# 'fabricsim cluster-keys', readable by you only; made on first use), FABRICSIM_PORT (default 2552),
# FABRICSIM_DRIVER_LPS (false: the driver runs no LP, it only coordinates and merges; default true),
# FABRICSIM_LPS (LPs, default: one per task, plus one in the driver unless FABRICSIM_DRIVER_LPS=false),
# FABRICSIM_JAVA_OPTS (e.g. -Xmx32g).
#SBATCH --job-name=fabricsim
#SBATCH --ntasks-per-node=1
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: sbatch $0 EXPERIMENT.conf OUT [--set K=V]..." >&2; exit 2; }
experiment="$1"; out="$2"; shift 2
root="${FABRICSIM_ROOT:-${SLURM_SUBMIT_DIR:-$PWD}}"
keys="${FABRICSIM_KEYS:-$HOME/.fabricsim-keys}"
port="${FABRICSIM_PORT:-2552}"
: "${SLURM_JOB_NODELIST:?not inside a Slurm allocation}" "${SLURM_NTASKS:?not inside a Slurm allocation}"
mapfile -t hosts < <(scontrol show hostnames "$SLURM_JOB_NODELIST")
driver_lps="${FABRICSIM_DRIVER_LPS:-true}"
lps="${FABRICSIM_LPS:-$((SLURM_NTASKS + $([ "$driver_lps" = false ] && echo 0 || echo 1)))}"

# the jar is built once, before any task starts (tasks share the checkout)
"$root/fabricsim" --version >/dev/null
[ -f "$keys/cluster-keystore.p12" ] || "$root/fabricsim" cluster-keys "$keys" >/dev/null
tls=(--tls-key-store "$keys/cluster-keystore.p12" --tls-trust-store "$keys/cluster-truststore.p12"
     --tls-password-file "$keys/cluster.password")
seed="pekko://fabricsim@${hosts[0]}:$port"

# one node per task, each at its own host's address; Slurm stops them when the job step is cancelled
srun --ntasks="$SLURM_NTASKS" --kill-on-bad-exit=1 bash -c \
  'exec "$0" node --host "$SLURMD_NODENAME" --port "$1" --seed-nodes "$2" "${@:3}"' \
  "$root/fabricsim" "$port" "$seed" "${tls[@]}" &
nodes=$!
# the nodes end with the job (the driver's exit status stays the job's)
trap 'kill $nodes 2>/dev/null; wait $nodes 2>/dev/null || true' EXIT

members=()
for h in "${hosts[@]:0:$SLURM_NTASKS}"; do members+=("\"$h:$port\""); done
members_list="[$(IFS=,; echo "${members[*]}")]"
# the driver waits up to engine.cluster.join-timeout (60 s) for the nodes
"$root/fabricsim" simulate "$experiment" --out "$out" \
  --set engine.kind=distributed --set engine.placement=cluster --set engine.partitions="$lps" \
  --set engine.cluster.host="${hosts[0]}" --set engine.cluster.port=$((port + 1)) \
  --set "engine.cluster.seed-nodes=[\"$seed\"]" --set "engine.cluster.members=$members_list" \
  --set engine.cluster.driver-runs-lps="$driver_lps" \
  --set engine.cluster.tls.key-store="$keys/cluster-keystore.p12" \
  --set engine.cluster.tls.trust-store="$keys/cluster-truststore.p12" \
  --set engine.cluster.tls.password-file="$keys/cluster.password" "$@"
