package io.github.hessiantime.payload;

import io.github.hessiantime.TimeDecodingException;

import java.time.Period;

/**
 * Period: days, months, then years, each a zigzag varint, with trailing zero components left out. P1D is one
 * byte, P1M two, P1Y2M3D three, and Period.ZERO none.
 */
public final class PeriodCodec extends PayloadCodec<Period> {
    public PeriodCodec() {
        super(Period.class, 15);
    }

    @Override
    public int encode(Period value, byte[] buffer) {
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

    @Override
    public Period decode(PayloadReader payload) throws TimeDecodingException {
        int days = component(payload, "days");
        int months = component(payload, "months");
        int years = component(payload, "years");
        return Period.of(years, months, days);
    }

    /** A component left out at the end of the payload is zero. */
    private static int component(PayloadReader payload, String field) throws TimeDecodingException {
        return payload.remaining() == 0 ? 0 : (int) Varints.readZigZag(payload, field, 32);
    }
}
