package io.github.hessiantime.codec;

import com.alibaba.com.caucho.hessian.io.AbstractHessianInput;
import io.github.hessiantime.TimeDecodingException;
import io.github.hessiantime.TimeDecodingException.Problem;

import java.io.IOException;
import java.time.Year;

public final class YearDeserializer extends TimeDeserializer<Year> {
    public YearDeserializer() {
        this(Source.COMPACT);
    }

    public YearDeserializer(Source source) {
        super(WireType.YEAR, Year.class, source);
    }

    @Override
    protected Year decode(PayloadReader payload) throws TimeDecodingException {
        int length = payload.length();
        if (length < 1 || length > 4) {
            throw payload.badLength("a year takes 1 to 4 bytes");
        }
        return year(payload.signed(length) + 1970);
    }

    private Year year(long value) throws TimeDecodingException {
        if (value < Year.MIN_VALUE || value > Year.MAX_VALUE) {
            throw new TimeDecodingException(type, Problem.OUT_OF_RANGE, "year " + value + " is outside "
                    + Year.MIN_VALUE + ".." + Year.MAX_VALUE);
        }
        return Year.of((int) value);
    }

    @Override
    protected Year readHandle(AbstractHessianInput in, String[] names) throws IOException {
        int reference = reserveReference(in);
        Long value = null;
        for (String name : names) {
            if ("year".equals(name)) {
                value = readLong(in, name);
            } else {
                skip(in);
            }
        }
        if (value == null) {
            throw missing("year");
        }
        return resolveReference(in, reference, year(value));
    }
}
