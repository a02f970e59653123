package io.github.hessiantime.codec;

import com.alibaba.com.caucho.hessian.io.AbstractHessianInput;
import io.github.hessiantime.TimeDecodingException;
import io.github.hessiantime.TimeDecodingException.Problem;

import java.io.IOException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;

public final class LocalDateTimeDeserializer extends TimeDeserializer<LocalDateTime> {
    private static final long MIN_SECOND = LocalDateTime.MIN.toEpochSecond(ZoneOffset.UTC);
    private static final long MAX_SECOND = LocalDateTime.MAX.toEpochSecond(ZoneOffset.UTC);

    public LocalDateTimeDeserializer() {
        this(Source.COMPACT);
    }

    public LocalDateTimeDeserializer(Source source) {
        super(WireType.LOCAL_DATE_TIME, LocalDateTime.class, source);
    }

    @Override
    protected LocalDateTime decode(PayloadReader payload) throws TimeDecodingException {
        return fromEpoch(payload);
    }

    /** Shared with the offset and zoned date-times, whose local part is encoded the same way. */
    static LocalDateTime fromEpoch(PayloadReader payload) throws TimeDecodingException {
        return EpochCodec.read(payload, (seconds, nano) -> {
            if (seconds < MIN_SECOND || seconds > MAX_SECOND) {
                throw payload.error(Problem.OUT_OF_RANGE, "local epoch second " + seconds
                        + " is outside LocalDateTime.MIN..LocalDateTime.MAX");
            }
            return LocalDateTime.ofEpochSecond(seconds, nano, ZoneOffset.UTC);
        });
    }

    @Override
    protected LocalDateTime readHandle(AbstractHessianInput in, String[] names) throws IOException {
        int reference = reserveReference(in);
        LocalDate date = null;
        LocalTime time = null;
        for (String name : names) {
            if ("date".equals(name)) {
                date = readValue(in, name, LocalDate.class);
            } else if ("time".equals(name)) {
                time = readValue(in, name, LocalTime.class);
            } else {
                skip(in);
            }
        }
        return resolveReference(in, reference, of(date, time));
    }

    /** hessian-lite's compactMode: fields "date" (epoch day) and "time" (nano of day) as longs. */
    @Override
    protected LocalDateTime readJavaTimeClass(AbstractHessianInput in, String[] names) throws IOException {
        boolean known = false;
        LocalDate date = null;
        LocalTime time = null;
        for (String name : names) {
            if ("date".equals(name)) {
                date = LocalDateDeserializer.ofEpochDay(type, readLong(in, name));
                known = true;
            } else if ("time".equals(name)) {
                time = LocalTimeDeserializer.ofNanoOfDay(type, readLong(in, name));
                known = true;
            } else {
                skip(in);
            }
        }
        if (!known) {
            throw unknownEncoding(names);
        }
        LocalDateTime value = of(date, time);
        in.addRef(value);
        return value;
    }

    private LocalDateTime of(LocalDate date, LocalTime time) throws TimeDecodingException {
        if (date == null) {
            throw missing("date");
        }
        if (time == null) {
            throw missing("time");
        }
        return LocalDateTime.of(date, time);
    }
}
