package io.github.hessiantime.bench;

import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * The run settings the throughput benchmarks share: operations per second, 2 warm-up and 3 measured iterations of
 * one second. JMH's annotations are inherited, so a benchmark extends this class and states only what is its own
 * (state scope, forks, threads, or a longer warm-up).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public abstract class ThroughputSettings {
}
