package io.github.hessiantime.demo.api;

import java.io.Serializable;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZonedDateTime;
import java.util.Date;
import java.util.Objects;

/** An order: one field of each time type a Dubbo DTO typically carries. */
public class Order implements Serializable {
    private static final long serialVersionUID = 1L;

    private long id;
    private String customer;
    private Date createdAt;             // legacy java.util.Date, still everywhere
    private Instant paidAt;             // a point on the time line
    private LocalDateTime pickupSlot;   // wall-clock time at the warehouse
    private ZonedDateTime deliveredAt;  // with the customer's time zone
    private LocalDate invoiceDate;      // a calendar date

    public Order() {
    }

    public Order(long id, String customer, Date createdAt, Instant paidAt, LocalDateTime pickupSlot,
                 ZonedDateTime deliveredAt, LocalDate invoiceDate) {
        this.id = id;
        this.customer = customer;
        this.createdAt = createdAt;
        this.paidAt = paidAt;
        this.pickupSlot = pickupSlot;
        this.deliveredAt = deliveredAt;
        this.invoiceDate = invoiceDate;
    }

    // Hessian writes and reads the fields themselves; the provider needs only the id to look up what it expects.
    public long getId() {
        return id;
    }

    @Override
    public boolean equals(Object other) {
        if (this == other) {
            return true;
        }
        if (!(other instanceof Order)) {
            return false;
        }
        Order that = (Order) other;
        // ZonedDateTime.equals also compares the zone, so a zone lost on the wire is a mismatch.
        return id == that.id && Objects.equals(customer, that.customer) && Objects.equals(createdAt, that.createdAt)
                && Objects.equals(paidAt, that.paidAt) && Objects.equals(pickupSlot, that.pickupSlot)
                && Objects.equals(deliveredAt, that.deliveredAt) && Objects.equals(invoiceDate, that.invoiceDate);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, customer, createdAt, paidAt, pickupSlot, deliveredAt, invoiceDate);
    }

    @Override
    public String toString() {
        return "Order{id=" + id + ", customer=" + customer + ", createdAt=" + createdAt.toInstant() + ", paidAt="
                + paidAt + ", pickupSlot=" + pickupSlot + ", deliveredAt=" + deliveredAt + ", invoiceDate="
                + invoiceDate + '}';
    }
}
