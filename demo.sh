#!/usr/bin/env bash
# The Dubbo demo in one command: builds hessian-time and the demo (Maven fetches everything from Maven Central),
# then runs it: an embedded ZooKeeper, a provider with hessian-time, an old provider without it, and a consumer.
#   ./demo.sh                          embedded ZooKeeper on 127.0.0.1
#   ./demo.sh --zookeeper=host:2181    an external ZooKeeper instead
#   ./demo.sh --summary=summary.json   also write what it observed as JSON (what DemoIT checks)
# Every process it starts binds and registers loopback addresses only.
# Needs JDK 17+ and Maven 3.8+; on JDK 21+ the consumer's calls run on virtual threads.
set -euo pipefail
cd "$(dirname "$0")"

java="java"
if [ -n "${JAVA_HOME:-}" ]; then java="$JAVA_HOME/bin/java"; fi
# JDK 24+ warns once per JVM when a library uses sun.misc.Unsafe's memory access (JEP 498): hessian-lite does, and
# so does the Guava inside Maven. From JDK 23 on, --sun-misc-unsafe-memory-access=allow says it is known; older JDKs
# do not have the option (and do not warn).
java_feature=$("$java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.specification\.version = //p')
unsafe_allow=()
if [ "${java_feature%%.*}" -ge 23 ] 2>/dev/null; then unsafe_allow=(--sun-misc-unsafe-memory-access=allow); fi

echo "Building hessian-time and dubbo-demo (the first run downloads the dependencies, about 100 MB)..."
# Maven's own output, cut down to one line per module and any error.
set +e
MAVEN_OPTS="${MAVEN_OPTS:-} ${unsafe_allow[*]:-}" mvn -B -ntp -Dstyle.color=never -pl dubbo-demo -am package -Dmaven.test.skip=true \
  | grep --line-buffered -E '^\[INFO\] Building [a-z-]+ [0-9]|^\[ERROR\]|BUILD FAILURE'
build_status=${PIPESTATUS[0]}
set -e
if [ "$build_status" -ne 0 ]; then
  echo "The build failed; run 'mvn -B -pl dubbo-demo -am package -Dmaven.test.skip=true' to see all of it." >&2
  exit "$build_status"
fi

classpath="dubbo-demo/target/classes:$(cat dubbo-demo/target/runtime-classpath.txt)"
exec "$java" ${unsafe_allow[@]+"${unsafe_allow[@]}"} -cp "$classpath" io.github.hessiantime.demo.launcher.Launcher --logs=dubbo-demo/target/demo-logs "$@"
