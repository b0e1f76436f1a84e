#!/usr/bin/env bash
# The mechanisms' cost per data-packet hop against the static path, in steady state: each mechanism runs the
# scenario twice, to SHORT and to LONG simulated time, and its marginal cost is the event loop's extra seconds
# over the extra data-packet hops (run.json's engine.event_loop_seconds and engine.packet_hops). The difference
# takes out what does not grow with simulated time (JIT warm-up, the first microseconds' transient); a
# mechanism that throttles (IB CC, EcoCC) moves fewer hops in the same time, so on a short run those fixed costs
# weigh more on its hops than on the static path's. Mechanisms run in alternation, a round at a time, so a
# noisy machine's drift falls on all alike; each round's ratios to that round's static run, then the medians.
#
#   benchmarks/equivalence/mechanisms-marginal.sh SCENARIO.conf SHORT LONG [ROUNDS] [--set k=v ...]
#   e.g. benchmarks/equivalence/mechanisms-marginal.sh benchmarks/equivalence/side-by-side-1024.conf 1ms 3ms 3
#
# Run from the repository root (it runs ./fabricsim, which builds the jar if the sources are newer).
set -euo pipefail
scenario=$1 short=$2 long=$3 rounds=${4:-3}
shift $(( $# >= 4 ? 4 : 3 ))
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mechanisms=(
  "static"
  "ib-cc packet.cc.enabled=true"
  "ecocc packet.cc.enabled=true packet.isolation.enabled=true"
  "ear packet.adaptive-routing.mode=ear"
  "ar-groups packet.adaptive-routing.mode=groups"
  "circuits packet.adaptive-routing.mode=circuits"
)
engine() { # run.json -> "seconds hops"
  python3 -c 'import json,sys; e=json.load(open(sys.argv[1]))["engine"]; print(e["event_loop_seconds"], e["packet_hops"])' "$1"
}
results=$work/results.tsv
for ((i = 1; i <= rounds; i++)); do
  for m in "${mechanisms[@]}"; do
    read -r -a words <<< "$m"
    name=${words[0]}
    args=()
    for kv in "${words[@]:1}"; do args+=(--set "$kv"); done
    for t in "$short" "$long"; do
      ./fabricsim simulate "$scenario" "$@" "${args[@]}" --set packet.end-time="$t" --progress off \
        --out "$work/$name-$t" > /dev/null 2>&1
    done
    read -r s1 h1 <<< "$(engine "$work/$name-$short/run.json")"
    read -r s2 h2 <<< "$(engine "$work/$name-$long/run.json")"
    whole=$(awk -v s="$s2" -v h="$h2" 'BEGIN {printf "%.0f", 1e9 * s / h}')
    marginal=$(awk -v a="$s1" -v b="$s2" -v x="$h1" -v y="$h2" 'BEGIN {printf "%.0f", 1e9 * (b - a) / (y - x)}')
    printf '%s\t%s\t%s\t%s\n' "$i" "$name" "$whole" "$marginal" >> "$results"
    echo "round $i $name: $whole ns per data hop over $long, $marginal marginal ($short to $long)"
  done
done
python3 - "$results" <<'EOF'
import sys, statistics, collections
rows = [l.split('\t') for l in open(sys.argv[1]).read().split('\n') if l]
static = {r[0]: (float(r[2]), float(r[3])) for r in rows if r[1] == 'static'}
by = collections.defaultdict(list)
for r, name, whole, marg in rows:
    by[name].append((float(whole), float(marg), float(whole) / static[r][0], float(marg) / static[r][1]))
print("mechanism\twhole ns/hop (median)\t÷ static\tmarginal ns/hop (median)\t÷ static (per round)")
for name, v in by.items():
    med = lambda k: statistics.median(x[k] for x in v)
    per = ", ".join(f"{x[3]:.2f}" for x in v)
    print(f"{name}\t{med(0):.0f}\t{med(2):.2f}\t{med(1):.0f}\t{med(3):.2f} ({per})")
EOF
