package io.github.hessiantime.hessian;

import com.alibaba.com.caucho.hessian.io.java8.DurationHandle;
import com.alibaba.com.caucho.hessian.io.java8.InstantHandle;
import com.alibaba.com.caucho.hessian.io.java8.LocalDateHandle;
import com.alibaba.com.caucho.hessian.io.java8.LocalDateTimeHandle;
import com.alibaba.com.caucho.hessian.io.java8.LocalTimeHandle;
import com.alibaba.com.caucho.hessian.io.java8.MonthDayHandle;
import com.alibaba.com.caucho.hessian.io.java8.OffsetDateTimeHandle;
import com.alibaba.com.caucho.hessian.io.java8.OffsetTimeHandle;
import com.alibaba.com.caucho.hessian.io.java8.PeriodHandle;
import com.alibaba.com.caucho.hessian.io.java8.YearHandle;
import com.alibaba.com.caucho.hessian.io.java8.YearMonthHandle;
import com.alibaba.com.caucho.hessian.io.java8.ZoneIdHandle;
import com.alibaba.com.caucho.hessian.io.java8.ZoneOffsetHandle;
import com.alibaba.com.caucho.hessian.io.java8.ZonedDateTimeHandle;
import io.github.hessiantime.TimeDecodingException;
import io.github.hessiantime.TimeDecodingException.Problem;
import io.github.hessiantime.payload.ZoneIds;

import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.MonthDay;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.Period;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.function.Function;

import static io.github.hessiantime.hessian.HandleField.anyInt;
import static io.github.hessiantime.hessian.HandleField.integer;
import static io.github.hessiantime.hessian.HandleField.object;

/**
 * hessian-lite's default format of every type, side by side: the handle object stock hessian-lite writes on both
 * lines ({@code ...java8.InstantHandle} and so on, a {@code HessianHandle} with ordinary Hessian fields), the fields
 * a reader takes from it, and the value made of them. hessian-time writes it on Hessian 1 streams and reads it on
 * every stream; java.time's own checks refuse a field value out of range, which the reader reports as such.
 */
public enum HandleFormat {
    INSTANT(v -> new InstantHandle(v), f -> Instant.ofEpochSecond(f.getLong(0), f.getInt(1)),
            integer("seconds", Instant.MIN.getEpochSecond(), Instant.MAX.getEpochSecond()),
            integer("nanos", 0, 999_999_999)),
    LOCAL_DATE_TIME(v -> new LocalDateTimeHandle(v),
            f -> LocalDateTime.of(f.get(0, LocalDate.class), f.get(1, LocalTime.class)),
            object("date", LocalDate.class), object("time", LocalTime.class)),
    LOCAL_DATE(v -> new LocalDateHandle(v), f -> LocalDate.of(f.getInt(0), f.getInt(1), f.getInt(2)),
            anyInt("year"), anyInt("month"), anyInt("day")),
    LOCAL_TIME(v -> new LocalTimeHandle(v), f -> LocalTime.of(f.getInt(0), f.getInt(1), f.getInt(2), f.getInt(3)),
            integer("hour", 0, 23), integer("minute", 0, 59), integer("second", 0, 59),
            integer("nano", 0, 999_999_999)),
    OFFSET_TIME(v -> new OffsetTimeHandle(v), f -> OffsetTime.of(f.get(0, LocalTime.class), f.get(1, ZoneOffset.class)),
            object("localTime", LocalTime.class), object("zoneOffset", ZoneOffset.class)),
    OFFSET_DATE_TIME(v -> new OffsetDateTimeHandle(v),
            f -> OffsetDateTime.of(f.get(0, LocalDateTime.class), f.get(1, ZoneOffset.class)),
            object("dateTime", LocalDateTime.class), object("offset", ZoneOffset.class)),
    // Read as the compact format reads it: local date-time and offset fix the instant, kept in a DST overlap too.
    ZONED_DATE_TIME(v -> new ZonedDateTimeHandle(v), f -> ZonedDateTime.ofInstant(f.get(0, LocalDateTime.class),
            f.get(1, ZoneOffset.class), zone(ZonedDateTime.class, f.get(2, String.class))),
            object("dateTime", LocalDateTime.class), object("offset", ZoneOffset.class),
            object("zoneId", String.class)),
    ZONE_ID(v -> new ZoneIdHandle(v), f -> zone(ZoneId.class, f.get(0, String.class)), object("zoneId", String.class)),
    ZONE_OFFSET(v -> new ZoneOffsetHandle(v), f -> ZoneOffset.ofTotalSeconds(f.getInt(0)),
            integer("seconds", -18 * 3600, 18 * 3600)),
    DURATION(v -> new DurationHandle(v), f -> Duration.ofSeconds(f.getLong(0), f.getInt(1)),
            integer("seconds", Long.MIN_VALUE, Long.MAX_VALUE), integer("nanos", 0, 999_999_999)),
    PERIOD(v -> new PeriodHandle(v), f -> Period.of(f.getInt(0), f.getInt(1), f.getInt(2)),
            anyInt("years"), anyInt("months"), anyInt("days")),
    YEAR(v -> new YearHandle(v), f -> Year.of(f.getInt(0)), integer("year", Year.MIN_VALUE, Year.MAX_VALUE)),
    YEAR_MONTH(v -> new YearMonthHandle(v), f -> YearMonth.of(f.getInt(0), f.getInt(1)),
            anyInt("year"), anyInt("month")),
    MONTH_DAY(v -> new MonthDayHandle(v), f -> MonthDay.of(f.getInt(0), f.getInt(1)), anyInt("month"), anyInt("day"));

    private final Function<Object, Object> toHandle;
    private final FromHandle fromHandle;
    private final HandleField[] fields;

    HandleFormat(Function<Object, Object> toHandle, FromHandle fromHandle, HandleField... fields) {
        this.toHandle = toHandle;
        this.fromHandle = fromHandle;
        this.fields = fields;
    }

    /** The handle object stock hessian-lite writes for {@code value}. */
    public Object toHandle(Object value) {
        return toHandle.apply(value);
    }

    /** The fields a reader takes from the handle, in the order {@link #fromHandle} receives them. */
    public HandleField[] fields() {
        return fields.clone();
    }

    /**
     * The value of the handle's fields, each present and of the declared kind; java.time's
     * {@code DateTimeException} where they make no value of the type.
     */
    public Object fromHandle(HandleValues values) throws TimeDecodingException {
        return fromHandle.apply(values);
    }

    private interface FromHandle {
        Object apply(HandleValues values) throws TimeDecodingException;
    }

    /** A zone id of a {@code type} handle, which may name a region or an offset. */
    private static ZoneId zone(Class<?> type, String id) throws TimeDecodingException {
        if (id.length() > ZoneIds.MAX_LENGTH) {
            throw new TimeDecodingException(type, Problem.INVALID_ZONE, "zone id of " + id.length()
                    + " characters is longer than " + ZoneIds.MAX_LENGTH);
        }
        try {
            return ZoneId.of(id);
        } catch (DateTimeException e) {
            throw new TimeDecodingException(type, Problem.INVALID_ZONE, "'" + id + "': " + e.getMessage(), e);
        }
    }
}
