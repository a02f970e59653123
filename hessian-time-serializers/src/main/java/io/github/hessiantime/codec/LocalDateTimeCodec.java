package io.github.hessiantime.codec;

import com.alibaba.com.caucho.hessian.io.AbstractHessianInput;
import com.alibaba.com.caucho.hessian.io.java8.LocalDateTimeHandle;
import io.github.hessiantime.TimeDecodingException;

import java.io.IOException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;

/**
 * LocalDateTime: its fields counted as if at UTC, as an {@code EpochPayload}. The same payload is the local part of
 * OffsetDateTime and ZonedDateTime, which call {@link #decodeLocal}.
 *
 * <p>Internal: not part of hessian-time's public API.
 */
public final class LocalDateTimeCodec extends TimeCodec<LocalDateTime> {
    private static final long MIN_SECOND = LocalDateTime.MIN.toEpochSecond(ZoneOffset.UTC);
    private static final long MAX_SECOND = LocalDateTime.MAX.toEpochSecond(ZoneOffset.UTC);

    public LocalDateTimeCodec() {
        super(LocalDateTime.class, new String[]{"date", "time"}, HandleField.object("date", LocalDate.class),
                HandleField.object("time", LocalTime.class));
    }

    @Override
    public int encode(LocalDateTime value, byte[] buffer) {
        return encodeLocal(value, buffer, 0);
    }

    static int encodeLocal(LocalDateTime value, byte[] buffer, int position) {
        return EpochPayload.write(buffer, position, value.toEpochSecond(ZoneOffset.UTC), value.getNano());
    }

    @Override
    public LocalDateTime decode(PayloadReader payload) throws TimeDecodingException {
        return decodeLocal(payload);
    }

    static LocalDateTime decodeLocal(PayloadReader payload) throws TimeDecodingException {
        long seconds = EpochPayload.readSeconds(payload);
        if (seconds < MIN_SECOND || seconds > MAX_SECOND) {
            throw payload.error(TimeDecodingException.Problem.OUT_OF_RANGE, "local epoch second " + seconds
                    + " is outside LocalDateTime.MIN..LocalDateTime.MAX");
        }
        return LocalDateTime.ofEpochSecond(seconds, payload.lastNano(), ZoneOffset.UTC);
    }

    @Override
    public Object toHandle(LocalDateTime value) {
        return new LocalDateTimeHandle(value);
    }

    @Override
    public LocalDateTime fromHandle(HandleValues fields) {
        return LocalDateTime.of(fields.get(0, LocalDate.class), fields.get(1, LocalTime.class));
    }

    /** hessian-lite's compactMode: fields "date" (epoch day) and "time" (nano of day), both longs. */
    @Override
    public LocalDateTime readCompactMode(AbstractHessianInput in) throws IOException {
        LocalDate date = LocalDateCodec.ofEpochDay(type, readCompactModeLong(in, "date"));
        LocalTime time = LocalTimeCodec.ofNanoOfDay(type, readCompactModeLong(in, "time"));
        return LocalDateTime.of(date, time);
    }
}
