package io.github.hessiantime.codec;

import com.alibaba.com.caucho.hessian.io.AbstractHessianInput;
import io.github.hessiantime.TimeDecodingException;

import java.io.IOException;
import java.time.DateTimeException;
import java.time.MonthDay;

public final class MonthDayDeserializer extends TimeDeserializer<MonthDay> {
    public MonthDayDeserializer() {
        this(Source.COMPACT);
    }

    public MonthDayDeserializer(Source source) {
        super(WireType.MONTH_DAY, MonthDay.class, source);
    }

    @Override
    protected MonthDay decode(PayloadReader payload) throws TimeDecodingException {
        if (payload.length() != 2) {
            throw payload.badLength("a month-day takes 2 bytes");
        }
        return of(payload.u8(), payload.u8());
    }

    private MonthDay of(int month, int day) throws TimeDecodingException {
        try {
            return MonthDay.of(month, day);
        } catch (DateTimeException e) {
            throw outOfRange("--" + month + "-" + day, e);
        }
    }

    @Override
    protected MonthDay readHandle(AbstractHessianInput in, String[] names) throws IOException {
        int reference = reserveReference(in);
        int month = 0;
        int day = 0;
        int seen = 0;
        for (String name : names) {
            if ("month".equals(name)) {
                month = readInt(in, name, Integer.MIN_VALUE, Integer.MAX_VALUE);
                seen |= 1;
            } else if ("day".equals(name)) {
                day = readInt(in, name, Integer.MIN_VALUE, Integer.MAX_VALUE);
                seen |= 2;
            } else {
                skip(in);
            }
        }
        requireFields(seen, 3, "month", "day");
        return resolveReference(in, reference, of(month, day));
    }
}
