package io.github.hessiantime.bench;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;

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

    /** Rows per page, each with {@link #PAGE_FIELDS} time fields: 100 time values per page. */
    public static final int PAGE_ROWS = 20;
    public static final int PAGE_FIELDS = 5;

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

    /**
     * The time value of row {@code row}, field {@code field} of every page: the fixed instants (ns, µs and ms
     * precision) moved by whole minutes and hours, so the 100 values of a page are all different.
     */
    private static Instant pageInstant(int row, int field) {
        return INSTANTS[(row + field) & MASK].plusSeconds(60L * row + 3600L * field);
    }

    public static Page<DateRow> datePage() {
        List<DateRow> rows = new ArrayList<>();
        for (int r = 0; r < PAGE_ROWS; r++) {
            rows.add(new DateRow(Date.from(pageInstant(r, 0)), Date.from(pageInstant(r, 1)),
                    Date.from(pageInstant(r, 2)), Date.from(pageInstant(r, 3)), Date.from(pageInstant(r, 4))));
        }
        return new Page<>(1, rows);
    }

    public static Page<InstantRow> instantPage() {
        List<InstantRow> rows = new ArrayList<>();
        for (int r = 0; r < PAGE_ROWS; r++) {
            rows.add(new InstantRow(pageInstant(r, 0), pageInstant(r, 1), pageInstant(r, 2), pageInstant(r, 3),
                    pageInstant(r, 4)));
        }
        return new Page<>(1, rows);
    }

    public static Page<LocalDateTimeRow> localDateTimePage() {
        List<LocalDateTimeRow> rows = new ArrayList<>();
        for (int r = 0; r < PAGE_ROWS; r++) {
            rows.add(new LocalDateTimeRow(local(pageInstant(r, 0)), local(pageInstant(r, 1)),
                    local(pageInstant(r, 2)), local(pageInstant(r, 3)), local(pageInstant(r, 4))));
        }
        return new Page<>(1, rows);
    }

    private static LocalDateTime local(Instant instant) {
        return LocalDateTime.ofInstant(instant, ZoneOffset.ofHours(8));
    }

    /** The page named by a page benchmark's {@code page} parameter. */
    public static Page<?> pageByName(String name) {
        switch (name) {
            case "date": return datePage();
            case "instant": return instantPage();
            case "localDateTime": return localDateTimePage();
            default: throw new IllegalArgumentException("unknown page: " + name);
        }
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
