package io.github.hessiantime.bench.serialization;

import io.github.hessiantime.bench.Fixtures;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * Write, read and round trip of one value per fresh stream, cycling through the fixed values named by {@code value}.
 * A subclass chooses the codec in its {@code @Setup}; JMH names each benchmark after that subclass.
 * The run settings are on each subclass, so each benchmark class shows what it runs with; the {@code @State} here is
 * only because JMH requires one on the class declaring a {@code @Param}.
 */
@State(Scope.Thread)
public abstract class ValueCycleBenchmark {

    @Param({"date", "instant", "localDateTime", "dateDto", "timeDto"})
    public String value;

    private final ValueCycle cycle = new ValueCycle();

    /** Called from the subclass's {@code @Setup}: cycle through {@code value}'s fixtures with {@code codec}. */
    protected void prepare(HessianCodec codec) {
        cycle.prepare(codec, Fixtures.byName(value));
    }

    @Benchmark
    public HessianCodec.Bytes write() {
        return cycle.write();
    }

    @Benchmark
    public Object read() {
        return cycle.read();
    }

    @Benchmark
    public Object roundTrip() {
        return cycle.roundTrip();
    }
}
