package io.github.hessiantime.interop;

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
import java.util.Objects;

/** One value of every java.time type in typed fields, plus untyped values in a list (two hessian read paths). */
public class TimeBag implements Serializable {
    private static final long serialVersionUID = 1L;

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
