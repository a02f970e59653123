package io.github.hessiantime.bench.serialization;

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
 * Hessian write, read and round trip of one value per fresh stream (one Dubbo message), for Date, Instant,
 * LocalDateTime and two DTOs, with stock hessian-lite 4.0.4 and hessian-time. hessian-lite's global compactMode
 * needs a JVM flag, so it lives in {@link HessianLiteCompactModeBenchmark}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput) @OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 1) @Measurement(iterations = 3, time = 1)
@Fork(2)
public class SerializationBenchmark extends ValueCycleBenchmark {

    @Param({"hessianLite", "hessianTimeCompact", "hessianTimeCompatible"})
    public String serializer;

    @Setup
    public void setUp() {
        prepare(HessianCodec.named(serializer));
    }
}
