#!/usr/bin/env bash
# Builds the JMH uber-jar and runs benchmarks with the project's JVM flags in every fork.
# Usage: benchmarks/run-jmh.sh [JMH options and benchmark regex], e.g. benchmarks/run-jmh.sh ContentionBenchmark
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
(cd "$root" && mvn -B -q -Dstyle.color=never -DskipTests -pl benchmarks -am package)
exec java -jar "$root/benchmarks/target/benchmarks.jar" -jvmArgsAppend "$(cat "$root/.mvn/jvm.config")" "$@"
