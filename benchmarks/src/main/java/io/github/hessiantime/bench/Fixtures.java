package io.github.hessiantime.bench;

import io.github.hessiantime.bench.records.InstantRecordRow;
import io.github.hessiantime.bench.records.LocalDateTimeRecordRow;
import io.github.hessiantime.model.DateOrder;
import io.github.hessiantime.model.DateRow;
import io.github.hessiantime.model.InstantRow;
import io.github.hessiantime.model.LocalDateTimeRow;
import io.github.hessiantime.model.OffsetDateTimeRow;
import io.github.hessiantime.model.ScheduleRow;
import io.github.hessiantime.model.Page;
import io.github.hessiantime.model.TimeOrder;
import io.github.hessiantime.model.WallClock;

import java.io.Serializable;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Date;
import java.util.List;
import java.util.function.Function;
import java.util.stream.IntStream;

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

    /** The wall clock of every LocalDateTime fixture: the sample DTOs' own. */
    public static final ZoneOffset ZONE = WallClock.ZONE;

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
        return Arrays.stream(INSTANTS).map(instant -> LocalDateTime.ofInstant(instant, ZONE))
                .toArray(LocalDateTime[]::new);
    }

    public static Date[] dates() {
        return Arrays.stream(INSTANTS).map(Date::from).toArray(Date[]::new);
    }

    public static DateOrder[] dateOrders() {
        return IntStream.range(0, SIZE).mapToObj(i -> new DateOrder(1000L + i, "customer-" + i, orderMoments(i)))
                .toArray(DateOrder[]::new);
    }

    public static TimeOrder[] timeOrders() {
        return IntStream.range(0, SIZE).mapToObj(i -> new TimeOrder(1000L + i, "customer-" + i, orderMoments(i)))
                .toArray(TimeOrder[]::new);
    }

    /** Created, paid a minute later, shipped an hour later, expiring a day later: the four moments of order {@code i}. */
    private static Instant[] orderMoments(int i) {
        Instant base = INSTANTS[i];
        return new Instant[] {base, base.plusSeconds(60), base.plusSeconds(3600), base.plusSeconds(86_400)};
    }

    public static Page<DateRow> datePage() {
        return page(DateRow::new);
    }

    public static Page<InstantRow> instantPage() {
        return page(InstantRow::new);
    }

    public static Page<LocalDateTimeRow> localDateTimePage() {
        return page(LocalDateTimeRow::new);
    }

    /** The page of OffsetDateTime rows: the same moments at the sample DTOs' offset. */
    public static Page<OffsetDateTimeRow> offsetDateTimePage() {
        return page(OffsetDateTimeRow::new);
    }

    /** The page of schedule rows: ZonedDateTime, OffsetTime, Duration, Period and YearMonth made from the moments. */
    public static Page<ScheduleRow> schedulePage() {
        return page(ScheduleRow::new);
    }

    /**
     * The Instant page at millisecond precision: the values a {@code Date}-era code base or a millisecond clock
     * produces, which hessian-time can write as compactly as a Date.
     */
    public static Page<InstantRow> instantMillisPage() {
        return page(Fixtures::instantMillisRow);
    }

    /**
     * The Instant page at microsecond precision, as {@code Instant.now()} gives on JDK 15+ (Linux): every value has
     * 1 to 999 µs beyond its millisecond, so none of them fits in epoch milliseconds. Fixed values, not {@code now()}.
     */
    public static Page<InstantRow> instantMicrosPage() {
        return page(Fixtures::instantMicrosRow);
    }

    private static InstantRow instantMicrosRow(Instant[] moments) {
        Instant[] micros = truncatedToMillis(moments);
        for (int field = 0; field < micros.length; field++) {
            micros[field] = micros[field].plus(1 + Math.floorMod(micros[field].getEpochSecond(), 999),
                    ChronoUnit.MICROS);
        }
        return new InstantRow(micros);
    }

    private static InstantRow instantMillisRow(Instant[] moments) {
        return new InstantRow(truncatedToMillis(moments));
    }

    private static InstantRecordRow instantMillisRecordRow(Instant[] moments) {
        return InstantRecordRow.of(truncatedToMillis(moments));
    }

    /** The LocalDateTime page as records ({@link LocalDateTimeRecordRow}): the same values. */
    public static Page<LocalDateTimeRecordRow> localDateTimeRecordsPage() {
        return page(LocalDateTimeRecordRow::of);
    }

    /** The Instant page at millisecond precision as records ({@link InstantRecordRow}): the same values. */
    public static Page<InstantRecordRow> instantMillisRecordsPage() {
        return page(Fixtures::instantMillisRecordRow);
    }

    private static Instant[] truncatedToMillis(Instant[] moments) {
        return Arrays.stream(moments).map(moment -> moment.truncatedTo(ChronoUnit.MILLIS)).toArray(Instant[]::new);
    }

    /** Page 1: a row made by {@code newRow} from each row of {@link #pageMoments()}. */
    private static <R extends Serializable> Page<R> page(Function<Instant[], R> newRow) {
        return page(newRow, PAGE_ROWS);
    }

    /** Page 1 of {@code rowCount} rows, each made by {@code newRow} from a row of {@link #pageMoments(int)}. */
    private static <R extends Serializable> Page<R> page(Function<Instant[], R> newRow, int rowCount) {
        List<R> rows = new ArrayList<>();
        for (Instant[] moments : pageMoments(rowCount)) {
            rows.add(newRow.apply(moments));
        }
        return new Page<>(1, rows);
    }

    /**
     * The moments of a page, {@link #PAGE_FIELDS} for each of its {@link #PAGE_ROWS} rows: the fixed instants (ns, µs
     * and ms precision) moved by whole minutes and hours, so the 100 values of a page are all different.
     */
    public static Instant[][] pageMoments() {
        return pageMoments(PAGE_ROWS);
    }

    /** As {@link #pageMoments()}, for a page of {@code rowCount} rows (its first 20 rows are those of the page). */
    public static Instant[][] pageMoments(int rowCount) {
        Instant[][] rows = new Instant[rowCount][PAGE_FIELDS];
        for (int row = 0; row < rowCount; row++) {
            for (int field = 0; field < PAGE_FIELDS; field++) {
                rows[row][field] = INSTANTS[(row + field) & MASK].plusSeconds(60L * row + 3600L * field);
            }
        }
        return rows;
    }

    /** The page named by a page benchmark's {@code page} parameter. */
    public static Page<?> pageByName(String name) {
        return pageByName(name, PAGE_ROWS);
    }

    /**
     * The page named by a page benchmark's {@code page} parameter, with {@code rows} rows instead of
     * {@link #PAGE_ROWS}: what a message's fixed cost weighs against its values' cost (one row: a single DTO).
     */
    public static Page<?> pageByName(String name, int rows) {
        switch (name) {
            case "date": return page(DateRow::new, rows);
            case "instant": return page(InstantRow::new, rows);
            case "localDateTime": return page(LocalDateTimeRow::new, rows);
            case "instantMillis": return page(Fixtures::instantMillisRow, rows);
            case "instantMicros": return page(Fixtures::instantMicrosRow, rows);
            case "offsetDateTime": return page(OffsetDateTimeRow::new, rows);
            case "schedule": return page(ScheduleRow::new, rows);
            case "localDateTimeRecords": return page(LocalDateTimeRecordRow::of, rows);
            case "instantMillisRecords": return page(Fixtures::instantMillisRecordRow, rows);
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
