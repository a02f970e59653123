#!/usr/bin/env bash
# A/B of the hessian2-time pages through Dubbo's SPI: two builds, alternated twice, run alone.
# Usage, in the folder holding BASE.jar and NEW.jar (each build's benchmarks.jar; the results go there):
#   ../ab-pages.sh BASE NEW [JMH arguments, e.g. -p rows=1,20]
# With AB_DUBBO_3_2=1, on Dubbo 3.2.19 and hessian-lite 3.2.13 instead: then BASE/ and NEW/ are folders holding each
# build's unshaded jars (benchmarks, hessian-time-serializers, sample-dtos, test-support), and AB_CLASSPATH the rest
# of the class path (Dubbo 3.2.19, hessian-lite 3.2.13 and the benchmarks' other dependencies), as benchmarks/run.sh
# page-3.2 builds it. AB_PAIRS replaces the pairs compared (JMH's pair parameter, comma-separated); AB_FORKS the forks
# of each side per round (1).
set -eu
base=$1 new=$2
shift 2
pairs=${AB_PAIRS:-date:hessian2-time/date:hessian2,instantMillis:hessian2-time/date:hessian2,localDateTime:hessian2-time/date:hessian2}
benchmark='^io.github.hessiantime.bench.serialization.DubboPageRoundTripBenchmark.roundTripBoth$'
for round in 1 2; do
  for side in "$base" "$new"; do
    echo "== round $round $side load $(cut -d' ' -f1-3 /proc/loadavg)"
    if [ "${AB_DUBBO_3_2:-}" = 1 ]; then
      launch=(java -cp "$(ls "$side"/*.jar | paste -sd:):$AB_CLASSPATH" org.openjdk.jmh.Main)
    else
      launch=(java -jar "$side.jar")
    fi
    "${launch[@]}" "$benchmark" -p pair=$pairs -f "${AB_FORKS:-1}" -wi 3 -w 1s -i 8 -r 1s "$@" \
      -rf json -rff "ab-$side-$round.json" > "ab-$side-$round.log" 2>&1
    grep -E '^Dubbo|ratio' "ab-$side-$round.log" | tail -20
  done
done
echo "end load $(cut -d' ' -f1-3 /proc/loadavg)"
