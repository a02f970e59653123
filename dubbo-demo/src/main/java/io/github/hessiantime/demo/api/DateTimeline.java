package io.github.hessiantime.demo.api;

import java.io.Serializable;
import java.util.Date;
import java.util.Objects;

/** The milestones of one order as {@code java.util.Date}s: how many existing DTOs look. */
public class DateTimeline implements Serializable {
    private static final long serialVersionUID = 1L;

    private long orderId;
    private Date created;
    private Date paid;
    private Date packed;
    private Date shipped;
    private Date delivered;

    public DateTimeline() {
    }

    public DateTimeline(long orderId, Date created, Date paid, Date packed, Date shipped, Date delivered) {
        this.orderId = orderId;
        this.created = created;
        this.paid = paid;
        this.packed = packed;
        this.shipped = shipped;
        this.delivered = delivered;
    }

    public long getOrderId() {
        return orderId;
    }

    @Override
    public boolean equals(Object other) {
        if (!(other instanceof DateTimeline)) {
            return false;
        }
        DateTimeline that = (DateTimeline) other;
        return orderId == that.orderId && Objects.equals(created, that.created) && Objects.equals(paid, that.paid)
                && Objects.equals(packed, that.packed) && Objects.equals(shipped, that.shipped)
                && Objects.equals(delivered, that.delivered);
    }

    @Override
    public int hashCode() {
        return Objects.hash(orderId, created, paid, packed, shipped, delivered);
    }

    @Override
    public String toString() {
        return "DateTimeline{orderId=" + orderId + ", created=" + created + ", paid=" + paid + ", packed=" + packed
                + ", shipped=" + shipped + ", delivered=" + delivered + '}';
    }
}
