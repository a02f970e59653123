package io.github.hessiantime.interop;

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
import java.util.List;

/**
 * The edge corpus: extremes, pre-1970 values with fractions, years beyond +/-9999, a leap day, the last nanosecond
 * of a day, offsets of +/-18:00 and off the quarter hour, a DST overlap, regions next to equal offsets.
 * Bag {@code i} takes the {@code i}-th value of each type (cycling); {@link #BAGS} bags cover every value.
 */
public final class Corpus {

    private static final ZoneId NEW_YORK = ZoneId.of("America/New_York");
    private static final ZoneOffset ODD_OFFSET = ZoneOffset.ofHoursMinutesSeconds(-3, -7, -5);
    private static final ZoneOffset KATHMANDU_OFFSET = ZoneOffset.ofHoursMinutes(5, 45);
    private static final LocalTime LAST_NANO = LocalTime.of(23, 59, 59, 999_999_999);

    static final List<Instant> INSTANTS = Arrays.asList(Instant.MIN, Instant.MAX, Instant.EPOCH,
            Instant.ofEpochSecond(-1, 1), Instant.parse("1969-12-31T23:59:59.999999999Z"),
            Instant.parse("-10000-01-01T00:00:00.5Z"), Instant.parse("+10000-12-31T23:59:59.999999999Z"),
            Instant.parse("2024-02-29T12:34:56.123456789Z"));
    static final List<LocalDateTime> LOCAL_DATE_TIMES = Arrays.asList(LocalDateTime.MIN, LocalDateTime.MAX,
            LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_999_999), LocalDateTime.of(2024, 2, 29, 0, 0),
            LocalDateTime.of(-10000, 1, 1, 0, 0, 0, 1), LocalDateTime.of(LocalDate.of(10000, 12, 31), LAST_NANO));
    static final List<LocalDate> LOCAL_DATES = Arrays.asList(LocalDate.MIN, LocalDate.MAX, LocalDate.of(2024, 2, 29),
            LocalDate.of(1900, 2, 28), LocalDate.of(-9999, 1, 1), LocalDate.of(10000, 1, 1), LocalDate.of(1969, 12, 31));
    static final List<LocalTime> LOCAL_TIMES = Arrays.asList(LocalTime.MIN, LocalTime.MAX, LocalTime.NOON, LAST_NANO,
            LocalTime.of(0, 0, 0, 1), LocalTime.of(13, 7));
    static final List<OffsetTime> OFFSET_TIMES = Arrays.asList(OffsetTime.MIN, OffsetTime.MAX,
            OffsetTime.of(LAST_NANO, ZoneOffset.MAX), OffsetTime.of(LocalTime.MIDNIGHT, ZoneOffset.MIN),
            OffsetTime.of(LocalTime.NOON, KATHMANDU_OFFSET), OffsetTime.of(LocalTime.of(1, 2, 3, 4), ODD_OFFSET));
    static final List<OffsetDateTime> OFFSET_DATE_TIMES = Arrays.asList(OffsetDateTime.MIN, OffsetDateTime.MAX,
            OffsetDateTime.of(LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_999_999), ZoneOffset.MIN),
            OffsetDateTime.of(LocalDateTime.of(2024, 2, 29, 12, 0), KATHMANDU_OFFSET),
            OffsetDateTime.of(LocalDateTime.of(10000, 1, 1, 0, 0), ZoneOffset.MAX),
            OffsetDateTime.of(LocalDateTime.of(-10000, 6, 15, 6, 30, 0, 500), ODD_OFFSET));
    static final List<ZonedDateTime> ZONED_DATE_TIMES = Arrays.asList(
            // the DST overlap: 01:30 happens twice; both instants must survive, with their offset
            ZonedDateTime.ofLocal(LocalDateTime.of(2025, 11, 2, 1, 30), NEW_YORK, ZoneOffset.ofHours(-5)),
            ZonedDateTime.ofLocal(LocalDateTime.of(2025, 11, 2, 1, 30), NEW_YORK, ZoneOffset.ofHours(-4)),
            ZonedDateTime.of(LocalDateTime.of(1900, 1, 1, 0, 0, 0, 1), ZoneId.of("Europe/Paris")),
            ZonedDateTime.of(LocalDateTime.of(2024, 2, 29, 23, 59, 59, 999_999_999), ZoneId.of("Asia/Kathmandu")),
            ZonedDateTime.of(LocalDateTime.of(2024, 2, 29, 23, 59, 59, 999_999_999), KATHMANDU_OFFSET),
            ZonedDateTime.of(LocalDateTime.of(2000, 1, 1, 0, 0), ZoneId.of("UTC")),
            ZonedDateTime.of(LocalDateTime.of(2000, 1, 1, 0, 0), ZoneOffset.UTC),
            ZonedDateTime.of(LocalDateTime.of(-10000, 1, 1, 0, 0), ZoneOffset.MIN),
            ZonedDateTime.of(LocalDateTime.of(10000, 12, 31, 0, 0), ZoneId.of("GMT+2")));
    static final List<ZoneId> ZONE_IDS = Arrays.asList(NEW_YORK, ZoneId.of("UTC"), ZoneOffset.UTC,
            ZoneId.of("GMT+2"), ZoneId.of("Etc/GMT-14"), ODD_OFFSET, ZoneId.of("Asia/Kathmandu"));
    static final List<ZoneOffset> ZONE_OFFSETS = Arrays.asList(ZoneOffset.MIN, ZoneOffset.MAX, ZoneOffset.UTC,
            KATHMANDU_OFFSET, ODD_OFFSET);
    static final List<Duration> DURATIONS = Arrays.asList(Duration.ZERO, Duration.ofSeconds(Long.MIN_VALUE),
            Duration.ofSeconds(Long.MAX_VALUE, 999_999_999), Duration.ofNanos(-1), Duration.ofDays(-366));
    static final List<Period> PERIODS = Arrays.asList(Period.ZERO,
            Period.of(Integer.MIN_VALUE, Integer.MIN_VALUE, Integer.MIN_VALUE),
            Period.of(Integer.MAX_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE), Period.of(1, -13, 400));
    static final List<Year> YEARS = Arrays.asList(Year.of(Year.MIN_VALUE), Year.of(Year.MAX_VALUE), Year.of(0),
            Year.of(-1), Year.of(2024), Year.of(10000));
    static final List<YearMonth> YEAR_MONTHS = Arrays.asList(YearMonth.of(Year.MIN_VALUE, 1),
            YearMonth.of(Year.MAX_VALUE, 12), YearMonth.of(2024, 2), YearMonth.of(10000, 12), YearMonth.of(-10000, 1));
    static final List<MonthDay> MONTH_DAYS = Arrays.asList(MonthDay.of(2, 29), MonthDay.of(12, 31), MonthDay.of(1, 1));

    private static final List<List<?>> ALL = Arrays.<List<?>>asList(INSTANTS, LOCAL_DATE_TIMES, LOCAL_DATES,
            LOCAL_TIMES, OFFSET_TIMES, OFFSET_DATE_TIMES, ZONED_DATE_TIMES, ZONE_IDS, ZONE_OFFSETS, DURATIONS, PERIODS,
            YEARS, YEAR_MONTHS, MONTH_DAYS);

    /** Bags needed so that every value of every type appears in a typed field at least once. */
    public static final int BAGS = ALL.stream().mapToInt(List::size).max().getAsInt();

    private Corpus() {
    }

    /** A freshly built bag {@code index}; bag 0 also carries the whole corpus in its untyped list. */
    public static TimeBag bag(int index) {
        TimeBag bag = new TimeBag();
        bag.instant = pick(INSTANTS, index);
        bag.localDateTime = pick(LOCAL_DATE_TIMES, index);
        bag.localDate = pick(LOCAL_DATES, index);
        bag.localTime = pick(LOCAL_TIMES, index);
        bag.offsetTime = pick(OFFSET_TIMES, index);
        bag.offsetDateTime = pick(OFFSET_DATE_TIMES, index);
        bag.zonedDateTime = pick(ZONED_DATE_TIMES, index);
        bag.zoneId = pick(ZONE_IDS, index);
        bag.zoneOffset = pick(ZONE_OFFSETS, index);
        bag.duration = pick(DURATIONS, index);
        bag.period = pick(PERIODS, index);
        bag.year = pick(YEARS, index);
        bag.yearMonth = pick(YEAR_MONTHS, index);
        bag.monthDay = pick(MONTH_DAYS, index);
        if (index == 0) {
            List<Object> everything = new ArrayList<>();
            ALL.forEach(everything::addAll);
            bag.untyped = everything;
        }
        return bag;
    }

    private static <T> T pick(List<T> values, int index) {
        return values.get(Math.floorMod(index, values.size()));
    }
}
