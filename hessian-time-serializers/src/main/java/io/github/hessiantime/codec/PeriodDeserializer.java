package io.github.hessiantime.codec;

import com.alibaba.com.caucho.hessian.io.AbstractHessianInput;
import io.github.hessiantime.TimeDecodingException;
import io.github.hessiantime.TimeDecodingException.Problem;

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
        int years = zigZag(payload, "years");
        int months = zigZag(payload, "months");
        int days = zigZag(payload, "days");
        return Period.of(years, months, days);
    }

    private static int zigZag(PayloadReader payload, String field) throws TimeDecodingException {
        long value = 0;
        for (int shift = 0; ; shift += 7) {
            if (shift > 28) {
                throw payload.error(Problem.OUT_OF_RANGE, field + ": varint longer than 5 bytes");
            }
            int b = payload.u8();
            value |= (long) (b & 0x7f) << shift;
            if ((b & 0x80) == 0) {
                break;
            }
        }
        if (value > 0xFFFF_FFFFL) {
            throw payload.error(Problem.OUT_OF_RANGE, field + ": varint " + value + " does not fit 32 bits");
        }
        int zigzag = (int) value;
        return (zigzag >>> 1) ^ -(zigzag & 1);
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
