package io.github.hessiantime.codec;

import java.time.Year;

/** Year: years since 1970 in as few bytes as hold them, like the epoch-based types (1 byte for 1842 to 2097). */
public final class YearSerializer extends CompactSerializer<Year> {
    public YearSerializer() {
        super(WireType.YEAR, Year.class, new com.alibaba.com.caucho.hessian.io.java8.YearSerializer<Year>());
    }

    @Override
    protected int encode(Year value, byte[] buffer) {
        return PayloadWriter.putMinimalSigned(buffer, 0, value.getValue() - 1970L);
    }
}
