package io.github.hessiantime.codec;

import java.time.Duration;

/**
 * Duration: the seconds as a zigzag varint, then, only if not zero, the nano-of-second as a varint. A timeout of
 * 30 seconds is one byte; any Duration fits in 15.
 */
public final class DurationSerializer extends CompactSerializer<Duration> {
    public DurationSerializer() {
        super(WireType.DURATION, Duration.class,
                new com.alibaba.com.caucho.hessian.io.java8.DurationSerializer<Duration>());
    }

    @Override
    protected int encode(Duration value, byte[] buffer) {
        int position = Varints.putZigZag(buffer, 0, value.getSeconds());
        if (value.getNano() != 0) {
            position = Varints.putUnsigned(buffer, position, value.getNano());
        }
        return position;
    }
}
