#!/usr/bin/env bash
# Round-trip time of one message between two JVMs on this machine, over Pekko Artery TCP (ArteryRoundTrip) and
# over a plain blocking TCP socket (SocketRoundTrip, the floor under the LPs' direct channels): what every
# lookahead window of a distributed run across JVMs waits for. Usage: artery-rtt.sh [BYTES] [ROUND_TRIPS]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
(cd "$root" && mvn -B -q -Dstyle.color=never -DskipTests -pl spark-driver,benchmarks -am package)
cp="$root/spark-driver/target/fabricsim.jar:$root/benchmarks/target/classes"
flags="$(cat "$root/.mvn/jvm.config")"
port=$((20000 + RANDOM % 20000))
# shellcheck disable=SC2086 # the flags are words
java $flags -cp "$cp" org.fabricsim.benchmarks.ArteryRoundTrip pong "$port" >/dev/null 2>&1 &
pong=$!
trap 'kill $pong 2>/dev/null' EXIT
sleep 4
# shellcheck disable=SC2086
java $flags -cp "$cp" org.fabricsim.benchmarks.ArteryRoundTrip ping $((port + 1)) "$port" "${1:-8192}" "${2:-2000}" 2>&1 \
  | grep 'round trip'
# shellcheck disable=SC2086
java $flags -cp "$cp" org.fabricsim.benchmarks.SocketRoundTrip pong $((port + 2)) "${1:-8192}" "${2:-2000}" &
socket_pong=$!
sleep 1
# shellcheck disable=SC2086
java $flags -cp "$cp" org.fabricsim.benchmarks.SocketRoundTrip ping $((port + 2)) "${1:-8192}" "${2:-2000}" 2>&1 \
  | grep 'round trip'
wait "$socket_pong"
