package io.github.hessiantime.bench;

import java.io.Serializable;
import java.time.LocalDateTime;
import java.util.Objects;

/** A row of a {@link Page}: five {@link LocalDateTime} fields, the same five as every other row type of the page benchmarks. */
public class LocalDateTimeRow implements Serializable {
    private static final long serialVersionUID = 1L;

    private LocalDateTime createdAt;
    private LocalDateTime updatedAt;
    private LocalDateTime paidAt;
    private LocalDateTime shippedAt;
    private LocalDateTime deliveredAt;

    public LocalDateTimeRow() {
    }

    public LocalDateTimeRow(LocalDateTime createdAt, LocalDateTime updatedAt, LocalDateTime paidAt, LocalDateTime shippedAt, LocalDateTime deliveredAt) {
        this.createdAt = createdAt;
        this.updatedAt = updatedAt;
        this.paidAt = paidAt;
        this.shippedAt = shippedAt;
        this.deliveredAt = deliveredAt;
    }

    public LocalDateTime getCreatedAt() { return createdAt; }
    public LocalDateTime getUpdatedAt() { return updatedAt; }
    public LocalDateTime getPaidAt() { return paidAt; }
    public LocalDateTime getShippedAt() { return shippedAt; }
    public LocalDateTime getDeliveredAt() { return deliveredAt; }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof LocalDateTimeRow)) return false;
        LocalDateTimeRow that = (LocalDateTimeRow) o;
        return Objects.equals(createdAt, that.createdAt) && Objects.equals(updatedAt, that.updatedAt)
                && Objects.equals(paidAt, that.paidAt) && Objects.equals(shippedAt, that.shippedAt)
                && Objects.equals(deliveredAt, that.deliveredAt);
    }

    @Override
    public int hashCode() {
        return Objects.hash(createdAt, updatedAt, paidAt, shippedAt, deliveredAt);
    }
}
