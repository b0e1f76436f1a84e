#!/usr/bin/env bash
# Peak RSS of each JVM of a partitioned run, and each LP's share, against the sequential run (docs/BENCHMARKS.md,
# "Memory per LP"). For K in the list: K = 1 runs sequentially; K > 1 starts K nodes (`fabricsim nodes`), one LP
# each, and a driver that runs no LP (engine.cluster.driver-runs-lps = false: it coordinates and merges the parts'
# results), all with the same heap limit. --driver-lps puts one of the K LPs on the driver instead (K - 1 nodes),
# as runs did before D206. --per-node M gives each node M LPs (K / M nodes; LP k on node k mod nodes), as a
# machine's cores would run them: an LP's share of its node is then the node's RSS above its baseline ÷ M.
#
#   benchmarks/distributed/memory-per-lp.sh [--heap 4g] [--jvms "1 2 4 8"] [--tiny TOPOLOGY] [--driver-lps]
#       [--per-node M] [--set KEY=VALUE]... SCENARIO.conf
#
# Each kind of JVM is measured against its own baseline (issue 16: "above the JVM's own baseline"): the median of
# five runs of the same command on a trivial network (--tiny, default xgft(2;4,4;1,4)) — the sequential run's JVM,
# and the driver and a node of a run of 2 × M LPs placed as above — so that what is counted is what grows with
# the network: the JVM, the libraries, the classes and compiled code of a run are in every baseline. An idle
# node's peak is printed too (the baseline used before 2026-11-26).
#
# Prints a Markdown table: peak RSS of the driver and of each node (MB), the largest node and the driver above
# their baselines, the target (sequential above its baseline ÷ K × 1.3: each LP's, so a node's share per LP, and
# the driver's too with --driver-lps), the largest node's share per LP ÷ the target, wall time and events/s of
# the event loop, and whether summary.json equals the sequential one byte for byte.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
heap=4g
jvms="1 2 4 8"
tiny="xgft(2;4,4;1,4)"
sets=()
scenario=""
driver_lps=false
per_node=1
while [ $# -gt 0 ]; do
  case "$1" in
    --heap) heap="$2"; shift 2 ;;
    --jvms) jvms="$2"; shift 2 ;;
    --tiny) tiny="$2"; shift 2 ;;
    --set) sets+=(--set "$2"); shift 2 ;;
    --driver-lps) driver_lps=true; shift ;;
    --per-node) per_node="$2"; shift 2 ;;
    *) scenario="$1"; shift ;;
  esac
done
[ -n "$scenario" ] || { echo "usage: $0 [--heap H] [--jvms LIST] [--tiny TOPOLOGY] [--driver-lps] [--per-node M] [--set K=V]... SCENARIO.conf" >&2; exit 2; }
if [ "$per_node" -gt 1 ] && [ "$driver_lps" = true ]; then echo "$0: --per-node needs a driver that runs no LP" >&2; exit 2; fi
for k in $jvms; do
  if [ "$k" -gt 1 ] && [ $((k % per_node)) -ne 0 ]; then echo "$0: --jvms $k is not a multiple of --per-node $per_node" >&2; exit 2; fi
done
[ -x /usr/bin/time ] || { echo "$0: needs /usr/bin/time (apt-get install time)" >&2; exit 2; }
"$root/fabricsim" --help >/dev/null 2>&1 # builds the jar once, before any JVM starts

work="$(mktemp -d)"
nodes_pid=""
cleanup() { [ -n "$nodes_pid" ] && kill "$nodes_pid" 2>/dev/null; pkill -P $$ 2>/dev/null || true; rm -rf "$work"; return 0; }
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
export FABRICSIM_JAVA_OPTS="-Xmx$heap ${FABRICSIM_JAVA_OPTS:-}"

hwm() { awk '/VmHWM/ { printf "%d", $2 / 1024 }' "/proc/$1/status" 2>/dev/null || true; }
field() { sed -n "s/^ *\"$2\": \(.*\)$/\1/p" "$1" | sed 's/,$//' | head -1; }

# an idle node's peak: a node JVM that joined no run (the baseline before 2026-11-26, for comparison)
port=$((20000 + RANDOM % 20000))
"$root/fabricsim" node --port "$port" --seed-nodes "pekko://fabricsim@127.0.0.1:$port" >"$work/idle.log" 2>&1 &
idle=$!
sleep 15
idle_base=$(for p in $(pgrep -P "$idle") "$idle"; do hwm "$p"; echo; done | sort -n | tail -1)
kill "$idle"; wait "$idle" 2>/dev/null || true

