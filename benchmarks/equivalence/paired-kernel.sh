#!/usr/bin/env bash
# The packet kernel's cost per hop, two builds side by side: runs one scenario with each runnable jar in
# alternation (A B A B ...), so that a shared, noisy machine's drift falls on both alike, and prints each
# run's ns per packet-hop (as `simulate` reports it) and the medians.
#
#   benchmarks/equivalence/paired-kernel.sh A.jar B.jar SCENARIO.conf [ROUNDS] [--set k=v ...]
#
# A jar is a spark-driver/target/fabricsim.jar with its lib/ beside it (a worktree's build). Run from the
# repository root; the JVM flags are .mvn/jvm.config's.
set -euo pipefail
a=$1 b=$2 scenario=$3 rounds=${4:-5}
shift $(( $# >= 4 ? 4 : 3 ))
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
flags=$(cat .mvn/jvm.config)
declare -a ra rb
for ((i = 1; i <= rounds; i++)); do
  for side in a b; do
    jar=$a; [ $side = b ] && jar=$b
    # shellcheck disable=SC2086
    line=$(java $flags -Dfabricsim.conf="$PWD/conf" -jar "$jar" simulate "$scenario" "$@" --progress off \
             --out "$work/$side$i" 2>/dev/null | grep -o '[0-9]* ns per packet-hop' | cut -d' ' -f1)
    echo "round $i $side: $line ns per packet-hop"
    if [ $side = a ]; then ra+=("$line"); else rb+=("$line"); fi
  done
done
median() { printf '%s\n' "$@" | sort -n | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2}'; }
ma=$(median "${ra[@]}"); mb=$(median "${rb[@]}")
echo "median A $ma, B $mb ns per packet-hop; B / A = $(awk -v a="$ma" -v b="$mb" 'BEGIN {printf "%.3f", b / a}')"
