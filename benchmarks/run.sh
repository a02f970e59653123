#!/usr/bin/env bash
# Runs the whole benchmark suite and regenerates the report.
#
#   benchmarks/run.sh quick    # ~5 minutes: 1 fork, 1 x 0.5 s warm-up, 2 x 0.5 s measurement; a short RPC run
#   benchmarks/run.sh full     # ~20 minutes: the settings behind the committed docs/benchmarks.md
#   benchmarks/run.sh rpc      # only the RPC benchmark (full settings) and the report, keeping the JMH results
#   benchmarks/run.sh profile REGEX [JMH arguments]
#                              # async-profiler flame graphs (HTML) of the matching benchmarks, into
#                              # benchmarks/results/profile/; no report. Needs Linux x64.
#
# full and rpc write benchmarks/results/{jmh,wire-sizes,rpc}.json and run.txt, then docs/benchmarks.md and
# docs/benchmarks/*.svg (the committed report). quick writes the same files under benchmarks/target/quick/ instead,
# so a trial run never overwrites the committed results.
# Extra arguments go to JMH (e.g. a benchmark regex, or "-prof gc"). Uses the java on PATH, or $JAVA_HOME.
set -euo pipefail
cd "$(dirname "$0")/.."

mode="${1:-quick}"
shift || true
case "$mode" in
  quick)
    jmh_opts=(-f 1 -wi 1 -w 500ms -i 2 -r 500ms)
    rpc_args=(40000 10000 4 8)        # calls per case, warm-up calls per case, threads, rounds
    ;;
  full)
    jmh_opts=()                        # the annotations: 2 x 1 s warm-up, 3 x 1 s measurement; 2 forks for
                                       # serialization, 1 for format and clock
    rpc_args=(200000 40000 4 20)        # 20 rounds of 10k calls per case: slices of ~1 s, rotating
    ;;
  rpc)
    rpc_args=(200000 40000 4 20)
    ;;
  profile)
    if [ $# -lt 1 ]; then echo "usage: $0 profile REGEX [JMH arguments]" >&2; exit 2; fi
    mvn -B -q -pl benchmarks -am package -DskipTests -Pasync-profiler
    lib="$PWD/benchmarks/target/async-profiler/linux-x64/libasyncProfiler.so"
    out=benchmarks/results/profile
    mkdir -p "$out"
    # itimer sampling works where perf_events are not allowed (VMs, containers); -prof gc adds bytes per op
    exec "${JAVA_HOME:+$JAVA_HOME/bin/}java" -jar benchmarks/target/benchmarks.jar -f 1 -wi 2 -i 3 \
      -prof "async:libPath=$lib;event=itimer;interval=1000000;output=flamegraph,collapsed,text;dir=$out" -prof gc "$@"
    ;;
  *)
    echo "usage: $0 quick|full|profile [JMH arguments]" >&2
    exit 2
    ;;
esac

java_bin="${JAVA_HOME:+$JAVA_HOME/bin/}java"
if [ "$mode" = quick ]; then
  results=benchmarks/target/quick/results
  docs=benchmarks/target/quick/docs
else
  results=benchmarks/results
  docs=docs
fi
mkdir -p "$results" "$docs"

echo "== building (library and benchmarks)"
mvn -B -q -pl benchmarks -am package -DskipTests

jar=benchmarks/target/benchmarks.jar
rpc_cp="benchmarks/target/benchmarks-1.0.0-SNAPSHOT.jar:$(cat benchmarks/target/runtime-classpath.txt)"

if [ "$mode" = rpc ]; then
  echo "rpc-rerun: $(date -u '+%Y-%m-%d %H:%M UTC')" >> "$results/run.txt"
  "$java_bin" -Xms1g -Xmx1g -cp "$rpc_cp" io.github.hessiantime.bench.rpc.RpcBenchmark "$results/rpc.json" "${rpc_args[@]}"
  "$java_bin" -cp "$jar" io.github.hessiantime.bench.report.ReportWriter "$results" "$docs"
  exit 0
fi

{
  echo "mode: $mode"
  echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//' || echo unknown)"
  echo "cores: $(nproc)"
  echo "memory: $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo)"
  echo "os: $(uname -sr)"
  echo "java: $("$java_bin" -version 2>&1 | head -n 1)"
} > "$results/run.txt"

echo "== wire sizes"
"$java_bin" -cp "$jar" io.github.hessiantime.bench.serialization.WireSizes "$results/wire-sizes-default.json" \
  hessianLite hessianTimeCompact hessianTimeCompatible
"$java_bin" -Dcom.caucho.hessian.io.java.time.serializer.compactMode=true -cp "$jar" \
  io.github.hessiantime.bench.serialization.WireSizes "$results/wire-sizes-compact-mode.json" hessianLiteCompactMode
# One list for the report: the two runs' arrays joined.
{ sed '$d' "$results/wire-sizes-default.json" | sed '$s/$/,/'; sed '1d' "$results/wire-sizes-compact-mode.json"; } \
  > "$results/wire-sizes.json"
rm "$results/wire-sizes-default.json" "$results/wire-sizes-compact-mode.json"

echo "== JMH ($mode)"
"$java_bin" -jar "$jar" "${jmh_opts[@]}" -rf json -rff "$results/jmh.json" "$@"

echo "== RPC (Dubbo, two JVMs on loopback)"
"$java_bin" -Xms1g -Xmx1g -cp "$rpc_cp" io.github.hessiantime.bench.rpc.RpcBenchmark "$results/rpc.json" "${rpc_args[@]}"

echo "== report"
"$java_bin" -cp "$jar" io.github.hessiantime.bench.report.ReportWriter "$results" "$docs"
