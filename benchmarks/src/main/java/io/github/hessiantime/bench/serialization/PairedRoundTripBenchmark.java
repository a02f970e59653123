package io.github.hessiantime.bench.serialization;

import io.github.hessiantime.bench.Fixtures;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * The single-value ratio targets, measured by {@link PairedRoundTrips}: each invocation round-trips the 8 fixed values
 * of a candidate and of a baseline {@link #PASSES} times each, one value per fresh stream, timing each side by thread
 * CPU time. On a shared machine, separate benchmarks run minutes apart and see different load; their ratio then
 * measures the neighbours, while this ratio does not.
 *
 * <p>{@code pair} is {@code "candidateValue:candidateSerializer/baselineValue:baselineSerializer"}.
 */
public class PairedRoundTripBenchmark extends PairedBenchmark {

    @Param({
            "instant:hessianTimeCompact/date:hessianLite",
            "localDateTime:hessianTimeCompact/date:hessianLite",
            "localDateTime:hessianTimeCompact/localDateTime:hessianLite",
            "instant:hessianTimeCompact/instant:hessianLite",
            "timeDto:hessianTimeCompact/dateDto:hessianLite",
            "timeDto:hessianTimeCompact/timeDto:hessianLite",
            "date:hessianTimeCompatible/date:hessianLite",
            "localDateTime:hessianTimeCompatible/localDateTime:hessianLite",
    })
    public String pair;

    /** Passes over the 8 values per timed batch. */
    public static final int PASSES = 4;

    @Setup
    public void setUp() {
        pairs = new PairedRoundTrips(pair, Fixtures::byName, name -> HessianCodec.named(name)::roundTrip, PASSES);
    }
}
