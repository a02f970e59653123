package io.github.hessiantime.codec;

import java.time.LocalDateTime;
import java.time.ZoneOffset;

/** LocalDateTime: its fields counted as if at UTC, as an {@link EpochCodec} payload. */
public final class LocalDateTimeSerializer extends CompactSerializer<LocalDateTime> {
    public LocalDateTimeSerializer() {
        super(WireType.LOCAL_DATE_TIME, LocalDateTime.class, new com.alibaba.com.caucho.hessian.io.java8.LocalDateTimeSerializer<LocalDateTime>());
    }

    @Override
    protected int encode(LocalDateTime value, byte[] buffer) {
        return EpochCodec.write(buffer, 0, value.toEpochSecond(ZoneOffset.UTC), value.getNano());
    }
}
