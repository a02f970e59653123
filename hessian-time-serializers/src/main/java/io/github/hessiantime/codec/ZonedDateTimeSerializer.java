package io.github.hessiantime.codec;

import java.time.ZoneOffset;
import java.time.ZonedDateTime;

/**
 * ZonedDateTime: the offset, the zone (a length byte and a region id, or length 0 when the zone is the offset),
 * then the local date-time. Both offset and zone are kept, so a time in a DST overlap keeps the offset it had.
 */
public final class ZonedDateTimeSerializer extends CompactSerializer<ZonedDateTime> {
    public ZonedDateTimeSerializer() {
        super(WireType.ZONED_DATE_TIME, ZonedDateTime.class, new com.alibaba.com.caucho.hessian.io.java8.ZonedDateTimeSerializer<ZonedDateTime>());
    }

    @Override
    protected int encode(ZonedDateTime value, byte[] buffer) {
        int position = OffsetCodec.write(buffer, 0, value.getOffset());
        if (value.getZone() instanceof ZoneOffset) {
            buffer[position++] = 0;
        } else {
            byte[] id = ZoneIds.encode(value.getZone());
            buffer[position++] = (byte) id.length;
            System.arraycopy(id, 0, buffer, position, id.length);
            position += id.length;
        }
        return EpochCodec.write(buffer, position, value.toLocalDateTime().toEpochSecond(ZoneOffset.UTC),
                value.getNano());
    }
}
