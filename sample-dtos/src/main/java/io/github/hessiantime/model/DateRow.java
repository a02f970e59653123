package io.github.hessiantime.model;

import java.time.Instant;
import java.util.Date;

/** A row of a {@link Page}: five {@link Date} fields, the same five as every other row type of the page benchmarks. */
public class DateRow extends ValueObject {
    private static final long serialVersionUID = 1L;

    private Date createdAt, updatedAt, paidAt, shippedAt, deliveredAt;

    public DateRow() {
    }

    /** The row of the five page moments (the benchmarks' {@code Fixtures.datePage()}, the demo's pages), as Dates. */
    public DateRow(Instant[] moments) {
        createdAt = Date.from(moments[0]);
        updatedAt = Date.from(moments[1]);
        paidAt = Date.from(moments[2]);
        shippedAt = Date.from(moments[3]);
        deliveredAt = Date.from(moments[4]);
    }

    @Override
    protected Object[] values() {
        return new Object[] {createdAt, updatedAt, paidAt, shippedAt, deliveredAt};
    }
}
