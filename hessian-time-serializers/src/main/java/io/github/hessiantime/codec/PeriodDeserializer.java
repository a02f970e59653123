package io.github.hessiantime.codec;

import com.alibaba.com.caucho.hessian.io.AbstractHessianInput;
import io.github.hessiantime.TimeDecodingException;

import java.io.IOException;
import java.time.Period;

public final class PeriodDeserializer extends TimeDeserializer<Period> {
    public PeriodDeserializer() {
        this(Source.COMPACT);
    }

    public PeriodDeserializer(Source source) {
        super(WireType.PERIOD, Period.class, source);
    }

    @Override
    protected Period decode(PayloadReader payload) throws TimeDecodingException {
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
    protected Period readHandle(AbstractHessianInput in, String[] names) throws IOException {
        int reference = reserveReference(in);
        int years = 0;
        int months = 0;
        int days = 0;
        int seen = 0;
        for (String name : names) {
            if ("years".equals(name)) {
                years = readInt(in, name, Integer.MIN_VALUE, Integer.MAX_VALUE);
                seen |= 1;
            } else if ("months".equals(name)) {
                months = readInt(in, name, Integer.MIN_VALUE, Integer.MAX_VALUE);
                seen |= 2;
            } else if ("days".equals(name)) {
                days = readInt(in, name, Integer.MIN_VALUE, Integer.MAX_VALUE);
                seen |= 4;
            } else {
                skip(in);
            }
        }
        requireFields(seen, 7, "years", "months", "days");
        return resolveReference(in, reference, Period.of(years, months, days));
    }
}
