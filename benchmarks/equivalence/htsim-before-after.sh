#!/usr/bin/env bash
# The htsim side-by-side (../shared/bench/htsim-side-by-side.sh) for two fabricsim builds in one invocation:
# each round runs the shared script once from BEFORE's root and once from AFTER's (htsim, then that build's
# `fabricsim simulate`, on the same work), so the machine's drift falls on both builds and on htsim alike.
#
#   benchmarks/equivalence/htsim-before-after.sh HTSIM_WORKDIR BEFORE_ROOT AFTER_ROOT HOSTS [ROUNDS]
#
# A root is a checkout with its runnable jar built (its ./fabricsim), e.g. a `git worktree` of the earlier
# commit. HOSTS: 432, 1024 or 11664, as the shared script takes them. Each line: the round, the build, then the
# shared script's two lines (htsim's MEASURE line and peak RSS, fabricsim's "events in" line and peak RSS).
set -euo pipefail
script="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)/shared/bench/htsim-side-by-side.sh"
work=$(realpath "$1") before=$(realpath "$2") after=$(realpath "$3") hosts=$4 rounds=${5:-3}
for ((r = 1; r <= rounds; r++)); do
  for side in before after; do
    root=$before; [ $side = after ] && root=$after
    echo "round $r $side ($(git -C "$root" rev-parse --short HEAD))"
    (cd "$root" && "$script" run "$work" "$hosts" 1)
  done
done
