package io.github.hessiantime.bench;

import java.io.Serializable;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.Objects;

/** The same DTO as {@link DateOrder} with java.time fields: two {@link Instant}s and two {@link LocalDateTime}s. */
public class TimeOrder implements Serializable {
    private static final long serialVersionUID = 1L;

    private long id;
    private String customer;
    private Instant createdAt;
    private Instant paidAt;
    private LocalDateTime shippedAt;
    private LocalDateTime expiresAt;

    public TimeOrder() {
    }

    public TimeOrder(long id, String customer, Instant createdAt, Instant paidAt, LocalDateTime shippedAt,
                     LocalDateTime expiresAt) {
        this.id = id;
        this.customer = customer;
        this.createdAt = createdAt;
        this.paidAt = paidAt;
        this.shippedAt = shippedAt;
        this.expiresAt = expiresAt;
    }

    public long getId() { return id; }
    public String getCustomer() { return customer; }
    public Instant getCreatedAt() { return createdAt; }
    public Instant getPaidAt() { return paidAt; }
    public LocalDateTime getShippedAt() { return shippedAt; }
    public LocalDateTime getExpiresAt() { return expiresAt; }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof TimeOrder)) return false;
        TimeOrder that = (TimeOrder) o;
        return id == that.id && Objects.equals(customer, that.customer) && Objects.equals(createdAt, that.createdAt)
                && Objects.equals(paidAt, that.paidAt) && Objects.equals(shippedAt, that.shippedAt)
                && Objects.equals(expiresAt, that.expiresAt);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, customer, createdAt, paidAt, shippedAt, expiresAt);
    }
}
