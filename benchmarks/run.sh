#!/usr/bin/env bash
# Runs the benchmarks and regenerates the report (docs/benchmarks.md and its SVG charts).
#
#   benchmarks/run.sh quick    # a few minutes: 1 fork, 1 x 0.5 s warm-up, 2 x 0.5 s measurement; a short RPC run.
#                              # Writes under benchmarks/target/quick/, never over the committed results.
#   benchmarks/run.sh full     # the whole suite with the annotations' settings, and the RPC benchmark with every DTO
#   benchmarks/run.sh rpc      # only the single-value RPC benchmark, keeping the JMH results
#   benchmarks/run.sh page [JMH arguments]
#                              # only the page benchmarks (JMH, e.g. "-f 1 -wi 3 -i 5" for a short run; with
#                              # DubboPageRoundTripBenchmark, the pages through Dubbo's hessian2, hessian2-time and
#                              # fastjson2) and the RPC benchmark with the page DTOs (over dubbo, and over Triple: the
#                              # Date page with stock hessian2, the java.time pages with hessian2-time, fastjson2), into
#                              # results/page.json and results/rpc-page.json
#   benchmarks/run.sh sizes [JMH arguments]
#                              # only DubboPageRoundTripBenchmark with pages of 1, 20, 200 and 2,000 rows: the Instant
#                              # (ms), LocalDateTime and Date pages over hessian2-time, stock hessian2 and fastjson2,
#                              # each against the Date page of as many rows over hessian2, into results/page-sizes.json
#                              # (the report's "Per message" table). e.g. "-f 1 -wi 3 -i 5" for a short run.
#   benchmarks/run.sh page-3.2 [JMH arguments]
#                              # DubboPageRoundTripBenchmark (every pair, 20 rows) on Dubbo 3.2.19 with
#                              # com.alibaba:hessian-lite 3.2.13 instead of Dubbo 3.3.6 and hessian-lite 4.0.4 (the
#                              # same compiled benchmarks; JMH's forks keep the class path), into
#                              # results/page-dubbo-3.2.json. For an A/B against another build, run it in each.
#   benchmarks/run.sh profile REGEX [JMH arguments]
#                              # async-profiler's flame graphs (HTML) and collapsed stacks of the matching benchmarks
#                              # into benchmarks/results/profile/, with the JMH result; for paired page benchmarks
#                              # also the per-value breakdown (ProfileBreakdown). No report. Needs Linux x64.
#
# Extra arguments go to JMH (e.g. a benchmark regex, or "-prof gc"). Uses the java on PATH, or $JAVA_HOME.
set -euo pipefail
cd "$(dirname "$0")/.."

mode="${1:-quick}"
shift || true
java_bin="${JAVA_HOME:+$JAVA_HOME/bin/}java"
jar=benchmarks/target/benchmarks.jar
page_benchmarks='^io\.github\.hessiantime\.bench\.serialization\.(PageRoundTripBenchmark|PairedPageRoundTripBenchmark|DubboPageRoundTripBenchmark)\.'
page_dtos=datePage,instantPage,localDateTimePage
dubbo_page_benchmark='^io\.github\.hessiantime\.bench\.serialization\.DubboPageRoundTripBenchmark\.'
size_pairs=instantMillis:hessian2-time/date:hessian2,instantMillis:hessian2/date:hessian2
size_pairs+=,instantMillis:fastjson2/date:hessian2,localDateTime:hessian2-time/date:hessian2
size_pairs+=,localDateTime:hessian2/date:hessian2,localDateTime:fastjson2/date:hessian2
size_pairs+=,date:hessian2-time/date:hessian2,date:fastjson2/date:hessian2

load() { cut -d' ' -f1-3 /proc/loadavg; }

