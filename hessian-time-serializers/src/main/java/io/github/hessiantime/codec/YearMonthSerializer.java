package io.github.hessiantime.codec;

import java.time.YearMonth;

/** YearMonth: the proleptic month count, year * 12 + month - 1, in as few bytes as hold it (2 for today). */
public final class YearMonthSerializer extends CompactSerializer<YearMonth> {
    public YearMonthSerializer() {
        super(WireType.YEAR_MONTH, YearMonth.class, new com.alibaba.com.caucho.hessian.io.java8.YearMonthSerializer<YearMonth>());
    }

    @Override
    protected int encode(YearMonth value, byte[] buffer) {
        return PayloadWriter.putMinimalSigned(buffer, 0, value.getYear() * 12L + value.getMonthValue() - 1);
    }
}
