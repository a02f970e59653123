package io.github.hessiantime.codec;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/** OffsetDateTime: the offset ({@link OffsetCodec}), then the local date-time ({@link EpochCodec}). */
public final class OffsetDateTimeSerializer extends CompactSerializer<OffsetDateTime> {
    public OffsetDateTimeSerializer() {
        super(WireType.OFFSET_DATE_TIME, OffsetDateTime.class, new com.alibaba.com.caucho.hessian.io.java8.OffsetDateTimeSerializer<OffsetDateTime>());
    }

    @Override
    protected int encode(OffsetDateTime value, byte[] buffer) {
        int position = OffsetCodec.write(buffer, 0, value.getOffset());
        return EpochCodec.write(buffer, position, value.toLocalDateTime().toEpochSecond(ZoneOffset.UTC),
                value.getNano());
    }
}