case "$mode" in
  quick)
    jmh_opts=(-f 1 -wi 1 -w 500ms -i 2 -r 500ms)
    rpc_opts=(--calls 40000 --warmup 10000 --threads 4 --rounds 8 --dtos dateDto,timeDto,$page_dtos)
    results=benchmarks/target/quick/results
    docs=benchmarks/target/quick/docs
    ;;
  full)
    jmh_opts=()                        # the annotations' settings
    rpc_opts=(--calls 200000 --warmup 40000 --threads 4 --rounds 20 --dtos dateDto,timeDto,$page_dtos)
    results=benchmarks/results
    docs=docs
    ;;
  rpc)
    rpc_opts=(--calls 200000 --warmup 40000 --threads 4 --rounds 20 --dtos dateDto,timeDto)
    results=benchmarks/results
    docs=docs
    ;;
  page)
    # as many calls as the full run: the Triple targets sit within 2 % of their ratios, which 40,000 calls a case
    # could not resolve (two runs of 40,000 disagreed about the Instant page over Triple)
    rpc_opts=(--calls 200000 --warmup 40000 --threads 4 --rounds 20 --dtos $page_dtos)
    results=benchmarks/results
    docs=docs
    ;;
  sizes|page-3.2)
    results=benchmarks/results
    docs=docs
    ;;
  profile)
    if [ $# -lt 1 ]; then echo "usage: $0 profile REGEX [JMH arguments]" >&2; exit 2; fi
    mvn -B -q -pl benchmarks -am package -DskipTests -Pasync-profiler
    lib="$PWD/benchmarks/target/async-profiler/linux-x64/libasyncProfiler.so"
    out=benchmarks/results/profile
    mkdir -p "$out"
    # CPU samples every 0.5 ms of CPU time (perf_events; where kernel.perf_event_paranoid forbids them, use event=itimer);
    # -prof gc adds bytes per op. async-profiler writes the flame graphs itself (self-contained HTML) and the
    # collapsed stacks; both are gzipped to keep the committed results small (gunzip a flame graph to open it).
    "$java_bin" -jar "$jar" -f 1 -wi 4 -i 8 -r 2s \
      -prof "async:libPath=$lib;event=cpu;interval=500000;output=flamegraph,collapsed;dir=$out" -prof gc \
      -rf json -rff "$out/jmh.json" "$@"
    find "$out" \( -name 'collapsed-*.csv' -o -name 'flame-*.html' \) -exec gzip -f -n {} +
    "$java_bin" -cp "$jar" io.github.hessiantime.bench.report.ProfileBreakdown --jmh "$out/jmh.json" \
      --profiles "$out" --out "$out/breakdown.txt"
    echo "wrote $out (flame graphs, collapsed stacks, jmh.json, breakdown.txt)"
    exit 0
    ;;
  *)
    echo "usage: $0 quick|full|rpc|page|sizes|page-3.2|profile [JMH arguments]" >&2
    exit 2
    ;;
esac
mkdir -p "$results" "$docs"

echo "== building (library and benchmarks)"
mvn -B -q -pl benchmarks -am package -DskipTests
rpc_cp="benchmarks/target/benchmarks-1.0.0-SNAPSHOT.jar:$(cat benchmarks/target/runtime-classpath.txt)"
rpc() { "$java_bin" -Xms1g -Xmx1g -cp "$rpc_cp" io.github.hessiantime.bench.rpc.RpcBenchmark "$@"; }
report() { "$java_bin" -cp "$jar" io.github.hessiantime.bench.report.ReportWriter "$results" "$docs"; }
wire_sizes() {
  "$java_bin" -cp "$jar" io.github.hessiantime.bench.serialization.WireSizes "$results/wire-sizes.json" \
    hessianLite hessianTimeCompact hessianTimeCompactUnreferenced hessian2TimeStream hessianTimeCompatible \
    dubbo:hessian2 dubbo:hessian2-time dubbo:fastjson2
  "$java_bin" -Dcom.caucho.hessian.io.java.time.serializer.compactMode=true -cp "$jar" \
    io.github.hessiantime.bench.serialization.WireSizes "$results/wire-sizes-compact-mode.json" hessianLiteCompactMode
}

