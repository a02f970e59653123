package io.github.hessiantime.payload;

import io.github.hessiantime.TimeDecodingException;
import io.github.hessiantime.TimeDecodingException.Problem;

import java.time.Duration;

/**
 * Duration: the seconds as a zigzag varint, then, only if not zero, the nano-of-second as a varint. A timeout of
 * 30 seconds is one byte; any Duration fits in 15.
 */
public final class DurationCodec extends PayloadCodec<Duration> {
    public DurationCodec() {
        super(Duration.class, 15);
    }

    @Override
    public int encode(Duration value, byte[] buffer) {
        int position = Varints.putZigZag(buffer, 0, value.getSeconds());
        if (value.getNano() != 0) {
            position = Varints.putUnsigned(buffer, position, value.getNano());
        }
        return position;
    }

    @Override
    public Duration decode(PayloadReader payload) throws TimeDecodingException {
        long seconds = Varints.readZigZag(payload, "seconds", 64);
        long nanos = 0;
        if (payload.remaining() > 0) {
            nanos = Varints.readUnsigned(payload, "nanos", 32);
            if (nanos >= 1_000_000_000L) {
                throw payload.error(Problem.OUT_OF_RANGE, "nano-of-second " + nanos + " is not below 10^9");
            }
        }
        return Duration.ofSeconds(seconds, nanos);
    }
}
