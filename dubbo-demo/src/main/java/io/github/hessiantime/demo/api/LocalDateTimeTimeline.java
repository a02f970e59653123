package io.github.hessiantime.demo.api;

import java.io.Serializable;
import java.time.LocalDateTime;
import java.util.Objects;

/** The milestones of one order as {@code LocalDateTime}s: the same DTO written with java.time. */
public class LocalDateTimeTimeline implements Serializable {
    private static final long serialVersionUID = 1L;

    private long orderId;
    private LocalDateTime created;
    private LocalDateTime paid;
    private LocalDateTime packed;
    private LocalDateTime shipped;
    private LocalDateTime delivered;

    public LocalDateTimeTimeline() {
    }

    public LocalDateTimeTimeline(long orderId, LocalDateTime created, LocalDateTime paid, LocalDateTime packed, LocalDateTime shipped, LocalDateTime delivered) {
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
        if (!(other instanceof LocalDateTimeTimeline)) {
            return false;
        }
        LocalDateTimeTimeline that = (LocalDateTimeTimeline) other;
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
        return "LocalDateTimeTimeline{orderId=" + orderId + ", created=" + created + ", paid=" + paid + ", packed=" + packed
                + ", shipped=" + shipped + ", delivered=" + delivered + '}';
    }
}
