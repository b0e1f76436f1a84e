#!/usr/bin/env bash
# What TLS costs a distributed run (docs/BENCHMARKS.md, "TLS between JVMs"): 2 LPs in 2 JVMs (the driver and
# one node) over plain TCP and over TLS with mutual authentication, in alternating pairs so that a noisy spell
# of the machine touches both alike; prints the event loop's wall time and the mean batch latency per run.
#
#   benchmarks/distributed/tls-cost.sh [--runs N] [SCENARIO.conf] [--set K=V]...
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
runs=5
scenario="$root/benchmarks/distributed/tree648.conf"
sets=(--set packet.end-time=200us)
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --set) sets+=(--set "$2"); shift 2 ;;
    *) scenario="$1"; shift ;;
  esac
done
work="$(mktemp -d)"
trap 'pkill -P $$ 2>/dev/null; rm -rf "$work"' EXIT
"$root/fabricsim" cluster-keys "$work/keys" >/dev/null 2>&1
k="$work/keys"
plain=$((20000 + RANDOM % 20000)); tls=$((plain + 1))
"$root/fabricsim" node --port $plain --seed-nodes "pekko://fabricsim@127.0.0.1:$plain" >"$work/plain.log" 2>&1 &
"$root/fabricsim" node --port $tls --seed-nodes "pekko://fabricsim@127.0.0.1:$tls" --tls-key-store "$k/cluster-keystore.p12" \
  --tls-trust-store "$k/cluster-truststore.p12" --tls-password-file "$k/cluster.password" >"$work/tls.log" 2>&1 &
sleep 5
field() { sed -n "s/^ *\"$2\": \(.*\)$/\1/p" "$1" | sed 's/,$//' | head -1; }
echo "| run | plain: event loop (s) | plain: batch latency (ms) | TLS: event loop (s) | TLS: batch latency (ms) |"
echo "|---|---|---|---|---|"
for i in $(seq 1 "$runs"); do
  row="| $i"
  for mode in plain tls; do
    port=$plain; extra=()
    if [ $mode = tls ]; then
      port=$tls
      extra=(--set engine.cluster.tls.key-store="$k/cluster-keystore.p12" --set engine.cluster.tls.trust-store="$k/cluster-truststore.p12"
             --set engine.cluster.tls.password-file="$k/cluster.password")
    fi
    out="$work/$mode-$i"
    "$root/fabricsim" simulate "$scenario" --out "$out" --progress off "${sets[@]}" --set engine.kind=distributed \
      --set engine.partitions=2 --set engine.placement=cluster --set engine.cluster.port=0 \
      --set "engine.cluster.seed-nodes=[\"pekko://fabricsim@127.0.0.1:$port\"]" "${extra[@]}" >/dev/null 2>"$work/err"
    row="$row | $(field "$out/run.json" event_loop_seconds) | $(awk "BEGIN { printf \"%.2f\", $(field "$out/run.json" mean_message_latency_ns) / 1e6 }")"
  done
  echo "$row |"
done
