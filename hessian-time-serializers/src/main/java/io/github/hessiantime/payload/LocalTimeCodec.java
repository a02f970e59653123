package io.github.hessiantime.payload;

import io.github.hessiantime.TimeDecodingException;
import io.github.hessiantime.TimeDecodingException.Problem;

import java.time.LocalTime;

/** LocalTime: a {@code TimeOfDayPayload}, whose length is its precision (a whole hour is one byte). */
public final class LocalTimeCodec extends PayloadCodec<LocalTime> {
    private static final long NANOS_PER_DAY = 86_400_000_000_000L;

    public LocalTimeCodec() {
        super(LocalTime.class, TimeOfDayPayload.MAX_LENGTH);
    }

    @Override
    public int encode(LocalTime value, byte[] buffer) {
        return TimeOfDayPayload.write(buffer, 0, value);
    }

    @Override
    public LocalTime decode(PayloadReader payload) throws TimeDecodingException {
        return TimeOfDayPayload.read(payload);
    }

    /** The time of a nano of day read as part of {@code type}: by inline fields and hessian-lite's compactMode. */
    public static LocalTime ofNanoOfDay(Class<?> type, long nanoOfDay) throws TimeDecodingException {
        if (nanoOfDay < 0 || nanoOfDay >= NANOS_PER_DAY) {
            throw new TimeDecodingException(type, Problem.OUT_OF_RANGE, "nano of day " + nanoOfDay
                    + " is not within one day");
        }
        return LocalTime.ofNanoOfDay(nanoOfDay);
    }
}
