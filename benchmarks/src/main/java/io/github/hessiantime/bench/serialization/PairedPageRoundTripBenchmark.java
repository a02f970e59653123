package io.github.hessiantime.bench.serialization;

import io.github.hessiantime.bench.Fixtures;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * The page ratio targets: the page of {@link PageRoundTripBenchmark} (20 rows × 5 time fields, one fresh stream per
 * page) for a candidate and a baseline, timed by {@link PairedRoundTrips} in the same time slices by thread CPU
 * time. {@code page} is {@code "candidatePage:candidateSerializer/baselinePage:baselineSerializer"}.
 */
public class PairedPageRoundTripBenchmark extends PairedBenchmark {

    @Param({
            "instant:hessianTimeCompact/date:hessianLite",
            "localDateTime:hessianTimeCompact/date:hessianLite",
            "instant:hessianTimeCompactUnreferenced/date:hessianLite",
            "localDateTime:hessianTimeCompactUnreferenced/date:hessianLite",
            "instant:hessian2TimeStream/date:hessianLite",
            "localDateTime:hessian2TimeStream/date:hessianLite",
            "instant:hessianTimeCompatible/date:hessianLite",
            "localDateTime:hessianTimeCompatible/date:hessianLite",
            "localDateTime:hessianLite/date:hessianLite",
    })
    public String pair;

    /** Page round trips per timed batch: a page takes several µs, so a batch lasts tens of µs. */
    public static final int PASSES = 8;

    @Setup
    public void setUp() {
        pairs = new PairedRoundTrips(pair, name -> new Object[]{Fixtures.pageByName(name)},
                name -> HessianCodec.named(name)::roundTrip, PASSES);
    }
}
