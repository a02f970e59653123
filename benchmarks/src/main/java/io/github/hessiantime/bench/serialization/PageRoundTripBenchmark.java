package io.github.hessiantime.bench.serialization;

import io.github.hessiantime.bench.Fixtures;
import io.github.hessiantime.model.Page;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * What a user's response costs: one {@link Page} of 20 rows × 5 time fields ({@code Date}, {@code Instant} or
 * {@code LocalDateTime}) written into a fresh Hessian stream and read back from a fresh one, as Dubbo does per
 * message. The class definitions of the page, its rows and the time values are paid once per page; the other 99
 * time values show the per-value cost. The ratio targets are judged on {@link PairedPageRoundTripBenchmark}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(2)
public class PageRoundTripBenchmark {

    @Param({"date", "instant", "localDateTime"})
    public String page;

    @Param({"hessianLite", "hessianTimeCompact", "hessianTimeCompactUnreferenced", "hessian2TimeStream",
            "hessianTimeCompatible"})
    public String serializer;

    private HessianCodec codec;
    private Page<?> value;

    @Setup
    public void setUp() {
        codec = HessianCodec.named(serializer);
        value = Fixtures.pageByName(page);
        Object back = codec.read(codec.write(value));
        // A benchmark of a lossy or broken codec would be meaningless: check once, before measuring.
        if (!value.equals(back)) {
            throw new IllegalStateException(serializer + " does not round-trip the " + page + " page: got " + back);
        }
    }

    @Benchmark
    public Object roundTrip() {
        return codec.read(codec.write(value));
    }
}
