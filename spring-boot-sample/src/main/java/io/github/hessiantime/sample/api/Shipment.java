package io.github.hessiantime.sample.api;

import java.io.Serializable;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZonedDateTime;
import java.util.Objects;

/** A shipment as a Dubbo DTO: plain java.time fields, nothing specific to hessian-time. */
public class Shipment implements Serializable {
    private static final long serialVersionUID = 1L;

    private long id;
    private Instant dispatchedAt;
    private LocalDateTime pickupSlot;
    private ZonedDateTime expectedDelivery;
    private LocalDate invoiceDate;
    private Duration transitTime;

    public Shipment() {
    }

    public Shipment(long id, Instant dispatchedAt, LocalDateTime pickupSlot, ZonedDateTime expectedDelivery,
                    LocalDate invoiceDate, Duration transitTime) {
        this.id = id;
        this.dispatchedAt = dispatchedAt;
        this.pickupSlot = pickupSlot;
        this.expectedDelivery = expectedDelivery;
        this.invoiceDate = invoiceDate;
        this.transitTime = transitTime;
    }

    // Hessian writes and reads the fields themselves; the provider needs only the id to look up what it expects.
    public long getId() {
        return id;
    }

    @Override
    public boolean equals(Object other) {
        if (!(other instanceof Shipment)) {
            return false;
        }
        Shipment that = (Shipment) other;
        return id == that.id && Objects.equals(dispatchedAt, that.dispatchedAt)
                && Objects.equals(pickupSlot, that.pickupSlot)
                && Objects.equals(expectedDelivery, that.expectedDelivery)
                && Objects.equals(invoiceDate, that.invoiceDate) && Objects.equals(transitTime, that.transitTime);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, dispatchedAt, pickupSlot, expectedDelivery, invoiceDate, transitTime);
    }

    @Override
    public String toString() {
        return "Shipment{id=" + id + ", dispatchedAt=" + dispatchedAt + ", pickupSlot=" + pickupSlot
                + ", expectedDelivery=" + expectedDelivery + ", invoiceDate=" + invoiceDate
                + ", transitTime=" + transitTime + '}';
    }
}