case "$mode" in
  rpc)
    { echo "rpc-rerun: $(date -u '+%Y-%m-%d %H:%M UTC')"; echo "rpc-load-start: $(load)"; } >> "$results/run.txt"
    rpc --out "$results/rpc.json" "${rpc_opts[@]}"
    echo "rpc-load-end: $(load)" >> "$results/run.txt"
    report
    exit 0
    ;;
  page)
    if [ -f "$results/run.txt" ]; then sed -i '/^page-/d' "$results/run.txt"; fi
    { echo "page-run: $(date -u '+%Y-%m-%d %H:%M UTC')"; echo "page-load-start: $(load)"; } >> "$results/run.txt"
    echo "== JMH page benchmarks"
    "$java_bin" -jar "$jar" "$page_benchmarks" -rf json -rff "$results/page.json" "$@"
    echo "page-load-end: $(load)" >> "$results/run.txt"
    echo "== RPC with pages (Dubbo, two JVMs on loopback)"
    { echo "page-rpc-run: $(date -u '+%Y-%m-%d %H:%M UTC')"; echo "page-rpc-load-start: $(load)"; } >> "$results/run.txt"
    rpc --out "$results/rpc-page.json" "${rpc_opts[@]}"
    echo "page-rpc-load-end: $(load)" >> "$results/run.txt"
    wire_sizes
    report
    exit 0
    ;;
  sizes)
    if [ -f "$results/run.txt" ]; then sed -i '/^sizes-/d' "$results/run.txt"; fi
    { echo "sizes-run: $(date -u '+%Y-%m-%d %H:%M UTC')"; echo "sizes-load-start: $(load)"; } >> "$results/run.txt"
    echo "== JMH Dubbo pages of 1, 20, 200 and 2,000 rows"
    "$java_bin" -jar "$jar" "$dubbo_page_benchmark" -p rows=1,20,200,2000 -p pair="$size_pairs" \
      -rf json -rff "$results/page-sizes.json" "$@"
    echo "sizes-load-end: $(load)" >> "$results/run.txt"
    report
    exit 0
    ;;
  page-3.2)
    # the unshaded benchmarks and their runtime class path, Dubbo 3.3 and hessian-lite 4.0 swapped for the 3.2 line
    dubbo32_cp="benchmarks/target/benchmarks-1.0.0-SNAPSHOT.jar:$(ls benchmarks/target/dubbo-3.2/*.jar | paste -sd:)"
    dubbo32_cp+=":$(tr ':' '\n' < benchmarks/target/runtime-classpath.txt \
      | grep -v -e '/org/apache/dubbo/dubbo/' -e '/org/apache/dubbo/hessian-lite/' | paste -sd:)"
    if [ -f "$results/run.txt" ]; then sed -i '/^page-3.2-/d' "$results/run.txt"; fi
    { echo "page-3.2-run: $(date -u '+%Y-%m-%d %H:%M UTC')"; echo "page-3.2-load-start: $(load)"; } >> "$results/run.txt"
    echo "== JMH Dubbo pages on Dubbo 3.2.19 (com.alibaba:hessian-lite 3.2.13)"
    "$java_bin" -cp "$dubbo32_cp" org.openjdk.jmh.Main "$dubbo_page_benchmark" \
      -rf json -rff "$results/page-dubbo-3.2.json" "$@"
    echo "page-3.2-load-end: $(load)" >> "$results/run.txt"
    exit 0
    ;;
esac

{
  echo "mode: $mode"
  echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//' || echo unknown)"
  echo "cores: $(nproc)"
  echo "memory: $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo)"
  echo "os: $(uname -sr)"
  echo "java: $("$java_bin" -version 2>&1 | head -n 1)"
  echo "load-start: $(load)"
} > "$results/run.txt"
# A full run measures the pages too: drop the separate page results so the report reads one run.
rm -f "$results/page.json" "$results/rpc-page.json"

echo "== wire sizes"
wire_sizes

echo "== JMH ($mode)"
"$java_bin" -jar "$jar" "${jmh_opts[@]}" -rf json -rff "$results/jmh.json" "$@"

echo "== RPC (Dubbo, two JVMs on loopback)"
rpc --out "$results/rpc.json" "${rpc_opts[@]}"
echo "load-end: $(load)" >> "$results/run.txt"

echo "== report"
report
