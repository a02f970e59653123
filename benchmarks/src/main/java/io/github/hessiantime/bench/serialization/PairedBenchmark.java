package io.github.hessiantime.bench.serialization;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.infra.Blackhole;

/**
 * A candidate and a baseline timed together by {@link PairedRoundTrips}. A subclass names the pairs in its
 * {@code pair} parameter and builds {@link #pairs} in its {@code @Setup}; JMH names the benchmark after that subclass.
 * The run settings are on each subclass, so each benchmark class shows what it runs with.
 */
public abstract class PairedBenchmark {

    protected PairedRoundTrips pairs;

    @Benchmark
    public void roundTripBoth(PairedNanos nanos, Blackhole blackhole) {
        pairs.roundTripBoth(nanos, blackhole);
    }
}
