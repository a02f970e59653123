package io.github.hessiantime.bench.serialization;

import io.github.hessiantime.bench.Fixtures;

import java.util.Objects;

/** The shared body of the serialization benchmarks: a codec, a fixed value set, and that set pre-encoded. */
final class ValueCycle {

    private HessianCodec codec;
    private Object[] values;
    private HessianCodec.Bytes[] encoded;
    private int next;

    void prepare(HessianCodec codec, Object[] values) {
        this.codec = codec;
        this.values = values;
        this.encoded = new HessianCodec.Bytes[values.length];
        for (int i = 0; i < values.length; i++) {
            encoded[i] = codec.write(values[i]);
            Object back = codec.read(encoded[i]);
            // A benchmark of a lossy or broken codec would be meaningless: check once, before measuring.
            if (!Objects.equals(values[i], back)) {
                throw new IllegalStateException("round trip changed " + values[i] + " into " + back);
            }
        }
    }

    HessianCodec.Bytes write() {
        return codec.write(values[next++ & Fixtures.MASK]);
    }

    Object read() {
        return codec.read(encoded[next++ & Fixtures.MASK]);
    }

    Object roundTrip() {
        return codec.read(codec.write(values[next++ & Fixtures.MASK]));
    }
}
