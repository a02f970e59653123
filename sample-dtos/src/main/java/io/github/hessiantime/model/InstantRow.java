package io.github.hessiantime.model;

import java.time.Instant;

/** A row of a {@link Page}: five {@link Instant} fields, the same five as every other row type of the page benchmarks. */
public class InstantRow extends ValueObject {
    private static final long serialVersionUID = 1L;

    private Instant createdAt, updatedAt, paidAt, shippedAt, deliveredAt;

    public InstantRow() {
    }

    /** The row of the five page moments (the benchmarks' {@code Fixtures.instantPage()}), as they are. */
    public InstantRow(Instant[] moments) {
        createdAt = moments[0];
        updatedAt = moments[1];
        paidAt = moments[2];
        shippedAt = moments[3];
        deliveredAt = moments[4];
    }

    @Override
    protected Object[] values() {
        return new Object[] {createdAt, updatedAt, paidAt, shippedAt, deliveredAt};
    }
}
