package io.github.hessiantime;

import io.github.hessiantime.model.ValueObject;

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

/**
 * The bean of the inline golden vectors of the types inlined as their payload ({@code golden/inline-v1.hex}, every
 * type but the four of {@link InlineRow} and {@code ZoneId}): its class name and fields are part of those bytes, so
 * neither may change. One field of each such type, beside fields hessian-lite writes itself. Its superclass declares
 * no field ({@link ValueObject}: equals, hashCode and toString over {@link #values()}).
 */
public final class InlineOtherRow extends ValueObject {
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
        return GoldenRows.fill(new InlineOtherRow(), 42, "row", value);
    }

    @Override
    protected Object[] values() {
        return new Object[]{id, name, offsetDateTime, zonedDateTime, offsetTime, zoneOffset, duration, period, year,
                yearMonth, monthDay};
    }
}
