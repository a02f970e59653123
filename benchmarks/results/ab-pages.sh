#!/usr/bin/env bash
# A/B of the hessian2-time pages through Dubbo's SPI: two benchmarks.jar builds, alternated twice, run alone.
# Usage, in the folder holding BASE.jar and NEW.jar (the results go there): ../ab-pages.sh BASE NEW
set -eu
base=$1 new=$2
pairs='date:hessian2-time/date:hessian2,instantMillis:hessian2-time/date:hessian2,localDateTime:hessian2-time/date:hessian2'
for round in 1 2; do
  for side in "$base" "$new"; do
    echo "== round $round $side load $(cut -d' ' -f1-3 /proc/loadavg)"
    java -jar $side.jar '^io.github.hessiantime.bench.serialization.DubboPageRoundTripBenchmark.roundTripBoth$' \
      -p pair=$pairs -f 1 -wi 3 -w 1s -i 8 -r 1s -rf json -rff ab-$side-$round.json > ab-$side-$round.log 2>&1
    grep -E '^Dubbo|ratio' ab-$side-$round.log | tail -20
  done
done
echo "end load $(cut -d' ' -f1-3 /proc/loadavg)"
