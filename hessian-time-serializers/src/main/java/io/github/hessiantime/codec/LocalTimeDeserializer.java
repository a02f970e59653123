package io.github.hessiantime.codec;

import com.alibaba.com.caucho.hessian.io.AbstractHessianInput;
import io.github.hessiantime.TimeDecodingException;
import io.github.hessiantime.TimeDecodingException.Problem;

import java.io.IOException;
import java.time.DateTimeException;
import java.time.LocalTime;

public final class LocalTimeDeserializer extends TimeDeserializer<LocalTime> {
    private static final long NANOS_PER_DAY = 86_400_000_000_000L;

    public LocalTimeDeserializer() {
        this(Source.COMPACT);
    }

    public LocalTimeDeserializer(Source source) {
        super(WireType.LOCAL_TIME, LocalTime.class, source);
    }

    @Override
    protected LocalTime decode(PayloadReader payload) throws TimeDecodingException {
        return LocalTimeCodec.read(payload);
    }

    static LocalTime ofNanoOfDay(Class<?> type, long nanoOfDay) throws TimeDecodingException {
        if (nanoOfDay < 0 || nanoOfDay >= NANOS_PER_DAY) {
            throw new TimeDecodingException(type, Problem.OUT_OF_RANGE, "nano of day " + nanoOfDay
                    + " is not within one day");
        }
        return LocalTime.ofNanoOfDay(nanoOfDay);
    }

    @Override
    protected LocalTime readHandle(AbstractHessianInput in, String[] names) throws IOException {
        int reference = reserveReference(in);
        int hour = 0;
        int minute = 0;
        int second = 0;
        int nano = 0;
        int seen = 0;
        for (String name : names) {
            if ("hour".equals(name)) {
                hour = readInt(in, name, 0, 23);
                seen |= 1;
            } else if ("minute".equals(name)) {
                minute = readInt(in, name, 0, 59);
                seen |= 2;
            } else if ("second".equals(name)) {
                second = readInt(in, name, 0, 59);
                seen |= 4;
            } else if ("nano".equals(name)) {
                nano = readInt(in, name, 0, 999_999_999);
                seen |= 8;
            } else {
                skip(in);
            }
        }
        requireFields(seen, 15, "hour", "minute", "second", "nano");
        try {
            return resolveReference(in, reference, LocalTime.of(hour, minute, second, nano));
        } catch (DateTimeException e) {
            throw outOfRange("time", e);
        }
    }

    /** hessian-lite's compactMode: a class definition with no fields, followed by the nano of day as a long. */
    @Override
    protected LocalTime readJavaTimeClass(AbstractHessianInput in, String[] names) throws IOException {
        if (names.length != 0) {
            throw unknownEncoding(names);
        }
        LocalTime value = ofNanoOfDay(type, readLong(in, "nanoOfDay"));
        in.addRef(value);
        return value;
    }
}
