package io.github.hessiantime.hessian;

import com.alibaba.com.caucho.hessian.io.AbstractHessianInput;
import io.github.hessiantime.TimeDecodingException;
import io.github.hessiantime.TimeDecodingException.Problem;
import io.github.hessiantime.payload.LocalDateCodec;
import io.github.hessiantime.payload.LocalTimeCodec;

import java.io.IOException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Arrays;

/**
 * What hessian-lite 4.0.x writes under its global {@code compactMode} property for the three types it changes: a
 * class definition named after the java.time class itself, then the values as longs. The other types keep the
 * handle format there. hessian-time only reads it.
 */
public enum CompactModeFormat {
    /** Fields "date" (epoch day) and "time" (nano of day). */
    LOCAL_DATE_TIME(LocalDateTime.class, "date", "time"),
    /** A class definition with no fields, followed by the epoch day. */
    LOCAL_DATE(LocalDate.class),
    /** A class definition with no fields, followed by the nano of day. */
    LOCAL_TIME(LocalTime.class);

    private final Class<?> type;
    private final String[] fields;

    CompactModeFormat(Class<?> type, String... fields) {
        this.type = type;
        this.fields = fields;
    }

    /** Whether a class definition of the java.time class with field names {@code names} is this format. */
    public boolean isDefinition(Object[] names) {
        return Arrays.equals(names, fields);
    }

    /** Reads the values that follow such a class definition. */
    public Object read(AbstractHessianInput in) throws IOException {
        if (this == LOCAL_DATE) {
            return LocalDateCodec.ofEpochDay(type, readLong(in, "epochDay"));
        }
        if (this == LOCAL_TIME) {
            return LocalTimeCodec.ofNanoOfDay(type, readLong(in, "nanoOfDay"));
        }
        LocalDate date = LocalDateCodec.ofEpochDay(type, readLong(in, "date"));
        return LocalDateTime.of(date, LocalTimeCodec.ofNanoOfDay(type, readLong(in, "time")));
    }

    /** Reads one long, naming the field if the stream has something else there. */
    private long readLong(AbstractHessianInput in, String field) throws IOException {
        try {
            return in.readLong();
        } catch (TimeDecodingException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw new TimeDecodingException(type, Problem.WRONG_TYPE, "compactMode field '" + field + "': "
                    + e.getMessage(), e);
        }
    }
}
