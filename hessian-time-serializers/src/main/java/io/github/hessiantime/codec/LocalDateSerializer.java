package io.github.hessiantime.codec;

import java.time.LocalDate;

/** LocalDate: the epoch day in as few bytes as hold it (2 bytes for 1880 to 2059). */
public final class LocalDateSerializer extends CompactSerializer<LocalDate> {
    public LocalDateSerializer() {
        super(WireType.LOCAL_DATE, LocalDate.class, new com.alibaba.com.caucho.hessian.io.java8.LocalDateSerializer<LocalDate>());
    }

    @Override
    protected int encode(LocalDate value, byte[] buffer) {
        return PayloadWriter.putMinimalSigned(buffer, 0, value.toEpochDay());
    }
}
