package io.github.hessiantime.bench.serialization;

import org.openjdk.jmh.infra.Blackhole;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Objects;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * The body of the paired benchmarks: each call round-trips the values of a <em>candidate</em> and of a
 * <em>baseline</em> (order alternating between calls), timing each batch by this thread's CPU time and by wall
 * clock. Both sides share every time slice, and CPU time leaves out the time the thread waits for a core, so
 * {@code baselineCpuNanos / candidateCpuNanos} is the candidate's speed relative to the baseline even while
 * neighbours load the machine. The two sides also share one JIT profile of hessian-lite's code, as they would in one
 * Dubbo process serializing many types.
 *
 * <p>A pair is written {@code "candidateValues:candidateSerializer/baselineValues:baselineSerializer"}; a
 * serializer name is turned into its round trip (write into a fresh message, read back from a fresh one) by the
 * benchmark, so the same timing serves hessian-lite's streams and Dubbo's {@code Serialization} extensions.
 */
final class PairedRoundTrips {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final Side candidate;
    private final Side baseline;
    private boolean candidateFirst;

    /**
     * @param valuesByName the value sets the pair names
     * @param roundTripsByName the round trip of each serializer the pair names
     * @param passes       passes over a side's values per timed batch: enough that a batch lasts tens of µs, so
     *                     the two timer reads per batch cost well under 1 %
     */
    PairedRoundTrips(String pair, Function<String, Object[]> valuesByName,
                     Function<String, UnaryOperator<Object>> roundTripsByName, int passes) {
        if (!THREADS.isCurrentThreadCpuTimeSupported()) {
            throw new IllegalStateException("this JVM cannot measure thread CPU time");
        }
        String[] sides = pair.split("/");
        candidate = new Side(sides[0], valuesByName, roundTripsByName, passes);
        baseline = new Side(sides[1], valuesByName, roundTripsByName, passes);
    }

    void roundTripBoth(PairedNanos nanos, Blackhole blackhole) {
        candidateFirst = !candidateFirst;
        if (candidateFirst) {
            timeCandidate(nanos, blackhole);
            timeBaseline(nanos, blackhole);
        } else {
            timeBaseline(nanos, blackhole);
            timeCandidate(nanos, blackhole);
        }
    }

    // One method per side, not only the shared one: the profile breakdown (ProfileBreakdown) tells a sample's side by
    // these frames, which the profiler records even where the JIT inlines them.
    private void timeCandidate(PairedNanos nanos, Blackhole blackhole) {
        time(candidate, nanos, blackhole);
    }

    private void timeBaseline(PairedNanos nanos, Blackhole blackhole) {
        time(baseline, nanos, blackhole);
    }

    /** One timed batch of {@code side}, added to its side's counters. */
    private void time(Side side, PairedNanos nanos, Blackhole blackhole) {
        long cpu = THREADS.getCurrentThreadCpuTime();
        long wall = System.nanoTime();
        side.roundTripAll(blackhole);
        wall = System.nanoTime() - wall;
        cpu = THREADS.getCurrentThreadCpuTime() - cpu;
        if (side == candidate) {
            nanos.candidateWallNanos += wall;
            nanos.candidateCpuNanos += cpu;
        } else {
            nanos.baselineWallNanos += wall;
            nanos.baselineCpuNanos += cpu;
        }
    }

    private static final class Side {
        private final UnaryOperator<Object> roundTrip;
        private final Object[] values;
        private final int passes;

        Side(String spec, Function<String, Object[]> valuesByName,
             Function<String, UnaryOperator<Object>> roundTripsByName, int passes) {
            String[] parts = spec.split(":");
            this.roundTrip = roundTripsByName.apply(parts[1]);
            this.values = valuesByName.apply(parts[0]);
            this.passes = passes;
            // Timing a lossy or broken codec would be meaningless: check once, before measuring.
            for (Object value : values) {
                Object back = roundTrip.apply(value);
                if (!Objects.equals(value, back)) {
                    throw new IllegalStateException(spec + " does not round-trip " + value + ": got " + back);
                }
            }
        }

        /** Round-trips every value {@code passes} times, each time in its own fresh streams. */
        void roundTripAll(Blackhole blackhole) {
            for (int pass = 0; pass < passes; pass++) {
                for (Object value : values) {
                    blackhole.consume(roundTrip.apply(value));
                }
            }
        }
    }
}
