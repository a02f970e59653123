package io.github.hessiantime.bench;

import java.io.Serializable;
import java.time.Instant;
import java.util.Objects;

/** A row of a {@link Page}: five {@link Instant} fields, the same five as every other row type of the page benchmarks. */
public class InstantRow implements Serializable {
    private static final long serialVersionUID = 1L;

    private Instant createdAt;
    private Instant updatedAt;
    private Instant paidAt;
    private Instant shippedAt;
    private Instant deliveredAt;

    public InstantRow() {
    }

    public InstantRow(Instant createdAt, Instant updatedAt, Instant paidAt, Instant shippedAt, Instant deliveredAt) {
        this.createdAt = createdAt;
        this.updatedAt = updatedAt;
        this.paidAt = paidAt;
        this.shippedAt = shippedAt;
        this.deliveredAt = deliveredAt;
    }

    public Instant getCreatedAt() { return createdAt; }
    public Instant getUpdatedAt() { return updatedAt; }
    public Instant getPaidAt() { return paidAt; }
    public Instant getShippedAt() { return shippedAt; }
    public Instant getDeliveredAt() { return deliveredAt; }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof InstantRow)) return false;
        InstantRow that = (InstantRow) o;
        return Objects.equals(createdAt, that.createdAt) && Objects.equals(updatedAt, that.updatedAt)
                && Objects.equals(paidAt, that.paidAt) && Objects.equals(shippedAt, that.shippedAt)
                && Objects.equals(deliveredAt, that.deliveredAt);
    }

    @Override
    public int hashCode() {
        return Objects.hash(createdAt, updatedAt, paidAt, shippedAt, deliveredAt);
    }
}