# the nodes of a K-JVM run: started in a session of their own (stopping them signals their group, not this script)
start_nodes() { # K -> sets port, nodes_pid, cluster_args: K LPs on K nodes, or on K - 1 nodes and the driver
  port=$((20000 + RANDOM % 20000))
  local seedn="pekko://fabricsim@127.0.0.1:$port"
  local n=$(($1 / per_node))
  [ "$driver_lps" = true ] && n=$(($1 - 1))
  setsid "$root/fabricsim" nodes "$n" --port "$port" --heap "$heap" >"$work/nodes$1.log" 2>&1 &
  nodes_pid=$!
  sleep $((8 + 2 * n))
  local members
  members=$(seq -s, "$port" $((port + n - 1)) | sed 's/\([0-9]*\)/"127.0.0.1:\1"/g')
  cluster_args=(--set engine.kind=distributed --set engine.placement=cluster --set engine.partitions="$1"
    --set engine.cluster.port=0 --set "engine.cluster.seed-nodes=[\"$seedn\"]" --set "engine.cluster.members=[$members]"
    --set engine.cluster.driver-runs-lps="$driver_lps")
}
stop_nodes() { kill "$nodes_pid"; wait "$nodes_pid" 2>/dev/null || true; nodes_pid=""; }
node_peaks() { for p in $(pgrep -P "$nodes_pid"); do hwm "$p"; echo; done | sort -n | paste -sd' '; }
mb() { tail -1 "$1" | awk '{ printf "%d", $1 / 1024 }'; }
# OUT ARGS...: the scenario run with ARGS, results in OUT, its peak RSS (KiB) in OUT.rss, its stderr in OUT.err
simulate() {
  local out=$1
  shift
  /usr/bin/time -f "%M" -o "$out.rss" "$root/fabricsim" simulate "$scenario" --progress off "${sets[@]}" "$@" \
      --out "$out" >"$out.log" 2>"$out.err"
}
failed() { echo "$1 failed:" >&2; tail -3 "$2.err" >&2; exit 1; }

# each kind's own baseline: the same command on the trivial network, the median of five runs (one node's peak
# varies by up to 27 MB from run to run — native memory malloc keeps after it is freed, D208: the committed memory
# at the run's end is the same — and three runs' median moved by 9 MB between invocations)
median() { tr ' ' '\n' | grep . | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
seq_bases=""
driver_bases=""
node_bases=""
for i in 1 2 3 4 5; do
  simulate "$work/base-seq" --set "topology.name=\"$tiny\"" --set engine.kind=sequential \
    || failed "the sequential baseline" "$work/base-seq"
  seq_bases="$seq_bases $(mb "$work/base-seq.rss")"
  start_nodes $((2 * per_node))
  simulate "$work/base-dist" --set "topology.name=\"$tiny\"" "${cluster_args[@]}" \
    || failed "the distributed baseline" "$work/base-dist"
  node_bases="$node_bases $(node_peaks)"
  stop_nodes
  driver_bases="$driver_bases $(mb "$work/base-dist.rss")"
done
seq_base=$(echo "$seq_bases" | median)
driver_base=$(echo "$driver_bases" | median)
node_base=$(echo "$node_bases" | median)
echo "scenario $(basename "$scenario"), heap $heap; baselines, the same command on $tiny, median of five: sequential"
echo "$seq_base MB ($seq_bases), driver $driver_base MB ($driver_bases), node $node_base MB ($node_bases); an idle node: $idle_base MB"
echo
echo "| LPs ($([ "$driver_lps" = true ] && echo "one on the driver, one on each node" || echo "$per_node on each node; the driver runs none")) | driver peak RSS (MB) | nodes' peak RSS (MB) | largest node above its baseline (MB) | driver above its baseline (MB) | target (MB) | LP ÷ target | wall (s) | events/s | results |"
echo "|---|---|---|---|---|---|---|---|---|---|"
seq_above=""
for k in $jvms; do
  out="$work/k$k"
  args=(--set engine.kind=sequential)
  peaks=""
  if [ "$k" -gt 1 ]; then
    start_nodes "$k"
    args=("${cluster_args[@]}")
  fi
  simulate "$out" "${args[@]}" &
  run=$!
  while kill -0 "$run" 2>/dev/null; do
    if [ "$k" -gt 1 ]; then
      peaks=$(node_peaks)
    fi
    sleep 1
  done
  wait "$run" || failed "$k JVMs" "$out"
  if [ -n "$nodes_pid" ]; then stop_nodes; fi
  driver=$(mb "$out.rss")
  if [ "$k" -eq 1 ]; then
    seq_above=$((driver - seq_base))
    node_above="$seq_above (the run)"
    driver_above="-"
  else
    largest=$(echo "$peaks" | tr ' ' '\n' | sort -n | tail -1)
    node_above=$((largest - node_base))
    per_lp=$((node_above / per_node))
    [ "$per_node" -gt 1 ] && node_above="$node_above ($per_lp per LP)"
    driver_above=$((driver - driver_base))
  fi
  target="-"
  ratio="-"
  if [ "$k" -gt 1 ] && [ -n "$seq_above" ]; then
    target=$(awk -v s="$seq_above" -v k="$k" 'BEGIN { printf "%d", s / k * 1.3 }')
    ratio=$(awk -v a="$per_lp" -v t="$target" 'BEGIN { printf "%.2f", a / t }')
  fi
  wall=$(field "$out/run.json" event_loop_seconds)
  events=$(field "$out/run.json" events)
  rate=$(awk -v e="$events" -v w="$wall" 'BEGIN { printf "%.2f M", e / w / 1e6 }')
  same="-"
  if [ "$k" -gt 1 ] && [ -f "$work/k1/summary.json" ]; then
    same=$(cmp -s "$work/k1/summary.json" "$out/summary.json" && echo identical || echo DIFFERENT)
  fi
  echo "| $k | $driver | ${peaks:--} | $node_above | $driver_above | $target | $ratio | $wall | $rate | $same |"
done
