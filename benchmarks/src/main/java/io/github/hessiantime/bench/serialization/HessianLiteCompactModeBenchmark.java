package io.github.hessiantime.bench.serialization;

import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * Stock hessian-lite 4.0.4 with its global java.time {@code compactMode} switched on. The switch is a system
 * property read once per JVM, so this class gets its own fork with the flag; otherwise it is
 * {@link SerializationBenchmark} with {@code serializer=hessianLite}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput) @OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 1) @Measurement(iterations = 3, time = 1)
@Fork(value = 2, jvmArgsAppend = "-D" + HessianCodec.HESSIAN_LITE_COMPACT_MODE + "=true")
public class HessianLiteCompactModeBenchmark extends ValueCycleBenchmark {

    @Setup
    public void setUp() {
        // Without the flag this would silently measure the default format under the compactMode name.
        if (!Boolean.getBoolean(HessianCodec.HESSIAN_LITE_COMPACT_MODE)) {
            throw new IllegalStateException("run in a fork with -D" + HessianCodec.HESSIAN_LITE_COMPACT_MODE + "=true");
        }
        prepare(HessianCodec.named("hessianLiteCompactMode"));
    }
}
