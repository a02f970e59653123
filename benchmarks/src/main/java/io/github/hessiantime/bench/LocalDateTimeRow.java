package io.github.hessiantime.bench;

import java.time.Instant;
import java.time.LocalDateTime;

/** A row of a {@link Page}: five {@link LocalDateTime} fields, the same five as every other row type of the page benchmarks. */
public class LocalDateTimeRow extends ValueObject {
    private static final long serialVersionUID = 1L;

    private LocalDateTime createdAt, updatedAt, paidAt, shippedAt, deliveredAt;

    public LocalDateTimeRow() {
    }

    /** The row of the five page moments (see {@link Fixtures#localDateTimePage()}), on the {@link Fixtures#ZONE} wall clock. */
    public LocalDateTimeRow(Instant[] moments) {
        createdAt = LocalDateTime.ofInstant(moments[0], Fixtures.ZONE);
        updatedAt = LocalDateTime.ofInstant(moments[1], Fixtures.ZONE);
        paidAt = LocalDateTime.ofInstant(moments[2], Fixtures.ZONE);
        shippedAt = LocalDateTime.ofInstant(moments[3], Fixtures.ZONE);
        deliveredAt = LocalDateTime.ofInstant(moments[4], Fixtures.ZONE);
    }

    @Override
    protected Object[] values() {
        return new Object[] {createdAt, updatedAt, paidAt, shippedAt, deliveredAt};
    }
}
