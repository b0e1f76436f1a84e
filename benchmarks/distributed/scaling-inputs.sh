#!/usr/bin/env bash
# Measures the inputs of the scaling model (benchmarks/distributed/ScalingModel.java, docs/BENCHMARKS.md "A model of
# the speed-up beyond this machine"): counts, not times, wherever counts will do.
#
#   benchmarks/distributed/scaling-inputs.sh [OUT.txt]      (default benchmarks/distributed/scaling-inputs.txt)
#
# Writes one record per line, words KEY=VALUE:
#   part ...  `fabricsim partition` of each tree into 2 ... 256 parts: method, load imbalance, cut cables, channels,
#             the smallest lookahead, the most channels into one part (what a step of the busiest LP waits for)
#   run ...   a packet run (one random permutation at full load, the benchmark scenarios of run.sh): events, the
#             engine's counts (cross-LP events, null messages, batches, steps, waves) and the event loop's wall time
# Sequential runs at the benchmark lengths give events per simulated microsecond; partitioned runs in one JVM give
# the counts for 2 ... 64 LPs (exact whatever the machine: the wall times of runs with more LPs than cores are not
# used). About 15 minutes on 2 cores; the 65 536-host tree's sequential run needs about 5 GB.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
out="${1:-$root/benchmarks/distributed/scaling-inputs.txt}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

declare -A topo=( [tree648]=tree648 [tree4096]=tree4096 [xgft11664]='xgft(3;18,18,36;1,18,18)'
                  [xgft65536]='xgft(3;32,32,64;1,32,32)' )
field() { sed -n "s/^ *\"$2\": \(.*\)$/\1/p" "$1" | sed 's/,$//' | head -1; }

{
  echo "# scaling-model inputs, measured $(date -u +%Y-%m-%d) on $(nproc) cores by benchmarks/distributed/scaling-inputs.sh"
  for name in tree648 tree4096 xgft11664 xgft65536; do
    for n in 2 4 8 16 64 256; do
      [ "$name" = tree648 ] && [ "$n" = 256 ] && continue # 702 nodes: the multilevel method cannot fill 256 parts
      if ! FABRICSIM_JAVA_OPTS="-Xmx8g" "$root/fabricsim" partition --topology "${topo[$name]}" --parts "$n" \
          >"$work/p.txt" 2>"$work/p.err"; then
        echo "# part topology=$name parts=$n failed: $(grep -v WARNING "$work/p.err" | head -1)"
        continue
      fi
      awk -v name="$name" -v n="$n" '
        /^partition of/ { method = $0; sub(/.*\(/, "", method); sub(/,.*/, "", method) }
        /imbalance/ { for (i = 1; i <= NF; i++) if ($i == "imbalance") imb = $(i + 1) }
        /cut cables:/ { cut = $3; cables = $5 }
        /^  channels:/ { ch = $2; sub(/,/, "", ch) }
        /LP .* -> LP/ { into[$5]++; la = $9; sub(/ns/, "", la); if (minla == "" || la + 0 < minla + 0) minla = la
          if ($9 == $12) short++ }
        END { maxin = 0; for (p in into) if (into[p] > maxin) maxin = into[p]
          printf "part topology=%s parts=%d method=%s imbalance=%s cut=%d cables=%d channels=%d min_lookahead_ns=%s max_in_channels=%d short_channels=%d\n",
            name, n, method, imb, cut, cables, ch, minla, maxin, short + 0 }' "$work/p.txt"
    done
  done

  run() { # NAME END ENGINE N [HEAP] [GLOBAL-BOUND]
    local name="$1" end="$2" engine="$3" n="$4" heap="${5:-}" bound="${6:-true}" dir="$work/r"
    local args=(--set engine.kind=sequential)
    [ "$engine" = lp ] && args=(--set engine.kind=distributed --set engine.partitions="$n" --set engine.global-bound="$bound")
    rm -rf "$dir"
    if ! FABRICSIM_JAVA_OPTS="$heap" "$root/fabricsim" simulate "$root/benchmarks/distributed/$name.conf" --progress off \
        --set packet.end-time="$end" "${args[@]}" --out "$dir" \
        >"$work/run.log" 2>"$work/run.err"; then
      echo "# run topology=$name end=$end engine=$engine lps=$n failed: $(grep -v WARNING "$work/run.err" | tail -1)"
      return 0
    fi
    local j="$dir/run.json" busy
    busy=$(field "$j" lp_busy_seconds | tr -d '[]' | awk -F', *' '{ s = 0; m = 0; for (i = 1; i <= NF; i++) {
      s += $i; if ($i > m) m = $i } printf "busy_sum_s=%.3f busy_max_s=%.3f", s, m }')
    [ "$engine" = seq ] && busy=""
    [ "$engine" = lp ] && engine="lp bound=$bound"
    echo "run topology=$name end=$end engine=$engine lps=$n events=$(field "$j" events)" \
      "cross=$(field "$j" cross_lp_events) nulls=$(field "$j" null_messages) batches=$(field "$j" batches)" \
      "steps=$(field "$j" steps) waves=$(field "$j" global_bound_waves) cut=$(field "$j" cut_cables)" \
      "min_lookahead_ps=$(field "$j" min_lookahead_ps) wall_s=$(field "$j" event_loop_seconds) $busy" | sed 's/=null/=-/g; s/=\( \|$\)/=-\1/g'
  }
  # sequential, at the benchmark lengths (events per simulated microsecond; the 65 536-host tree kept short)
  run tree648 2ms seq 1
  run tree4096 1ms seq 1
  run xgft11664 50us seq 1
  run xgft65536 20us seq 1 -Xmx16g
  # partitioned, one JVM: the benchmark lengths for 2 and 4 LPs (the checks; docs/BENCHMARKS.md measured them without
  # the global bound, which came later), short runs for the counts of more LPs (with it, the default)
  for n in 2 4; do
    run tree648 2ms lp "$n" "" false
    run tree4096 1ms lp "$n" "" false
    run xgft11664 50us lp "$n" "" false
  done
  for n in 8 16 64; do run tree648 200us lp "$n" -Xmx8g; done
  for n in 8 16; do run tree4096 100us lp "$n" -Xmx12g; done
  run xgft11664 10us lp 8 -Xmx12g
} | tee "$out"
