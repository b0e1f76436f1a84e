#!/usr/bin/env bash
# Digests of every packet-level scenario's results, to show that a change which must not alter the model's
# behaviour (a move of classes, a split of files) did not: run it on the commit before and after, and diff
# the two files.
#
#   benchmarks/equivalence/scenario-digests.sh OUT.tsv [SCENARIO.conf ...]
#
# For each conf/experiments file with experiment = packet: `simulate` sequentially and with 2 LPs
# (engine.kind = distributed, in one JVM). For each packet-sweep file: the sweep itself (sequential in its
# Spark tasks, local[2]), and each of its points as a packet run (`--set experiment=packet` and the point's
# settings), sequentially and with 2 LPs: every point with POINTS=all, else the first point of each
# combination of the settings that are not quantities (the mechanisms a sweep compares) and the last. Each line of OUT.tsv: scenario, mode, file, SHA-256 of
# summary.json and of every .arrow file (run.json holds times and is left out). Wall times go to
# OUT.tsv.times. SWEEPS=0 leaves out the sweeps themselves (their points still run). Run from the repository root with the runnable jar built (./fabricsim builds it).
# About 90 minutes on 2 cores for the whole of conf/experiments.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
out="$(realpath -m "$1")"
shift
files=("$@")
if [ ${#files[@]} -eq 0 ]; then
  mapfile -t files < <(grep -lE '^experiment *= *packet(-sweep)?$' "$root"/conf/experiments/*.conf)
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
: > "$out"
: > "$out.times"
cd "$root"

digest() { # scenario mode dir
  (cd "$3" && for f in summary.json $(ls *.arrow 2>/dev/null | sort); do
     printf '%s\t%s\t%s\t%s\n' "$1" "$2" "$f" "$(sha256sum "$f" | cut -d' ' -f1)"
   done) >> "$out"
}

run() { # scenario mode dir command...
  local name=$1 mode=$2 dir=$3
  shift 3
  local start=$SECONDS
  if ! "$@" > "$work/log" 2>&1; then
    printf '%s\t%s\tFAILED\t%s\n' "$name" "$mode" "$(grep -v WARNING "$work/log" | tail -1)" >> "$out"
  else
    digest "$name" "$mode" "$dir"
  fi
  printf '%s\t%s\t%ss\n' "$name" "$mode" $((SECONDS - start)) >> "$out.times"
  rm -rf "$dir"
}

for f in "${files[@]}"; do
  name=$(basename "$f" .conf)
  echo "== $name" >&2
  if grep -qE '^experiment *= *packet-sweep' "$f"; then
    if [ "${SWEEPS:-1}" = 1 ]; then
      run "$name" sweep "$work/s" ./fabricsim sweep "$f" --master 'local[2]' --progress off --out "$work/s"
    fi
    while IFS=$'\t' read -r i settings; do
      IFS=$'\t' read -r -a sets <<< "$settings"
      run "$name/p$i" seq "$work/r" ./fabricsim simulate "$f" --set experiment=packet "${sets[@]}" \
          --progress off --out "$work/r"
      run "$name/p$i" lp2 "$work/r" ./fabricsim simulate "$f" --set experiment=packet "${sets[@]}" \
          --engine distributed --partitions 2 --progress off --out "$work/r"
    done < <(java -cp "$root/spark-driver/target/lib/*" "$root/benchmarks/equivalence/SweepPoints.java" "$f" "${POINTS:-some}")
  else
    run "$name" seq "$work/r" ./fabricsim simulate "$f" --progress off --out "$work/r"
    run "$name" lp2 "$work/r" ./fabricsim simulate "$f" --engine distributed --partitions 2 --progress off \
        --out "$work/r"
  fi
done
echo "digests in $out ($(grep -c FAILED "$out" || true) failed runs)" >&2
