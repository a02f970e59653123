package io.github.hessiantime.codec;

import com.alibaba.com.caucho.hessian.io.java8.ZonedDateTimeHandle;
import io.github.hessiantime.TimeDecodingException;

import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;

/**
 * ZonedDateTime: the offset, the zone (a length byte and a region id, or length 0 when the zone is the offset),
 * then the local date-time. Both offset and zone are kept, so a time in a DST overlap keeps the offset it had.
 *
 * <p>Internal: not part of hessian-time's public API.
 */
public final class ZonedDateTimeCodec extends TimeCodec<ZonedDateTime> {
    public ZonedDateTimeCodec() {
        super(ZonedDateTime.class, HandleField.object("dateTime", LocalDateTime.class),
                HandleField.object("offset", ZoneOffset.class), HandleField.object("zoneId", String.class));
    }

    @Override
    public int encode(ZonedDateTime value, byte[] buffer) {
        int position = OffsetPayload.write(buffer, 0, value.getOffset());
        if (value.getZone() instanceof ZoneOffset) {
            buffer[position++] = 0;
        } else {
            byte[] id = ZoneIds.encode(value.getZone());
            buffer[position++] = (byte) id.length;
            System.arraycopy(id, 0, buffer, position, id.length);
            position += id.length;
        }
        return LocalDateTimeCodec.encodeLocal(value.toLocalDateTime(), buffer, position);
    }

    @Override
    public ZonedDateTime decode(PayloadReader payload) throws TimeDecodingException {
        ZoneOffset offset = OffsetPayload.read(payload);
        int zoneLength = payload.u8();
        ZoneId zone = zoneLength == 0 ? offset : ZoneIds.decodeRegion(payload, type, zoneLength);
        return zoned(LocalDateTimeCodec.decodeLocal(payload), offset, zone);
    }

    /**
     * Local date-time plus offset fix the instant, which is what {@code ofInstant} keeps: with the writer's zone
     * rules that gives back the exact value, in a DST overlap too; with other rules it is the same instant.
     */
    private ZonedDateTime zoned(LocalDateTime dateTime, ZoneOffset offset, ZoneId zone)
            throws TimeDecodingException {
        try {
            return ZonedDateTime.ofInstant(dateTime, offset, zone);
        } catch (DateTimeException e) {
            throw outOfRange(dateTime + offset.toString() + "[" + zone + "]", e);
        }
    }

    @Override
    public Object toHandle(ZonedDateTime value) {
        return new ZonedDateTimeHandle(value);
    }

    @Override
    public ZonedDateTime fromHandle(HandleValues fields) throws TimeDecodingException {
        ZoneId zone = ZoneIdCodec.parse(type, fields.get(2, String.class));
        return zoned(fields.get(0, LocalDateTime.class), fields.get(1, ZoneOffset.class), zone);
    }
}
