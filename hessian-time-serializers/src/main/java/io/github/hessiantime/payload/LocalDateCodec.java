package io.github.hessiantime.payload;

import io.github.hessiantime.TimeDecodingException;
import io.github.hessiantime.TimeDecodingException.Problem;

import java.time.LocalDate;

/** LocalDate: the epoch day in as few bytes as hold it (2 bytes for 1880 to 2059). */
public final class LocalDateCodec extends PayloadCodec<LocalDate> {
    private static final long MIN_EPOCH_DAY = LocalDate.MIN.toEpochDay();
    private static final long MAX_EPOCH_DAY = LocalDate.MAX.toEpochDay();

    public LocalDateCodec() {
        super(LocalDate.class, 5);
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

    /** The date of an epoch day read as part of {@code type}: also by inline fields and hessian-lite's compactMode. */
    public static LocalDate ofEpochDay(Class<?> type, long epochDay) throws TimeDecodingException {
        if (epochDay < MIN_EPOCH_DAY || epochDay > MAX_EPOCH_DAY) {
            throw new TimeDecodingException(type, Problem.OUT_OF_RANGE, "epoch day " + epochDay
                    + " is outside LocalDate.MIN..LocalDate.MAX");
        }
        return LocalDate.ofEpochDay(epochDay);
    }
}
