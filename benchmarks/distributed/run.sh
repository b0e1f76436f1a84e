#!/usr/bin/env bash
# End-to-end benchmark of the distributed packet engine against the sequential one (docs/BENCHMARKS.md).
#
#   benchmarks/distributed/run.sh [--runs N] [--engines "seq lp1 lp2 lp4 jvm2"] [--set KEY=VALUE]... SCENARIO.conf...
#
# For each scenario, N rounds; each round runs every engine once, in turn, so that a noisy spell of the machine
# touches all of them alike. Engines: seq (sequential), lpK (K LPs in this JVM), jvm2 (2 LPs in 2 JVMs: a node
# is started for it; batches over direct channels), jvm2-artery (the same with the batches through Artery).
# Prints a Markdown table per scenario: wall time of the event loop, median (min-max); speed-up = median
# sequential / median of the engine (when seq runs); ÷ lp2 = median of the engine / median of lp2 (when lp2
# runs); busy time per LP; null messages per cross-LP event;
# the coupling factor; peak RSS (when /usr/bin/time exists). Checks that every engine's summary.json equals the
# sequential one byte for byte (the first engine's when seq does not run).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
runs=3
engines="seq lp1 lp2 lp4 jvm2"
sets=()
scenarios=()
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --engines) engines="$2"; shift 2 ;;
    --set) sets+=(--set "$2"); shift 2 ;;
    *) scenarios+=("$1"); shift ;;
  esac
done
[ ${#scenarios[@]} -gt 0 ] || { echo "usage: $0 [--runs N] [--engines LIST] [--set K=V]... SCENARIO.conf..." >&2; exit 2; }

work="$(mktemp -d)"
node_pid=""
cleanup() { pkill -P $$ 2>/dev/null; [ -n "$node_pid" ] && kill "$node_pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
port=$((20000 + RANDOM % 20000))
seed="pekko://fabricsim@127.0.0.1:$port"
if [[ " $engines " == *" jvm2"* ]]; then
  "$root/fabricsim" --help >/dev/null 2>&1 # builds the jar before the node starts
  "$root/fabricsim" node --port "$port" --seed-nodes "$seed" >"$work/node.log" 2>&1 &
  node_pid=$!
  sleep 5
fi

engine_args() {
  case "$1" in
    seq) echo "--set engine.kind=sequential" ;;
    lp*) echo "--set engine.kind=distributed --set engine.partitions=${1#lp}" ;;
    jvm2) echo "--set engine.kind=distributed --set engine.partitions=2 --set engine.placement=cluster \
--set engine.cluster.port=$((port + 1)) --set engine.cluster.seed-nodes=[\"$seed\"] --set engine.cluster.members=2" ;;
    jvm2-artery) echo "$(engine_args jvm2) --set engine.cluster.channels=artery" ;;
  esac
}

# a number (or the bracketed list) after "key": in run.json
field() { sed -n "s/^ *\"$2\": \(.*\)$/\1/p" "$1" | sed 's/,$//' | head -1; }

median_range() { # numbers on stdin -> "median (min-max)"
  sort -g | awk '{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2;
    printf "%.3f (%.3f-%.3f)", m, v[1], v[NR] }'
}
median() { sort -g | awk '{ v[NR] = $1 } END { printf "%.6f", (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

timer=()
[ -x /usr/bin/time ] && timer=(/usr/bin/time -f "%M")

for scenario in "${scenarios[@]}"; do
  name="$(basename "$scenario" .conf)"
  for r in $(seq 1 "$runs"); do
    for e in $engines; do
      out="$work/$name-$e-$r"
      # shellcheck disable=SC2046 # the engine's arguments are words
      if ! "${timer[@]}" "$root/fabricsim" simulate "$scenario" --progress off "${sets[@]}" $(engine_args "$e") \
          --out "$out" >"$out.log" 2>"$out.err"; then
        echo "$name $e run $r failed:" >&2; tail -3 "$out.err" >&2; exit 1
      fi
      [ ${#timer[@]} -gt 0 ] && tail -1 "$out.err" >"$out.rss"
      echo "  $name $e run $r: $(field "$out/run.json" event_loop_seconds) s" >&2
    done
  done
  echo
  echo "### $name ($runs runs; $(date -u +%Y-%m-%d), $(nproc) cores)"
  echo
  echo "| engine | wall (s) | speed-up | ÷ lp2 | busy per LP (s) | null msgs / cross-LP event | λ | steps | peak RSS (MB) | results |"
  echo "|---|---|---|---|---|---|---|---|---|---|"
  median_of() { for r in $(seq 1 "$runs"); do field "$work/$name-$1-$r/run.json" event_loop_seconds; done | median; }
  seq_median=""
  [[ " $engines " == *" seq "* ]] && seq_median=$(median_of seq)
  lp2_median=""
  [[ " $engines " == *" lp2 "* ]] && lp2_median=$(median_of lp2)
  reference="seq"
  [ -n "$seq_median" ] || reference="${engines%% *}"
  for e in $engines; do
    wall=$(for r in $(seq 1 "$runs"); do field "$work/$name-$e-$r/run.json" event_loop_seconds; done)
    m=$(echo "$wall" | median)
    speedup="-"
    [ -n "$seq_median" ] && speedup=$(awk -v s="$seq_median" -v m="$m" 'BEGIN { printf "%.2f", s / m }')
    ratio="-"
    [ -n "$lp2_median" ] && ratio=$(awk -v l="$lp2_median" -v m="$m" 'BEGIN { printf "%.2f", m / l }')
    last="$work/$name-$e-1/run.json"
    busy=$(field "$last" lp_busy_seconds | tr -d '[]' | awk -F', *' '{ s = ""; for (i = 1; i <= NF; i++)
      s = s (i > 1 ? ", " : "") sprintf("%.2f", $i); print s }')
    nulls=$(field "$last" null_messages_per_cross_lp_event)
    lambda=$(field "$last" coupling_factor)
    steps=$(field "$last" steps)
    rss="-"
    [ -f "$work/$name-$e-1.rss" ] && rss=$(awk '{ printf "%.0f", $1 / 1024 }' "$work/$name-$e-1.rss")
    same="identical"
    for r in $(seq 1 "$runs"); do
      cmp -s "$work/$name-$reference-1/summary.json" "$work/$name-$e-$r/summary.json" || same="DIFFERS"
    done
    printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n" "$e" "$(echo "$wall" | median_range)" "$speedup" "$ratio" \
      "${busy:--}" "$( [ -n "$nulls" ] && printf '%.3f' "$nulls" || echo -)" \
      "$( [ -n "$lambda" ] && [ "$lambda" != null ] && printf '%.1f' "$lambda" || echo -)" "${steps:--}" "$rss" "$same"
  done
done
