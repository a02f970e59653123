package io.github.hessiantime.model;

import java.time.Instant;
import java.time.LocalDateTime;

/** A row of a {@link Page}: five {@link LocalDateTime} fields, the same five as every other row type of the page benchmarks. */
public class LocalDateTimeRow extends ValueObject {
    private static final long serialVersionUID = 1L;

    private LocalDateTime createdAt, updatedAt, paidAt, shippedAt, deliveredAt;

    public LocalDateTimeRow() {
    }

    /**
     * The row of the five page moments (the benchmarks' {@code Fixtures.localDateTimePage()}, the demo's pages), on
     * the {@link WallClock#ZONE} wall clock.
     */
    public LocalDateTimeRow(Instant[] moments) {
        createdAt = LocalDateTime.ofInstant(moments[0], WallClock.ZONE);
        updatedAt = LocalDateTime.ofInstant(moments[1], WallClock.ZONE);
        paidAt = LocalDateTime.ofInstant(moments[2], WallClock.ZONE);
        shippedAt = LocalDateTime.ofInstant(moments[3], WallClock.ZONE);
        deliveredAt = LocalDateTime.ofInstant(moments[4], WallClock.ZONE);
    }

    @Override
    protected Object[] values() {
        return new Object[] {createdAt, updatedAt, paidAt, shippedAt, deliveredAt};
    }
}
