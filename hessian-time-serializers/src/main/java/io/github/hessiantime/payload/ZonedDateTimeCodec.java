package io.github.hessiantime.payload;

import io.github.hessiantime.TimeDecodingException;

import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;

/**
 * ZonedDateTime: the offset, the zone (a length byte and a region id, or length 0 when the zone is the offset),
 * then the local date-time. Both offset and zone are kept, so a time in a DST overlap keeps the offset it had.
 */
public final class ZonedDateTimeCodec extends PayloadCodec<ZonedDateTime> {
    public ZonedDateTimeCodec() {
        super(ZonedDateTime.class, OffsetPayload.MAX_LENGTH + 1 + ZoneIds.MAX_LENGTH + EpochPayload.MAX_LENGTH);
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
        LocalDateTime dateTime = LocalDateTimeCodec.decodeLocal(payload);
        // Local date-time plus offset fix the instant, which is what ofInstant keeps: with the writer's zone rules
        // that gives back the exact value, in a DST overlap too; with other rules it is the same instant.
        try {
            return ZonedDateTime.ofInstant(dateTime, offset, zone);
        } catch (DateTimeException e) {
            throw outOfRange(dateTime + offset.toString() + "[" + zone + "]", e);
        }
    }
}
