package io.github.hessiantime.codec;

import java.time.Year;

/** Year: the year number in as few bytes as hold it (2 bytes for -32768 to 32767). */
public final class YearSerializer extends CompactSerializer<Year> {
    public YearSerializer() {
        super(WireType.YEAR, Year.class, new com.alibaba.com.caucho.hessian.io.java8.YearSerializer<Year>());
    }

    @Override
    protected int encode(Year value, byte[] buffer) {
        return PayloadWriter.putMinimalSigned(buffer, 0, value.getValue());
    }
}
