package io.github.hessiantime;

import java.io.Serializable;
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
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Arrays;
import java.util.Objects;

/**
 * The bean of the inline golden vectors of the types inlined as their payload ({@code golden/inline-v1.hex}, every
 * type but the four of {@link InlineRow} and {@code ZoneId}): its class name and fields are part of those bytes, so
 * neither may change. One field of each such type, beside fields hessian-lite writes itself.
 */
public final class InlineOtherRow implements Serializable {
    private static final long serialVersionUID = 1L;

    long id;
    String name;
    OffsetDateTime offsetDateTime;
    ZonedDateTime zonedDateTime;
    OffsetTime offsetTime;
    ZoneOffset zoneOffset;
    Duration duration;
    Period period;
    Year year;
    YearMonth yearMonth;
    MonthDay monthDay;

    /** The golden-vector bean for {@code value}: an {@link InlineRow} for its four types, else this class. */
    static Serializable holding(Object value) {
        if (value instanceof Instant || value instanceof LocalDateTime || value instanceof LocalDate
                || value instanceof LocalTime) {
            return InlineRow.with(value);
        }
        return with(value);
    }

    /** A row holding {@code value} in the field of its type, the other time fields null. */
    static InlineOtherRow with(Object value) {
        InlineOtherRow row = new InlineOtherRow();
        row.id = 42;
        row.name = "row";
        if (value instanceof OffsetDateTime) {
            row.offsetDateTime = (OffsetDateTime) value;
        } else if (value instanceof ZonedDateTime) {
            row.zonedDateTime = (ZonedDateTime) value;
        } else if (value instanceof OffsetTime) {
            row.offsetTime = (OffsetTime) value;
        } else if (value instanceof ZoneOffset) {
            row.zoneOffset = (ZoneOffset) value;
        } else if (value instanceof Duration) {
            row.duration = (Duration) value;
        } else if (value instanceof Period) {
            row.period = (Period) value;
        } else if (value instanceof Year) {
            row.year = (Year) value;
        } else if (value instanceof YearMonth) {
            row.yearMonth = (YearMonth) value;
        } else if (value instanceof MonthDay) {
            row.monthDay = (MonthDay) value;
        } else {
            throw new IllegalArgumentException("not inlined as a payload: " + value);
        }
        return row;
    }

    private Object[] values() {
        return new Object[]{id, name, offsetDateTime, zonedDateTime, offsetTime, zoneOffset, duration, period, year,
                yearMonth, monthDay};
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof InlineOtherRow && Arrays.equals(values(), ((InlineOtherRow) o).values());
    }

    @Override
    public int hashCode() {
        return Objects.hash(values());
    }

    @Override
    public String toString() {
        return "InlineOtherRow" + Arrays.asList(values());
    }
}
