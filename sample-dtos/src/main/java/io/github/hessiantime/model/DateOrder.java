package io.github.hessiantime.model;

import java.time.Instant;
import java.util.Date;

/** A DTO with four {@link Date} fields: the "before" side of the article's load test. */
public class DateOrder extends ValueObject {
    private static final long serialVersionUID = 1L;

    private long id;
    private String customer;
    private Date createdAt, paidAt, shippedAt, expiresAt;

    public DateOrder() {
    }

    /** The order with the four moments of the benchmarks' {@code Fixtures.dateOrders()}, as Dates. */
    public DateOrder(long id, String customer, Instant[] moments) {
        createdAt = Date.from(moments[0]);
        paidAt = Date.from(moments[1]);
        shippedAt = Date.from(moments[2]);
        expiresAt = Date.from(moments[3]);
        this.id = id;
        this.customer = customer;
    }

    @Override
    protected Object[] values() {
        return new Object[] {id, customer, createdAt, paidAt, shippedAt, expiresAt};
    }
}
