package io.github.hessiantime.codec;

import java.time.Instant;

/** Instant: seconds and nanos since the epoch as an {@link EpochCodec} payload. */
public final class InstantSerializer extends CompactSerializer<Instant> {
    public InstantSerializer() {
        super(WireType.INSTANT, Instant.class, new com.alibaba.com.caucho.hessian.io.java8.InstantSerializer<Instant>());
    }

    @Override
    protected int encode(Instant value, byte[] buffer) {
        return EpochCodec.write(buffer, 0, value.getEpochSecond(), value.getNano());
    }
}
