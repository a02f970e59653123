package io.github.hessiantime.payload;

import io.github.hessiantime.TimeDecodingException;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/** OffsetDateTime: the offset ({@code OffsetPayload}), then the local date-time ({@code EpochPayload}). */
public final class OffsetDateTimeCodec extends PayloadCodec<OffsetDateTime> {
    public OffsetDateTimeCodec() {
        super(OffsetDateTime.class, OffsetPayload.MAX_LENGTH + EpochPayload.MAX_LENGTH);
    }

    @Override
    public int encode(OffsetDateTime value, byte[] buffer) {
        int position = OffsetPayload.write(buffer, 0, value.getOffset());
        return LocalDateTimeCodec.encodeLocal(value.toLocalDateTime(), buffer, position);
    }

    @Override
    public OffsetDateTime decode(PayloadReader payload) throws TimeDecodingException {
        ZoneOffset offset = OffsetPayload.read(payload);
        return OffsetDateTime.of(LocalDateTimeCodec.decodeLocal(payload), offset);
    }
}
