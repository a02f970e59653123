package io.github.hessiantime.model;

import java.time.Instant;
import java.time.LocalDateTime;

/** The same DTO as {@link DateOrder} with java.time fields: two {@link Instant}s and two {@link LocalDateTime}s. */
public class TimeOrder extends ValueObject {
    private static final long serialVersionUID = 1L;

    private long id;
    private String customer;
    private Instant createdAt, paidAt;
    private LocalDateTime shippedAt, expiresAt;

    public TimeOrder() {
    }

    /**
     * The order with the four moments of the benchmarks' {@code Fixtures.timeOrders()}; the last two on the
     * {@link WallClock#ZONE} wall clock.
     */
    public TimeOrder(long id, String customer, Instant[] moments) {
        this.id = id;
        this.customer = customer;
        createdAt = moments[0];
        paidAt = moments[1];
        shippedAt = LocalDateTime.ofInstant(moments[2], WallClock.ZONE);
        expiresAt = LocalDateTime.ofInstant(moments[3], WallClock.ZONE);
    }

    @Override
    protected Object[] values() {
        return new Object[] {id, customer, createdAt, paidAt, shippedAt, expiresAt};
    }
}
