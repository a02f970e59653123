package io.github.hessiantime.codec;

import java.time.Period;

/**
 * Period: years, months and days, each a zigzag varint (1 byte for -64..63), so the common P1D or P1M takes
 * 3 bytes where three fixed ints would take 12.
 */
public final class PeriodSerializer extends CompactSerializer<Period> {
    public PeriodSerializer() {
        super(WireType.PERIOD, Period.class, new com.alibaba.com.caucho.hessian.io.java8.PeriodSerializer<Period>());
    }

    @Override
    protected int encode(Period value, byte[] buffer) {
        int position = putZigZag(buffer, 0, value.getYears());
        position = putZigZag(buffer, position, value.getMonths());
        return putZigZag(buffer, position, value.getDays());
    }

    private static int putZigZag(byte[] buffer, int position, int value) {
        int zigzag = (value << 1) ^ (value >> 31);
        while ((zigzag & ~0x7f) != 0) {
            buffer[position++] = (byte) ((zigzag & 0x7f) | 0x80);
            zigzag >>>= 7;
        }
        buffer[position++] = (byte) zigzag;
        return position;
    }
}
