package io.github.hessiantime.codec;

import com.alibaba.com.caucho.hessian.io.AbstractHessianInput;
import com.alibaba.com.caucho.hessian.io.java8.LocalDateHandle;
import io.github.hessiantime.TimeDecodingException;
import io.github.hessiantime.TimeDecodingException.Problem;

import java.io.IOException;
import java.time.DateTimeException;
import java.time.LocalDate;

/**
 * LocalDate: the epoch day in as few bytes as hold it (2 bytes for 1880 to 2059).
 *
 * <p>Internal: not part of hessian-time's public API.
 */
public final class LocalDateCodec extends TimeCodec<LocalDate> {
    private static final long MIN_EPOCH_DAY = LocalDate.MIN.toEpochDay();
    private static final long MAX_EPOCH_DAY = LocalDate.MAX.toEpochDay();

    public LocalDateCodec() {
        // compactMode: a class definition with no fields, followed by the epoch day
        super(LocalDate.class, new String[0], HandleField.anyInt("year"), HandleField.anyInt("month"),
                HandleField.anyInt("day"));
    }

    @Override
    public int encode(LocalDate value, byte[] buffer) {
        return PayloadWriter.putMinimalSigned(buffer, 0, value.toEpochDay());
    }

    @Override
    public LocalDate decode(PayloadReader payload) throws TimeDecodingException {
        int length = payload.length();
        if (length < 1 || length > 5) {
            throw payload.badLength("an epoch day takes 1 to 5 bytes");
        }
        return ofEpochDay(type, payload.signed(length));
    }

    static LocalDate ofEpochDay(Class<?> type, long epochDay) throws TimeDecodingException {
        if (epochDay < MIN_EPOCH_DAY || epochDay > MAX_EPOCH_DAY) {
            throw new TimeDecodingException(type, Problem.OUT_OF_RANGE, "epoch day " + epochDay
                    + " is outside LocalDate.MIN..LocalDate.MAX");
        }
        return LocalDate.ofEpochDay(epochDay);
    }

    @Override
    public Object toHandle(LocalDate value) {
        return new LocalDateHandle(value);
    }

    @Override
    public LocalDate fromHandle(HandleValues fields) throws TimeDecodingException {
        int year = fields.getInt(0);
        int month = fields.getInt(1);
        int day = fields.getInt(2);
        try {
            return LocalDate.of(year, month, day);
        } catch (DateTimeException e) {
            throw outOfRange(year + "-" + month + "-" + day, e);
        }
    }

    /** hessian-lite's compactMode: a class definition with no fields, followed by the epoch day as a long. */
    @Override
    public LocalDate readCompactMode(AbstractHessianInput in) throws IOException {
        return ofEpochDay(type, readCompactModeLong(in, "epochDay"));
    }
}
