package io.github.hessiantime.bench;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Date;

/**
 * The fixed inputs of every benchmark: no {@code now()} anywhere, so runs are comparable.
 *
 * <p>{@link #SIZE} values per type, mixing nanosecond, microsecond and millisecond precision (Date only has
 * milliseconds, so the Date set holds the same instants truncated to ms). Benchmarks cycle through a set with
 * {@code index & MASK}, which keeps the JIT from specialising on one constant value.
 */
public final class Fixtures {

    public static final int SIZE = 8;
    public static final int MASK = SIZE - 1;

    private static final Instant[] INSTANTS = {
            Instant.parse("2024-03-15T08:30:45.123456789Z"),   // ns
            Instant.parse("2025-11-02T01:30:00.987654321Z"),   // ns
            Instant.parse("2023-07-01T23:59:59.999999999Z"),   // ns
            Instant.parse("2024-02-29T12:00:00.123456Z"),      // µs
            Instant.parse("2026-01-20T17:45:12.000001Z"),      // µs
            Instant.parse("2022-12-31T00:00:00.500Z"),         // ms
            Instant.parse("2025-06-30T09:15:30.042Z"),         // ms
            Instant.parse("2021-09-09T21:09:09.999Z"),         // ms
    };

    private Fixtures() {
    }

    public static Instant[] instants() {
        return INSTANTS.clone();
    }

    public static LocalDateTime[] localDateTimes() {
        LocalDateTime[] out = new LocalDateTime[SIZE];
        for (int i = 0; i < SIZE; i++) {
            out[i] = LocalDateTime.ofInstant(INSTANTS[i], ZoneOffset.ofHours(8));
        }
        return out;
    }

    public static Date[] dates() {
        Date[] out = new Date[SIZE];
        for (int i = 0; i < SIZE; i++) {
            out[i] = Date.from(INSTANTS[i]);
        }
        return out;
    }

    public static DateOrder[] dateOrders() {
        DateOrder[] out = new DateOrder[SIZE];
        Date[] dates = dates();
        for (int i = 0; i < SIZE; i++) {
            Date base = dates[i];
            out[i] = new DateOrder(1000L + i, "customer-" + i, base, new Date(base.getTime() + 60_000L),
                    new Date(base.getTime() + 3_600_000L), new Date(base.getTime() + 86_400_000L));
        }
        return out;
    }

    public static TimeOrder[] timeOrders() {
        TimeOrder[] out = new TimeOrder[SIZE];
        LocalDateTime[] local = localDateTimes();
        for (int i = 0; i < SIZE; i++) {
            Instant base = INSTANTS[i];
            out[i] = new TimeOrder(1000L + i, "customer-" + i, base, base.plusSeconds(60),
                    local[i].plusHours(1), local[i].plusDays(1));
        }
        return out;
    }

    /** The value set named by a benchmark's {@code value} parameter. */
    public static Object[] byName(String name) {
        switch (name) {
            case "date": return dates();
            case "instant": return instants();
            case "localDateTime": return localDateTimes();
            case "dateDto": return dateOrders();
            case "timeDto": return timeOrders();
            default: throw new IllegalArgumentException("unknown value set: " + name);
        }
    }
}
