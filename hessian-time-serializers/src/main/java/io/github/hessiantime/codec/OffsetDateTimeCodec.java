package io.github.hessiantime.codec;

import com.alibaba.com.caucho.hessian.io.java8.OffsetDateTimeHandle;
import io.github.hessiantime.TimeDecodingException;

import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/**
 * OffsetDateTime: the offset ({@code OffsetPayload}), then the local date-time ({@code EpochPayload}).
 *
 * <p>Internal: not part of hessian-time's public API.
 */
public final class OffsetDateTimeCodec extends TimeCodec<OffsetDateTime> {
    public OffsetDateTimeCodec() {
        super(OffsetDateTime.class, HandleField.object("dateTime", LocalDateTime.class),
                HandleField.object("offset", ZoneOffset.class));
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

    @Override
    public Object toHandle(OffsetDateTime value) {
        return new OffsetDateTimeHandle(value);
    }

    @Override
    public OffsetDateTime fromHandle(HandleValues fields) {
        return OffsetDateTime.of(fields.get(0, LocalDateTime.class), fields.get(1, ZoneOffset.class));
    }
}
