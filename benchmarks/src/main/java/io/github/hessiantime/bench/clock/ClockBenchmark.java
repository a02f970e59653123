package io.github.hessiantime.bench.clock;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

import java.time.Instant;
import java.util.Date;
import java.util.concurrent.TimeUnit;

/**
 * The cost of reading the time: the calls behind {@code new Date()} and {@code Instant.now()}, and the cached
 * clock the reference articles propose. These are the only benchmarks that read the clock, because reading it
 * is what they measure. {@link Contended} runs them from 4 threads.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput) @OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 1) @Measurement(iterations = 3, time = 1)
@Fork(1) @Threads(1)
public class ClockBenchmark {

    private CachedClock cachedClock;

    @Setup
    public void startClock() {
        cachedClock = new CachedClock();
    }

    @TearDown
    public void stopClock() throws InterruptedException {
        cachedClock.close();
    }

    @Benchmark
    public long currentTimeMillis() {
        return System.currentTimeMillis();
    }

    @Benchmark
    public long nanoTime() {
        return System.nanoTime();
    }

    @Benchmark
    public Instant instantNow() {
        return Instant.now();
    }

    @Benchmark
    public Date newDate() {
        return new Date();
    }

    @Benchmark
    public long cachedClock() {
        return cachedClock.millis();
    }

    /** The same calls from 4 threads (twice the cores of the reference machine). */
    @Threads(4)
    public static class Contended extends ClockBenchmark {
    }
}
