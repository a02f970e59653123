package io.github.hessiantime;

import io.github.hessiantime.model.ValueObject;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;

/**
 * The bean of the inline golden vectors ({@code golden/inline-v1.hex}): its class name and fields are part of those
 * bytes, so neither may change. One field of each inline type, beside fields hessian-lite writes itself. Its
 * superclass declares no field ({@link ValueObject}: equals, hashCode and toString over {@link #values()}).
 */
public final class InlineRow extends ValueObject {
    private static final long serialVersionUID = 1L;

    long id;
    String name;
    Instant instant;
    LocalDateTime dateTime;
    LocalDate date;
    LocalTime time;

    /** A row holding {@code value} in the field of its type, the other time fields null. */
    static InlineRow with(Object value) {
        return GoldenRows.fill(new InlineRow(), 42, "row", value);
    }

    @Override
    protected Object[] values() {
        return new Object[]{id, name, instant, dateTime, date, time};
    }
}
