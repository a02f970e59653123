package io.github.hessiantime.model;

import java.time.Instant;
import java.time.OffsetDateTime;

/**
 * A row of a {@link Page}: five {@link OffsetDateTime} fields, the same five moments as every other row type of the
 * page benchmarks, at the {@link WallClock#ZONE} offset.
 */
public class OffsetDateTimeRow extends ValueObject {
    private static final long serialVersionUID = 1L;

    private OffsetDateTime createdAt, updatedAt, paidAt, shippedAt, deliveredAt;

    public OffsetDateTimeRow() {
    }

    public OffsetDateTimeRow(Instant[] moments) {
        createdAt = OffsetDateTime.ofInstant(moments[0], WallClock.ZONE);
        updatedAt = OffsetDateTime.ofInstant(moments[1], WallClock.ZONE);
        paidAt = OffsetDateTime.ofInstant(moments[2], WallClock.ZONE);
        shippedAt = OffsetDateTime.ofInstant(moments[3], WallClock.ZONE);
        deliveredAt = OffsetDateTime.ofInstant(moments[4], WallClock.ZONE);
    }

    @Override
    protected Object[] values() {
        return new Object[] {createdAt, updatedAt, paidAt, shippedAt, deliveredAt};
    }
}
