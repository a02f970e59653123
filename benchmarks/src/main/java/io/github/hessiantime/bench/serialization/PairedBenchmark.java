package io.github.hessiantime.bench.serialization;

import io.github.hessiantime.bench.ThroughputSettings;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * A candidate and a baseline timed together by {@link PairedRoundTrips}. A subclass names the pairs in its
 * {@code pair} parameter and builds {@link #pairs} in its {@code @Setup}; JMH names the benchmark after that subclass.
 */
@State(Scope.Thread)
@Warmup(iterations = 4, time = 1)
@Fork(2)
public abstract class PairedBenchmark extends ThroughputSettings {

    protected PairedRoundTrips pairs;

    @Benchmark
    public void roundTripBoth(PairedNanos nanos, Blackhole blackhole) {
        pairs.roundTripBoth(nanos, blackhole);
    }
}
