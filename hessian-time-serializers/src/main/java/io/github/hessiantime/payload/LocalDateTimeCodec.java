package io.github.hessiantime.payload;

import io.github.hessiantime.TimeDecodingException;

import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * LocalDateTime: its fields counted as if at UTC, as an {@code EpochPayload}. The same payload is the local part of
 * OffsetDateTime and ZonedDateTime, which call {@link #decodeLocal}.
 */
public final class LocalDateTimeCodec extends PayloadCodec<LocalDateTime> {
    public LocalDateTimeCodec() {
        super(LocalDateTime.class, EpochPayload.MAX_LENGTH);
    }

    @Override
    public int encode(LocalDateTime value, byte[] buffer) {
        return encodeLocal(value, buffer, 0);
    }

    /** Writes the payload at {@code position}; returns the position after it (also within the offset types'). */
    public static int encodeLocal(LocalDateTime value, byte[] buffer, int position) {
        return EpochPayload.write(buffer, position, value.toEpochSecond(ZoneOffset.UTC), value.getNano());
    }

    @Override
    public LocalDateTime decode(PayloadReader payload) throws TimeDecodingException {
        return decodeLocal(payload);
    }

    static LocalDateTime decodeLocal(PayloadReader payload) throws TimeDecodingException {
        return EpochPayload.read(payload, (second, nano) -> LocalDateTime.ofEpochSecond(second, nano, ZoneOffset.UTC));
    }
}
