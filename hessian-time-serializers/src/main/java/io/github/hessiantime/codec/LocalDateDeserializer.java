package io.github.hessiantime.codec;

import com.alibaba.com.caucho.hessian.io.AbstractHessianInput;
import io.github.hessiantime.TimeDecodingException;
import io.github.hessiantime.TimeDecodingException.Problem;

import java.io.IOException;
import java.time.DateTimeException;
import java.time.LocalDate;

public final class LocalDateDeserializer extends TimeDeserializer<LocalDate> {
    private static final long MIN_EPOCH_DAY = LocalDate.MIN.toEpochDay();
    private static final long MAX_EPOCH_DAY = LocalDate.MAX.toEpochDay();

    public LocalDateDeserializer() {
        this(Source.COMPACT);
    }

    public LocalDateDeserializer(Source source) {
        super(WireType.LOCAL_DATE, LocalDate.class, source);
    }

    @Override
    protected LocalDate decode(PayloadReader payload) throws TimeDecodingException {
        int length = payload.length();
        if (length < 1 || length > 5) {
            throw payload.badLength("an epoch day takes 1 to 5 bytes");
        }
        return ofEpochDay(type, payload.signed(length));
    }

    static LocalDate ofEpochDay(Class<?> type, long epochDay) throws TimeDecodingException {
        if (epochDay < MIN_EPOCH_DAY || epochDay > MAX_EPOCH_DAY) {
            throw new TimeDecodingException(type, Problem.OUT_OF_RANGE, "epoch day " + epochDay
                    + " is outside LocalDate.MIN..LocalDate.MAX");
        }
        return LocalDate.ofEpochDay(epochDay);
    }

    @Override
    protected LocalDate readHandle(AbstractHessianInput in, String[] names) throws IOException {
        int reference = reserveReference(in);
        int year = 0;
        int month = 0;
        int day = 0;
        int seen = 0;
        for (String name : names) {
            if ("year".equals(name)) {
                year = readInt(in, name, Integer.MIN_VALUE, Integer.MAX_VALUE);
                seen |= 1;
            } else if ("month".equals(name)) {
                month = readInt(in, name, Integer.MIN_VALUE, Integer.MAX_VALUE);
                seen |= 2;
            } else if ("day".equals(name)) {
                day = readInt(in, name, Integer.MIN_VALUE, Integer.MAX_VALUE);
                seen |= 4;
            } else {
                skip(in);
            }
        }
        requireFields(seen, 7, "year", "month", "day");
        try {
            return resolveReference(in, reference, LocalDate.of(year, month, day));
        } catch (DateTimeException e) {
            throw outOfRange(year + "-" + month + "-" + day, e);
        }
    }

    /** hessian-lite's compactMode: a class definition with no fields, followed by the epoch day as a long. */
    @Override
    protected LocalDate readJavaTimeClass(AbstractHessianInput in, String[] names) throws IOException {
        if (names.length != 0) {
            throw unknownEncoding(names);
        }
        LocalDate value = ofEpochDay(type, readLong(in, "epochDay"));
        in.addRef(value);
        return value;
    }
}
