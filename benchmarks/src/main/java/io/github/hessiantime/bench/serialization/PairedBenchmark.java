package io.github.hessiantime.bench.serialization;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

import java.util.concurrent.TimeUnit;

/**
 * A candidate and a baseline timed together by {@link PairedRoundTrips}. A subclass names the pairs in its
 * {@code pair} parameter and builds {@link #pairs} in its {@code @Setup}; JMH names the benchmark after that subclass.
 * The run settings are here, beside the one measured method they run: every paired benchmark times that method, and
 * its ratios are read side by side, so they all run with the same settings (JMH's annotations are inherited).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput) @OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 4, time = 1) @Measurement(iterations = 3, time = 1)
@Fork(2)
public abstract class PairedBenchmark {

    protected PairedRoundTrips pairs;

    @Benchmark
    public void roundTripBoth(PairedNanos nanos, Blackhole blackhole) {
        pairs.roundTripBoth(nanos, blackhole);
    }
}
