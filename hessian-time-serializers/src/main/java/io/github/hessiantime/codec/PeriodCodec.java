package io.github.hessiantime.codec;

import com.alibaba.com.caucho.hessian.io.java8.PeriodHandle;
import io.github.hessiantime.TimeDecodingException;

import java.time.Period;

/**
 * Period: days, months, then years, each a zigzag varint, with trailing zero components left out. P1D is one
 * byte, P1M two, P1Y2M3D three, and Period.ZERO none.
 *
 * <p>Internal: not part of hessian-time's public API.
 */
public final class PeriodCodec extends TimeCodec<Period> {
    public PeriodCodec() {
        super(Period.class, HandleField.anyInt("years"), HandleField.anyInt("months"), HandleField.anyInt("days"));
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

    @Override
    public Object toHandle(Period value) {
        return new PeriodHandle(value);
    }

    @Override
    public Period fromHandle(HandleValues fields) {
        return Period.of(fields.getInt(0), fields.getInt(1), fields.getInt(2));
    }
}
