package io.github.hessiantime.codec;

import java.time.Duration;

/**
 * Duration: the total nanoseconds in 1 to 8 bytes when they fit a long (about 292 years either way), else
 * 12 bytes of seconds and nanos. The length tells the two apart.
 */
public final class DurationSerializer extends CompactSerializer<Duration> {
    public DurationSerializer() {
        super(WireType.DURATION, Duration.class, new com.alibaba.com.caucho.hessian.io.java8.DurationSerializer<Duration>());
    }

    @Override
    protected int encode(Duration value, byte[] buffer) {
        long seconds = value.getSeconds();
        if (EpochCodec.fitsLongNanos(seconds, value.getNano())) {
            return PayloadWriter.putMinimalSigned(buffer, 0, seconds * 1_000_000_000L + value.getNano());
        }
        int position = PayloadWriter.put(buffer, 0, seconds, 8);
        return PayloadWriter.put(buffer, position, value.getNano(), 4);
    }
}
