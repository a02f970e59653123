package io.github.hessiantime.codec;

import java.time.YearMonth;

/** YearMonth: months since 1970-01 in as few bytes as hold them (2 bytes for 1685 to 2240). */
public final class YearMonthSerializer extends CompactSerializer<YearMonth> {
    public YearMonthSerializer() {
        super(WireType.YEAR_MONTH, YearMonth.class, new com.alibaba.com.caucho.hessian.io.java8.YearMonthSerializer<YearMonth>());
    }

    @Override
    protected int encode(YearMonth value, byte[] buffer) {
        return PayloadWriter.putMinimalSigned(buffer, 0, (value.getYear() - 1970L) * 12 + value.getMonthValue() - 1);
    }
}
