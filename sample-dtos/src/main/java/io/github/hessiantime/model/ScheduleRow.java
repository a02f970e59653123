package io.github.hessiantime.model;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetTime;
import java.time.Period;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.ZonedDateTime;

/**
 * A row of a {@link Page} with five java.time types other than the page's moments, as a schedule or subscription
 * DTO has them: a start in its own time zone, a daily time at an offset, a length, a term and a billing month. Made
 * from the same five moments as every other row type of the page benchmarks.
 */
public class ScheduleRow extends ValueObject {
    private static final long serialVersionUID = 1L;
    private static final ZoneId REGION = ZoneId.of("Asia/Shanghai");

    private ZonedDateTime startsAt;
    private OffsetTime dailyAt;
    private Duration length;
    private Period term;
    private YearMonth billingMonth;

    public ScheduleRow() {
    }

    public ScheduleRow(Instant[] moments) {
        startsAt = ZonedDateTime.ofInstant(moments[0], REGION);
        dailyAt = OffsetTime.ofInstant(moments[1], WallClock.ZONE);
        length = Duration.between(moments[0], moments[2]);
        term = Period.of(0, 1 + (int) Math.floorMod(moments[3].getEpochSecond(), 12L), 0);
        billingMonth = YearMonth.from(moments[4].atOffset(WallClock.ZONE));
    }

    @Override
    protected Object[] values() {
        return new Object[] {startsAt, dailyAt, length, term, billingMonth};
    }
}
