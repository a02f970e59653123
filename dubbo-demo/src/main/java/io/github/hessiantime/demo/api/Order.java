package io.github.hessiantime.demo.api;

import io.github.hessiantime.model.ValueObject;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Date;

/**
 * An order: one field of each time type a Dubbo DTO typically carries, each following from when the order was
 * created and paid and where it goes. {@code equals} compares every field ({@link ValueObject}), and
 * {@code ZonedDateTime.equals} also compares the zone, so a zone lost on the wire is a mismatch.
 */
public class Order extends ValueObject {
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

    /**
     * Order {@code id}, created and paid at these instants, delivered in {@code zone}: picked up at 20:30 (UTC wall
     * clock) the day after payment, delivered two days and {@code id} minutes after it, invoiced on the first of the
     * next month.
     */
    public Order(long id, String customer, Instant created, Instant paid, ZoneId zone) {
        this.id = id;
        this.customer = customer;
        createdAt = Date.from(created);
        paidAt = paid;
        pickupSlot = LocalDateTime.ofInstant(paid, ZoneOffset.UTC).plusHours(20).withMinute(30).withSecond(0)
                .withNano(0);
        deliveredAt = ZonedDateTime.ofInstant(paid.plusSeconds(2 * 86_400 + id * 61), zone);
        invoiceDate = LocalDate.ofInstant(created, ZoneOffset.UTC).withDayOfMonth(1).plusMonths(1);
    }

    // Hessian writes and reads the fields themselves; the provider needs only the id to look up what it expects.
    public long getId() {
        return id;
    }

    @Override
    protected Object[] values() {
        return new Object[] {id, customer, createdAt, paidAt, pickupSlot, deliveredAt, invoiceDate};
    }
}
