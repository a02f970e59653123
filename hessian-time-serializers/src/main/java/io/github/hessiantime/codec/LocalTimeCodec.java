package io.github.hessiantime.codec;

import com.alibaba.com.caucho.hessian.io.AbstractHessianInput;
import com.alibaba.com.caucho.hessian.io.java8.LocalTimeHandle;
import io.github.hessiantime.TimeDecodingException;
import io.github.hessiantime.TimeDecodingException.Problem;

import java.io.IOException;
import java.time.LocalTime;

/**
 * LocalTime: a {@code TimeOfDayPayload}, whose length is its precision (a whole hour is one byte).
 *
 * <p>Internal: not part of hessian-time's public API.
 */
public final class LocalTimeCodec extends TimeCodec<LocalTime> {
    private static final long NANOS_PER_DAY = 86_400_000_000_000L;

    public LocalTimeCodec() {
        // compactMode: a class definition with no fields, followed by the nano of day
        super(LocalTime.class, new String[0], HandleField.integer("hour", 0, 23), HandleField.integer("minute", 0, 59),
                HandleField.integer("second", 0, 59), HandleField.integer("nano", 0, 999_999_999));
    }

    @Override
    public int encode(LocalTime value, byte[] buffer) {
        return TimeOfDayPayload.write(buffer, 0, value);
    }

    @Override
    public LocalTime decode(PayloadReader payload) throws TimeDecodingException {
        return TimeOfDayPayload.read(payload);
    }

    static LocalTime ofNanoOfDay(Class<?> type, long nanoOfDay) throws TimeDecodingException {
        if (nanoOfDay < 0 || nanoOfDay >= NANOS_PER_DAY) {
            throw new TimeDecodingException(type, Problem.OUT_OF_RANGE, "nano of day " + nanoOfDay
                    + " is not within one day");
        }
        return LocalTime.ofNanoOfDay(nanoOfDay);
    }

    @Override
    public Object toHandle(LocalTime value) {
        return new LocalTimeHandle(value);
    }

    @Override
    public LocalTime fromHandle(HandleValues fields) {
        return LocalTime.of(fields.getInt(0), fields.getInt(1), fields.getInt(2), fields.getInt(3));
    }

    /** hessian-lite's compactMode: a class definition with no fields, followed by the nano of day as a long. */
    @Override
    public LocalTime readCompactMode(AbstractHessianInput in) throws IOException {
        return ofNanoOfDay(type, readCompactModeLong(in, "nanoOfDay"));
    }
}
