package io.github.hessiantime;

import java.io.Serializable;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Arrays;
import java.util.Objects;

/**
 * The bean of the inline golden vectors ({@code golden/inline-v1.hex}): its class name and fields are part of those
 * bytes, so neither may change. One field of each inline type, beside fields hessian-lite writes itself.
 */
public final class InlineRow implements Serializable {
    private static final long serialVersionUID = 1L;

    long id;
    String name;
    Instant instant;
    LocalDateTime dateTime;
    LocalDate date;
    LocalTime time;

    /** A row holding {@code value} in the field of its type, the other time fields null. */
    static InlineRow with(Object value) {
        InlineRow row = new InlineRow();
        row.id = 42;
        row.name = "row";
        if (value instanceof Instant) {
            row.instant = (Instant) value;
        } else if (value instanceof LocalDateTime) {
            row.dateTime = (LocalDateTime) value;
        } else if (value instanceof LocalDate) {
            row.date = (LocalDate) value;
        } else if (value instanceof LocalTime) {
            row.time = (LocalTime) value;
        } else {
            throw new IllegalArgumentException("not an inline type: " + value);
        }
        return row;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof InlineRow)) {
            return false;
        }
        InlineRow r = (InlineRow) o;
        return id == r.id && Objects.equals(name, r.name) && Objects.equals(instant, r.instant)
                && Objects.equals(dateTime, r.dateTime) && Objects.equals(date, r.date) && Objects.equals(time, r.time);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, name, instant, dateTime, date, time);
    }

    @Override
    public String toString() {
        return "InlineRow" + Arrays.asList(id, name, instant, dateTime, date, time);
    }
}
