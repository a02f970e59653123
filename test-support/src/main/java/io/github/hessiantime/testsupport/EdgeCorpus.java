package io.github.hessiantime.testsupport;

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
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The one edge corpus: the values every format must carry exactly, per java.time type, used by the library tests
 * (golden vectors, round trips, old readers), by the interop peers ({@link TimeBag}) and by the demo. Extremes,
 * tier bounds, pre-1970 values with fractions, years beyond +/-9999, leap days, the last nanosecond of a day, offsets
 * of +/-18:00 and off the quarter hour, a DST overlap and gap, regions next to equal offsets.
 * The text form of each value is what the golden vector files use, so the parsers here must give back an equal
 * value. It has no dependency on hessian-time, so the golden vector generator can run it without our jar.
 */
public final class EdgeCorpus {
    /** Type key used in golden files, to its parser. Insertion order is the order of the files. */
    public static final Map<String, Function<String, Object>> PARSERS;
    private static final Map<String, List<Object>> VALUES;

    static {
        Map<String, Function<String, Object>> parsers = new LinkedHashMap<>();
        parsers.put("Instant", Instant::parse);
        parsers.put("LocalDateTime", LocalDateTime::parse);
        parsers.put("LocalDate", LocalDate::parse);
        parsers.put("LocalTime", LocalTime::parse);
        parsers.put("OffsetTime", OffsetTime::parse);
        parsers.put("OffsetDateTime", OffsetDateTime::parse);
        parsers.put("ZonedDateTime", ZonedDateTime::parse);
        parsers.put("ZoneId", ZoneId::of);
        parsers.put("ZoneOffset", ZoneOffset::of);
        parsers.put("Duration", Duration::parse);
        parsers.put("Period", Period::parse);
        // Year.parse rejects years beyond 9999 without a sign, which Year.toString() writes.
        parsers.put("Year", text -> Year.of(Integer.parseInt(text)));
        // YearMonth.toString() also writes years beyond 9999 without the sign that YearMonth.parse wants.
        parsers.put("YearMonth", text -> YearMonth.of(Integer.parseInt(text.substring(0, text.lastIndexOf('-'))),
                Integer.parseInt(text.substring(text.lastIndexOf('-') + 1))));
        parsers.put("MonthDay", MonthDay::parse);
        PARSERS = Collections.unmodifiableMap(parsers);

        Map<String, List<Object>> values = new LinkedHashMap<>();
        values.put("Instant", Arrays.asList(
                Instant.EPOCH,
                Instant.parse("2025-11-22T10:15:30Z"),
                Instant.parse("2106-02-07T06:28:15Z"), // last whole second of the 4-byte tier
                Instant.parse("2106-02-07T06:28:16Z"),
                Instant.parse("2025-11-22T10:15:30.123Z"),
                Instant.parse("2025-11-22T10:15:30.123456Z"),
                Instant.parse("2025-11-22T10:15:30.123456789Z"),
                Instant.parse("1969-12-31T23:59:59.999999999Z"),
                Instant.parse("1969-12-31T23:59:59.500Z"),
                Instant.parse("1969-07-20T20:17:40Z"),
                Instant.parse("2024-02-29T23:59:59.999999999Z"),
                Instant.parse("2262-04-11T23:47:16.854775807Z"), // last nanosecond of the 8-byte tier
                Instant.parse("2262-04-11T23:47:16.854775808Z"),
                Instant.parse("1600-02-29T12:00:00.000000001Z"),
                Instant.parse("+10000-01-01T00:00:00Z"),
                Instant.parse("-10000-12-31T23:59:59.999999999Z"),
                Instant.MIN,
                Instant.MAX));
        values.put("LocalDateTime", Arrays.asList(
                LocalDateTime.parse("1970-01-01T00:00"),
                LocalDateTime.parse("2025-11-22T10:15:30"),
                LocalDateTime.parse("2025-11-22T10:15:30.123"),
                LocalDateTime.parse("2025-11-22T10:15:30.123456"),
                LocalDateTime.parse("2025-11-22T10:15:30.123456789"),
                LocalDateTime.parse("1969-12-31T23:59:59.999999999"),
                LocalDateTime.parse("2024-02-29T23:59:59.999999999"),
                LocalDateTime.parse("1600-02-29T00:00:00.000000001"),
                LocalDateTime.parse("+10000-01-01T00:00"),
                LocalDateTime.parse("-10000-12-31T23:59:59.999999999"),
                LocalDateTime.MIN,
                LocalDateTime.MAX));
        values.put("LocalDate", Arrays.asList(
                LocalDate.parse("1970-01-01"),
                LocalDate.parse("2025-11-22"),
                LocalDate.parse("2024-02-29"),
                LocalDate.parse("1969-12-31"),
                LocalDate.parse("1600-02-29"),
                LocalDate.parse("+10000-01-01"),
                LocalDate.parse("-10000-01-01"),
                LocalDate.MIN,
                LocalDate.MAX));
        values.put("LocalTime", Arrays.asList(
                LocalTime.MIDNIGHT,
                LocalTime.parse("10:00"),
                LocalTime.parse("10:15"),
                LocalTime.parse("10:15:30"),
                LocalTime.parse("10:15:30.123"),
                LocalTime.parse("10:15:30.123456"),
                LocalTime.parse("12:00:00.000000001"),
                LocalTime.MAX));
        values.put("OffsetTime", Arrays.asList(
                OffsetTime.parse("10:15:30+01:00"),
                OffsetTime.parse("10:15:30.5+05:45"),
                OffsetTime.parse("10:15:30-04:56:02"),
                OffsetTime.parse("00:00+18:00"),
                OffsetTime.MIN,
                OffsetTime.MAX));
        values.put("OffsetDateTime", Arrays.asList(
                OffsetDateTime.parse("2025-11-22T10:15:30.123+08:00"),
                OffsetDateTime.parse("2024-02-29T23:59:59.999999999-18:00"),
                OffsetDateTime.parse("1969-12-31T23:59:59.5+18:00"),
                OffsetDateTime.parse("1890-01-01T00:00+05:53:28"),
                OffsetDateTime.parse("+10000-01-01T00:00Z"),
                OffsetDateTime.MIN,
                OffsetDateTime.MAX));
        values.put("ZonedDateTime", Arrays.asList(
                ZonedDateTime.parse("2025-11-02T01:30-04:00[America/New_York]"), // DST overlap, earlier offset
                ZonedDateTime.parse("2025-11-02T01:30-05:00[America/New_York]"), // DST overlap, later offset
                ZonedDateTime.parse("2025-03-09T03:00-04:00[America/New_York]"), // just after the DST gap
                ZonedDateTime.parse("2025-11-22T10:15:30.123456789+08:00[Asia/Shanghai]"),
                ZonedDateTime.parse("2024-02-29T23:59:59.999999999+05:45[Asia/Kathmandu]"),
                ZonedDateTime.parse("1850-01-01T00:00-04:56:02[America/New_York]"), // local mean time
                ZonedDateTime.parse("2025-11-22T10:15:30Z[UTC]"), // region "UTC"
                ZonedDateTime.parse("2025-11-22T10:15:30Z"), // zone is the offset Z
                ZonedDateTime.parse("2025-11-22T10:15:30+01:00[GMT+01:00]"),
                ZonedDateTime.parse("2025-11-22T10:15:30+18:00"),
                ZonedDateTime.parse("+10000-01-01T00:00+01:00[Europe/Paris]"),
                ZonedDateTime.of(LocalDateTime.MIN, ZoneOffset.MAX),
                ZonedDateTime.of(LocalDateTime.MAX, ZoneOffset.MIN)));
        values.put("ZoneId", Arrays.asList(
                ZoneId.of("Asia/Shanghai"),
                ZoneId.of("America/New_York"),
                ZoneId.of("UTC"),
                ZoneId.of("GMT+01:00"),
                ZoneId.of("Etc/GMT-14"),
                ZoneId.of("America/Argentina/ComodRivadavia")));
        values.put("ZoneOffset", Arrays.asList(
                ZoneOffset.UTC,
                ZoneOffset.MAX,
                ZoneOffset.MIN,
                ZoneOffset.of("+05:45"),
                ZoneOffset.of("-04:56:02"),
                ZoneOffset.of("+00:00:01")));
        values.put("Duration", Arrays.asList(
                Duration.ZERO,
                Duration.ofSeconds(30),
                Duration.ofMillis(250),
                Duration.ofMillis(-500),
                Duration.ofHours(24),
                Duration.ofNanos(1),
                Duration.ofNanos(Long.MAX_VALUE),
                Duration.ofNanos(Long.MIN_VALUE),
                Duration.ofSeconds(9_223_372_036L, 854_775_808), // one nanosecond past a long of nanos
                Duration.ofSeconds(Long.MAX_VALUE, 999_999_999),
                Duration.ofSeconds(Long.MIN_VALUE)));
        values.put("Period", Arrays.asList(
                Period.ZERO,
                Period.ofDays(1),
                Period.ofMonths(1),
                Period.of(1, 2, 3),
                Period.ofYears(-1),
                Period.of(Integer.MAX_VALUE, Integer.MIN_VALUE, Integer.MAX_VALUE),
                Period.of(Integer.MIN_VALUE, Integer.MIN_VALUE, Integer.MIN_VALUE)));
        values.put("Year", Arrays.asList(
                Year.of(2025), Year.of(0), Year.of(-1), Year.of(10000), Year.of(-10000),
                Year.of(Year.MIN_VALUE), Year.of(Year.MAX_VALUE)));
        values.put("YearMonth", Arrays.asList(
                YearMonth.of(2025, 11), YearMonth.of(2024, 2), YearMonth.of(0, 1), YearMonth.of(10000, 12),
                YearMonth.of(-10000, 1), YearMonth.of(Year.MIN_VALUE, 1), YearMonth.of(Year.MAX_VALUE, 12)));
        values.put("MonthDay", Arrays.asList(
                MonthDay.of(2, 29), MonthDay.of(1, 1), MonthDay.of(12, 31)));
        VALUES = Collections.unmodifiableMap(values);
    }

