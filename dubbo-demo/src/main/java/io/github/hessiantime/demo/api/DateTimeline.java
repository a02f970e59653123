package io.github.hessiantime.demo.api;

import java.time.Instant;
import java.util.Date;

/** The milestones of one order as {@code java.util.Date}s: how many existing DTOs look. */
public class DateTimeline extends Timeline {
    private static final long serialVersionUID = 1L;

    private long orderId;
    private Date created, paid, packed, shipped, delivered;

    public DateTimeline() {
    }

    /** Order {@code orderId}'s five milestones (created, paid, packed, shipped, delivered), as Dates. */
    public DateTimeline(long orderId, Instant[] milestones) {
        this.orderId = orderId;
        created = Date.from(milestones[0]);
        paid = Date.from(milestones[1]);
        packed = Date.from(milestones[2]);
        shipped = Date.from(milestones[3]);
        delivered = Date.from(milestones[4]);
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
