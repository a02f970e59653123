package io.github.hessiantime.demo.api;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/** The milestones of one order as {@code LocalDateTime}s: the same DTO written with java.time. */
public class LocalDateTimeTimeline extends Timeline {
    private static final long serialVersionUID = 1L;

    private long orderId;
    private LocalDateTime created, paid, packed, shipped, delivered;

    public LocalDateTimeTimeline() {
    }

    /** Order {@code orderId}'s five milestones (created, paid, packed, shipped, delivered), on the UTC wall clock. */
    public LocalDateTimeTimeline(long orderId, Instant[] milestones) {
        this.orderId = orderId;
        created = LocalDateTime.ofInstant(milestones[0], ZoneOffset.UTC);
        paid = LocalDateTime.ofInstant(milestones[1], ZoneOffset.UTC);
        packed = LocalDateTime.ofInstant(milestones[2], ZoneOffset.UTC);
        shipped = LocalDateTime.ofInstant(milestones[3], ZoneOffset.UTC);
        delivered = LocalDateTime.ofInstant(milestones[4], ZoneOffset.UTC);
    }

    @Override
    public long getOrderId() {
        return orderId;
    }

    @Override
    Object[] fields() {
        return new Object[] {orderId, created, paid, packed, shipped, delivered};
    }
}
