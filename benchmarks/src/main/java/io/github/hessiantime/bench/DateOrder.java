package io.github.hessiantime.bench;

import java.io.Serializable;
import java.util.Date;
import java.util.Objects;

/** A DTO with four {@link Date} fields: the "before" side of the article's load test. */
public class DateOrder implements Serializable {
    private static final long serialVersionUID = 1L;

    private long id;
    private String customer;
    private Date createdAt;
    private Date paidAt;
    private Date shippedAt;
    private Date expiresAt;

    public DateOrder() {
    }

    public DateOrder(long id, String customer, Date createdAt, Date paidAt, Date shippedAt, Date expiresAt) {
        this.id = id;
        this.customer = customer;
        this.createdAt = createdAt;
        this.paidAt = paidAt;
        this.shippedAt = shippedAt;
        this.expiresAt = expiresAt;
    }

    public long getId() { return id; }
    public String getCustomer() { return customer; }
    public Date getCreatedAt() { return createdAt; }
    public Date getPaidAt() { return paidAt; }
    public Date getShippedAt() { return shippedAt; }
    public Date getExpiresAt() { return expiresAt; }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof DateOrder)) return false;
        DateOrder that = (DateOrder) o;
        return id == that.id && Objects.equals(customer, that.customer) && Objects.equals(createdAt, that.createdAt)
                && Objects.equals(paidAt, that.paidAt) && Objects.equals(shippedAt, that.shippedAt)
                && Objects.equals(expiresAt, that.expiresAt);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, customer, createdAt, paidAt, shippedAt, expiresAt);
    }
}
