#!/usr/bin/env bash
# The ledger's full tier, a round at a time across machines: the thesis-size sweeps (seed 003 at 4 096 hosts,
# 10 rounds of 5 runs per point, D230) take 10-16 core-hours each, more than one sitting of a 2-core machine, and a
# sweep keeps its finished rounds only in its --out directory. This script keeps them in the repository
# (benchmarks/ledger-full/runs/RUN-ID/), so that any checkout goes on where the last one stopped:
#
#   benchmarks/ledger-full/continue.sh run ENTRY-ID OUT    # seeds OUT/runs from here, runs the entry's full run
#                                                         # (stop it with SIGTERM: finished rounds are kept)
#   benchmarks/ledger-full/continue.sh save OUT            # copies OUT's finished rounds and runs back here
#   benchmarks/ledger-full/continue.sh report              # docs/REPRODUCTION-FULL.md from the runs kept here
#                                                         # (`reproduce --tier full --kept`: runs nothing)
#
# A round is kept only when it finished (the sweep's commit protocol, docs/OUTPUTS.md "Interrupted sweeps");
# a run whose experiment file or ledger settings changed since its rounds were made is refused by
# `reproduce` (remove its directory here to start it afresh). Run from the repository's root.
set -euo pipefail
store=benchmarks/ledger-full/runs
case "${1:-}" in
run)
  entry=$2; out=$3
  mkdir -p "$out/runs"
  if [ -d "$store" ]; then
    for d in "$store"/*/; do
      id=$(basename "$d")
      [ -e "$out/runs/$id" ] || cp -r "$d" "$out/runs/$id"
    done
  fi
  exec ./fabricsim reproduce --tier full --only "$entry" --out "$out" --progress off
  ;;
save)
  out=$2
  for d in "$out"/runs/*/; do
    id=$(basename "$d")
    if [ -f "$d/summary.json" ]; then
      rm -rf "${store:?}/$id"; mkdir -p "$store/$id"
      cp "$d"/*.json "$store/$id/" # the finished sweep: its summary and definition (the figures stay in OUT)
    elif [ -d "$d/rounds" ]; then
      mkdir -p "$store/$id/rounds"
      cp "$d"/rounds/sweep.json "$d"/rounds/round-*.arrow "$store/$id/rounds/" 2>/dev/null || true
    fi
  done
  du -sh "$store" 2>/dev/null || echo "nothing to save in $out"
  ;;
report)
  tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
  ./fabricsim reproduce --tier full --kept --runs "$store" --out "$tmp" --progress off
  cp "$tmp/REPRODUCTION.md" docs/REPRODUCTION-FULL.md
  ;;
*) sed -n '2,15p' "$0"; exit 2;;
esac
