#!/usr/bin/env bash
# Coverage-guided fuzzing of the readers with Jazzer (docs/fuzzing.md).
#
#   hessian-time-serializers/fuzz.sh TARGET [SECONDS]   fuzz one target (default 900 s = 15 min)
#   hessian-time-serializers/fuzz.sh all [SECONDS]      fuzz each target in turn, SECONDS each
#
# TARGET is a fuzz test class without its FuzzTest suffix: CompactValues, StrictBeanPages, TripleWrapper or
# MessageSequences. Jazzer fuzzes one target per JVM, so "all" starts one JVM per target.
#
# The library and its tests are compiled by Maven from this worktree (nothing is installed); the target then runs in
# a JVM of its own, through JUnit's console launcher, with JAZZER_FUZZ=1: a heap of 160 MB (an input that allocates
# past it is an OutOfMemoryError, a finding) and libFuzzer's limits of junit-platform.properties (1 s per input, 512 MB
# resident, which the JVM, Dubbo and Jazzer fit in only with the client compiler alone and the small heap and code
# cache below: a run of the JIT's second tier grows the process past it with no input to blame). FUZZ_TIMEOUT=N
# widens libFuzzer's wall-clock timeout on a loaded machine; the targets still assert 1 s of CPU per read. The inputs
# that add coverage go to .cifuzz-corpus/ (not committed); a failing input is written into the target's committed
# inputs directory under src/test/resources, where every test run replays it. Each run's log is
# target/fuzz/<TARGET>.log; its last lines give the executions and the coverage (cov: edges, ft: features) this
# script prints.
set -euo pipefail
cd "$(dirname "$0")"

usage() {
  echo "usage: $0 CompactValues|StrictBeanPages|TripleWrapper|MessageSequences|all [SECONDS]" >&2
  exit 2
}

method_of() {
  case "$1" in
    CompactValues) echo "everyTypeReadUntypedAndTyped" ;;
    StrictBeanPages) echo "pagesOfBeansUnderStrict" ;;
    TripleWrapper) echo "wrapperRequestsAndResponses" ;;
    MessageSequences) echo "hostileMessageOrFailedWriteThenValidOnes" ;;
    *) usage ;;
  esac
}

[ $# -ge 1 ] || usage
seconds="${2:-900}"
if [ "$1" = all ]; then
  targets=(CompactValues StrictBeanPages TripleWrapper MessageSequences)
else
  method_of "$1" >/dev/null
  targets=("$1")
fi

mkdir -p target/fuzz
junit_platform="$(sed -n 's:.*<junit.version>5\.\(.*\)</junit.version>.*:1.\1:p' ../pom.xml)"
mvn -B -q -f ../pom.xml -pl hessian-time-serializers -am test-compile dependency:build-classpath \
  -Dmdep.outputFile="$PWD/target/fuzz/classpath.txt" -Dmdep.includeScope=test
mvn -B -q -f ../pom.xml -pl hessian-time-serializers dependency:copy -DoutputDirectory="$PWD/target/fuzz" \
  -Dartifact="org.junit.platform:junit-platform-console-standalone:$junit_platform"
classpath="target/test-classes:target/classes:$(cat target/fuzz/classpath.txt)"
# Dubbo logs every class name STRICT refuses, and fuzzing makes up millions of them
echo ".level = OFF" >target/fuzz/logging.properties
launcher="target/fuzz/junit-platform-console-standalone-$junit_platform.jar"
# Jazzer's regex sanitizers hook java.util.regex, which hessian-lite's error messages run through byte by byte
# (String.format in Hessian2Input.buildDebugContext): hooked, one such message takes seconds, a timeout with no bug
# behind it (warm and unhooked it takes under 10 ms). No reader of ours parses with a regex.
slow_hooks="com.code_intelligence.jazzer.sanitizers.RegexInjection"
slow_hooks="$slow_hooks:com.code_intelligence.jazzer.sanitizers.RegexRoadblocks"

for target in "${targets[@]}"; do
  class="io.github.hessiantime.dubbo.${target}FuzzTest"
  method="$(method_of "$target")"
  inputs="src/test/resources/io/github/hessiantime/dubbo/${target}FuzzTestInputs/$method"
  log="target/fuzz/$target.log"
  echo "== fuzzing $class#$method for $seconds s (log: $log)"
  status=0
  JAZZER_FUZZ=1 java -Xmx160m -XX:+UseSerialGC -XX:MaxMetaspaceSize=128m -XX:ReservedCodeCacheSize=48m \
    -XX:TieredStopAtLevel=1 \
    -Djazzer.hooks=true -Djazzer.disabled_hooks="$slow_hooks" -Djazzer.keep_going=50 \
    -Djazzer.internal.arg.1="-timeout=${FUZZ_TIMEOUT:-1}" -Djazzer.internal.arg.3="-max_total_time=$seconds" \
    -Djava.util.logging.config.file="$PWD/target/fuzz/logging.properties" \
    -cp "$launcher:$classpath" org.junit.platform.console.ConsoleLauncher execute --disable-banner \
    --details=summary --select-method "$class#$method(byte[])" >"$log" 2>&1 || status=$?
  grep -a -E '^#[0-9]+[[:space:]]+(DONE|pulse|NEW|REDUCE)' "$log" | tail -n 1 || true
  grep -a -E '^Done [0-9]+ runs|SUMMARY: libFuzzer|^== Java Exception|FuzzTestFinding' "$log" | head -n 5 || true
  echo "   findings kept in $inputs: $(find "$inputs" -type f ! -name 'seed-*' | wc -l) (exit status $status)"
done
