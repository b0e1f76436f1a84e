#!/usr/bin/env bash
# Peak RSS of each JVM of a partitioned run, one LP per JVM, against the sequential run (docs/BENCHMARKS.md,
# "Memory per LP"). For K in the list: K = 1 runs sequentially; K > 1 starts K - 1 nodes (`fabricsim nodes`)
# and a driver, all with the same heap limit. Also measures the baseline: an idle node JVM's peak RSS.
#
#   benchmarks/distributed/memory-per-lp.sh [--heap 4g] [--jvms "1 2 4 8"] [--set KEY=VALUE]... SCENARIO.conf
#
# Prints a Markdown table: peak RSS of the driver and of each node (MB), the largest above the baseline, the
# target (sequential above the baseline ÷ K × 1.3, issue 16), wall time and events/s of the event loop, and
# whether summary.json equals the sequential one byte for byte.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
heap=4g
jvms="1 2 4 8"
sets=()
scenario=""
while [ $# -gt 0 ]; do
  case "$1" in
    --heap) heap="$2"; shift 2 ;;
    --jvms) jvms="$2"; shift 2 ;;
    --set) sets+=(--set "$2"); shift 2 ;;
    *) scenario="$1"; shift ;;
  esac
done
[ -n "$scenario" ] || { echo "usage: $0 [--heap H] [--jvms LIST] [--set K=V]... SCENARIO.conf" >&2; exit 2; }
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

# the baseline: a node JVM that joined no run
port=$((20000 + RANDOM % 20000))
"$root/fabricsim" node --port "$port" --seed-nodes "pekko://fabricsim@127.0.0.1:$port" >"$work/idle.log" 2>&1 &
idle=$!
sleep 15
base=$(for p in $(pgrep -P "$idle") "$idle"; do hwm "$p"; echo; done | sort -n | tail -1)
kill "$idle"; wait "$idle" 2>/dev/null || true
echo "scenario $(basename "$scenario"), heap $heap, baseline (an idle node JVM) $base MB"
echo
echo "| JVMs (1 LP each) | driver peak RSS (MB) | nodes' peak RSS (MB) | largest above baseline (MB) | target (MB) | wall (s) | events/s | results |"
echo "|---|---|---|---|---|---|---|---|"
seq_above=""
for k in $jvms; do
  out="$work/k$k"
  args=(--set engine.kind=sequential)
  peaks=""
  if [ "$k" -gt 1 ]; then
    port=$((20000 + RANDOM % 20000))
    seedn="pekko://fabricsim@127.0.0.1:$port"
    # a session of its own: stopping the nodes signals their group, not this script
    setsid "$root/fabricsim" nodes $((k - 1)) --port "$port" --heap "$heap" >"$work/nodes$k.log" 2>&1 &
    nodes_pid=$!
    sleep $((8 + 2 * k))
    members=$(seq -s, "$port" $((port + k - 2)) | sed 's/\([0-9]*\)/"127.0.0.1:\1"/g')
    args=(--set engine.kind=distributed --set engine.placement=cluster --set engine.partitions="$k"
      --set engine.cluster.port=0 --set "engine.cluster.seed-nodes=[\"$seedn\"]" --set "engine.cluster.members=[$members]")
  fi
  /usr/bin/time -f "%M" -o "$out.rss" "$root/fabricsim" simulate "$scenario" --progress off "${sets[@]}" "${args[@]}" \
      --out "$out" >"$out.log" 2>"$out.err" &
  run=$!
  while kill -0 "$run" 2>/dev/null; do
    if [ "$k" -gt 1 ]; then
      peaks=$(for p in $(pgrep -P "$nodes_pid"); do hwm "$p"; echo; done | sort -n | paste -sd' ')
    fi
    sleep 1
  done
  wait "$run" || { echo "$k JVMs failed:" >&2; tail -3 "$out.err" >&2; exit 1; }
  if [ -n "$nodes_pid" ]; then kill "$nodes_pid"; wait "$nodes_pid" 2>/dev/null || true; nodes_pid=""; fi
  driver=$(tail -1 "$out.rss" | awk '{ printf "%d", $1 / 1024 }')
  largest=$(echo "$driver $peaks" | tr ' ' '\n' | sort -n | tail -1)
  above=$((largest - base))
  if [ "$k" -eq 1 ]; then seq_above=$above; fi
  target=$([ -n "$seq_above" ] && awk -v s="$seq_above" -v k="$k" 'BEGIN { printf "%d", s / k * 1.3 }' || echo "-")
  wall=$(field "$out/run.json" event_loop_seconds)
  events=$(field "$out/run.json" events)
  rate=$(awk -v e="$events" -v w="$wall" 'BEGIN { printf "%.2f M", e / w / 1e6 }')
  same="-"
  if [ "$k" -gt 1 ] && [ -f "$work/k1/summary.json" ]; then
    same=$(cmp -s "$work/k1/summary.json" "$out/summary.json" && echo identical || echo DIFFERENT)
  fi
  echo "| $k | $driver | ${peaks:--} | $above | $target | $wall | $rate | $same |"
done
