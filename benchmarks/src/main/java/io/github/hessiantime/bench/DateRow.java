package io.github.hessiantime.bench;

import java.io.Serializable;
import java.util.Date;
import java.util.Objects;

/** A row of a {@link Page}: five {@link Date} fields, the same five as every other row type of the page benchmarks. */
public class DateRow implements Serializable {
    private static final long serialVersionUID = 1L;

    private Date createdAt;
    private Date updatedAt;
    private Date paidAt;
    private Date shippedAt;
    private Date deliveredAt;

    public DateRow() {
    }

    public DateRow(Date createdAt, Date updatedAt, Date paidAt, Date shippedAt, Date deliveredAt) {
        this.createdAt = createdAt;
        this.updatedAt = updatedAt;
        this.paidAt = paidAt;
        this.shippedAt = shippedAt;
        this.deliveredAt = deliveredAt;
    }

    public Date getCreatedAt() { return createdAt; }
    public Date getUpdatedAt() { return updatedAt; }
    public Date getPaidAt() { return paidAt; }
    public Date getShippedAt() { return shippedAt; }
    public Date getDeliveredAt() { return deliveredAt; }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof DateRow)) return false;
        DateRow that = (DateRow) o;
        return Objects.equals(createdAt, that.createdAt) && Objects.equals(updatedAt, that.updatedAt)
                && Objects.equals(paidAt, that.paidAt) && Objects.equals(shippedAt, that.shippedAt)
                && Objects.equals(deliveredAt, that.deliveredAt);
    }

    @Override
    public int hashCode() {
        return Objects.hash(createdAt, updatedAt, paidAt, shippedAt, deliveredAt);
    }
}
