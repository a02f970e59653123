package io.github.hessiantime.codec;

import java.time.Period;

/**
 * Period: days, months, then years, each a zigzag varint, with trailing zero components left out. P1D is one
 * byte, P1M two, P1Y2M3D three, and Period.ZERO none.
 */
public final class PeriodSerializer extends CompactSerializer<Period> {
    public PeriodSerializer() {
        super(WireType.PERIOD, Period.class, new com.alibaba.com.caucho.hessian.io.java8.PeriodSerializer<Period>());
    }

    @Override
    protected int encode(Period value, byte[] buffer) {
        int[] components = {value.getDays(), value.getMonths(), value.getYears()};
        int count = 3;
        while (count > 0 && components[count - 1] == 0) {
            count--;
        }
        int position = 0;
        for (int i = 0; i < count; i++) {
            position = Varints.putZigZag(buffer, position, components[i]);
        }
        return position;
    }
}
