package io.github.hessiantime.bench.serialization;

import io.github.hessiantime.bench.Fixtures;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.TimeUnit;

/**
 * The ratio targets, measured so that machine noise cancels out: each invocation round-trips the 8 fixed values
 * of a <em>candidate</em> and of a <em>baseline</em> ({@link #PASSES} times each, order alternating between
 * invocations), timing each batch by this thread's CPU time and by wall-clock time. Both sides share every time
 * slice, and CPU time does not count the time the thread waits for a core, so {@code baselineCpuNanos /
 * candidateCpuNanos} is the candidate's speed relative to the baseline even while neighbours load the machine.
 *
 * <p>Why: on a shared 2-core machine, separate benchmarks run minutes apart and see different load; their ratio
 * then measures the neighbours. The two sides also share one JIT profile of hessian-lite's code, as they would in
 * one Dubbo process serializing many types. A batch takes ~100 µs or more, so the timers' cost is well below 1 %.
 *
 * <p>{@code pair} is {@code "candidateValue:candidateSerializer/baselineValue:baselineSerializer"}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(2)
public class PairedRoundTripBenchmark {

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

    /** Passes over the 8 values per timed batch: long enough batches make the timers' cost negligible. */
    static final int PASSES = 4;

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private final Side candidate = new Side();
    private final Side baseline = new Side();
    private boolean candidateFirst;

    /** Nanoseconds spent on each side during the iteration (thread CPU and wall clock); JMH reports them. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class Nanos {
        public long candidateCpuNanos;
        public long baselineCpuNanos;
        public long candidateWallNanos;
        public long baselineWallNanos;

        @Setup(Level.Iteration)
        public void clear() {
            candidateCpuNanos = 0;
            baselineCpuNanos = 0;
            candidateWallNanos = 0;
            baselineWallNanos = 0;
        }
    }

    @Setup
    public void setUp() {
        String[] sides = pair.split("/");
        candidate.prepare(sides[0]);
        baseline.prepare(sides[1]);
        if (!THREADS.isCurrentThreadCpuTimeSupported()) {
            throw new IllegalStateException("this JVM cannot measure thread CPU time");
        }
    }

    @Benchmark
    public void roundTripBoth(Nanos nanos, Blackhole blackhole) {
        candidateFirst = !candidateFirst;
        if (candidateFirst) {
            timeCandidate(nanos, blackhole);
            timeBaseline(nanos, blackhole);
        } else {
            timeBaseline(nanos, blackhole);
            timeCandidate(nanos, blackhole);
        }
    }

    private void timeCandidate(Nanos nanos, Blackhole blackhole) {
        long cpu = THREADS.getCurrentThreadCpuTime();
        long wall = System.nanoTime();
        candidate.roundTripAll(blackhole);
        nanos.candidateWallNanos += System.nanoTime() - wall;
        nanos.candidateCpuNanos += THREADS.getCurrentThreadCpuTime() - cpu;
    }

    private void timeBaseline(Nanos nanos, Blackhole blackhole) {
        long cpu = THREADS.getCurrentThreadCpuTime();
        long wall = System.nanoTime();
        baseline.roundTripAll(blackhole);
        nanos.baselineWallNanos += System.nanoTime() - wall;
        nanos.baselineCpuNanos += THREADS.getCurrentThreadCpuTime() - cpu;
    }

    private static final class Side {
        private HessianCodec codec;
        private Object[] values;

        void prepare(String spec) {
            String[] parts = spec.split(":");
            codec = HessianCodec.named(parts[1]);
            values = Fixtures.byName(parts[0]);
            for (Object value : values) {
                if (!value.equals(codec.read(codec.write(value)))) {
                    throw new IllegalStateException(spec + " does not round-trip " + value);
                }
            }
        }

        /** Round-trips every fixed value {@link #PASSES} times, each time in its own fresh streams. */
        void roundTripAll(Blackhole blackhole) {
            for (int pass = 0; pass < PASSES; pass++) {
                for (int i = 0; i < Fixtures.SIZE; i++) {
                    blackhole.consume(codec.read(codec.write(values[i])));
                }
            }
        }
    }
}