    private EdgeCorpus() {
    }

    public static Map<String, List<Object>> byType() {
        return VALUES;
    }

    public static List<Object> all() {
        List<Object> all = new ArrayList<>();
        VALUES.values().forEach(all::addAll);
        return all;
    }

    /** The golden-file key of a value's type (a region zone's class is not public, so it is keyed "ZoneId"). */
    public static String typeKey(Object value) {
        if (value instanceof ZoneOffset) {
            return "ZoneOffset";
        }
        if (value instanceof ZoneId) {
            return "ZoneId";
        }
        return value.getClass().getSimpleName();
    }

    /**
     * A value of the same type as {@code value} that is never the same instance as a corpus value (java.time caches
     * some instances, such as LocalTime.MIDNIGHT): written first, it makes the next value of its type pay no class
     * definition, without becoming a back reference.
     */
    public static Object primerFor(Object value) {
        if (value instanceof java.util.Date) return new java.util.Date(1);
        if (value instanceof Instant) return Instant.ofEpochSecond(1_000_000_007L, 1);
        if (value instanceof LocalDateTime) return LocalDateTime.of(2001, 9, 9, 1, 46, 40, 7);
        if (value instanceof LocalDate) return LocalDate.of(2001, 9, 8);
        if (value instanceof LocalTime) return LocalTime.of(1, 46, 40, 7);
        if (value instanceof OffsetTime) return OffsetTime.of(1, 46, 40, 7, ZoneOffset.ofHours(3));
        if (value instanceof OffsetDateTime) return OffsetDateTime.of(2001, 9, 9, 1, 46, 40, 7, ZoneOffset.ofHours(3));
        if (value instanceof ZonedDateTime) return ZonedDateTime.of(2001, 9, 9, 1, 46, 40, 7, ZoneId.of("Europe/Berlin"));
        if (value instanceof ZoneOffset) return ZoneOffset.ofTotalSeconds(3 * 3600 + 7);
        if (value instanceof ZoneId) return ZoneId.of("Europe/Berlin");
        if (value instanceof Duration) return Duration.ofSeconds(7, 7);
        if (value instanceof Period) return Period.of(7, 7, 7);
        if (value instanceof Year) return Year.of(1977);
        if (value instanceof YearMonth) return YearMonth.of(1977, 7);
        if (value instanceof MonthDay) return MonthDay.of(7, 7);
        throw new IllegalArgumentException(value.getClass().getName());
    }

    public static Object parse(String typeKey, String text) {
        Function<String, Object> parser = PARSERS.get(typeKey);
        if (parser == null) {
            throw new IllegalArgumentException("unknown type " + typeKey);
        }
        return parser.apply(text);
    }
}
