package io.github.hessiantime.codec;

import com.alibaba.com.caucho.hessian.io.java8.InstantHandle;
import io.github.hessiantime.TimeDecodingException;

import java.time.Instant;

/**
 * Instant: seconds and nanos since the epoch as an {@code EpochPayload}, so a millisecond value is 6 bytes.
 *
 * <p>Internal: not part of hessian-time's public API.
 */
public final class InstantCodec extends TimeCodec<Instant> {
    private static final long MIN_SECOND = Instant.MIN.getEpochSecond();
    private static final long MAX_SECOND = Instant.MAX.getEpochSecond();

    public InstantCodec() {
        super(Instant.class, HandleField.integer("seconds", MIN_SECOND, MAX_SECOND),
                HandleField.integer("nanos", 0, 999_999_999));
    }

    @Override
    public int encode(Instant value, byte[] buffer) {
        return EpochPayload.write(buffer, 0, value.getEpochSecond(), value.getNano());
    }

    @Override
    public Instant decode(PayloadReader payload) throws TimeDecodingException {
        long seconds = EpochPayload.readSeconds(payload);
        if (seconds < MIN_SECOND || seconds > MAX_SECOND) {
            throw outOfRange("epoch second " + seconds + " is outside Instant.MIN..Instant.MAX");
        }
        return Instant.ofEpochSecond(seconds, payload.lastNano());
    }

    @Override
    public Object toHandle(Instant value) {
        return new InstantHandle(value);
    }

    @Override
    public Instant fromHandle(HandleValues fields) {
        return Instant.ofEpochSecond(fields.getLong(0), fields.getInt(1));
    }
}
