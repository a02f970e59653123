package io.github.hessiantime.sample.api;

import java.io.Serializable;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZonedDateTime;
import java.util.Arrays;
import java.util.List;

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

    /** The fields that make two shipments equal: one list for {@code equals} and {@code hashCode}. */
    private List<Object> values() {
        return Arrays.asList(id, dispatchedAt, pickupSlot, expectedDelivery, invoiceDate, transitTime);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Shipment && values().equals(((Shipment) other).values());
    }

    @Override
    public int hashCode() {
        return values().hashCode();
    }

    @Override
    public String toString() {
        return "Shipment{id=" + id + ", dispatchedAt=" + dispatchedAt + ", pickupSlot=" + pickupSlot
                + ", expectedDelivery=" + expectedDelivery + ", invoiceDate=" + invoiceDate
                + ", transitTime=" + transitTime + '}';
    }
}
