package io.github.hessiantime.codec;

import java.time.MonthDay;

/** MonthDay: one byte of month, one of day. */
public final class MonthDaySerializer extends CompactSerializer<MonthDay> {
    public MonthDaySerializer() {
        super(WireType.MONTH_DAY, MonthDay.class, new com.alibaba.com.caucho.hessian.io.java8.MonthDaySerializer<MonthDay>());
    }

    @Override
    protected int encode(MonthDay value, byte[] buffer) {
        buffer[0] = (byte) value.getMonthValue();
        buffer[1] = (byte) value.getDayOfMonth();
        return 2;
    }
}
