package io.github.hessiantime.testsupport;

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
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One value of every java.time type in typed fields, plus untyped values in a list (two hessian read paths): the
 * DTO the interop peers send both ways. {@link #of(int)} fills bag {@code i} with the {@code i}-th
 * {@link EdgeCorpus} value of each type (cycling); bags {@code 0 .. BAGS-1} cover every corpus value in a typed field.
 */
public class TimeBag implements Serializable {
    private static final long serialVersionUID = 1L;

    /** Bags needed so that every corpus value of every type appears in a typed field at least once. */
    public static final int BAGS;

    static {
        int most = 0;
        for (List<Object> values : EdgeCorpus.byType().values()) {
            most = Math.max(most, values.size());
        }
        BAGS = most;
    }

    public Instant instant;
    public LocalDateTime localDateTime;
    public LocalDate localDate;
    public LocalTime localTime;
    public OffsetTime offsetTime;
    public OffsetDateTime offsetDateTime;
    public ZonedDateTime zonedDateTime;
    public ZoneId zoneId;
    public ZoneOffset zoneOffset;
    public Duration duration;
    public Period period;
    public Year year;
    public YearMonth yearMonth;
    public MonthDay monthDay;
    public List<Object> untyped = new ArrayList<>();

    /** A freshly built bag {@code index}; bag 0 also carries the whole corpus in its untyped list. */
    public static TimeBag of(int index) {
        Map<String, List<Object>> corpus = EdgeCorpus.byType();
        TimeBag bag = new TimeBag();
        bag.instant = pick(corpus, "Instant", index);
        bag.localDateTime = pick(corpus, "LocalDateTime", index);
        bag.localDate = pick(corpus, "LocalDate", index);
        bag.localTime = pick(corpus, "LocalTime", index);
        bag.offsetTime = pick(corpus, "OffsetTime", index);
        bag.offsetDateTime = pick(corpus, "OffsetDateTime", index);
        bag.zonedDateTime = pick(corpus, "ZonedDateTime", index);
        bag.zoneId = pick(corpus, "ZoneId", index);
        bag.zoneOffset = pick(corpus, "ZoneOffset", index);
        bag.duration = pick(corpus, "Duration", index);
        bag.period = pick(corpus, "Period", index);
        bag.year = pick(corpus, "Year", index);
        bag.yearMonth = pick(corpus, "YearMonth", index);
        bag.monthDay = pick(corpus, "MonthDay", index);
        if (index == 0) {
            bag.untyped = EdgeCorpus.all();
        }
        return bag;
    }

    /**
     * A bag of everyday values (2025, whole milliseconds, a region zone away from its transitions), a different
     * second for each {@code index}, nothing untyped: what a format that is not exact at the edges of java.time's
     * ranges (fastjson2) still carries exactly, for tests of something else than those edges.
     */
    public static TimeBag everyday(int index) {
        TimeBag bag = new TimeBag();
        LocalDateTime at = LocalDateTime.of(2025, 11, 22, 10, 15, 30, 123_000_000).plusSeconds(index);
        bag.instant = at.toInstant(ZoneOffset.UTC);
        bag.localDateTime = at;
        bag.localDate = at.toLocalDate();
        bag.localTime = at.toLocalTime();
        bag.offsetTime = OffsetTime.of(at.toLocalTime(), ZoneOffset.ofHours(8));
        bag.offsetDateTime = OffsetDateTime.of(at, ZoneOffset.ofHours(8));
        bag.zonedDateTime = ZonedDateTime.of(at, ZoneId.of("Asia/Shanghai"));
        bag.zoneId = ZoneId.of("Asia/Shanghai");
        bag.zoneOffset = ZoneOffset.ofHours(8);
        bag.duration = Duration.ofSeconds(30 + index);
        bag.period = Period.ofMonths(1);
        bag.year = Year.of(2025);
        bag.yearMonth = YearMonth.of(2025, 11);
        bag.monthDay = MonthDay.of(11, 22);
        return bag;
    }

    @SuppressWarnings("unchecked")
    private static <T> T pick(Map<String, List<Object>> corpus, String type, int index) {
        List<Object> values = corpus.get(type);
        return (T) values.get(Math.floorMod(index, values.size()));
    }

    /** Field name and value pairs, in a fixed order, for comparing and describing differences. */
    public Object[][] fields() {
        return new Object[][] {
                {"instant", instant}, {"localDateTime", localDateTime}, {"localDate", localDate},
                {"localTime", localTime}, {"offsetTime", offsetTime}, {"offsetDateTime", offsetDateTime},
                {"zonedDateTime", zonedDateTime}, {"zoneId", zoneId}, {"zoneOffset", zoneOffset},
                {"duration", duration}, {"period", period}, {"year", year}, {"yearMonth", yearMonth},
                {"monthDay", monthDay}, {"untyped", untyped}};
    }

    /**
     * Every difference to {@code expected}, one per line; empty when equal. {@code equals} of java.time types is
     * exact: a ZonedDateTime compares local time, offset and zone, a ZoneId region never equals an offset.
     */
    public String differencesTo(TimeBag expected) {
        StringBuilder differences = new StringBuilder();
        Object[][] mine = fields();
        Object[][] theirs = expected.fields();
        for (int i = 0; i < mine.length; i++) {
            Object actual = mine[i][1];
            Object wanted = theirs[i][1];
            if ("untyped".equals(mine[i][0]) && actual instanceof List && wanted instanceof List) {
                List<?> actualList = (List<?>) actual;
                List<?> wantedList = (List<?>) wanted;
                for (int j = 0; j < Math.max(actualList.size(), wantedList.size()); j++) {
                    Object a = j < actualList.size() ? actualList.get(j) : "<missing>";
                    Object w = j < wantedList.size() ? wantedList.get(j) : "<missing>";
                    if (!sameValueAndType(a, w)) {
                        differences.append("untyped[").append(j).append("]: ").append(describe(a))
                                .append(" != expected ").append(describe(w)).append('\n');
                    }
                }
            } else if (!sameValueAndType(actual, wanted)) {
                differences.append(mine[i][0]).append(": ").append(describe(actual))
                        .append(" != expected ").append(describe(wanted)).append('\n');
            }
        }
        return differences.toString();
    }

    private static boolean sameValueAndType(Object a, Object b) {
        return Objects.equals(a, b) && (a == null || a.getClass() == b.getClass());
    }

    private static String describe(Object value) {
        return value == null ? "null" : value + " (" + value.getClass().getName() + ")";
    }
}
